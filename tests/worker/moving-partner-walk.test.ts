/**
 * While a partner's rows are copied to another shard, no write of the API
 * reaches them (docs/decisions/2026-11-27-writes-during-a-move-refused-as-a-class.md):
 * every registered non-GET /v1 operation (the endpoint registry, as the
 * authorization walk reads it) is called as each way a request finds
 * Northwind or its customer Fabrikam (their X-Account-Id, the caller's only
 * account on the product's own host, Northwind's own domain), and answers
 * 503 with Retry-After; the rows naming Northwind and its customers, and
 * the callers' users, are exactly as before. The writes that find a moving
 * partner otherwise (an invite to its customer, a link to it by TAN) wait
 * too, and go through once the move is over.
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { DEMO, DEMO_USERS } from "../../db/seed";
import "../../worker/index";
import { PLACEMENT } from "../../worker/d1/placement";
import { endpoints } from "../../worker/http/endpoint";
import { clearIsolateCaches } from "../../worker/http/isolate-cache";
import { apiAs, multipart, newCustomer, signUp, type Api } from "./auth";
import { json } from "./helpers";

const NORTHWIND = DEMO.northwind.id;
const FABRIKAM = DEMO.customers.fabrikam.id;
const HOST = "learn.northwind.test";

/** Records Northwind's move to weur-1 as copying (or none) and forgets the cached routing. */
async function northwindMoving(copying: boolean) {
  const move = copying ? JSON.stringify({ from: "first", to: "weur-1", phase: "copying", at: new Date(Date.now() - 60_000).toISOString() }) : null;
  await env.DB.prepare("UPDATE accounts SET shard_move = ?2 WHERE id = ?1").bind(NORTHWIND, move).run();
  clearIsolateCaches();
}

afterEach(() => northwindMoving(false));

/** Northwind and its customers, as its shard holds them. */
async function northwindAccounts(): Promise<string[]> {
  const { results } = await env.SHARD_FIRST.prepare("SELECT id FROM accounts WHERE id = ?1 OR parent_account_id = ?1").bind(NORTHWIND).all<{ id: string }>();
  return results.map((r) => r.id);
}

/** Every row of every placed table on the first shard (the directory's database too) that names one of `ids` by a column pointing at accounts, and the users `userIds`. */
async function rowsOf(ids: string[], userIds: string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const list = JSON.stringify(ids);
  for (const table of Object.keys(PLACEMENT)) {
    const { results: keys } = await env.SHARD_FIRST.prepare(`SELECT "from" AS col FROM pragma_foreign_key_list(?1) WHERE "table" = 'accounts'`)
      .bind(table)
      .all<{ col: string }>();
    const columns = [...keys.map((k) => k.col), ...(table === "accounts" ? ["id"] : [])];
    if (!columns.length) continue;
    const named = columns.map((c) => `"${c}" IN (SELECT value FROM json_each(?1))`).join(" OR ");
    const { results } = await env.SHARD_FIRST.prepare(`SELECT * FROM "${table}" WHERE ${named} ORDER BY rowid`).bind(list).all();
    out[table] = JSON.stringify(results);
  }
  const { results: users } = await env.SHARD_FIRST.prepare("SELECT * FROM users WHERE id IN (SELECT value FROM json_each(?1)) ORDER BY id")
    .bind(JSON.stringify(userIds))
    .all();
  out.users = JSON.stringify(users);
  return out;
}

const userIdOf = async (email: string) => (await env.DB.prepare("SELECT id FROM users WHERE email = ?1").bind(email).first<string>("id"))!;

/** Each way a request finds Northwind or Fabrikam. */
const callers: [string, Api][] = [
  ["Northwind's admin (X-Account-Id)", apiAs("partnerAdmin", { accountId: NORTHWIND })],
  ["Fabrikam's admin (X-Account-Id)", apiAs("customerAdmin", { accountId: FABRIKAM })],
  ["Northwind's admin on the product's host, its only account", apiAs("partnerAdmin")],
  ["Fabrikam's admin on the product's host, its only account", apiAs("customerAdmin")],
  ["a Northwind member on the product's host", apiAs("partnerMember")],
  ["anyone on Northwind's own domain", apiAs(null, { host: HOST })],
];

const writes = endpoints.filter((e) => e.method !== "get");
const pathOf = (fullPath: string) => fullPath.replace(/\{(\w+)\}/g, () => crypto.randomUUID());
const bodyOf = (e: (typeof writes)[number]) => (e.form ? multipart({}) : e.body ? {} : undefined);

describe("every write of the API while Northwind's rows are copied", () => {
  it("answers 503 with Retry-After for each caller that reaches Northwind or its customers, and writes none of their rows", async () => {
    expect(writes.length).toBeGreaterThan(50);
    const ids = await northwindAccounts();
    expect(ids).toContain(FABRIKAM);
    const userIds = await Promise.all(["partnerAdmin", "customerAdmin", "partnerMember"].map((k) => userIdOf(DEMO_USERS[k as "partnerAdmin"].email)));
    // Warm every caller's token first: signing in writes the directory's sessions, not Northwind's rows.
    for (const [, api] of callers) await api.get("/v1/users/me");
    await northwindMoving(true);
    const before = await rowsOf(ids, userIds);

    const passed: string[] = [];
    for (const e of writes) {
      for (const [who, api] of callers) {
        // A public write on the product's host names its partner itself (a link's token): covered below and by the assessments' tests.
        if (e.auth === "public" && who !== "anyone on Northwind's own domain") continue;
        const res = await api.send(e.method.toUpperCase(), pathOf(e.fullPath), bodyOf(e));
        if (res.status !== 503 || !Number(res.headers.get("Retry-After"))) passed.push(`${e.method.toUpperCase()} ${e.fullPath} as ${who}: ${res.status}`);
      }
    }
    expect(passed).toEqual([]);
    expect(await rowsOf(ids, userIds)).toEqual(before);
  });

  it("a user's own details and zone saved on the product's host wait while a partner of one of its accounts moves, and are saved after", async () => {
    const ada = apiAs("partnerAdmin");
    const id = await userIdOf(DEMO_USERS.partnerAdmin.email);
    await northwindMoving(true);
    const save = () => ada.post("/v1/users", multipart({ firstName: "Adaline" }));
    const zone = () => ada.put("/v1/users/me/time-zone", { timeZone: "Pacific/Auckland" });
    for (const res of [await save(), await zone()]) {
      expect(res.status).toBe(503);
      expect((await json<{ error: { message: string } }>(res)).error.message).toMatch(/changes are paused/i);
    }
    const row = () => env.DB.prepare("SELECT first_name AS name, time_zone AS zone FROM users WHERE id = ?1").bind(id).first<{ name: string; zone: string }>();
    expect(await row()).toMatchObject({ name: DEMO_USERS.partnerAdmin.firstName });
    const entries = () =>
      env.SHARD_FIRST.prepare("SELECT count(*) AS n FROM audit_entries WHERE code = 'userTimeZoneChanged' AND user_id = ?1").bind(id).first<number>("n");
    const trail = await entries();

    await northwindMoving(false);
    expect((await save()).status).toBe(200);
    expect((await zone()).status).toBe(200);
    expect(await row()).toEqual({ name: "Adaline", zone: "Pacific/Auckland" });
    expect(await entries()).toBeGreaterThan(trail!);
    await ada.post("/v1/users", multipart({ firstName: DEMO_USERS.partnerAdmin.firstName }));
  });

  it("an invite to a customer of the moving partner, accepted by someone not yet a member, waits; accepted after", async () => {
    const invitee = await signUp("Invited Person");
    const inviteId = crypto.randomUUID();
    await env.DB.prepare("INSERT INTO invites (id, account_id, email, role) VALUES (?1, ?2, ?3, 'member')").bind(inviteId, FABRIKAM, invitee.email).run();
    const accept = () => apiAs(invitee.token).post(`/v1/accounts/${FABRIKAM}/invites/${inviteId}/accept`);
    await northwindMoving(true);
    expect((await accept()).status).toBe(503);
    expect(await env.DB.prepare("SELECT status FROM invites WHERE id = ?1").bind(inviteId).first("status")).toBe("pending");
    const members = () =>
      env.SHARD_FIRST.prepare("SELECT count(*) AS n FROM account_users au JOIN users u ON u.id = au.user_id WHERE au.account_id = ?1 AND u.email = ?2")
        .bind(FABRIKAM, invitee.email)
        .first<number>("n");
    expect(await members()).toBe(0);

    await northwindMoving(false);
    expect((await accept()).status).toBe(200);
    expect(await members()).toBe(1);
  });

  it("a customer on the moving partner's shard linking to it by TAN waits, and is linked after", async () => {
    const fresh = await newCustomer();
    const tan = await env.DB.prepare("SELECT tan FROM accounts WHERE id = ?1").bind(NORTHWIND).first<string>("tan");
    const link = () => apiAs(fresh.token, { accountId: fresh.id }).post(`/v1/admin/accounts/${fresh.id}/assign-parent`, { tan });
    const parent = (d1: D1Database) => d1.prepare("SELECT parent_account_id AS p FROM accounts WHERE id = ?1").bind(fresh.id).first<string | null>("p");
    await northwindMoving(true);
    expect((await link()).status).toBe(503);
    expect(await parent(env.SHARD_FIRST)).toBeNull();

    await northwindMoving(false);
    expect((await link()).status).toBe(200);
    expect(await parent(env.SHARD_FIRST)).toBe(NORTHWIND);
  });
});
