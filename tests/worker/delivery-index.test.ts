import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { database } from "../../worker/db";
import { indexStatements } from "../../worker/data/delivery-index";
import { d1Of, runBatch } from "../../worker/data/statements";
import { LAST_ATTEMPT, type FlowMessage } from "../../worker/domain/flows";
import { reindexDeliveries } from "../../worker/flows/catalogue";
import { clearIsolateCaches } from "../../worker/http/isolate-cache";
import { apiAs } from "./auth";
import { d1Figures, warmAnswer } from "./d1-figures";
import { holdClockInEachTest } from "./clock";
import { capturedQueue, directory, failingD1, first, moveContosoToFirstShard, resetSecondShard, runFlows } from "./flows-setup";
import { json } from "./helpers";

/**
 * The directory's index of which partners deliver which partners' workouts:
 * Northwind (first shard) names Contoso (weur-1) as the delivery partner of
 * its private Power Automate workout; the publish step its change sends
 * keeps the index, and Contoso's list of the workouts it delivers reads
 * Northwind's shard only while the index names it there.
 */
const NORTHWIND = DEMO.northwind.id;
const CONTOSO = DEMO.contoso.id;
const AUTOMATE = DEMO.workouts.powerAutomate;
/** Northwind's shard, the deployment's default (where the cron's fill runs for it). */
const FIRST = { name: "first", isDefault: true };
const northwind = (bindings?: Partial<Env>) => apiAs("partnerAdmin", { accountId: NORTHWIND, bindings });
const contoso = apiAs("otherPartnerAdmin", { accountId: CONTOSO });

const rows = () => directory.select().from(schema.deliveryIndex).where(eq(schema.deliveryIndex.workoutId, AUTOMATE));
const live = async () => (await rows()).filter((r) => !r.removed).map((r) => r.delivererAccountId);

/** Northwind names the partners with `tans` as the workout's delivery partners; answers the publish step its change sent (not run yet). */
async function named(tans: string[]): Promise<FlowMessage[]> {
  const q = capturedQueue();
  const res = await northwind(q.bindings).put(`/v1/admin/workouts/${AUTOMATE}`, { deliveryPartners: tans.map((partnerTan) => ({ partnerTan })) });
  expect(res.status, await res.clone().text()).toBe(200);
  const steps = q.sent.filter((m) => m.kind === "publish");
  expect(steps).toEqual([{ kind: "publish", shard: "first", workoutId: AUTOMATE }]);
  return steps;
}

/** The same, with the step run as the flow queue would (and this isolate's cached routing rows dropped, as another isolate's lapse). */
async function delivered(tans: string[]) {
  expect((await runFlows(await named(tans))).explicitAcks).toHaveLength(1);
  clearIsolateCaches();
}

/** Contoso's list of the workouts it delivers (warm), with the D1 figures of reading it. */
async function contosoList() {
  const res = await warmAnswer(() => contoso.get("/v1/admin/slots/workouts"));
  expect(res.status).toBe(200);
  return { ids: (await json<{ id: string }[]>(res.clone())).map((w) => w.id), ...d1Figures(res) };
}

afterEach(resetSecondShard);

describe("the delivery index", () => {
  it("names the partner a workout's author chooses, and its list reads the author's shard beside its own; a partner delivering nothing elsewhere reads its own only", async () => {
    const before = await contosoListUnindexed();
    expect(before.ids).not.toContain(AUTOMATE);
    // The membership, then its own shard: nothing indexed elsewhere.
    expect(before).toMatchObject({ calls: 2, depth: 2 });

    await delivered([DEMO.contoso.tan]);
    expect(await live()).toEqual([CONTOSO]);
    expect(await rows()).toContainEqual(expect.objectContaining({ delivererAccountId: CONTOSO, authorAccountId: NORTHWIND, removed: false }));
    const after = await contosoList();
    expect(after.ids).toContain(AUTOMATE);
    // Its own shard and Northwind's, side by side.
    expect(after).toMatchObject({ calls: 3, depth: 2 });
    // Northwind's list reads its own shard only, and no longer has the workout it handed over.
    const own = await warmAnswer(() => northwind().get("/v1/admin/slots/workouts"));
    expect(d1Figures(own)).toEqual({ calls: 2, depth: 2 });
    expect((await json<{ id: string }[]>(own)).map((w) => w.id)).not.toContain(AUTOMATE);
  });

  it("stays right when the delivery is reassigned, then removed: the partner no longer named is marked removed and its list reads its own shard only", async () => {
    await delivered([DEMO.contoso.tan]);
    await delivered([DEMO.northwind.tan]);
    expect(await live()).toEqual([NORTHWIND]);
    expect(await rows()).toContainEqual(expect.objectContaining({ delivererAccountId: CONTOSO, removed: true }));
    const reassigned = await contosoList();
    expect(reassigned.ids).not.toContain(AUTOMATE);
    expect(reassigned).toMatchObject({ calls: 2, depth: 2 });

    await delivered([]);
    expect(await live()).toEqual([]);
    expect((await rows()).every((r) => r.removed)).toBe(true);
  });

  it("is written over an older version only: the same step again, and a late step of an older version, change nothing", async () => {
    const step = await named([DEMO.contoso.tan]);
    await runFlows(step);
    const written = await rows();
    await runFlows(step, { attempts: 2 });
    expect(await rows()).toEqual(written);
    const version = written[0]!.version;
    // An older version naming another partner, arriving late (as a retried step of before the change would).
    const older = { workout: { id: AUTOMATE, accountId: NORTHWIND, version: version - 1 } } as schema.PublishedDocument;
    await runBatch(d1Of(database(env.DB)), indexStatements(database(env.DB), older, [NORTHWIND]));
    expect(await rows()).toEqual(written);
  });

  it("is left as it was when the directory refuses the step, which is retried; a step that still fails on its last attempt is repaired by the cron", async () => {
    await delivered([DEMO.contoso.tan]);
    const step = await named([]);
    const refused = failingD1(env.DB, /delivery_index/i, Infinity);
    expect((await runFlows(step, { bindings: { DB: refused } })).retryMessages).toHaveLength(1);
    expect(await live()).toEqual([CONTOSO]);
    // The last attempt: acknowledged with nothing half done (the index stays at its older version).
    expect((await runFlows(step, { attempts: LAST_ATTEMPT, bindings: { DB: refused } })).explicitAcks).toHaveLength(1);
    expect(await live()).toEqual([CONTOSO]);
    // The cron finds the index behind the workout and sends its step again; run, the index is right.
    const q = capturedQueue();
    expect(await reindexDeliveries(database(env.SHARD_FIRST), database(env.DB), { FLOW_QUEUE: q.queue }, FIRST)).toBeGreaterThanOrEqual(1);
    expect(q.sent).toContainEqual({ kind: "publish", shard: "first", workoutId: AUTOMATE });
    await runFlows(q.sent.filter((m) => m.kind === "publish" && m.workoutId === AUTOMATE));
    expect(await live()).toEqual([]);
  });

  it("is filled by the cron for the workouts written before it, once", async () => {
    await delivered([DEMO.contoso.tan]);
    await directory.delete(schema.deliveryIndex);
    const q = capturedQueue();
    await reindexDeliveries(database(env.SHARD_FIRST), database(env.DB), { FLOW_QUEUE: q.queue }, FIRST);
    const sent = q.sent.filter((m) => m.kind === "publish");
    expect(sent).toContainEqual({ kind: "publish", shard: "first", workoutId: AUTOMATE });
    await runFlows(sent);
    expect(await live()).toEqual([CONTOSO]);
    const again = capturedQueue();
    await reindexDeliveries(database(env.SHARD_FIRST), database(env.DB), { FLOW_QUEUE: again.queue }, FIRST);
    expect(again.sent).toEqual([]);
  });

  it("is read for the caller's own partner only: 401 without a token, 403 to a customer and to a partner's admin acting as another partner", async () => {
    await delivered([DEMO.contoso.tan]);
    expect((await apiAs(null, { accountId: CONTOSO }).get("/v1/admin/slots/workouts")).status).toBe(401);
    expect((await apiAs("otherCustomerAdmin", { accountId: DEMO.customers.harbour.id }).get("/v1/admin/slots/workouts")).status).toBe(403);
    expect((await apiAs("otherPartnerAdmin", { accountId: NORTHWIND }).get("/v1/admin/slots/workouts")).status).toBe(403);
    expect((await apiAs("partnerAdmin", { accountId: CONTOSO }).get("/v1/admin/slots/workouts")).status).toBe(403);
  });

  it("stays right through a partner's move to another shard: the author's shard comes from its routing row", async () => {
    await delivered([DEMO.contoso.tan]);
    await moveContosoToFirstShard();
    const moved = await contosoList();
    expect(moved.ids).toContain(AUTOMATE);
    // Both partners on one shard now: no other shard is read.
    expect(moved).toMatchObject({ calls: 2, depth: 2 });
  });
});

/** Contoso's list before it delivers the workout (the seed indexes no delivery across shards). */
async function contosoListUnindexed() {
  expect(await live()).not.toContain(CONTOSO);
  return contosoList();
}

/** Contoso's list of the workouts it delivers as this isolate answers it now (its caches as they are), with the D1 figures. */
async function contosoListNow() {
  const res = await contoso.get("/v1/admin/slots/workouts");
  expect(res.status).toBe(200);
  return { ids: (await json<{ id: string }[]>(res.clone())).map((w) => w.id), ...d1Figures(res) };
}

/** The same change of the workout's delivery partners with its publish step run on this isolate, its caches kept. */
async function deliveredHere(tans: string[]) {
  expect((await runFlows(await named(tans))).explicitAcks).toHaveLength(1);
}

describe("the delivery index, fresh for the partner who reads it", () => {
  holdClockInEachTest();
  // Each test starts from a workout Northwind delivers itself (an earlier test may have left Contoso named on Northwind's shard).
  beforeEach(() => delivered([]));

  it("a partner on another shard newly named sees the workout in its list at once on the same isolate, then reads as a warm list does", async () => {
    // Contoso's routing row cached before the change, the clock held: its age cannot lapse.
    expect((await contosoList()).ids).not.toContain(AUTOMATE);
    await deliveredHere([DEMO.contoso.tan]);
    const fresh = await contosoListNow();
    expect(fresh.ids).toContain(AUTOMATE);
    // Once after the change: the routing row read again beside its own shard, then Northwind's.
    expect(fresh).toMatchObject({ calls: 4, depth: 3 });
    expect(await contosoList()).toMatchObject({ ids: expect.arrayContaining([AUTOMATE]), calls: 3, depth: 2 });
  });

  it("a partner on another shard newly named opens the workout's hours at once on the same isolate", async () => {
    const hours = () => contoso.get(`/v1/admin/availability?workoutId=${AUTOMATE}`);
    expect((await warmAnswer(hours)).status).toBe(404);
    await deliveredHere([DEMO.contoso.tan]);
    expect((await hours()).status).toBe(200);
  });

  it("a partner removed stops seeing the workout at once, and its list reads its own shard only after", async () => {
    await deliveredHere([DEMO.contoso.tan]);
    expect((await contosoList()).ids).toContain(AUTOMATE);
    await deliveredHere([]);
    const removed = await contosoListNow();
    expect(removed.ids).not.toContain(AUTOMATE);
    expect(await contosoList()).toMatchObject({ calls: 2, depth: 2 });
    expect((await contoso.get(`/v1/admin/availability?workoutId=${AUTOMATE}`)).status).toBe(404);
  });

  it("a partner on the author's shard newly named sees the workout at once, before the publish step, and stops seeing it once removed", async () => {
    await moveContosoToFirstShard();
    expect((await contosoList()).ids).not.toContain(AUTOMATE);
    await named([DEMO.contoso.tan]);
    expect((await contosoListNow()).ids).toContain(AUTOMATE);
    await named([]);
    expect((await contosoListNow()).ids).not.toContain(AUTOMATE);
  });

  it("a copy held on the partner's shard names its author's shard: the list reads it even while the index does not name it, and the author's shard decides", async () => {
    await delivered([DEMO.contoso.tan]);
    // Contoso publishes a time: the workout's copy, naming Contoso among its delivery partners, lands on its shard.
    const [session] = await first.select().from(schema.workoutSessions).where(eq(schema.workoutSessions.workoutId, AUTOMATE));
    const slot = await contoso.post("/v1/admin/slots", { workoutId: AUTOMATE, sessionId: session!.id, startsAt: "2031-01-07T14:00:00.000Z", capacity: 4 });
    expect(slot.status, await slot.clone().text()).toBe(201);
    // The index loses the workout (a step lost, another isolate's row): Contoso's routing row names no other shard.
    await directory.delete(schema.deliveryIndex).where(eq(schema.deliveryIndex.workoutId, AUTOMATE));
    clearIsolateCaches();
    const listed = await contosoList();
    expect(listed.ids).toContain(AUTOMATE);
    // Its own shard (with the copies it holds), then Northwind's.
    expect(listed).toMatchObject({ calls: 3, depth: 3 });
    // Northwind names nobody: the copy still names Contoso, but Northwind's shard no longer does.
    await deliveredHere([]);
    expect((await contosoListNow()).ids).not.toContain(AUTOMATE);
  });

  it("is read for the caller's own partner only: another partner's admin neither lists nor opens the workout", async () => {
    await deliveredHere([DEMO.contoso.tan]);
    const northwindList = await northwind().get("/v1/admin/slots/workouts");
    expect((await json<{ id: string }[]>(northwindList)).map((w) => w.id)).not.toContain(AUTOMATE);
    expect((await apiAs("partnerAdmin", { accountId: CONTOSO }).get("/v1/admin/slots/workouts")).status).toBe(403);
    expect((await apiAs("otherPartnerAdmin", { accountId: NORTHWIND }).get(`/v1/admin/availability?workoutId=${AUTOMATE}`)).status).toBe(403);
  });
});
