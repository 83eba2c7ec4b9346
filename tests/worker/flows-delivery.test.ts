import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { deliverySource, writeDeliveryCopy } from "../../worker/data/delivery";
import { database } from "../../worker/db";
import { apiAs, multipart } from "./auth";
import { FABRIKAM, giveFabrikamCredits, sessions, WORKOUT } from "./bookings-setup";
import { capturedQueue, contosoDelivers, failingD1, first, resetSecondShard, runFlows, second } from "./flows-setup";
import { json } from "./helpers";

/**
 * A job delivered by a partner on another shard: Fabrikam (Northwind's
 * customer, first shard) books a Northwind workout that Contoso (weur-1)
 * delivers. The job lives on the first shard; Contoso sees its delivery copy
 * on its own shard, brought to each version of the job through the Queue.
 */
const CONTOSO = DEMO.contoso.id;
const contoso = () => apiAs("otherPartnerAdmin", { accountId: CONTOSO });
const inDays = (d: number, h = 9) => new Date(Date.UTC(2031, 0, 1 + d, h)).toISOString();
const copyOf = async (id: string) => (await second.select().from(schema.jobs).where(eq(schema.jobs.id, id)))[0];

/** Fabrikam asks for the workout Contoso delivers; answers the job and the flow messages sent. */
async function book(day: number) {
  const queue = capturedQueue();
  const s = await sessions();
  const res = await apiAs("customerAdmin", { accountId: FABRIKAM, bindings: queue.bindings }).post("/v1/bookings", {
    workoutId: WORKOUT,
    mode: "request",
    sessions: s.map((x, i) => ({ sessionId: x.id, times: [inDays(day + i)] })),
  });
  expect(res.status).toBe(201);
  return { job: await json<{ id: string; version: number }>(res), sent: queue.sent };
}

beforeAll(() => giveFabrikamCredits(20));
beforeEach(() => contosoDelivers(WORKOUT));
afterEach(resetSecondShard);

describe("a job delivered by a partner on another shard", () => {
  it("stays on the booking partner's shard and reaches the delivering partner's as a delivery copy, through the Queue", async () => {
    const { job, sent } = await book(10);
    expect(sent).toEqual([{ kind: "deliver", shard: "first", jobId: job.id }]);
    expect(await copyOf(job.id)).toBeUndefined();
    expect((await runFlows(sent)).explicitAcks).toHaveLength(1);
    const [original] = await first.select().from(schema.jobs).where(eq(schema.jobs.id, job.id));
    expect(await copyOf(job.id)).toMatchObject({ status: original!.status, version: original!.version, deliveryPartnerAccountId: CONTOSO });
    expect(await second.select().from(schema.jobLines).where(eq(schema.jobLines.jobId, job.id))).toHaveLength((await sessions()).length);
    // The workout it delivers is there too, at the author's version; the customer as a reference row no partner lists.
    expect(await second.select({ id: schema.workouts.id }).from(schema.workouts).where(eq(schema.workouts.id, WORKOUT))).toHaveLength(1);
    const [customer] = await second.select().from(schema.accounts).where(eq(schema.accounts.id, FABRIKAM));
    expect(customer?.parentAccountId).toBeNull();
    // Contoso reads it on its own shard, as before shards.
    const list = await json<{ items: { id: string }[] }>(await contoso().get("/v1/jobs"));
    expect(list.items.map((j) => j.id)).toContain(job.id);
    expect((await contoso().get(`/v1/jobs/${job.id}`)).status).toBe(200);
    // A move on the copy is made on the job's own shard (with its compare-and-set), and the copy follows at once.
    expect((await contoso().post(`/v1/jobs/${job.id}/deny`, { reason: "availability" })).status).toBe(200);
    const [denied] = await first.select().from(schema.jobs).where(eq(schema.jobs.id, job.id));
    expect(denied).toMatchObject({ status: "awaitingScheduling", version: job.version + 1 });
    expect(await copyOf(job.id)).toMatchObject({ status: "awaitingScheduling", version: job.version + 1 });
    // The customer does not reach the copy: its requests go to its partner's shard.
    expect((await apiAs("customerAdmin", { accountId: FABRIKAM }).get(`/v1/bookings/${job.id}`)).status).toBe(200);
  });

  it("follows the job's moves by version, and an older step changes nothing", async () => {
    const { job, sent } = await book(20);
    await runFlows(sent);
    const queue = capturedQueue();
    const cancelled = await apiAs("customerAdmin", { accountId: FABRIKAM, bindings: queue.bindings }).post(`/v1/bookings/${job.id}/cancel`, {
      reason: "duplicateBooking",
    });
    expect(cancelled.status).toBe(200);
    expect(queue.sent).toEqual([{ kind: "deliver", shard: "first", jobId: job.id }]);
    await runFlows(queue.sent);
    expect(await copyOf(job.id)).toMatchObject({ status: "cancelled" });
    const version = (await copyOf(job.id))!.version;
    // The first step again: the copy keeps the newer version.
    await runFlows(sent);
    expect(await copyOf(job.id)).toMatchObject({ status: "cancelled", version });
  });

  it("leaves the job whole and no half copy when the copy's batch fails, and copies it on the retry", async () => {
    const { job, sent } = await book(30);
    const SHARD_WEUR_1 = failingD1(env.SHARD_WEUR_1, /^insert into "job_lines"/);
    const failed = await runFlows(sent, { bindings: { SHARD_WEUR_1 } });
    expect(SHARD_WEUR_1.failures).toBe(1);
    expect(failed.retryMessages).toHaveLength(1);
    expect(await copyOf(job.id)).toBeUndefined();
    expect(await first.select().from(schema.jobs).where(eq(schema.jobs.id, job.id))).toHaveLength(1);
    expect((await runFlows(sent, { attempts: 2 })).explicitAcks).toHaveLength(1);
    expect(await copyOf(job.id)).toMatchObject({ deliveryPartnerAccountId: CONTOSO });
  });

  it("never goes back: a refresh read before a file was removed, written after the newer one, is refused whole", async () => {
    const { job, sent } = await book(40);
    await runFlows(sent);
    const booker = (bindings?: Partial<Env>) => apiAs("customerAdmin", { accountId: FABRIKAM, bindings });
    const shared = await booker().post(`/v1/bookings/${job.id}/artifacts`, multipart({ value: "https://fabrikam.test/old-agenda" }));
    expect(shared.status).toBe(201);
    const artifactId = (await json<{ id: string }>(shared)).id;
    // A refresh reads the job with its file (one step), then the file is removed and the next step brings the copy there first.
    const late = (await deliverySource(database(env.DB), database(env.SHARD_FIRST), job.id))!;
    const q = capturedQueue();
    expect((await booker(q.bindings).delete(`/v1/bookings/${job.id}/artifacts/${artifactId}`)).status).toBe(204);
    expect((await runFlows(q.sent)).explicitAcks).toHaveLength(1);
    const files = () => second.select().from(schema.jobArtifacts).where(eq(schema.jobArtifacts.jobId, job.id));
    expect(await files()).toEqual([]);
    const newer = await copyOf(job.id);
    expect(newer!.extrasVersion).toBeGreaterThan(late.snapshot.job.extrasVersion);
    // The late refresh, delivered out of order: nothing written, the file stays removed, the copy at the newer version.
    expect(await writeDeliveryCopy(database(env.SHARD_WEUR_1), late)).toBe(false);
    expect(await files()).toEqual([]);
    expect(await copyOf(job.id)).toMatchObject({ version: newer!.version, extrasVersion: newer!.extrasVersion });
  });
});
