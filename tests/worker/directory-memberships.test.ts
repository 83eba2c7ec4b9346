import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { database } from "../../worker/db";
import { belongsToPartner } from "../../worker/identity/handoff";
import { apiAs, signUp } from "./auth";
import { capturedQueue, failingD1, runFlows } from "./flows-setup";
import { cronKept, exhaust, keptFor, keptInDirectory } from "./kept-setup";
import { json } from "./helpers";
import { ukPartner, authUserOf, orgMembers, inviteStatus } from "./partners-setup";

/**
 * What the directory keeps of a partner's members on its shard: the identity
 * provider's memberships (`auth_members`, read alone by the satellite hand-off
 * and by mail's partner branding) follow a member's status, and an invite's
 * undo that fails in the request is finished by the flow queue. Partners are
 * made through onboarding on the second local shard (a UK partner's region);
 * failures are injected with a trigger on the shard and a failing directory.
 */
const directory = drizzle(env.DB, { schema });
const second = env.SHARD_WEUR_1;
const secondDb = drizzle(second, { schema });
/** The directory as the Worker reads it (for the hand-off's own check). */
const handoffDirectory = database(env.DB);

/** A trigger that fails every `event` (INSERT or UPDATE) on `table` of `d1` while `run` runs. */
async function failing<T>(d1: D1Database, event: "INSERT" | "UPDATE", table: string, run: () => Promise<T>): Promise<T> {
  await d1.prepare(`CREATE TRIGGER fail_write BEFORE ${event} ON "${table}" BEGIN SELECT RAISE(ABORT, 'injected failure'); END`).run();
  try {
    return await run();
  } finally {
    await d1.prepare("DROP TRIGGER fail_write").run();
  }
}

/** An invite of the partner's owner to `email`; answers its id. */
async function invite(partner: { id: string; owner: { token: string } }, email: string): Promise<string> {
  const sent = await apiAs(partner.owner.token, { accountId: partner.id }).post("/v1/admin/account-users/invites", { emails: email });
  expect(sent.status).toBe(200);
  return (await json(sent)).results[0].inviteId as string;
}

describe("a member marked inactive leaves the directory's memberships", () => {
  it("removes and restores the identity membership with the status, undone when the shard refuses; the hand-off counts active members only", async () => {
    const partner = await ukPartner("Status Host");
    const invitee = await signUp("Ines Inactive");
    const inviteId = await invite(partner, invitee.email);
    expect((await apiAs(invitee.token).post(`/v1/accounts/${partner.id}/invites/${inviteId}/accept`)).status).toBe(200);
    const authUserId = await authUserOf(invitee.email);
    const owner = apiAs(partner.owner.token, { accountId: partner.id });
    const member = (await json(await owner.get("/v1/admin/account-users"))).items.find((m: { email: string }) => m.email === invitee.email);
    const put = (body: unknown) => owner.put(`/v1/admin/account-users/${member.id}`, body);
    const shardStatus = async () => (await secondDb.select().from(schema.accountUsers).where(eq(schema.accountUsers.id, member.id)))[0]?.status;
    expect(await orgMembers(authUserId, partner.id)).toHaveLength(1);
    // A member of the UK partner only: not handed to another partner's domain.
    expect(await belongsToPartner(handoffDirectory, authUserId, DEMO.northwind.id)).toBe(false);

    // The shard refuses the status: the directory's membership is put back.
    expect((await failing(second, "UPDATE", "account_users", () => put({ status: "inactive" }))).status).toBe(500);
    expect(await shardStatus()).toBe("active");
    expect(await orgMembers(authUserId, partner.id)).toHaveLength(1);

    const off = await put({ status: "inactive" });
    expect(off.status).toBe(200);
    expect((await json(off)).status).toBe("inactive");
    expect(await shardStatus()).toBe("inactive");
    expect(await orgMembers(authUserId, partner.id)).toEqual([]);
    // No active account left anywhere: the hand-off no longer ties the user to the partner that deactivated them.
    expect(await belongsToPartner(handoffDirectory, authUserId, DEMO.northwind.id)).toBe(true);

    // Bad input, no token and another partner's admin change nothing.
    expect((await put({ status: "gone" })).status).toBe(400);
    expect((await apiAs(null, { accountId: partner.id }).put(`/v1/admin/account-users/${member.id}`, { status: "active" })).status).toBe(401);
    expect((await apiAs("partnerAdmin", { accountId: partner.id }).put(`/v1/admin/account-users/${member.id}`, { status: "active" })).status).toBe(403);
    expect(await orgMembers(authUserId, partner.id)).toEqual([]);

    // Active again: refused by the shard, the directory stays without it; then both have it.
    expect((await failing(second, "UPDATE", "account_users", () => put({ status: "active" }))).status).toBe(500);
    expect(await shardStatus()).toBe("inactive");
    expect(await orgMembers(authUserId, partner.id)).toEqual([]);
    expect((await put({ status: "active" })).status).toBe(200);
    expect(await shardStatus()).toBe("active");
    expect(await orgMembers(authUserId, partner.id)).toHaveLength(1);
    expect(await belongsToPartner(handoffDirectory, authUserId, DEMO.northwind.id)).toBe(false);
  });
});

describe("an invite's undo that fails in the request is finished by the flow queue", () => {
  it("takes an acceptance back when the shard refused the membership and the directory refused the undo", async () => {
    const partner = await ukPartner("Undo Host");
    const invitee = await signUp("Uma Undone");
    const inviteId = await invite(partner, invitee.email);
    const authUserId = await authUserOf(invitee.email);
    const queue = capturedQueue();
    // The undo's statement (the invite back to pending) fails, and with it the undo's batch.
    const undoRefused = failingD1(env.DB, /"invites"\."responded_at" = \?/);
    const accept = (bindings: Partial<Env> = {}) => apiAs(invitee.token, { bindings }).post(`/v1/accounts/${partner.id}/invites/${inviteId}/accept`);
    const res = await failing(second, "INSERT", "account_users", () => accept({ DB: undoRefused, FLOW_QUEUE: queue.queue }));
    expect(res.status).toBe(500);
    expect(undoRefused.failures).toBe(1);
    // Used without its membership, until the step runs.
    expect(await inviteStatus(inviteId)).toBe("accepted");
    expect(await orgMembers(authUserId, partner.id)).toHaveLength(1);
    expect(queue.sent).toEqual([expect.objectContaining({ kind: "undoAccept", claim: expect.objectContaining({ inviteId, shard: "weur-1" }) })]);

    // Kept in the directory, in the claim's batch; inside the message's retry window the cron leaves it.
    expect(await keptInDirectory(partner.id, "undoAccept")).toHaveLength(1);
    expect(await keptFor(second, partner.id, "undoAccept")).toEqual([]);
    expect(await cronKept(partner.id)).toEqual([]);
    // The step fails in the directory on every attempt, the last included: given up, the invite still used.
    await exhaust(queue.sent, { DB: failingD1(env.DB, /"invites"\."responded_at" = \?/, Infinity) });
    expect(await inviteStatus(inviteId)).toBe("accepted");
    // The cron sends it again: the invite is pending again and the identity membership gone, so the invitee can accept again.
    const again = await cronKept(partner.id);
    expect(again).toEqual([expect.objectContaining({ kind: "undoAccept", claim: expect.objectContaining({ inviteId, shard: "weur-1" }) })]);
    expect((await runFlows(again)).explicitAcks).toHaveLength(1);
    expect(await keptInDirectory(partner.id, "undoAccept")).toEqual([]);
    expect(await inviteStatus(inviteId)).toBe("pending");
    expect(await orgMembers(authUserId, partner.id)).toEqual([]);
    expect((await accept()).status).toBe(200);
    expect(await inviteStatus(inviteId)).toBe("accepted");
    // A late duplicate of the step changes nothing: the membership is on the shard now.
    expect((await runFlows(queue.sent, { attempts: 3 })).explicitAcks).toHaveLength(1);
    expect(await inviteStatus(inviteId)).toBe("accepted");
    expect(await orgMembers(authUserId, partner.id)).toHaveLength(1);
  });

  it("takes new invites back when the shard refused their mail and the directory refused the undo", async () => {
    const partner = await ukPartner("Unsent Host");
    const address = `unsent-${crypto.randomUUID().slice(0, 6)}@example.test`;
    const queue = capturedQueue();
    const undoRefused = failingD1(env.DB, /^delete from "invites"/i);
    const owner = (bindings: Partial<Env> = {}) => apiAs(partner.owner.token, { accountId: partner.id, bindings });
    const res = await failing(second, "INSERT", "mail_outbox", () =>
      owner({ DB: undoRefused, FLOW_QUEUE: queue.queue }).post("/v1/admin/account-users/invites", { emails: address }),
    );
    expect(res.status).toBe(500);
    expect(undoRefused.failures).toBe(1);
    const written = () => directory.select({ id: schema.invites.id }).from(schema.invites).where(eq(schema.invites.email, address));
    // Pending without its mail until the step runs: the address cannot be invited again meanwhile.
    expect(await written()).toHaveLength(1);
    expect(queue.sent).toEqual([expect.objectContaining({ kind: "undoInvites", shard: "weur-1" })]);
    expect(await cronKept(partner.id)).toEqual([]);
    // The directory refuses the step on every attempt: given up, the invite still pending without its mail.
    await exhaust(queue.sent, { DB: failingD1(env.DB, /^delete from "invites"/i, Infinity) });
    expect(await written()).toHaveLength(1);
    // The cron's copy of the step takes it back, and the kept step goes; the first message, late, changes nothing.
    const again = await cronKept(partner.id);
    expect(again).toEqual([expect.objectContaining({ kind: "undoInvites", shard: "weur-1", accountId: partner.id })]);
    expect((await runFlows([...again, ...queue.sent])).explicitAcks).toHaveLength(2);
    expect(await written()).toEqual([]);
    expect(await keptFor(second, partner.id, "undoInvites")).toEqual([]);
    const sent = await owner().post("/v1/admin/account-users/invites", { emails: address });
    expect(sent.status).toBe(200);
    expect(await written()).toHaveLength(1);
    // A late duplicate of the step takes back only the invites it names: the new one stays.
    expect((await runFlows(queue.sent, { attempts: 2 })).explicitAcks).toHaveLength(1);
    expect(await written()).toHaveLength(1);
  });
});
