import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { clearIsolateCaches } from "../../worker/http/isolate-cache";
import { apiAs, signUp } from "./auth";
import { capturedQueue, directory, failingD1, second } from "./flows-setup";
import { json } from "./helpers";
import { ukPartner, authUserOf, orgMembers, inviteStatus } from "./partners-setup";
import { cronKept, keptFor, keptInDirectory } from "./kept-setup";
import { dueAndRun, stoppedAt } from "./cut-off-setup";

/**
 * A request that writes two databases and stops between them (the isolate
 * ends: no catch of the request runs, nothing is sent to the queue) leaves
 * the step kept in its first batch; the cron's run, once the step's window is
 * over, leaves the state whole: taken back, or, when the second write went
 * through, as the request made it, the step judging that from the rows. UK
 * partners are made on the second shard (weur-1), so the directory and the
 * account's shard are two databases.
 */
const HARBOUR = DEMO.customers.harbour.id;
const CONTOSO = DEMO.contoso.id;

afterEach(clearIsolateCaches);

const unique = (name: string) => `${name} ${crypto.randomUUID().slice(0, 6)}`;
const membersOn = (accountId: string, userId: string) =>
  second
    .select({ status: schema.accountUsers.status })
    .from(schema.accountUsers)
    .where(and(eq(schema.accountUsers.accountId, accountId), eq(schema.accountUsers.userId, userId)));
/** The product's user of an identity (made by the first request that signs in). */
const userIdOf = async (authUserId: string) => (await directory.select().from(schema.users).where(eq(schema.users.authId, authUserId)))[0]!.id;

async function invite(partner: { id: string; owner: { token: string } }, email: string): Promise<string> {
  const sent = await apiAs(partner.owner.token, { accountId: partner.id }).post("/v1/admin/account-users/invites", { emails: email });
  expect(sent.status).toBe(200);
  return (await json(sent)).results[0].inviteId as string;
}

describe("an invite's acceptance stopped between the directory and the account's shard", () => {
  it("is taken back by the cron, so the invitee can accept again; a completed acceptance's step keeps it, even once the member is inactive", async () => {
    const partner = await ukPartner(unique("Cut Accept"));
    const invitee = await signUp("Cora Cut");
    const inviteId = await invite(partner, invitee.email);
    const authUserId = await authUserOf(invitee.email);
    const queue = capturedQueue();
    const accept = () => apiAs(invitee.token, { bindings: queue.bindings }).post(`/v1/accounts/${partner.id}/invites/${inviteId}/accept`);

    const res = await stoppedAt("acceptInvite", accept);
    expect(res.status).toBe(500);
    const userId = await userIdOf(authUserId);
    // The directory's claim is written, the shard's membership is not, and no catch sent anything.
    expect(await inviteStatus(inviteId)).toBe("accepted");
    expect(await orgMembers(authUserId, partner.id)).toHaveLength(1);
    expect(await membersOn(partner.id, userId)).toEqual([]);
    expect(queue.sent).toEqual([]);
    // Kept in the claim's batch, in the directory; inside its window the cron leaves it.
    const [kept] = await keptInDirectory(partner.id, "undoAccept");
    expect(kept).toMatchObject({ kind: "undoAccept", requeues: 0 });
    expect(await cronKept(partner.id)).toEqual([]);

    expect(await dueAndRun(partner.id, [kept!.id])).toEqual([expect.objectContaining({ kind: "undoAccept", keptIn: "directory", keptId: kept!.id })]);
    expect(await inviteStatus(inviteId)).toBe("pending");
    expect(await orgMembers(authUserId, partner.id)).toEqual([]);
    expect(await keptInDirectory(partner.id, "undoAccept")).toEqual([]);

    // Accepted again, whole; its own kept step, run by the cron after the member was marked inactive, takes nothing back.
    expect((await accept()).status).toBe(200);
    expect(await membersOn(partner.id, userId)).toEqual([{ status: "active" }]);
    const owner = apiAs(partner.owner.token, { accountId: partner.id });
    const member = (await json(await owner.get("/v1/admin/account-users"))).items.find((m: { email: string }) => m.email === invitee.email);
    expect((await owner.put(`/v1/admin/account-users/${member.id}`, { status: "inactive" })).status).toBe(200);
    const [done] = await keptInDirectory(partner.id, "undoAccept");
    await dueAndRun(partner.id, [done!.id]);
    expect(await inviteStatus(inviteId)).toBe("accepted");
    expect(await membersOn(partner.id, userId)).toEqual([{ status: "inactive" }]);
    expect(await keptInDirectory(partner.id, "undoAccept")).toEqual([]);
  });
});

describe("invites stopped between the directory and their mails on the account's shard", () => {
  it("are taken back by the cron, so the address can be invited again; sent whole, their step leaves them", async () => {
    const partner = await ukPartner(unique("Cut Invites"));
    const address = `cut-${crypto.randomUUID().slice(0, 6)}@example.test`;
    const queue = capturedQueue();
    const send = () =>
      apiAs(partner.owner.token, { accountId: partner.id, bindings: queue.bindings }).post("/v1/admin/account-users/invites", { emails: address });
    const written = () => directory.select({ id: schema.invites.id }).from(schema.invites).where(eq(schema.invites.email, address));
    const mailsTo = () => second.select({ id: schema.mailOutbox.id }).from(schema.mailOutbox).where(eq(schema.mailOutbox.accountId, partner.id));
    const mailsBefore = (await mailsTo()).length;

    expect((await stoppedAt("sendInvites", send)).status).toBe(500);
    expect(await written()).toHaveLength(1);
    expect(await mailsTo()).toHaveLength(mailsBefore);
    expect(queue.sent).toEqual([]);
    const [kept] = await keptInDirectory(partner.id, "undoInvites");
    expect(await dueAndRun(partner.id, [kept!.id])).toEqual([expect.objectContaining({ kind: "undoInvites", keptId: kept!.id })]);
    expect(await written()).toEqual([]);
    expect(await keptInDirectory(partner.id, "undoInvites")).toEqual([]);

    expect((await send()).status).toBe(200);
    expect(await mailsTo()).toHaveLength(mailsBefore + 1);
    const [done] = await keptInDirectory(partner.id, "undoInvites");
    await dueAndRun(partner.id, [done!.id]);
    expect(await written()).toHaveLength(1);
    expect(await keptInDirectory(partner.id, "undoInvites")).toEqual([]);
  });
});

describe("a member's status stopped between the directory's identity membership and the shard", () => {
  it("has the directory follow the shard's status again through the cron, each way; a completed change's step leaves it", async () => {
    const partner = await ukPartner(unique("Cut Status"));
    const invitee = await signUp("Stan Stopped");
    const inviteId = await invite(partner, invitee.email);
    expect((await apiAs(invitee.token).post(`/v1/accounts/${partner.id}/invites/${inviteId}/accept`)).status).toBe(200);
    const authUserId = await authUserOf(invitee.email);
    const queue = capturedQueue();
    const owner = apiAs(partner.owner.token, { accountId: partner.id, bindings: queue.bindings });
    const member = (await json(await owner.get("/v1/admin/account-users"))).items.find((m: { email: string }) => m.email === invitee.email);
    const put = (status: string) => owner.put(`/v1/admin/account-users/${member.id}`, { status });
    const shardStatus = async () => (await second.select().from(schema.accountUsers).where(eq(schema.accountUsers.id, member.id)))[0]?.status;
    const newestStep = async () => (await keptInDirectory(partner.id, "undoMemberStatus")).at(-1)!.id;

    // Inactive, stopped: the identity membership left the directory, the shard still says active; the cron puts it back.
    expect((await stoppedAt("memberStatus", () => put("inactive"))).status).toBe(500);
    expect([await shardStatus(), (await orgMembers(authUserId, partner.id)).length]).toEqual(["active", 0]);
    expect(queue.sent).toEqual([]);
    await dueAndRun(partner.id, [await newestStep()]);
    expect([await shardStatus(), (await orgMembers(authUserId, partner.id)).length]).toEqual(["active", 1]);

    // Inactive, whole: its step leaves the directory without it.
    expect((await put("inactive")).status).toBe(200);
    await dueAndRun(partner.id, [await newestStep()]);
    expect([await shardStatus(), (await orgMembers(authUserId, partner.id)).length]).toEqual(["inactive", 0]);

    // Active, stopped: the directory gained the membership, the shard still says inactive; the cron takes it away.
    expect((await stoppedAt("memberStatus", () => put("active"))).status).toBe(500);
    expect([await shardStatus(), (await orgMembers(authUserId, partner.id)).length]).toEqual(["inactive", 1]);
    await dueAndRun(partner.id, [await newestStep()]);
    expect([await shardStatus(), (await orgMembers(authUserId, partner.id)).length]).toEqual(["inactive", 0]);

    // Active, whole: its step leaves the membership.
    expect((await put("active")).status).toBe(200);
    await dueAndRun(partner.id, [await newestStep()]);
    expect([await shardStatus(), (await orgMembers(authUserId, partner.id)).length]).toEqual(["active", 1]);
    expect(await keptInDirectory(partner.id, "undoMemberStatus")).toEqual([]);
  });
});

describe("a same-shard link stopped after one of its two databases", () => {
  const parentIn = async (db: typeof directory) =>
    (await db.select({ parent: schema.accounts.parentAccountId }).from(schema.accounts).where(eq(schema.accounts.id, HARBOUR)))[0]?.parent;

  it("is put back by the cron on the side that took it, whichever; a link written on both is left by both its steps", async () => {
    const partner = await ukPartner(unique("Cut Link"));
    const queue = capturedQueue();
    const link = (bindings: Partial<Env> = {}) =>
      apiAs("otherCustomerAdmin", { accountId: HARBOUR, bindings: { ...queue.bindings, ...bindings } }).post(`/v1/admin/accounts/${HARBOUR}/assign-parent`, {
        tan: partner.tan,
      });
    try {
      // The directory refuses its half and the request stops before its undo: the shard alone names the new partner.
      const DB = failingD1(env.DB, /^update "accounts" set "parent_account_id"/);
      expect((await stoppedAt("link", () => link({ DB }))).status).toBe(500);
      expect([await parentIn(second), await parentIn(directory)]).toEqual([partner.id, CONTOSO]);
      expect(queue.sent).toEqual([]);
      expect(await keptInDirectory(HARBOUR, "undoLink")).toEqual([]);
      const [onShard] = await keptFor(env.SHARD_WEUR_1, HARBOUR, "undoLink");
      await dueAndRun(HARBOUR, [onShard!.id], env.SHARD_WEUR_1);
      expect([await parentIn(second), await parentIn(directory)]).toEqual([CONTOSO, CONTOSO]);
      expect(await keptFor(env.SHARD_WEUR_1, HARBOUR, "undoLink")).toEqual([]);

      // The shard refuses its half: the directory alone names the new partner, until the cron.
      clearIsolateCaches();
      const SHARD_WEUR_1 = failingD1(env.SHARD_WEUR_1, /^update "accounts" set "parent_account_id"/);
      expect((await stoppedAt("link", () => link({ SHARD_WEUR_1 }))).status).toBe(500);
      expect([await parentIn(second), await parentIn(directory)]).toEqual([CONTOSO, partner.id]);
      expect(await keptFor(env.SHARD_WEUR_1, HARBOUR, "undoLink")).toEqual([]);
      const [inDirectory] = await keptInDirectory(HARBOUR, "undoLink");
      await dueAndRun(HARBOUR, [inDirectory!.id]);
      expect([await parentIn(second), await parentIn(directory)]).toEqual([CONTOSO, CONTOSO]);

      // Both written, stopped before answering: both steps, run, leave the link.
      clearIsolateCaches();
      expect((await stoppedAt("link", () => link())).status).toBe(500);
      expect([await parentIn(second), await parentIn(directory)]).toEqual([partner.id, partner.id]);
      const [shardStep] = await keptFor(env.SHARD_WEUR_1, HARBOUR, "undoLink");
      const [directoryStep] = await keptInDirectory(HARBOUR, "undoLink");
      await dueAndRun(HARBOUR, [shardStep!.id], env.SHARD_WEUR_1);
      await dueAndRun(HARBOUR, [directoryStep!.id]);
      expect([await parentIn(second), await parentIn(directory)]).toEqual([partner.id, partner.id]);
      expect(await keptFor(env.SHARD_WEUR_1, HARBOUR, "undoLink")).toEqual([]);
      expect(await keptInDirectory(HARBOUR, "undoLink")).toEqual([]);
    } finally {
      for (const db of [second, directory]) await db.update(schema.accounts).set({ parentAccountId: CONTOSO }).where(eq(schema.accounts.id, HARBOUR));
      clearIsolateCaches();
    }
  });
});
