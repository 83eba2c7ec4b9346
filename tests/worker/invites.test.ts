import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { apiAs, signUp, tokenFor, type Caller } from "./auth";
import { call, json } from "./helpers";
import { first } from "../present";
import { shardOfAccount } from "./databases";

const db = drizzle(env.DB, { schema });

async function inviteFor(email: string, accountId: string = DEMO.customers.fabrikam.id) {
  const id = crypto.randomUUID();
  await db.insert(schema.invites).values({ id, accountId, email, role: "member", status: "pending" });
  return id;
}

const accept = (who: Caller, accountId: string, inviteId: string) => apiAs(who).post(`/v1/accounts/${accountId}/invites/${inviteId}/accept`);

describe("onboarding invites", () => {
  it("offers a pending invite to the invitee, who accepts it and joins the account", async () => {
    const { token, email } = await signUp("Ivy Invitee");
    const inviteId = await inviteFor(email);
    const me = await json(await apiAs(token).get("/v1/users/me"));
    expect(me.onboardingInvites).toEqual([
      { id: inviteId, accountId: DEMO.customers.fabrikam.id, accountName: DEMO.customers.fabrikam.name, accountOrganizationId: DEMO.customers.fabrikam.id },
    ]);
    const res = await accept(token, DEMO.customers.fabrikam.id, inviteId);
    expect(res.status).toBe(200);
    const after = await json(await apiAs(token).get("/v1/users/me"));
    expect(after.accounts).toEqual([expect.objectContaining({ id: DEMO.customers.fabrikam.id, role: "member" })]);
    expect(after.onboardingInvites).toEqual([]);
    const member = await db
      .select()
      .from(schema.authMembers)
      .where(and(eq(schema.authMembers.organizationId, DEMO.customers.fabrikam.id)));
    expect(member.some((m) => m.role === "member")).toBe(true);
  });

  it("answers the invitee's second acceptance as the first, changing nothing; once it has left the account, a conflict", async () => {
    const { token, email } = await signUp("Iris Twice");
    const inviteId = await inviteFor(email);
    const fabrikam = DEMO.customers.fabrikam.id;
    const accepted = await accept(token, fabrikam, inviteId);
    expect(accepted.status).toBe(200);
    const me = await json(await apiAs(token).get("/v1/users/me"));
    const shard = drizzle(await shardOfAccount(fabrikam), { schema });
    const membership = () =>
      shard
        .select()
        .from(schema.accountUsers)
        .where(and(eq(schema.accountUsers.accountId, fabrikam), eq(schema.accountUsers.userId, me.id)));
    const authMembers = async () => (await db.select().from(schema.authMembers).where(eq(schema.authMembers.organizationId, fabrikam))).length;
    const [rows, members] = [await membership(), await authMembers()];

    // Its first answer lost (a dropped connection, a page that moved on): asked again, the same answer.
    const again = await accept(token, fabrikam, inviteId);
    expect(again.status).toBe(200);
    expect(await json(again)).toEqual(await json(accepted));
    expect(await membership()).toEqual(rows);
    expect(await authMembers()).toBe(members);

    // Someone else with the link is still refused for the address, not told it was accepted.
    const { token: other } = await signUp();
    expect((await accept(other, fabrikam, inviteId)).status).toBe(403);

    // A member who has left does not come back through the used invite.
    await shard.update(schema.accountUsers).set({ status: "inactive" }).where(eq(schema.accountUsers.userId, me.id));
    const refused = await accept(token, fabrikam, inviteId);
    expect(refused.status).toBe(409);
    expect((await json(refused)).error.message).toBe("This invite is no longer valid");
    expect((await membership()).map((m) => m.status)).toEqual(["inactive"]);
  });

  it("answers 403 to someone the invite does not name, and 404 for the wrong account", async () => {
    const { email } = await signUp();
    const inviteId = await inviteFor(email);
    expect((await accept(await tokenFor("partnerAdmin"), DEMO.customers.fabrikam.id, inviteId)).status).toBe(403);
    const { token: other } = await signUp();
    expect((await accept(other, DEMO.customers.fabrikam.id, inviteId)).status).toBe(403);
    expect((await accept(other, DEMO.northwind.id, inviteId)).status).toBe(404);
    const row = await db.select().from(schema.invites).where(eq(schema.invites.id, inviteId));
    expect(first(row).status).toBe("pending");
  });

  it("answers 400 for ids that are not UUIDs and 401 without a token", async () => {
    const { token, email } = await signUp();
    const inviteId = await inviteFor(email);
    const bad = await accept(token, "abc", inviteId);
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields.accountId).toBe("Not a valid UUID");
    expect((await accept(null, DEMO.customers.fabrikam.id, inviteId)).status).toBe(401);
  });

  it("clears onboarding invites for the caller only", async () => {
    const { token, email } = await signUp();
    await inviteFor(email);
    const me = await json(await apiAs(token).get("/v1/users/me"));
    expect(me.onboardingInvites).toHaveLength(1);
    const other = await json(await apiAs("customerAdmin").get("/v1/users/me"));
    expect((await apiAs(token).post(`/v1/admin/users/${other.id}/clear-onboarding-invites`)).status).toBe(404);
    expect((await call(`/v1/admin/users/${me.id}/clear-onboarding-invites`, { method: "POST" })).status).toBe(401);
    const res = await apiAs(token).post(`/v1/admin/users/${me.id}/clear-onboarding-invites`);
    expect(res.status).toBe(204);
    expect((await json(await apiAs(token).get("/v1/users/me"))).onboardingInvites).toEqual([]);
  });
});
