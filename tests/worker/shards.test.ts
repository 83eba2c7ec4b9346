import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import type { AppEnv } from "../../worker/env";
import { clearIsolateCaches } from "../../worker/http/isolate-cache";
import { requestDatabases, tenantScope } from "../../worker/tenant/scope";
import { ACCOUNT_DETAILS, apiAs, multipart, signUp, tokenFor } from "./auth";
import { allDatabases, schemaOf } from "./databases";
import { withClockHeld } from "./clock";
import { addPartnerWithDomain } from "./fixtures";
import { call, json } from "./helpers";

const directory = drizzle(env.DB, { schema });
const second = drizzle(env.SHARD_WEUR_1, { schema });
const MARKER = "00000000-0000-4000-8000-00000000a9ac";
const TIMING = /^d1;desc="(\d+) calls, \d+ sequential";dur=[\d.]+, tenant;desc="(hit|miss)"$/;
const timing = (res: Response) => {
  const [, calls, tenant] = res.headers.get("Server-Timing")?.match(TIMING) ?? [];
  return { calls: Number(calls), tenant };
};

/** The two middlewares that open a request's databases and pick its shard, answering which shard and what its Db reads. */
const probe = new Hono<AppEnv>();
probe.use(requestDatabases);
probe.use(tenantScope);
probe.get("/probe", async (c) => {
  const rows = await c.get("db").select({ name: schema.accounts.name }).from(schema.accounts).where(eq(schema.accounts.id, MARKER));
  return c.json({ shard: c.get("shard").name, marker: rows.map((r) => r.name) });
});
const ask = (host: string, headers: Record<string, string> = {}, bindings: object = env) =>
  probe.fetch(new Request(`http://${host}/probe`, { headers: { Host: host, ...headers } }), bindings);

async function placeNorthwind(shard: string) {
  await directory.update(schema.accounts).set({ shard }).where(eq(schema.accounts.id, DEMO.northwind.id));
  clearIsolateCaches();
}

afterEach(async () => {
  await placeNorthwind("first");
  await second.delete(schema.accounts).where(eq(schema.accounts.id, MARKER));
});

describe("shards: the same migrations on every database", () => {
  it("binds the directory and two shards: the first is the original database, the second one of its own", async () => {
    expect(allDatabases().map((d) => d.name)).toEqual(["DB", "first", "weur-1"]);
    const northwind = eq(schema.accounts.id, DEMO.northwind.id);
    expect(await drizzle(env.SHARD_FIRST).select().from(schema.accounts).where(northwind)).toHaveLength(1);
    // The second is a database of its own: Contoso's members are there and not on the first (the demo seeds it there),
    // Northwind's members and customers are not; Northwind's row there is only the reference copy that Contoso's copy of
    // a listed Northwind workout names (docs/decisions/2026-11-27-partner-numbers.md), routed to the first shard.
    const membersOf = (db: typeof second, accountId: string) =>
      db.select({ userId: schema.accountUsers.userId }).from(schema.accountUsers).where(eq(schema.accountUsers.accountId, accountId));
    expect(await membersOf(second, DEMO.contoso.id)).not.toEqual([]);
    expect(await membersOf(drizzle(env.SHARD_FIRST, { schema }), DEMO.contoso.id)).toEqual([]);
    expect(await membersOf(second, DEMO.northwind.id)).toEqual([]);
    expect(await second.select().from(schema.accounts).where(eq(schema.accounts.parentAccountId, DEMO.northwind.id))).toEqual([]);
    expect(await second.select({ shard: schema.accounts.shard, parent: schema.accounts.parentAccountId }).from(schema.accounts).where(northwind)).toEqual([
      { shard: "first", parent: null },
    ]);
    expect(await second.select({ id: schema.accounts.id }).from(schema.accounts).where(eq(schema.accounts.id, DEMO.contoso.id))).toHaveLength(1);
  });

  it("gives the directory and every shard the same schema", async () => {
    const [dir, ...shards] = await Promise.all(allDatabases().map((d) => schemaOf(d.d1)));
    expect(dir!.filter((o) => o.type === "table").length).toBeGreaterThan(40);
    for (const shard of shards) expect(shard).toEqual(dir);
  });

  it("tells a database whose schema drifted from the others", async () => {
    await env.SHARD_WEUR_1.prepare("CREATE TABLE drift_probe (id TEXT)").run();
    try {
      expect(await schemaOf(env.SHARD_WEUR_1)).not.toEqual(await schemaOf(env.DB));
    } finally {
      await env.SHARD_WEUR_1.prepare("DROP TABLE drift_probe").run();
    }
  });
});

describe("the tenant's shard", () => {
  it("maps a partner's host, and on the main host X-Account-Id, to the partner's shard; anything else to the default", async () => {
    expect(await json(await ask("learn.northwind.test"))).toMatchObject({ shard: "first" });
    expect(await json(await ask("localhost", { "X-Account-Id": DEMO.customers.fabrikam.id }))).toMatchObject({ shard: "first" });
    expect(await json(await ask("localhost", { "X-Account-Id": crypto.randomUUID() }))).toMatchObject({ shard: "first" });
    expect(await json(await ask("localhost", { "X-Account-Id": "not-an-id" }))).toMatchObject({ shard: "first" });
  });

  it("gives a partner placed on the second shard, and its customers, a Db on the second binding", async () => {
    const now = new Date().toISOString();
    await second.insert(schema.accounts).values({ id: MARKER, type: "partner", name: "Only on weur-1", createdAt: now, updatedAt: now });
    await placeNorthwind("weur-1");
    expect(await json(await ask("learn.northwind.test"))).toEqual({ shard: "weur-1", marker: ["Only on weur-1"] });
    expect(await json(await ask("localhost", { "X-Account-Id": DEMO.customers.fabrikam.id }))).toEqual({ shard: "weur-1", marker: ["Only on weur-1"] });
    expect(await json(await ask("localhost", { "X-Account-Id": DEMO.northwind.id }))).toEqual({ shard: "weur-1", marker: ["Only on weur-1"] });
    // Contoso's customers are on the second shard already (the demo seeds them there); Northwind's go back with it.
    expect(await json(await ask("localhost", { "X-Account-Id": DEMO.customers.harbour.id }))).toMatchObject({ shard: "weur-1" });
    await placeNorthwind("first");
    expect(await json(await ask("localhost", { "X-Account-Id": DEMO.customers.fabrikam.id }))).toEqual({ shard: "first", marker: [] });
  });

  it("refuses to serve a partner whose shard this deployment does not bind", async () => {
    await placeNorthwind("wnam-9");
    expect((await ask("learn.northwind.test")).status).toBe(500);
  });

  it("reads the directory at most once on a cold isolate and never on a warm one, by host or by X-Account-Id", async () => {
    clearIsolateCaches();
    const byAccount = () => call("/v1/health", { headers: { "X-Account-Id": DEMO.customers.fabrikam.id } });
    // Under a held clock: no cached tenant or placement lapses between the cold requests and the warm ones.
    await withClockHeld(async () => {
      expect(timing(await byAccount())).toEqual({ calls: 1, tenant: "miss" });
      expect(timing(await byAccount())).toEqual({ calls: 0, tenant: "hit" });
      const host = `shards-${crypto.randomUUID().slice(0, 8)}.partner.test`;
      await addPartnerWithDomain({ host });
      expect(timing(await call("/v1/health", { host }))).toEqual({ calls: 1, tenant: "miss" });
      expect(timing(await call("/v1/health", { host, headers: { "X-Account-Id": DEMO.customers.fabrikam.id } }))).toEqual({ calls: 0, tenant: "hit" });
    });
  });
});

describe("a session and a bookmark per database", () => {
  /** A binding that records the constraint each of its sessions was opened with. */
  const recording = (d1: D1Database, seen: string[]) =>
    new Proxy(d1, {
      get: (target, key) =>
        key === "withSession"
          ? (constraint?: string) => {
              seen.push(constraint ?? "");
              return target.withSession(constraint);
            }
          : Reflect.get(target, key).bind(target),
    });

  it("hands back the directory's and the shard's bookmarks in one value, and reads each database with its own", async () => {
    const token = await tokenFor("customerMember");
    const first = await apiAs(token, { accountId: DEMO.customers.fabrikam.id }).get("/v1/entitlements");
    expect(first.status).toBe(200);
    const bookmark = first.headers.get("x-d1-bookmark")!;
    expect(bookmark).toMatch(/^dir:[^;]+;shard:first:[^;]+$/);
    const [dirPart, shardPart] = bookmark.split(";") as [string, string];

    const directorySeen: string[] = [];
    const shardSeen: string[] = [];
    const bindings = { ...env, DB: recording(env.DB, directorySeen), SHARD_FIRST: recording(env.SHARD_FIRST, shardSeen) };
    const res = await ask("localhost", { "X-Account-Id": DEMO.customers.fabrikam.id, "x-d1-bookmark": bookmark }, bindings);
    expect(res.status).toBe(200);
    expect(directorySeen).toEqual([dirPart.slice("dir:".length)]);
    expect(shardSeen).toEqual([shardPart.slice("shard:first:".length)]);
  });

  it("does not read a shard with another shard's bookmark, nor a shard with a bare (directory) bookmark", async () => {
    const directorySeen: string[] = [];
    const shardSeen: string[] = [];
    const bindings = { ...env, DB: recording(env.DB, directorySeen), SHARD_FIRST: recording(env.SHARD_FIRST, shardSeen) };
    await ask("learn.northwind.test", { "x-d1-bookmark": "dir:d-1;shard:weur-1:s-1" }, bindings);
    await ask("learn.northwind.test", { "x-d1-bookmark": "bare-1" }, bindings);
    expect(directorySeen).toEqual(["d-1", "bare-1"]);
    expect(shardSeen).toEqual(["first-unconstrained", "first-unconstrained"]);
  });
});

describe("placing a new partner at onboarding", () => {
  const create = (token: string, location: string, bindings?: object) =>
    apiAs(token, { bindings: bindings as Record<string, unknown> }).post(
      "/v1/accounts",
      multipart({ ...ACCOUNT_DETAILS, location, name: `Placed ${location}`, type: "partner" }),
    );
  const placement = async (res: Response) => {
    expect(res.status).toBe(201);
    const { id } = await json(res);
    const [row] = await directory
      .select({ shard: schema.accounts.shard, region: schema.accounts.region })
      .from(schema.accounts)
      .where(eq(schema.accounts.id, id));
    return row;
  };

  it("puts a partner on a shard of its region when there is one, else on the default shard", async () => {
    const { token } = await signUp("Pat Partner");
    // The local Western Europe shard takes a UK partner.
    expect(await placement(await create(token, "UK"))).toEqual({ shard: "weur-1", region: "weur" });
    expect(await placement(await create(token, "US"))).toEqual({ shard: "first", region: "enam" });
  });

  it("places no customer: a customer is on its partner's shard", async () => {
    const { token } = await signUp("Cy Customer");
    const res = await apiAs(token).post("/v1/accounts", multipart({ ...ACCOUNT_DETAILS, name: "Unplaced", type: "customer" }));
    expect(await placement(res)).toEqual({ shard: null, region: null });
  });
});
