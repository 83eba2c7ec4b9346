import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { apiAs, multipart, signUp, ACCOUNT_DETAILS } from "./auth";
import { json } from "./helpers";

/**
 * Writes that touch the directory and a partner's shard
 * (docs/decisions/2026-11-27-two-database-writes.md), with partners made
 * through onboarding on the second local shard (`weur-1`, a UK partner's
 * region), whatever the demo seeds there. A failure between the two writes is
 * injected with a SQLite trigger on the second database.
 */
const directory = drizzle(env.DB, { schema });
const first = env.SHARD_FIRST;
const second = env.SHARD_WEUR_1;
const secondDb = drizzle(second, { schema });

const partnerForm = (name: string) => multipart({ ...ACCOUNT_DETAILS, name, location: "UK", type: "partner" });

/** A new UK partner (on the second shard) and its owner. */
async function ukPartner(name: string) {
  const owner = await signUp(`${name} Owner`);
  const res = await apiAs(owner.token).post("/v1/accounts", partnerForm(name));
  expect(res.status).toBe(201);
  return { owner, id: (await json<{ id: string }>(res)).id };
}

/** A trigger that fails every insert into `table` on `d1` until dropped (a failure between two databases' writes). */
async function failing<T>(d1: D1Database, table: string, run: () => Promise<T>): Promise<T> {
  await d1.prepare(`CREATE TRIGGER fail_insert BEFORE INSERT ON "${table}" BEGIN SELECT RAISE(ABORT, 'injected failure'); END`).run();
  try {
    return await run();
  } finally {
    await d1.prepare("DROP TRIGGER fail_insert").run();
  }
}

describe("onboarding on the partner's shard, and writes to two databases under failure", () => {
  it("places a UK partner on its region's shard: the full rows there, the routing row and look in the directory", async () => {
    const { token } = await signUp("Una Owner");
    const res = await apiAs(token).post("/v1/accounts", partnerForm("Fresh Partner"));
    expect(res.status).toBe(201);
    const { id } = await json(res);
    const [routed] = await directory.select().from(schema.accounts).where(eq(schema.accounts.id, id));
    expect(routed).toMatchObject({ shard: "weur-1", region: "weur", name: "Fresh Partner" });
    expect(await secondDb.select({ id: schema.accounts.id }).from(schema.accounts).where(eq(schema.accounts.id, id))).toHaveLength(1);
    expect(await secondDb.select().from(schema.accountUsers).where(eq(schema.accountUsers.accountId, id))).toHaveLength(1);
    expect((await secondDb.select().from(schema.teams).where(eq(schema.teams.accountId, id))).length).toBeGreaterThan(0);
    expect((await first.prepare("SELECT count(*) AS n FROM teams WHERE account_id = ?1").bind(id).first<{ n: number }>())!.n).toBe(0);
    // The new owner acts for it at once, without naming it.
    const members = await apiAs(token).get("/v1/admin/account-users");
    expect(members.status).toBe(200);
    // Invalid input and no token change nothing.
    expect((await apiAs(token).post("/v1/accounts", multipart({ name: "", type: "partner" }))).status).toBe(400);
    expect((await apiAs(null).post("/v1/accounts", partnerForm("Nobody's"))).status).toBe(401);
  });

  it("takes back the shard's rows when the directory refuses the new partner", async () => {
    const { token } = await signUp("Ola Owner");
    const before = await second.prepare("SELECT count(*) AS n FROM accounts").first<{ n: number }>();
    const res = await failing(env.DB, "stylings", () => apiAs(token).post("/v1/accounts", partnerForm("Half Done")));
    expect(res.status).toBe(500);
    expect(await second.prepare("SELECT count(*) AS n FROM accounts").first<{ n: number }>()).toEqual(before);
    expect(await second.prepare("SELECT count(*) AS n FROM teams t WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = t.account_id)").first()).toEqual({
      n: 0,
    });
    expect(await directory.select().from(schema.accounts).where(eq(schema.accounts.name, "Half Done"))).toEqual([]);
    // Nothing is left half done: the same request succeeds afterwards.
    expect((await apiAs(token).post("/v1/accounts", partnerForm("Half Done"))).status).toBe(201);
  });

  it("accepts an invite to a partner on the second shard: the membership there, the invite used up in the directory", async () => {
    const partner = await ukPartner("Invite Host");
    const { token, email } = await signUp("Ivo Invitee");
    const sent = await apiAs(partner.owner.token).post("/v1/admin/account-users/invites", { emails: email });
    expect(sent.status).toBe(200);
    const inviteId = (await json(sent)).results[0].inviteId as string;
    const accept = () => apiAs(token).post(`/v1/accounts/${partner.id}/invites/${inviteId}/accept`);
    // The shard refuses the membership: the directory's step is undone.
    expect((await failing(second, "account_users", accept)).status).toBe(500);
    expect((await directory.select().from(schema.invites).where(eq(schema.invites.id, inviteId)))[0]?.status).toBe("pending");
    const authUser = (await directory.select().from(schema.authUsers).where(eq(schema.authUsers.email, email)))[0]!;
    const orgMembers = () =>
      directory
        .select()
        .from(schema.authMembers)
        .innerJoin(schema.accounts, eq(schema.accounts.authId, schema.authMembers.organizationId))
        .where(and(eq(schema.authMembers.userId, authUser.id), eq(schema.accounts.id, partner.id)));
    expect(await orgMembers()).toEqual([]);
    // Accepted again, it is whole: the membership on the second shard, none on the first.
    expect((await accept()).status).toBe(200);
    expect((await directory.select().from(schema.invites).where(eq(schema.invites.id, inviteId)))[0]?.status).toBe("accepted");
    expect(await orgMembers()).toHaveLength(1);
    const membership = await secondDb.select().from(schema.accountUsers).where(eq(schema.accountUsers.accountId, partner.id));
    expect(membership.map((m) => m.email)).toContain(email);
    expect((await first.prepare("SELECT count(*) AS n FROM account_users WHERE email = ?1").bind(email).first<{ n: number }>())!.n).toBe(0);
    // The invitee's only account, found on the second shard without naming it.
    const me = await json(await apiAs(token).get("/v1/users/me"));
    expect(me.accounts).toEqual([expect.objectContaining({ id: partner.id, role: "member" })]);
    expect((await apiAs(token).get("/v1/admin/account-users")).status).toBe(200);
    // Another partner's admin, naming it, is refused; without a token, 401.
    expect((await apiAs("partnerAdmin", { accountId: partner.id }).get("/v1/admin/account-users")).status).toBe(403);
    expect((await apiAs(null, { accountId: partner.id }).get("/v1/admin/account-users")).status).toBe(401);
  });

  it("lists a user's memberships on both shards, and asks which account to act as", async () => {
    const partner = await ukPartner("Two Shards");
    const inviteId = crypto.randomUUID();
    await directory.insert(schema.invites).values({ id: inviteId, accountId: DEMO.customers.fabrikam.id, email: partner.owner.email, role: "member" });
    expect((await apiAs(partner.owner.token).post(`/v1/accounts/${DEMO.customers.fabrikam.id}/invites/${inviteId}/accept`)).status).toBe(200);
    const me = await json(await apiAs(partner.owner.token).get("/v1/users/me"));
    expect(me.accounts.map((a: { id: string }) => a.id).sort()).toEqual([partner.id, DEMO.customers.fabrikam.id].sort());
    expect((await apiAs(partner.owner.token).get("/v1/admin/account-users")).status).toBe(400);
    const own = await apiAs(partner.owner.token, { accountId: partner.id }).get(`/v1/accounts/${partner.id}`);
    expect(own.status).toBe(200);
    expect((await apiAs(partner.owner.token).get(`/v1/accounts/${DEMO.customers.fabrikam.id}`)).status).toBe(200);
  });

  it("takes back the invites when the shard refuses their mail", async () => {
    const partner = await ukPartner("Mail Host");
    const address = `nobody-${crypto.randomUUID().slice(0, 6)}@example.test`;
    const owner = apiAs(partner.owner.token, { accountId: partner.id });
    expect((await failing(second, "mail_outbox", () => owner.post("/v1/admin/account-users/invites", { emails: address }))).status).toBe(500);
    expect(await directory.select().from(schema.invites).where(eq(schema.invites.email, address))).toEqual([]);
    const sent = await owner.post("/v1/admin/account-users/invites", { emails: address });
    expect(sent.status).toBe(200);
    expect(await directory.select({ id: schema.invites.id }).from(schema.invites).where(eq(schema.invites.email, address))).toHaveLength(1);
    expect(await secondDb.select({ id: schema.mailOutbox.id }).from(schema.mailOutbox).where(eq(schema.mailOutbox.to, address))).toHaveLength(1);
  });
});
