import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { apiAs, signUp, tokenFor } from "./auth";
import { call, json } from "./helpers";
import { nth } from "../present";
import { withBodies } from "./mail-bodies";
import { shardDbOf } from "./databases";

const db = drizzle(env.DB, { schema });
const FABRIKAM = DEMO.customers.fabrikam.id;
const NORTHWIND = DEMO.northwind.id;

const invitesOf = async (accountId: string) => (await shardDbOf(accountId)).select().from(schema.invites).where(eq(schema.invites.accountId, accountId));
const unique = (tag: string) => `${tag}-${crypto.randomUUID().slice(0, 8)}@example.test`;

describe("GET v1/admin/account-users", () => {
  it("lists the acting account's members, with types, roles and statuses", async () => {
    const res = await apiAs("customerMember", { accountId: FABRIKAM }).get("/v1/admin/account-users");
    expect(res.status).toBe(200);
    const { items } = await json(res);
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: "cara@fabrikam.test", type: "owner", status: "active", kind: "member" }),
        expect.objectContaining({ email: "dan@fabrikam.test", type: "member", status: "active", kind: "member" }),
      ]),
    );
    expect(items.some((m: { email: string }) => m.email.endsWith("@northwind.test"))).toBe(false);
  });

  it("answers 401 without a token and 403 for an account the caller is not a member of", async () => {
    expect((await call("/v1/admin/account-users")).status).toBe(401);
    expect((await apiAs("otherPartnerAdmin", { accountId: NORTHWIND }).get("/v1/admin/account-users")).status).toBe(403);
  });
});

describe("POST v1/admin/account-users/invites", () => {
  it("invites each address: the product invite, the identity provider's invitation and a queued mail with the accept link", async () => {
    const a = unique("ann");
    const b = unique("bob");
    const res = await apiAs("customerAdmin", { accountId: FABRIKAM }).post("/v1/admin/account-users/invites", {
      emails: `${a}; ${b.toUpperCase()}`,
    });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({ sent: 2, total: 2 });
    const rows = (await invitesOf(FABRIKAM)).filter((i) => i.email === a || i.email === b);
    expect(rows).toHaveLength(2);
    for (const invite of rows) {
      expect(invite.status).toBe("pending");
      expect(invite.authInviteId).toBeTruthy();
      const auth = await db.select().from(schema.authInvitations).where(eq(schema.authInvitations.id, invite.authInviteId!));
      expect(auth[0]).toMatchObject({ organizationId: FABRIKAM, email: invite.email, status: "pending" });
      const mail = await withBodies(db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, invite.email)));
      expect(mail).toHaveLength(1);
      expect(nth(mail, 0).text).toContain(`/signup?invite=${FABRIKAM}.${invite.id}`);
      expect(nth(mail, 0).accountId).toBe(FABRIKAM);
    }
    // The listing shows them as pending.
    const list = await json(await apiAs("customerAdmin", { accountId: FABRIKAM }).get("/v1/admin/account-users"));
    expect(list.items).toEqual(expect.arrayContaining([expect.objectContaining({ email: a, status: "pending", kind: "invite" })]));
  });

  it("reports an address already invited or already a member, and sends the rest (some sent)", async () => {
    const token = await tokenFor("customerAdmin");
    const first = unique("dup");
    await apiAs(token, { accountId: FABRIKAM }).post("/v1/admin/account-users/invites", { emails: first });
    const fresh = unique("new");
    const res = await apiAs(token, { accountId: FABRIKAM }).post("/v1/admin/account-users/invites", { emails: `${first};${fresh};dan@fabrikam.test` });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.sent).toBe(1);
    expect(body.total).toBe(3);
    expect(body.results).toEqual([
      expect.objectContaining({ email: first, outcome: "alreadyInvited", message: "An invite has already been sent to this user" }),
      expect.objectContaining({ email: fresh, outcome: "sent" }),
      expect.objectContaining({ email: "dan@fabrikam.test", outcome: "alreadyMember" }),
    ]);
    expect((await invitesOf(FABRIKAM)).filter((i) => i.email === first)).toHaveLength(1);
  });

  it("answers 400 for no address or an invalid one, writing nothing", async () => {
    const token = await tokenFor("customerAdmin");
    const before = (await invitesOf(FABRIKAM)).length;
    const empty = await apiAs(token, { accountId: FABRIKAM }).post("/v1/admin/account-users/invites", { emails: " ; " });
    expect(empty.status).toBe(400);
    expect((await json(empty)).error.fields.emails).toBe("Enter at least one email address");
    const good = unique("good");
    const bad = await apiAs(token, { accountId: FABRIKAM }).post("/v1/admin/account-users/invites", { emails: `${good}; not-an-email` });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields.emails).toBe("Invalid email address");
    expect((await invitesOf(FABRIKAM)).length).toBe(before);
    const mail = await db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, good));
    expect(mail).toHaveLength(0);
  });

  it("answers 401 without a token, 403 to a member, and 403 for another tenant's account", async () => {
    const email = unique("nope");
    expect((await apiAs(null, { accountId: FABRIKAM }).post("/v1/admin/account-users/invites", { emails: email })).status).toBe(401);
    expect((await apiAs("customerMember", { accountId: FABRIKAM }).post("/v1/admin/account-users/invites", { emails: email })).status).toBe(403);
    expect((await apiAs("otherPartnerAdmin", { accountId: NORTHWIND }).post("/v1/admin/account-users/invites", { emails: email })).status).toBe(403);
    expect((await apiAs("partnerMember", { accountId: NORTHWIND }).post("/v1/admin/account-users/invites", { emails: email })).status).toBe(403);
    expect(await db.select().from(schema.invites).where(eq(schema.invites.email, email))).toHaveLength(0);
  });

  it("an invite accepted by the invitee makes them an active member", async () => {
    const { token, email } = await signUp("Ivy New");
    const res = await apiAs("customerAdmin", { accountId: FABRIKAM }).post("/v1/admin/account-users/invites", { emails: email });
    const inviteId = (await json(res)).results[0].inviteId;
    expect((await apiAs(token).post(`/v1/accounts/${FABRIKAM}/invites/${inviteId}/accept`)).status).toBe(200);
    const list = await json(await apiAs("customerAdmin", { accountId: FABRIKAM }).get("/v1/admin/account-users"));
    expect(list.items).toEqual(expect.arrayContaining([expect.objectContaining({ email, status: "active", kind: "member" })]));
    const auth = await db.select().from(schema.authInvitations).where(eq(schema.authInvitations.email, email));
    expect(nth(auth, 0).status).toBe("accepted");
  });
});

describe("POST v1/admin/account-users/invites/{id}/revoke", () => {
  it("revokes a pending invite once; the invitee can no longer accept it", async () => {
    const token = await tokenFor("customerAdmin");
    const { token: invitee, email } = await signUp();
    const inviteId = (await json(await apiAs(token, { accountId: FABRIKAM }).post("/v1/admin/account-users/invites", { emails: email }))).results[0].inviteId;
    const res = await apiAs(token, { accountId: FABRIKAM }).post(`/v1/admin/account-users/invites/${inviteId}/revoke`);
    expect(res.status).toBe(204);
    const row = await db.select().from(schema.invites).where(eq(schema.invites.id, inviteId));
    expect(nth(row, 0).status).toBe("revoked");
    const auth = await db
      .select()
      .from(schema.authInvitations)
      .where(eq(schema.authInvitations.id, nth(row, 0).authInviteId!));
    expect(nth(auth, 0).status).toBe("canceled");
    expect((await apiAs(token, { accountId: FABRIKAM }).post(`/v1/admin/account-users/invites/${inviteId}/revoke`)).status).toBe(409);
    expect((await apiAs(invitee).post(`/v1/accounts/${FABRIKAM}/invites/${inviteId}/accept`)).status).toBe(409);
  });

  it("answers 400, 401, 403 to a member and 404 to another tenant, changing nothing", async () => {
    const email = unique("keep");
    const inviteId = (await json(await apiAs("customerAdmin", { accountId: FABRIKAM }).post("/v1/admin/account-users/invites", { emails: email }))).results[0]
      .inviteId;
    const path = `/v1/admin/account-users/invites/${inviteId}/revoke`;
    expect((await apiAs("customerAdmin", { accountId: FABRIKAM }).post("/v1/admin/account-users/invites/xyz/revoke")).status).toBe(400);
    expect((await call(path, { method: "POST" })).status).toBe(401);
    expect((await apiAs("customerMember", { accountId: FABRIKAM }).post(path)).status).toBe(403);
    expect((await apiAs("otherCustomerAdmin", { accountId: DEMO.customers.harbour.id }).post(path)).status).toBe(404);
    const row = await db.select().from(schema.invites).where(eq(schema.invites.id, inviteId));
    expect(nth(row, 0).status).toBe("pending");
  });
});

describe("PUT v1/admin/account-users/{id}", () => {
  async function memberId(email: string, accountId = FABRIKAM) {
    const rows = await db
      .select()
      .from(schema.accountUsers)
      .where(and(eq(schema.accountUsers.accountId, accountId), eq(schema.accountUsers.email, email)));
    return nth(rows, 0).id;
  }

  it("edits a member's name, role and teams, marks them inactive (they lose access) and active again", async () => {
    const admin = await tokenFor("customerAdmin");
    const { token: newbie, email } = await signUp("Nia Newbie");
    const inviteId = (await json(await apiAs(admin, { accountId: FABRIKAM }).post("/v1/admin/account-users/invites", { emails: email }))).results[0].inviteId;
    await apiAs(newbie).post(`/v1/accounts/${FABRIKAM}/invites/${inviteId}/accept`);
    const id = await memberId(email);
    const team = nth(await db.select().from(schema.teams).where(eq(schema.teams.accountId, FABRIKAM)), 0);
    const res = await apiAs(admin, { accountId: FABRIKAM }).put(`/v1/admin/account-users/${id}`, { name: "Nia N.", role: "admin", teamIds: [team.id] });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ name: "Nia N.", role: "admin", status: "active", teams: [{ id: team.id, name: team.name }] });
    const off = await apiAs(admin, { accountId: FABRIKAM }).put(`/v1/admin/account-users/${id}`, { status: "inactive" });
    expect((await json(off)).status).toBe("inactive");
    expect((await apiAs(newbie, { accountId: FABRIKAM }).get("/v1/admin/account-users")).status).toBe(403);
    await apiAs(admin, { accountId: FABRIKAM }).put(`/v1/admin/account-users/${id}`, { status: "active" });
    expect((await apiAs(newbie, { accountId: FABRIKAM }).get("/v1/admin/account-users")).status).toBe(200);
  });

  it("refuses to change the owner or to mark yourself inactive (409)", async () => {
    const admin = await tokenFor("customerAdmin");
    const owner = await memberId("cara@fabrikam.test");
    expect((await apiAs(admin, { accountId: FABRIKAM }).put(`/v1/admin/account-users/${owner}`, { status: "inactive" })).status).toBe(409);
  });

  it("answers 400 for bad input and a foreign team, 401, 403 to a member and 404 across tenants, changing nothing", async () => {
    const admin = await tokenFor("customerAdmin");
    const dan = await memberId("dan@fabrikam.test");
    const bad = await apiAs(admin, { accountId: FABRIKAM }).put(`/v1/admin/account-users/${dan}`, { status: "gone" });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields.status).toBeTruthy();
    // Harbour is Contoso's customer, on Contoso's shard.
    const foreignTeam = nth(
      await drizzle(env.SHARD_WEUR_1, { schema }).select().from(schema.teams).where(eq(schema.teams.accountId, DEMO.customers.harbour.id)),
      0,
    );
    expect((await apiAs(admin, { accountId: FABRIKAM }).put(`/v1/admin/account-users/${dan}`, { teamIds: [foreignTeam.id] })).status).toBe(400);
    expect((await apiAs(null, { accountId: FABRIKAM }).put(`/v1/admin/account-users/${dan}`, { status: "inactive" })).status).toBe(401);
    expect((await apiAs("customerMember", { accountId: FABRIKAM }).put(`/v1/admin/account-users/${dan}`, { status: "inactive" })).status).toBe(403);
    expect(
      (
        await apiAs("otherCustomerAdmin", { accountId: DEMO.customers.harbour.id }).put(`/v1/admin/account-users/${dan}`, {
          status: "inactive",
        })
      ).status,
    ).toBe(404);
    const row = await db.select().from(schema.accountUsers).where(eq(schema.accountUsers.id, dan));
    expect(nth(row, 0).status).toBe("active");
    const memberships = await db.select().from(schema.teamMemberships).where(eq(schema.teamMemberships.accountUserId, dan));
    expect(memberships).toHaveLength(0);
  });
});
