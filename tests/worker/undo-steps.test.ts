import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { clearIsolateCaches } from "../../worker/http/isolate-cache";
import { ACCOUNT_DETAILS, apiAs, multipart, signUp } from "./auth";
import { capturedQueue, directory, failingD1, runFlows, second } from "./flows-setup";
import { cronKept, exhaust, keptFor } from "./kept-setup";
import { json } from "./helpers";
import { ukPartner } from "./partners-setup";

/**
 * The request's undo of a two-database write that fails too is finished by
 * the flow queue: onboarding's shard rows, a same-shard link, a member's
 * identity membership. Partners are made on the second local shard (a UK
 * partner's region); failures are injected with a trigger on that shard and
 * a directory (or shard) binding whose statements fail.
 */
const HARBOUR = DEMO.customers.harbour.id;
const CONTOSO = DEMO.contoso.id;

/** A trigger that fails every `event` on `table` of the second shard (when `when` holds) while `run` runs. */
async function failingOnSecond<T>(event: "INSERT" | "UPDATE" | "DELETE", table: string, run: () => Promise<T>, when = ""): Promise<T> {
  const d1 = env.SHARD_WEUR_1;
  await d1.prepare(`CREATE TRIGGER fail_undo BEFORE ${event} ON "${table}" ${when} BEGIN SELECT RAISE(ABORT, 'injected failure'); END`).run();
  try {
    return await run();
  } finally {
    await d1.prepare("DROP TRIGGER fail_undo").run();
  }
}

const onSecond = (name: string) => second.select().from(schema.accounts).where(eq(schema.accounts.name, name));

describe("onboarding's shard rows", () => {
  it("are removed by the flow queue when the directory refused and the request's removal failed; run twice, nothing more changes", async () => {
    const owner = await signUp("Orphan Owner");
    const name = `Orphan Partner ${crypto.randomUUID().slice(0, 6)}`;
    const queue = capturedQueue();
    // The directory refuses the organisation (its batch with the routing row fails whole), then the shard refuses the removal.
    const DB = failingD1(env.DB, /^insert into "auth_organizations"/);
    const create = (bindings: Partial<Env>) =>
      apiAs(owner.token, { bindings }).post("/v1/accounts", multipart({ ...ACCOUNT_DETAILS, name, location: "UK", type: "partner" }));
    const res = await failingOnSecond("DELETE", "teams", () => create({ DB, FLOW_QUEUE: queue.queue }));
    expect(res.status).toBe(500);
    expect(DB.failures).toBe(1);
    const [orphan] = await onSecond(name);
    expect(orphan).toBeDefined();
    expect(await directory.select().from(schema.accounts).where(eq(schema.accounts.id, orphan!.id))).toEqual([]);
    expect(queue.sent).toEqual([expect.objectContaining({ kind: "undoOnboarding", shard: "weur-1", accountId: orphan!.id })]);
    // Kept on the shard too; inside the message's retry window the cron leaves it.
    expect(await keptFor(env.SHARD_WEUR_1, orphan!.id)).toEqual([expect.objectContaining({ kind: "undoOnboarding", requeues: 0 })]);
    expect(await cronKept(orphan!.id)).toEqual([]);

    // The step fails on the shard on every attempt, the last included: given up, the rows still there, the step still kept.
    await exhaust(queue.sent, {}, (run) => failingOnSecond("DELETE", "teams", run));
    expect(await onSecond(name)).toHaveLength(1);
    expect(await keptFor(env.SHARD_WEUR_1, orphan!.id)).toHaveLength(1);
    // The cron sends it again: run, the account, its owner and teams are gone from the shard, and the kept step with them;
    // the first message, late, changes nothing more, and the cron has nothing left to send.
    const again = await cronKept(orphan!.id);
    expect(again).toEqual([expect.objectContaining({ kind: "undoOnboarding", shard: "weur-1", accountId: orphan!.id })]);
    for (const [attempts, messages] of [
      [1, again],
      [3, queue.sent],
    ] as const) {
      expect((await runFlows([...messages], { attempts })).explicitAcks).toHaveLength(1);
      expect(await onSecond(name)).toEqual([]);
      expect(await second.select().from(schema.teams).where(eq(schema.teams.accountId, orphan!.id))).toEqual([]);
      expect(await second.select().from(schema.accountUsers).where(eq(schema.accountUsers.accountId, orphan!.id))).toEqual([]);
    }
    expect(await keptFor(env.SHARD_WEUR_1, orphan!.id)).toEqual([]);
    expect(await cronKept(orphan!.id)).toEqual([]);
  });

  it("are removed by the cron when nothing reached the queue: the step was kept with the rows, and waits for its window", async () => {
    const owner = await signUp("Lost Owner");
    const name = `Lost Partner ${crypto.randomUUID().slice(0, 6)}`;
    // The directory refuses, the shard refuses the removal, and the queue refuses the step (as a request stopped between its batches).
    const DB = failingD1(env.DB, /^insert into "auth_organizations"/);
    const FLOW_QUEUE = { send: () => Promise.reject(new Error("queue down")), sendBatch: () => Promise.reject(new Error("queue down")) } as unknown as Queue;
    const res = await failingOnSecond("DELETE", "teams", () =>
      apiAs(owner.token, { bindings: { DB, FLOW_QUEUE } }).post("/v1/accounts", multipart({ ...ACCOUNT_DETAILS, name, location: "UK", type: "partner" })),
    );
    expect(res.status).toBe(500);
    const [orphan] = await onSecond(name);
    const [kept] = await keptFor(env.SHARD_WEUR_1, orphan!.id);
    expect(kept).toMatchObject({ kind: "undoOnboarding" });
    // Inside its window the cron leaves it; once the window is over it sends it, and the rows go with the kept step.
    expect(await cronKept(orphan!.id)).toEqual([]);
    await env.SHARD_WEUR_1.prepare("UPDATE flow_steps SET due_at = ?2 WHERE id = ?1")
      .bind(kept!.id, new Date(Date.now() - 1000).toISOString())
      .run();
    const again = await cronKept(orphan!.id);
    expect(again).toEqual([expect.objectContaining({ kind: "undoOnboarding", shard: "weur-1", keptId: kept!.id })]);
    expect((await runFlows(again)).explicitAcks).toHaveLength(1);
    expect(await onSecond(name)).toEqual([]);
    expect(await keptFor(env.SHARD_WEUR_1, orphan!.id)).toEqual([]);
  });

  it("are kept when the directory's step went through after all", async () => {
    const partner = await ukPartner(`Kept Partner ${crypto.randomUUID().slice(0, 6)}`);
    const [org] = await directory.select({ authId: schema.accounts.authId }).from(schema.accounts).where(eq(schema.accounts.id, partner.id));
    const step = { kind: "undoOnboarding", shard: "weur-1", accountId: partner.id, authOrganizationId: org!.authId } as const;
    expect((await runFlows([step])).explicitAcks).toHaveLength(1);
    expect(await second.select().from(schema.accounts).where(eq(schema.accounts.id, partner.id))).toHaveLength(1);
    expect(await second.select().from(schema.teams).where(eq(schema.teams.accountId, partner.id))).not.toEqual([]);
    // The step kept with its rows at onboarding, once sent by the cron, takes nothing back either, and goes.
    const [kept] = await keptFor(env.SHARD_WEUR_1, partner.id);
    expect((await runFlows([{ ...step, keptId: kept!.id }])).explicitAcks).toHaveLength(1);
    expect(await second.select().from(schema.accounts).where(eq(schema.accounts.id, partner.id))).toHaveLength(1);
    expect(await keptFor(env.SHARD_WEUR_1, partner.id)).toEqual([]);
  });
});

describe("a same-shard link written on one database only", () => {
  const parentIn = async (db: typeof directory) =>
    (await db.select({ parent: schema.accounts.parentAccountId }).from(schema.accounts).where(eq(schema.accounts.id, HARBOUR)))[0]?.parent;

  it("is put back by the flow queue when the request's undo failed; a late duplicate leaves a later link alone", async () => {
    const partner = await ukPartner(`Link Partner ${crypto.randomUUID().slice(0, 6)}`);
    const queue = capturedQueue();
    // The directory refuses the routing row; the shard took the link, then refuses putting it back (its compare-and-set).
    const DB = failingD1(env.DB, /^update "accounts" set "parent_account_id"/);
    const SHARD_WEUR_1 = failingD1(env.SHARD_WEUR_1, /"accounts"\."parent_account_id" = \?/);
    const link = (bindings: Partial<Env> = {}) =>
      apiAs("otherCustomerAdmin", { accountId: HARBOUR, bindings }).post(`/v1/admin/accounts/${HARBOUR}/assign-parent`, { tan: partner.tan });
    try {
      const res = await link({ DB, SHARD_WEUR_1, FLOW_QUEUE: queue.queue });
      expect(res.status).toBe(500);
      expect([DB.failures, SHARD_WEUR_1.failures]).toEqual([1, 1]);
      expect(await parentIn(second)).toBe(partner.id);
      expect(await parentIn(directory)).toBe(CONTOSO);
      expect(queue.sent).toEqual([expect.objectContaining({ kind: "undoLink", shard: "weur-1", customerId: HARBOUR, from: CONTOSO, to: partner.id })]);
      expect(await cronKept(HARBOUR)).toEqual([]);
      // The step refused by the shard on every attempt: given up, the two databases still disagree.
      await exhaust(queue.sent, { SHARD_WEUR_1: failingD1(env.SHARD_WEUR_1, /"accounts"\."parent_account_id" = \?/, Infinity) });
      expect(await parentIn(second)).toBe(partner.id);

      // The cron's copy of the step puts the shard's row back; the first message, run again, changes nothing.
      const again = await cronKept(HARBOUR);
      expect(again).toEqual([expect.objectContaining({ kind: "undoLink", shard: "weur-1", customerId: HARBOUR })]);
      for (const [attempts, messages] of [
        [1, again],
        [2, queue.sent],
      ] as const) {
        expect((await runFlows([...messages], { attempts })).explicitAcks).toHaveLength(1);
        expect(await parentIn(second)).toBe(CONTOSO);
        expect(await parentIn(directory)).toBe(CONTOSO);
      }
      expect(await keptFor(env.SHARD_WEUR_1, HARBOUR)).toEqual([]);
      // The link made again goes through; a late duplicate of the step leaves it (both databases agree).
      clearIsolateCaches();
      expect((await link()).status).toBe(200);
      expect((await runFlows(queue.sent, { attempts: 3 })).explicitAcks).toHaveLength(1);
      expect(await parentIn(second)).toBe(partner.id);
      expect(await parentIn(directory)).toBe(partner.id);
    } finally {
      for (const db of [second, directory]) await db.update(schema.accounts).set({ parentAccountId: CONTOSO }).where(eq(schema.accounts.id, HARBOUR));
      clearIsolateCaches();
    }
  });
});

describe("a member's identity membership after a refused status", () => {
  it("follows the shard's status again through the flow queue when the request's undo failed", async () => {
    const partner = await ukPartner(`Status Partner ${crypto.randomUUID().slice(0, 6)}`);
    const invitee = await signUp("Sam Status");
    const owner = (bindings: Partial<Env> = {}) => apiAs(partner.owner.token, { accountId: partner.id, bindings });
    const sent = await owner().post("/v1/admin/account-users/invites", { emails: invitee.email });
    const inviteId = (await json(sent)).results[0].inviteId as string;
    expect((await apiAs(invitee.token).post(`/v1/accounts/${partner.id}/invites/${inviteId}/accept`)).status).toBe(200);
    const member = (await json(await owner().get("/v1/admin/account-users"))).items.find((m: { email: string }) => m.email === invitee.email);
    const [authUser] = await directory.select().from(schema.authUsers).where(eq(schema.authUsers.email, invitee.email));
    const [org] = await directory.select({ authId: schema.accounts.authId }).from(schema.accounts).where(eq(schema.accounts.id, partner.id));
    const identity = () =>
      directory
        .select({ id: schema.authMembers.id })
        .from(schema.authMembers)
        .where(and(eq(schema.authMembers.userId, authUser!.id), eq(schema.authMembers.organizationId, org!.authId!)));
    const put = (body: unknown, bindings: Partial<Env> = {}) => owner(bindings).put(`/v1/admin/account-users/${member.id}`, body);
    expect(await identity()).toHaveLength(1);

    // The shard refuses the status; putting the directory's row back fails too: the member is active without it.
    const queue = capturedQueue();
    const DB = failingD1(env.DB, /^insert into "auth_members"/);
    const res = await failingOnSecond("UPDATE", "account_users", () => put({ status: "inactive" }, { DB, FLOW_QUEUE: queue.queue }));
    expect(res.status).toBe(500);
    expect(DB.failures).toBe(1);
    expect(await identity()).toEqual([]);
    expect(queue.sent).toEqual([expect.objectContaining({ kind: "undoMemberStatus", shard: "weur-1", memberId: member.id })]);
    expect(await cronKept(partner.id)).toEqual([]);
    // The directory refuses the step on every attempt: given up, the member still without its identity membership.
    await exhaust(queue.sent, { DB: failingD1(env.DB, /^insert into "auth_members"/, Infinity) });
    expect(await identity()).toEqual([]);

    // The cron's copy of the step puts it back while the shard says active; with the first message run again, still one row.
    const again = await cronKept(partner.id);
    expect(again).toEqual([expect.objectContaining({ kind: "undoMemberStatus", memberId: member.id })]);
    for (const [attempts, messages] of [
      [1, again],
      [2, queue.sent],
    ] as const) {
      expect((await runFlows([...messages], { attempts })).explicitAcks).toHaveLength(1);
      expect(await identity()).toHaveLength(1);
    }
    expect(await keptFor(env.SHARD_WEUR_1, partner.id, "undoMemberStatus")).toEqual([]);
    // Marked inactive for real, a late duplicate of the step does not give the membership back.
    expect((await put({ status: "inactive" })).status).toBe(200);
    expect(await identity()).toEqual([]);
    expect((await runFlows(queue.sent, { attempts: 3 })).explicitAcks).toHaveLength(1);
    expect(await identity()).toEqual([]);
  });
});
