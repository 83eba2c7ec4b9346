/**
 * The directory's copy of an account follows its row on the shard
 * (docs/decisions/2026-11-27-directory-copy-of-an-account.md): a partner's
 * details and zone, a customer's name, each saved on Contoso's side (weur-1)
 * while the directory refuses its write, stand on the shard; the kept
 * `copyAccount` step, sent again by the cron's run once due, brings the
 * directory to them, twice the same. A copy of an older version never
 * overwrites a newer one.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { runScheduled } from "../../worker/cron";
import { database } from "../../worker/db";
import { runBatch } from "../../worker/data/statements";
import { directoryCopyStatement } from "../../worker/data/directory-copy";
import { directoryPart } from "../../worker/data/routing-rows";
import { RETRY_WINDOW_MS, type FlowMessage } from "../../worker/domain/flows";
import { ACCOUNT_DETAILS, apiAs, multipart, type Caller } from "./auth";
import { shardDbOf } from "./databases";
import { capturedQueue, directory, failingD1, runFlows } from "./flows-setup";
import { dueAndRun, stoppedAt } from "./cut-off-setup";
import { keptFor } from "./kept-setup";

const CONTOSO = DEMO.contoso.id;
const HARBOUR = DEMO.customers.harbour.id;

const rowOf = async (id: string) => {
  const shard = await shardDbOf(id);
  const [onShard] = await shard.select().from(schema.accounts).where(eq(schema.accounts.id, id));
  const [onDirectory] = await directory.select().from(schema.accounts).where(eq(schema.accounts.id, id));
  return { shard: onShard!, directory: onDirectory! };
};

/** What the directory keeps of the account on each side, with its version. */
const keptParts = async (id: string) => {
  const { shard, directory: copy } = await rowOf(id);
  const kept = (r: schema.Account) => ({ ...directoryPart(r), version: r.directoryVersion });
  return { shard: kept(shard), directory: kept(copy) };
};

let restore: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const undo of restore.reverse()) await undo();
  restore = [];
});

/** The account's rows on its shard and in the directory are put back as they are now after the test. */
async function restoredAfter(id: string) {
  const before = await rowOf(id);
  restore.push(async () => {
    const { id: _id, directoryVersion: _v, updatedAt: _u, ...was } = before.shard;
    await (await shardDbOf(id)).update(schema.accounts).set(was).where(eq(schema.accounts.id, id));
    const { id: _d, ...copy } = before.directory;
    await directory.update(schema.accounts).set(copy).where(eq(schema.accounts.id, id));
  });
}

/** Saves the account's details as `who` with every directory write of accounts failing; the steps it sent. */
async function saveWhileDirectoryFails(who: Caller, id: string, send: (api: ReturnType<typeof apiAs>) => Promise<Response>) {
  await restoredAfter(id);
  const queue = capturedQueue();
  const failing = failingD1(env.DB, /^update "accounts"/i, Infinity);
  const res = await send(apiAs(who, { accountId: id, bindings: { DB: failing, ...queue.bindings } }));
  expect(res.status, await res.clone().text()).toBe(200);
  expect(failing.failures).toBeGreaterThan(0);
  return queue.sent;
}

/** The cron's run once the kept steps are due, then the steps it sent, run by the flow consumer. */
async function cronRepairs(accountId: string) {
  const flows = capturedQueue();
  const mail = { send: async () => {}, sendBatch: async () => {} } as unknown as Queue;
  await runScheduled({ ...env, FLOW_QUEUE: flows.queue, MAIL_QUEUE: mail }, Date.now() + RETRY_WINDOW_MS + 60_000);
  const mine = flows.sent.filter((m: FlowMessage) => m.kind === "copyAccount" && m.accountIds.includes(accountId));
  expect(mine).toHaveLength(1);
  for (let run = 0; run < 2; run++) await runFlows(mine);
}

describe("the directory's copy of an account when the directory refuses a change", () => {
  it("a partner's details: the shard's change stands, the step is kept, and the cron's run makes the directory match", async () => {
    const sent = await saveWhileDirectoryFails("otherPartnerAdmin", CONTOSO, (api) =>
      api.send(
        "PUT",
        `/v1/admin/accounts/${CONTOSO}/profile`,
        multipart({ ...ACCOUNT_DETAILS, name: "Contoso Renamed", website: "https://renamed.contoso.test", currency: "GBP", location: "UK", language: "enGB" }),
      ),
    );
    expect(sent).toEqual([{ kind: "copyAccount", shard: "weur-1", accountIds: [CONTOSO], keptId: expect.any(String) }]);
    expect((await keptFor(env.SHARD_WEUR_1, CONTOSO, "copyAccount")).length).toBe(1);
    const parts = await keptParts(CONTOSO);
    expect(parts.shard).toMatchObject({ name: "Contoso Renamed", website: "https://renamed.contoso.test", language: "enGB" });
    expect(parts.directory).not.toEqual(parts.shard);

    await cronRepairs(CONTOSO);
    const repaired = await keptParts(CONTOSO);
    expect(repaired.directory).toEqual(repaired.shard);
    // The step succeeded: its row is gone.
    expect(await keptFor(env.SHARD_WEUR_1, CONTOSO, "copyAccount")).toEqual([]);
  });

  it("a partner's time zone: the same", async () => {
    await saveWhileDirectoryFails("otherPartnerAdmin", CONTOSO, (api) => api.put(`/v1/admin/accounts/${CONTOSO}/time-zone`, { timeZone: "Asia/Tokyo" }));
    const { shard, directory: copy } = await rowOf(CONTOSO);
    expect(shard.timeZone).toBe("Asia/Tokyo");
    expect(copy.timeZone).not.toBe("Asia/Tokyo");

    await cronRepairs(CONTOSO);
    const repaired = await keptParts(CONTOSO);
    expect(repaired.directory).toEqual(repaired.shard);
    expect((await rowOf(CONTOSO)).directory.timeZone).toBe("Asia/Tokyo");
  });

  it("a customer's name: its routing row follows", async () => {
    await saveWhileDirectoryFails("otherCustomerAdmin", HARBOUR, (api) =>
      api.send("PUT", `/v1/admin/accounts/${HARBOUR}/profile`, multipart({ ...ACCOUNT_DETAILS, name: "Harbour Renamed", currency: "GBP" })),
    );
    expect((await rowOf(HARBOUR)).directory.name).not.toBe("Harbour Renamed");

    await cronRepairs(HARBOUR);
    const { directory: copy } = await rowOf(HARBOUR);
    expect(copy.name).toBe("Harbour Renamed");
    const repaired = await keptParts(HARBOUR);
    expect(repaired.directory).toEqual(repaired.shard);
  });
});

describe("a change of the directory's part cut off before the directory's write", () => {
  it("is copied by the step kept in the shard's batch: a partner's details and its zone", async () => {
    await restoredAfter(CONTOSO);
    for (const send of [
      (api: ReturnType<typeof apiAs>) =>
        api.send(
          "PUT",
          `/v1/admin/accounts/${CONTOSO}/profile`,
          multipart({ ...ACCOUNT_DETAILS, name: "Contoso Cut Off", currency: "GBP", location: "UK", language: "enGB" }),
        ),
      (api: ReturnType<typeof apiAs>) => api.put(`/v1/admin/accounts/${CONTOSO}/time-zone`, { timeZone: "Pacific/Auckland" }),
    ]) {
      const queue = capturedQueue();
      const was = (await keptFor(env.SHARD_WEUR_1, CONTOSO, "copyAccount")).map((k) => k.id);
      expect((await stoppedAt("accountCopy", () => send(apiAs("otherPartnerAdmin", { accountId: CONTOSO, bindings: queue.bindings })))).status).toBe(500);
      expect(queue.sent).toEqual([]);
      const parts = await keptParts(CONTOSO);
      expect(parts.directory).not.toEqual(parts.shard);
      const kept = (await keptFor(env.SHARD_WEUR_1, CONTOSO, "copyAccount")).filter((k) => !was.includes(k.id));
      expect(kept).toHaveLength(1);
      await dueAndRun(
        CONTOSO,
        kept.map((k) => k.id),
        env.SHARD_WEUR_1,
      );
      const repaired = await keptParts(CONTOSO);
      expect(repaired.directory).toEqual(repaired.shard);
    }
    expect((await rowOf(CONTOSO)).directory).toMatchObject({ name: "Contoso Cut Off", timeZone: "Pacific/Auckland" });
  });
});

describe("a copy of an older version of an account", () => {
  it("never overwrites the directory's newer copy", async () => {
    const older = (await rowOf(CONTOSO)).shard;
    restore.push(() => apiAs("otherPartnerAdmin", { accountId: CONTOSO }).put(`/v1/admin/accounts/${CONTOSO}/time-zone`, { timeZone: older.timeZone }));
    // A later change goes through on both sides.
    const res = await apiAs("otherPartnerAdmin", { accountId: CONTOSO }).put(`/v1/admin/accounts/${CONTOSO}/time-zone`, { timeZone: "America/Lima" });
    expect(res.status).toBe(200);
    const newer = await keptParts(CONTOSO);
    expect(newer.directory).toEqual(newer.shard);
    expect(newer.shard.version).toBeGreaterThan(older.directoryVersion);

    // The copy read before it (a step that read the shard first) lands after it: nothing changes.
    const plain = database(env.DB);
    await runBatch(env.DB, [directoryCopyStatement(plain, CONTOSO, directoryPart(older)!, older.directoryVersion)]);
    expect(await keptParts(CONTOSO)).toEqual(newer);
  });
});
