/**
 * Moving a partner to another shard (docs/decisions/2026-11-27-moving-a-partner.md):
 * Northwind and its customers, seeded on the first shard (the directory's own
 * database), moved to weur-1 (Contoso's) through the operator's endpoints, as
 * `npm run shards -- move` drives them (scripts/shards-move.ts). The tests run
 * in order: the move begins, writes wait, a copy fails half way, a second run
 * finishes; then each database is read through its own binding.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DEMO } from "../../db/seed";
import { PLACEMENT } from "../../worker/d1/placement";
import { driveMove } from "../../scripts/shards-move";
import { SHARD_MOVES_PATH } from "../../contract/shard-moves";
import { apiAs, forgetTokens } from "./auth";
import { failingD1, runFlows } from "./flows-setup";
import { call, json, type Bindings } from "./helpers";
import { OPERATOR, SECRET, sendWith } from "./move-setup";

const NORTHWIND = DEMO.northwind.id;
const FABRIKAM = DEMO.customers.fabrikam.id;
const CONTOSO = DEMO.contoso.id;

const move = (bindings?: Bindings) =>
  driveMove(
    sendWith(bindings),
    { partner: NORTHWIND, shard: "weur-1" },
    () => {},
    async () => {},
  );

const shardTables = Object.entries(PLACEMENT).flatMap(([table, where]) => (where === "shard" ? [table] : []));

/** Each shard table's rows (and the accounts) of a partner and its customers on one database, by its own binding. */
async function rowsOf(d1: D1Database, partnerId: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of [...shardTables, "accounts"]) {
    const { results: cols } = await d1.prepare(`SELECT name FROM pragma_table_info(?1)`).bind(table).all<{ name: string }>();
    const owner = table === "accounts" ? "id" : cols.some((c) => c.name === "account_id") ? "account_id" : "partner_account_id";
    const row = await d1
      .prepare(`SELECT count(*) AS n FROM "${table}" WHERE "${owner}" IN (SELECT id FROM accounts WHERE id = ?1 OR parent_account_id = ?1)`)
      .bind(partnerId)
      .first<{ n: number }>();
    out[table] = row!.n;
  }
  return out;
}

const first = env.SHARD_FIRST;
const second = env.SHARD_WEUR_1;
const fabrikam = apiAs("customerAdmin", { accountId: FABRIKAM });
const before: { first?: Record<string, number>; contoso?: Record<string, number>; bookings?: unknown; scores?: unknown; library?: unknown } = {};

describe("a partner moving to another shard takes no new customer meanwhile", () => {
  it("retries a customer's re-link to it until it has moved, writing nothing", async () => {
    const moving = JSON.stringify({ from: "weur-1", to: "first", phase: "copying", at: new Date().toISOString() });
    await env.DB.prepare("UPDATE accounts SET shard_move = ?2 WHERE id = ?1").bind(CONTOSO, moving).run();
    const relink = {
      kind: "relink",
      customerId: FABRIKAM,
      from: { partnerId: NORTHWIND, shard: "first" },
      to: { partnerId: CONTOSO, shard: "weur-1" },
    } as const;
    const result = await runFlows([relink]);
    expect(result.retryMessages).toHaveLength(1);
    expect(await second.prepare("SELECT count(*) AS n FROM accounts WHERE id = ?1").bind(FABRIKAM).first("n")).toBe(0);
    expect(await env.DB.prepare("SELECT parent_account_id FROM accounts WHERE id = ?1").bind(FABRIKAM).first("parent_account_id")).toBe(NORTHWIND);
    await env.DB.prepare("UPDATE accounts SET shard_move = NULL WHERE id = ?1").bind(CONTOSO).run();
  });
});

describe("moving a partner to another shard", () => {
  it("is the operator's alone: no token 401, a user's token or a wrong secret 403, and off without a secret", async () => {
    const start = { partner: NORTHWIND, to: "weur-1" };
    const noToken = await call(SHARD_MOVES_PATH, { method: "POST", body: JSON.stringify(start), bindings: OPERATOR });
    expect(noToken.status).toBe(401);
    const admin = await apiAs("partnerAdmin", { accountId: NORTHWIND, bindings: OPERATOR }).post(SHARD_MOVES_PATH, start);
    expect(admin.status).toBe(403);
    expect((await sendWith({}, `${SECRET}x`)(SHARD_MOVES_PATH, start)).status).toBe(403);
    expect((await sendWith({ OPERATOR_SECRET: undefined })(SHARD_MOVES_PATH, start)).status).toBe(403);
    for (const step of ["copy", "verify", "flip", "cleanup", "finish"])
      expect((await apiAs("partnerAdmin", { bindings: OPERATOR }).post(`${SHARD_MOVES_PATH}/${NORTHWIND}/${step}`, { step: "jobs" })).status).toBe(403);
    // Nothing began.
    const row = await env.DB.prepare("SELECT shard, shard_move FROM accounts WHERE id = ?1").bind(NORTHWIND).first();
    expect(row).toEqual({ shard: "first", shard_move: null });
  });

  it("refuses a shard not bound, a partner unknown and a customer (400)", async () => {
    const send = sendWith();
    expect((await send(SHARD_MOVES_PATH, { partner: NORTHWIND, to: "apac-9" })).body).toMatchObject({ error: { fields: { to: expect.any(String) } } });
    expect((await send(SHARD_MOVES_PATH, { partner: "nobody.test", to: "weur-1" })).status).toBe(400);
    expect((await send(SHARD_MOVES_PATH, { partner: FABRIKAM, to: "weur-1" })).status).toBe(400);
    expect((await send(SHARD_MOVES_PATH, { partner: NORTHWIND, to: "Not A Shard" })).status).toBe(400);
  });

  it("pauses the partner's writes (503, Retry-After, a clear message) while its reads and other partners go on", async () => {
    before.first = await rowsOf(first, NORTHWIND);
    before.contoso = await rowsOf(second, CONTOSO);
    before.bookings = await json(await fabrikam.get("/v1/bookings"));
    before.scores = await json(await fabrikam.get("/v1/scores/summary"));
    before.library = await json(await apiAs("partnerAdmin", { accountId: NORTHWIND }).get("/v1/admin/workouts"));
    // Begun, by its host: the record says copying.
    const started = await sendWith()(SHARD_MOVES_PATH, { partner: "learn.northwind.test", to: "weur-1" });
    expect(started.body).toMatchObject({ partnerId: NORTHWIND, from: "first", to: "weur-1", phase: "copying" });

    const team = { name: "Growth", department: "marketing" };
    for (const res of [
      await fabrikam.post("/v1/admin/teams", team),
      await apiAs("customerAdmin").post("/v1/admin/teams", team),
      await apiAs("partnerAdmin", { host: "learn.northwind.test", accountId: NORTHWIND }).post("/v1/admin/teams", team),
    ]) {
      expect(res.status).toBe(503);
      expect(res.headers.get("Retry-After")).toBe("60");
      expect((await json(res)).error).toMatchObject({ code: "unavailable", message: expect.stringMatching(/being moved/) });
    }
    expect((await fabrikam.get("/v1/bookings")).status).toBe(200);
    const contoso = await apiAs("otherCustomerAdmin", { accountId: DEMO.customers.harbour.id }).post("/v1/admin/teams", team);
    expect(contoso.status).toBe(201);
    before.contoso = await rowsOf(second, CONTOSO);
  });

  it("stops at a failure half way through the copy, refuses to flip, and a second run finishes with exact counts", async () => {
    const failing = failingD1(second, /insert into "job_lines"/i, 1);
    await expect(move({ SHARD_WEUR_1: failing })).rejects.toThrow(/copy job_lines: 500/);
    expect(failing.failures).toBe(1);
    // Half copied: the flip refuses, naming what is missing; the directory still routes to the first shard.
    const flip = await sendWith()(`${SHARD_MOVES_PATH}/${NORTHWIND}/flip`, {});
    expect(flip.status).toBe(409);
    expect((flip.body as { error: { fields: Record<string, string> } }).error.fields).toHaveProperty("job_lines");
    expect(await env.DB.prepare("SELECT shard FROM accounts WHERE id = ?1").bind(NORTHWIND).first("shard")).toBe("first");

    const done = await move();
    expect(done).toMatchObject({ phase: "done", to: "weur-1" });
    expect(await env.DB.prepare("SELECT shard, shard_move FROM accounts WHERE id = ?1").bind(NORTHWIND).first()).toEqual({ shard: "weur-1", shard_move: null });
    // Run again: nothing to move.
    expect(await move()).toMatchObject({ phase: "done", from: "weur-1", to: "weur-1" });
  }, 60_000);

  it("leaves its rows on the target only, exactly as many as there were, and Contoso's as they were", async () => {
    const onSecond = await rowsOf(second, NORTHWIND);
    const onFirst = await rowsOf(first, NORTHWIND);
    expect(before.first!.jobs).toBeGreaterThan(0);
    expect(before.first!.audit_entries).toBeGreaterThan(0);
    expect(before.first!.session_attachments).toBeGreaterThan(0);
    for (const table of shardTables) {
      expect(onSecond[table], `${table} on weur-1`).toBe(before.first![table]);
      expect(onFirst[table], `${table} left on first`).toBe(0);
    }
    // The first shard is the directory's database: the routing rows stay there, the full rows are on weur-1 too.
    expect(onSecond.accounts).toBe(before.first!.accounts);
    expect(await rowsOf(second, CONTOSO)).toEqual(before.contoso);
    const published = await env.DB.prepare("SELECT DISTINCT shard FROM published_workouts WHERE partner_account_id = ?1").bind(NORTHWIND).all();
    expect(published.results).toEqual([{ shard: "weur-1" }]);
  });

  it("routes its host and X-Account-Id to the target, where its customers sign in and see the same bookings and scores", async () => {
    forgetTokens();
    expect(await json(await fabrikam.get("/v1/bookings"))).toEqual(before.bookings);
    expect(await json(await fabrikam.get("/v1/scores/summary"))).toEqual(before.scores);
    expect(await json(await apiAs("partnerAdmin", { host: "learn.northwind.test", accountId: NORTHWIND }).get("/v1/admin/workouts"))).toEqual(before.library);
    // Writes are taken again, and land on the target.
    const created = await fabrikam.post("/v1/admin/teams", { name: "Moved", department: "marketing" });
    expect(created.status).toBe(201);
    const id = (await json(created)).id;
    expect(await second.prepare("SELECT account_id FROM teams WHERE id = ?1").bind(id).first("account_id")).toBe(FABRIKAM);
    expect(await first.prepare("SELECT count(*) AS n FROM teams WHERE id = ?1").bind(id).first("n")).toBe(0);
  });

  it("keeps the files where they were: their keys name no shard", async () => {
    const logo = await env.DB.prepare("SELECT logo_key FROM accounts WHERE id = ?1").bind(NORTHWIND).first<string>("logo_key");
    expect(logo).toBeTruthy();
    expect((await call(`/files/${logo}`)).status).toBe(200);
    const keys = await second
      .prepare("SELECT file_key FROM session_attachments WHERE account_id = ?1 AND file_key IS NOT NULL")
      .bind(NORTHWIND)
      .all<{ file_key: string }>();
    for (const { file_key } of keys.results) expect(file_key).not.toMatch(/first|weur/);
  });
});

describe("moving it back, to the shard that is the directory's own database", () => {
  it("keeps on the source the job a partner staying there delivers (its delivery copy), and the directory's rows whole", async () => {
    // Contoso, on weur-1 with Northwind now, delivers one of Northwind's customers' jobs.
    const job = await second.prepare("SELECT id FROM jobs WHERE account_id = ?1 ORDER BY id LIMIT 1").bind(FABRIKAM).first<string>("id");
    await second.prepare("UPDATE jobs SET delivery_partner_account_id = ?2 WHERE id = ?1").bind(job, CONTOSO).run();
    const lines = await second.prepare("SELECT count(*) AS n FROM job_lines WHERE job_id = ?1").bind(job).first<number>("n");
    expect(lines).toBeGreaterThan(0);
    const routing = await env.DB.prepare("SELECT id, name, tan, auth_id, shard, region FROM accounts WHERE id = ?1 OR parent_account_id = ?1 ORDER BY id")
      .bind(NORTHWIND)
      .all();
    const onSecond = await rowsOf(second, NORTHWIND);
    const contoso = await rowsOf(second, CONTOSO);

    const done = await driveMove(
      sendWith(),
      { partner: NORTHWIND, shard: "first" },
      () => {},
      async () => {},
    );
    expect(done).toMatchObject({ phase: "done", to: "first" });

    const onFirst = await rowsOf(first, NORTHWIND);
    for (const table of shardTables) expect(onFirst[table], `${table} on first`).toBe(onSecond[table]);
    const left = await rowsOf(second, NORTHWIND);
    expect(left.jobs).toBe(1);
    expect(left.job_lines).toBe(lines);
    expect(await second.prepare("SELECT id FROM jobs WHERE account_id = ?1").bind(FABRIKAM).first("id")).toBe(job);
    expect([left.library_entries, left.audit_entries, left.credit_entries, left.teams]).toEqual([0, 0, 0, 0]);
    // Northwind's workouts left are the copies rows staying there name: Contoso's library entry's, the delivered job's.
    const kept = await second.prepare("SELECT id FROM workouts WHERE account_id = ?1 ORDER BY id").bind(NORTHWIND).all<{ id: string }>();
    const named = await second
      .prepare("SELECT workout_id AS id FROM library_entries WHERE account_id = ?1 UNION SELECT workout_id FROM jobs WHERE id = ?2 ORDER BY id")
      .bind(CONTOSO, job)
      .all<{ id: string }>();
    const keptIds = kept.results.map((w) => w.id);
    expect(keptIds).toContain(DEMO.sharedWorkoutId);
    expect(named.results.map((w) => w.id)).toEqual(expect.arrayContaining(keptIds));
    expect(await rowsOf(second, CONTOSO)).toEqual(contoso);
    // The directory's routing rows are as they were but the partner's shard.
    const after = await env.DB.prepare("SELECT id, name, tan, auth_id, shard, region FROM accounts WHERE id = ?1 OR parent_account_id = ?1 ORDER BY id")
      .bind(NORTHWIND)
      .all();
    expect(after.results).toEqual(routing.results.map((r) => (r.id === NORTHWIND ? { ...r, shard: "first" } : r)));
    forgetTokens();
    expect((await fabrikam.get("/v1/bookings")).status).toBe(200);
  }, 60_000);
});
