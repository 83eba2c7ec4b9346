import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO, DEMO_USERS } from "../../db/seed";
import { PLACEMENT } from "../../worker/d1/placement";
import { apiAs } from "./auth";
import { json } from "./helpers";

/**
 * The demo's two partners on two shards (db/seed/placement.ts): Northwind and
 * its customers on the first shard (the directory's own database), Contoso
 * and its customers on the second. Each database is read through its own
 * binding, never through the Worker.
 */
const directory = drizzle(env.DB, { schema });
const first = env.SHARD_FIRST;
const second = env.SHARD_WEUR_1;
const secondDb = drizzle(second, { schema });

const CONTOSO = [DEMO.contoso.id, ...Object.values(DEMO.customers).flatMap((c) => (c.partner === "contoso" ? [c.id] : []))];
const NORTHWIND = [DEMO.northwind.id, ...Object.values(DEMO.customers).flatMap((c) => (c.partner === "northwind" ? [c.id] : []))];

/** A shard table's columns that name the account a row belongs to. */
async function accountColumns(d1: D1Database, table: string): Promise<string[]> {
  const { results } = await d1.prepare(`SELECT name FROM pragma_table_info(?1)`).bind(table).all<{ name: string }>();
  return results.map((r) => r.name).filter((n) => n === "account_id" || n === "partner_account_id" || (table === "accounts" && n === "id"));
}

/**
 * The distinct account ids a table's rows belong to, on one database; with
 * `copies`, leaving out the rows of those workouts (another partner's listed
 * workouts copied into this shard, as the published catalogue does).
 */
async function owners(d1: D1Database, table: string, copies: string[] = []): Promise<string[]> {
  const columns = await accountColumns(d1, table);
  const { results: cols } = await d1.prepare(`SELECT name FROM pragma_table_info(?1)`).bind(table).all<{ name: string }>();
  const workoutColumn = table === "workouts" ? "id" : cols.some((c) => c.name === "workout_id") ? "workout_id" : null;
  const notCopy = workoutColumn && copies.length ? ` AND "${workoutColumn}" NOT IN (${copies.map(() => "?").join(", ")})` : "";
  const ids = new Set<string>();
  for (const column of columns) {
    const { results } = await d1
      .prepare(`SELECT DISTINCT "${column}" AS id FROM "${table}" WHERE "${column}" IS NOT NULL${notCopy}`)
      .bind(...(notCopy ? copies : []))
      .all<{ id: string }>();
    for (const r of results) ids.add(r.id);
  }
  return [...ids];
}

/** The workouts on the second shard that are another partner's: each must be a published one in Contoso's library. */
async function copiesOnSecond(): Promise<string[]> {
  const held = await secondDb.select({ id: schema.workouts.id, accountId: schema.workouts.accountId }).from(schema.workouts);
  return held.filter((w) => !CONTOSO.includes(w.accountId)).map((w) => w.id);
}

const shardTables = Object.entries(PLACEMENT).flatMap(([table, where]) => (where === "shard" ? [table] : []));

describe("each partner's rows exist only in its own shard", () => {
  it("the directory places Northwind on the first shard and Contoso on the second", async () => {
    const partners = await directory
      .select({ id: schema.accounts.id, shard: schema.accounts.shard })
      .from(schema.accounts)
      .where(eq(schema.accounts.type, "partner"));
    expect(partners).toEqual(
      expect.arrayContaining([
        { id: DEMO.northwind.id, shard: "first" },
        { id: DEMO.contoso.id, shard: "weur-1" },
      ]),
    );
    // Every account has its routing row in the directory, whichever shard it is on.
    const routed = await directory.select({ id: schema.accounts.id }).from(schema.accounts).where(inArray(schema.accounts.id, CONTOSO));
    expect(routed).toHaveLength(CONTOSO.length);
  });

  it("copies Northwind's listed workout in Contoso's library to the second shard at its published version, as adding it does", async () => {
    const copies = await copiesOnSecond();
    expect(copies).toEqual([DEMO.sharedWorkoutId]);
    const [published] = await directory.select().from(schema.publishedWorkouts).where(eq(schema.publishedWorkouts.workoutId, DEMO.sharedWorkoutId));
    expect(published).toMatchObject({ partnerAccountId: DEMO.northwind.id, shard: "first", partnerVisibility: "listed" });
    const [copy] = await secondDb.select().from(schema.workouts).where(eq(schema.workouts.id, DEMO.sharedWorkoutId));
    expect(copy!.version).toBe(published!.version);
    const sessions = (d: typeof secondDb) =>
      d.select({ id: schema.workoutSessions.id }).from(schema.workoutSessions).where(eq(schema.workoutSessions.workoutId, DEMO.sharedWorkoutId));
    expect((await sessions(secondDb)).length).toBeGreaterThan(0);
    expect(await sessions(secondDb)).toEqual(await sessions(drizzle(first, { schema })));
    const entries = await secondDb.select().from(schema.libraryEntries).where(eq(schema.libraryEntries.workoutId, DEMO.sharedWorkoutId));
    expect(entries).toEqual([expect.objectContaining({ accountId: DEMO.contoso.id, status: "available" })]);
  });

  it("holds every shard table's rows of Contoso on the second shard only, and Northwind's on the first only (but the copy of its listed workout)", async () => {
    const seen = { first: 0, second: 0 };
    const copies = await copiesOnSecond();
    for (const table of shardTables) {
      const [onFirst, onSecond] = await Promise.all([owners(first, table), owners(second, table, table === "accounts" ? [] : copies)]);
      expect(
        onFirst.filter((id) => CONTOSO.includes(id)),
        `${table} on the first shard`,
      ).toEqual([]);
      expect(
        // (Northwind's account row there is the reference copy, checked below.)
        onSecond.filter((id) => !CONTOSO.includes(id) && !(table === "accounts" && id === DEMO.northwind.id)),
        `${table} on the second shard`,
      ).toEqual([]);
      seen.first += onFirst.length;
      seen.second += onSecond.length;
    }
    // Both shards hold data (the checks above are not about empty tables).
    expect(seen.first).toBeGreaterThan(20);
    expect(seen.second).toBeGreaterThan(10);
    for (const table of ["account_users", "teams", "workouts", "plans", "credit_lines", "featured_groups", "price_groups"]) {
      expect((await owners(second, table)).length, table).toBeGreaterThan(0);
    }
  });

  it("keeps the full accounts, and copies of their users, looks and domains, on the partner's shard only", async () => {
    // Northwind's row on the second shard is the reference copy its copied workout names (no parent, no price group).
    const accountsOnSecond = await owners(second, "accounts");
    expect(accountsOnSecond.sort()).toEqual([...CONTOSO, DEMO.northwind.id].sort());
    const [reference] = await secondDb.select().from(schema.accounts).where(eq(schema.accounts.id, DEMO.northwind.id));
    expect(reference).toMatchObject({ parentAccountId: null, priceGroupId: null });
    expect((await owners(first, "accounts")).filter((id) => NORTHWIND.includes(id)).sort()).toEqual([...NORTHWIND].sort());
    const usersOnSecond = await secondDb.select({ email: schema.users.email }).from(schema.users);
    expect(usersOnSecond.map((u) => u.email).sort()).toEqual([DEMO_USERS.otherPartnerAdmin.email, DEMO_USERS.otherCustomerAdmin.email].sort());
    expect((await secondDb.select({ id: schema.stylings.accountId }).from(schema.stylings)).map((s) => s.id)).toEqual([DEMO.contoso.id]);
    expect((await secondDb.select({ uri: schema.customDomains.uri }).from(schema.customDomains)).map((d) => d.uri)).toEqual([DEMO.contoso.domain]);
    // Directory-only tables stay empty on the second shard.
    for (const table of Object.entries(PLACEMENT).flatMap(([t, where]) => (where === "directory" ? [t] : []))) {
      const { results } = await second.prepare(`SELECT count(*) AS n FROM "${table}"`).all<{ n: number }>();
      expect(results[0]!.n, table).toBe(0);
    }
  });
});

describe("Contoso on the second shard works end to end through the API", () => {
  const erin = apiAs("otherPartnerAdmin", { accountId: DEMO.contoso.id });
  const finn = apiAs("otherCustomerAdmin", { accountId: DEMO.customers.harbour.id });

  it("signs in, reads its library, books, confirms, and keeps the trail and the mail on its own shard", async () => {
    const library = await finn.get("/v1/workouts");
    expect(library.status).toBe(200);
    const ids = (await json(library)).items.map((w: { id: string }) => w.id);
    expect(ids).toContain(DEMO.workouts.excelForAnalysts);
    const sessions = await secondDb
      .select()
      .from(schema.workoutSessions)
      .where(eq(schema.workoutSessions.workoutId, DEMO.workouts.excelForAnalysts))
      .orderBy(schema.workoutSessions.sequence);
    expect(sessions.length).toBeGreaterThan(0);
    const at = (d: number, h = 9) => new Date(Date.UTC(2030, 2, 1 + d, h)).toISOString();
    const booked = await finn.post("/v1/bookings", {
      workoutId: DEMO.workouts.excelForAnalysts,
      mode: "request",
      sessions: sessions.map((s, i) => ({ sessionId: s.id, times: [at(i)] })),
    });
    expect(booked.status, await booked.clone().text()).toBe(201);
    const job = await json(booked);
    const confirmed = await erin.post(`/v1/jobs/${job.id}/confirm`, {
      lines: job.lines.map((l: { id: string; requestedTimes: string[] }) => ({ lineId: l.id, time: l.requestedTimes[0] })),
    });
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);
    expect((await json(confirmed)).status).toBe("confirmed");
    const trail = await erin.get(`/v1/jobs/${job.id}/audit`);
    expect(trail.status).toBe(200);
    expect(JSON.stringify(await json(trail))).toContain("Walsh");
    // Storage: the job, its trail and its mail are on the second shard, nothing of it on the first.
    const count = async (d1: D1Database, sql: string) => (await d1.prepare(sql).bind(job.id).first<{ n: number }>())!.n;
    expect(await count(second, "SELECT count(*) AS n FROM jobs WHERE id = ?1")).toBe(1);
    expect(await count(second, "SELECT count(*) AS n FROM audit_entries WHERE subject_id = ?1")).toBeGreaterThanOrEqual(2);
    expect(await count(first, "SELECT count(*) AS n FROM jobs WHERE id = ?1")).toBe(0);
    expect(await count(first, "SELECT count(*) AS n FROM audit_entries WHERE subject_id = ?1")).toBe(0);
    const mail = await secondDb
      .select({ to: schema.mailOutbox.to, fromName: schema.mailOutbox.fromName })
      .from(schema.mailOutbox)
      .where(eq(schema.mailOutbox.accountId, DEMO.contoso.id));
    expect(mail.map((m) => m.to)).toContain(DEMO_USERS.otherCustomerAdmin.email);
    // The partner's brand, from its copy on its shard.
    expect(mail.every((m) => m.fromName === DEMO.contoso.platformName)).toBe(true);
  });

  it("finds the caller's only account on the second shard without X-Account-Id, and lists memberships across shards", async () => {
    const me = await apiAs("otherPartnerAdmin").get("/v1/admin/account-users");
    expect(me.status).toBe(200);
    expect((await json(me)).items.map((m: { email: string }) => m.email)).toContain(DEMO_USERS.otherPartnerAdmin.email);
    const users = await json(await apiAs("otherPartnerAdmin").get("/v1/users/me"));
    expect(users.accounts).toEqual([expect.objectContaining({ id: DEMO.contoso.id, role: "owner" })]);
    // Another partner's caller gets none of it.
    expect((await apiAs("partnerAdmin", { accountId: DEMO.contoso.id }).get("/v1/admin/account-users")).status).toBe(403);
    expect((await apiAs(null, { accountId: DEMO.contoso.id }).get("/v1/admin/account-users")).status).toBe(401);
  });
});
