import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { partnersOf, writeWorkoutCopy } from "../../worker/data/publication";
import { database } from "../../worker/db";
import worker from "../../worker/index";
import { apiAs } from "./auth";
import { capturedQueue, directory, failingD1, first, resetSecondShard, runFlows, second, workoutBody } from "./flows-setup";
import { json } from "./helpers";

/**
 * The published catalogue across shards: Northwind (first shard) lists a
 * workout, Contoso (weur-1) finds it in the directory's catalogue, adds it
 * (a copy lands in its shard) and keeps it current through the Queue.
 */
const CONTOSO = DEMO.contoso.id;
const northwind = (queue = capturedQueue()) => ({ api: apiAs("partnerAdmin", { accountId: DEMO.northwind.id, bindings: queue.bindings }), sent: queue.sent });
const contoso = () => apiAs("otherPartnerAdmin", { accountId: CONTOSO });
const offered = async () => (await json<{ id: string }[]>(await contoso().get("/v1/admin/workouts/listed"))).map((w) => w.id);
const published = async (id: string) => (await directory.select().from(schema.publishedWorkouts).where(eq(schema.publishedWorkouts.workoutId, id)))[0];
const copyOf = async (id: string) => (await second.select().from(schema.workouts).where(eq(schema.workouts.id, id)))[0];
const secret = {
  name: "Fabrikam deal",
  priceType: "customer",
  customerAccountId: DEMO.customers.fabrikam.id,
  pricingType: "value",
  currency: "USD",
  amount: 4242,
};

/** Northwind lists a workout; the publish step runs; answers its id, body and the refreshes asked of other shards. */
async function listOne() {
  const author = northwind();
  const body = workoutBody({ partnerVisibility: "listed", pricing: [...workoutBody().pricing, secret] });
  const res = await author.api.post("/v1/admin/workouts", body);
  expect(res.status).toBe(201);
  const { id } = await json(res);
  expect(author.sent).toEqual([{ kind: "publish", shard: "first", workoutId: id }]);
  const refreshes = capturedQueue();
  expect((await runFlows(author.sent, { bindings: refreshes.bindings })).explicitAcks).toHaveLength(1);
  return { id, body, refreshes: refreshes.sent };
}

/** Northwind changes the workout's title; the publish step runs (with `bindings`); answers the step's messages and result. */
async function retitle(id: string, body: Record<string, unknown>, title: string, bindings: Partial<Env> = {}) {
  const author = northwind();
  expect((await author.api.put(`/v1/admin/workouts/${id}`, { details: { ...body, title } })).status).toBe(200);
  const refreshes = capturedQueue();
  const result = await runFlows(author.sent, { bindings: { ...refreshes.bindings, ...bindings } });
  return { result, refreshes: refreshes.sent };
}

afterEach(resetSecondShard);

describe("a listed workout in the directory's published catalogue", () => {
  it("is published through the Queue at its version, and offered to a partner on another shard", async () => {
    const { id, refreshes } = await listOne();
    expect(await published(id)).toMatchObject({ partnerAccountId: DEMO.northwind.id, shard: "first", version: 1, partnerVisibility: "listed" });
    // The author's customer prices never leave its shard.
    expect(JSON.stringify((await published(id))!.document)).not.toContain(`"amount":4242`);
    expect(refreshes).toEqual([{ kind: "refresh", shard: "weur-1", workoutId: id, version: 1 }]);
    expect(await offered()).toContain(id);
  });

  it("keeps the old version whole when the directory's write fails, and publishes on the retry", async () => {
    const { id, body } = await listOne();
    const DB = failingD1(env.DB, /^insert into "published_workouts"/);
    const failed = await retitle(id, body, "Shared Mailboxes, revised", { DB });
    expect(DB.failures).toBe(1);
    expect(failed.result.retryMessages).toHaveLength(1);
    expect(await published(id)).toMatchObject({ version: 1, title: "Shared Mailboxes" });
    expect(failed.refreshes).toEqual([]);
    const refreshes = capturedQueue();
    await runFlows([{ kind: "publish", shard: "first", workoutId: id }], { attempts: 2, bindings: refreshes.bindings });
    expect(await published(id)).toMatchObject({ version: 2, title: "Shared Mailboxes, revised" });
  });

  it("is no longer offered once unlisted, and an older publish step cannot list it again", async () => {
    const { id, body } = await listOne();
    const author = northwind();
    expect((await author.api.put(`/v1/admin/workouts/${id}`, { details: { ...body, partnerVisibility: "private" } })).status).toBe(200);
    await runFlows(author.sent, { bindings: capturedQueue().bindings });
    expect(await published(id)).toMatchObject({ version: 2, partnerVisibility: "private" });
    expect(await offered()).not.toContain(id);
    expect((await contoso().post(`/v1/admin/workouts/${id}/library`)).status).toBe(404);
    // An older version arriving late changes nothing.
    await directory.update(schema.publishedWorkouts).set({ version: 5 }).where(eq(schema.publishedWorkouts.workoutId, id));
    await first.update(schema.workouts).set({ partnerVisibility: "listed" }).where(eq(schema.workouts.id, id));
    await runFlows([{ kind: "publish", shard: "first", workoutId: id }], { bindings: capturedQueue().bindings });
    expect(await published(id)).toMatchObject({ version: 5, partnerVisibility: "private" });
  });
});

describe("a publish step that was never sent", () => {
  it("leaves the author's write standing, and the cron publishes the workout again", async () => {
    const down = async () => {
      throw new Error("queue unavailable");
    };
    const FLOW_QUEUE = { send: down, sendBatch: down } as unknown as Queue;
    const res = await apiAs("partnerAdmin", { accountId: DEMO.northwind.id, bindings: { FLOW_QUEUE } }).post(
      "/v1/admin/workouts",
      workoutBody({ partnerVisibility: "listed" }),
    );
    expect(res.status).toBe(201);
    const { id } = await json<{ id: string }>(res);
    expect(await published(id)).toBeUndefined();
    const queue = capturedQueue();
    const MAIL_QUEUE = { send: async () => undefined, sendBatch: async () => undefined } as unknown as Queue;
    await worker.scheduled(createScheduledController({ cron: "*/10 * * * *" }), { ...env, MAIL_QUEUE, ...queue.bindings });
    const step = { kind: "publish", shard: "first", workoutId: id } as const;
    expect(queue.sent).toContainEqual(step);
    await runFlows([step], { bindings: capturedQueue().bindings });
    expect(await published(id)).toMatchObject({ version: 1, partnerVisibility: "listed" });
  });
});

describe("a listed workout added by a partner on another shard", () => {
  it("is copied into that partner's shard at its published version, with the author's reference row, and reads from there", async () => {
    const { id } = await listOne();
    const added = await contoso().post(`/v1/admin/workouts/${id}/library`);
    expect(added.status).toBe(201);
    expect(await json(added)).toMatchObject({ id, own: false, status: "draft", title: "Shared Mailboxes" });
    expect(await copyOf(id)).toMatchObject({ accountId: DEMO.northwind.id, version: 1 });
    expect(await second.select().from(schema.workoutSessions).where(eq(schema.workoutSessions.workoutId, id))).toHaveLength(2);
    const prices = await second.select().from(schema.pricingLines).where(eq(schema.pricingLines.workoutId, id));
    expect(prices.map((p) => p.amount)).toEqual([90000]);
    const [author] = await second.select().from(schema.accounts).where(eq(schema.accounts.id, DEMO.northwind.id));
    expect(author).toMatchObject({ type: "partner", tan: DEMO.northwind.tan });
    const [entry] = await second
      .select()
      .from(schema.libraryEntries)
      .where(and(eq(schema.libraryEntries.accountId, CONTOSO), eq(schema.libraryEntries.workoutId, id)));
    expect(entry).toMatchObject({ status: "draft" });
    expect((await contoso().post(`/v1/admin/workouts/${id}/library`)).status).toBe(409);
    expect(await offered()).not.toContain(id);
  });

  it("is kept current through the Queue when the author changes it, once per version", async () => {
    const { id, body } = await listOne();
    expect((await contoso().post(`/v1/admin/workouts/${id}/library`)).status).toBe(201);
    const { refreshes } = await retitle(id, body, "Shared Mailboxes for teams");
    expect(refreshes).toEqual([{ kind: "refresh", shard: "weur-1", workoutId: id, version: 2 }]);
    expect((await copyOf(id))?.title).toBe("Shared Mailboxes");
    expect((await runFlows(refreshes)).explicitAcks).toHaveLength(1);
    expect(await copyOf(id)).toMatchObject({ title: "Shared Mailboxes for teams", version: 2 });
    expect((await json(await contoso().get(`/v1/admin/workouts/${id}`))).title).toBe("Shared Mailboxes for teams");
    // Once more: nothing changes.
    await runFlows(refreshes);
    expect(await second.select().from(schema.workoutSessions).where(eq(schema.workoutSessions.workoutId, id))).toHaveLength(2);
  });

  it("never goes back: a refresh of an older version written after a newer one is refused whole", async () => {
    const { id, body } = await listOne();
    expect((await contoso().post(`/v1/admin/workouts/${id}/library`)).status).toBe(201);
    // A refresh reads version 1 (here with a session the author dropped since), then version 2 is copied first.
    const late = structuredClone((await published(id))!.document);
    late.sessions.push({ ...late.sessions[0]!, id: crypto.randomUUID(), name: "Dropped since", sequence: 9 });
    const { refreshes } = await retitle(id, body, "Shared Mailboxes, v2");
    expect((await runFlows(refreshes)).explicitAcks).toHaveLength(1);
    expect(await copyOf(id)).toMatchObject({ title: "Shared Mailboxes, v2", version: 2 });
    // The late refresh, delivered out of order: nothing written, neither the older title nor the dropped session.
    const shard = database(env.SHARD_WEUR_1);
    expect(await writeWorkoutCopy(shard, late, await partnersOf(database(env.DB), late))).toBe(false);
    expect(await copyOf(id)).toMatchObject({ title: "Shared Mailboxes, v2", version: 2 });
    expect((await second.select().from(schema.workoutSessions).where(eq(schema.workoutSessions.workoutId, id))).map((s) => s.name)).not.toContain(
      "Dropped since",
    );
  });

  it("keeps the copy whole at its old version when the refresh fails, and current after the retry", async () => {
    const { id, body } = await listOne();
    expect((await contoso().post(`/v1/admin/workouts/${id}/library`)).status).toBe(201);
    const { refreshes } = await retitle(id, body, "Shared Mailboxes, v2");
    const SHARD_WEUR_1 = failingD1(env.SHARD_WEUR_1, /^insert into "workout_sessions"/);
    const failed = await runFlows(refreshes, { bindings: { SHARD_WEUR_1 } });
    expect(SHARD_WEUR_1.failures).toBeGreaterThan(0);
    expect(failed.retryMessages).toHaveLength(1);
    expect(await copyOf(id)).toMatchObject({ title: "Shared Mailboxes", version: 1 });
    expect(await second.select().from(schema.workoutSessions).where(eq(schema.workoutSessions.workoutId, id))).toHaveLength(2);
    expect((await runFlows(refreshes, { attempts: 2 })).explicitAcks).toHaveLength(1);
    expect(await copyOf(id)).toMatchObject({ title: "Shared Mailboxes, v2", version: 2 });
  });

  it("refuses the catalogue to a caller without a token (401) and to a member (403)", async () => {
    expect((await apiAs(null).get("/v1/admin/workouts/listed")).status).toBe(401);
    expect((await apiAs("partnerMember").get("/v1/admin/workouts/listed")).status).toBe(403);
    expect((await contoso().post(`/v1/admin/workouts/${crypto.randomUUID()}/library`)).status).toBe(404);
  });
});
