import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { apiAs } from "./auth";
import { FABRIKAM, giveFabrikamCredits, sessions, WORKOUT } from "./bookings-setup";
import { capturedQueue, contosoDeliversThere, first, resetSecondShard, runFlows, second } from "./flows-setup";
import { json } from "./helpers";
import { keptFor } from "./kept-setup";
import { dueAndRun, stoppedAt } from "./cut-off-setup";
import { nth } from "../present";

/**
 * Seats and time claims a booking takes on its delivering partner's shard
 * (Contoso, weur-1) before its job is written on the booking's (Fabrikam's,
 * the first), and those a move gives back there after its write: a request
 * stopped between the two shards leaves the release kept in its first batch,
 * which the cron runs once its window is over: what the job's shard does not
 * use is given back, what it uses stays.
 */
const CONTOSO = DEMO.contoso.id;
const contoso = () => apiAs("otherPartnerAdmin", { accountId: CONTOSO });
const customer = (bindings: Partial<Env>) => apiAs("customerAdmin", { accountId: FABRIKAM, bindings });
const at = (d: number, h = 9) => new Date(Date.UTC(2031, 7, 1 + d, h)).toISOString();

beforeAll(() => giveFabrikamCredits(40));
beforeEach(() => contosoDeliversThere(WORKOUT));
afterEach(resetSecondShard);

/** Contoso's times for the workout's two sessions, days `d` and `d + 1`. */
async function contosoSlots(d: number): Promise<string[]> {
  const s = await sessions();
  const ids: string[] = [];
  for (const i of [0, 1]) {
    const res = await contoso().post("/v1/admin/slots", { workoutId: WORKOUT, sessionId: nth(s, i).id, startsAt: at(d + i), capacity: 4 });
    expect(res.status).toBe(201);
    ids.push((await json<{ id: string }>(res)).id);
  }
  return ids;
}

const seatsOf = async (slotId: string) => (await second.select().from(schema.slots).where(eq(schema.slots.id, slotId)))[0]!.seatsTaken;
const holdsOf = (slotId: string) => second.select({ jobId: schema.slotHolds.jobId }).from(schema.slotHolds).where(eq(schema.slotHolds.slotId, slotId));
const jobsOfFabrikam = async () => (await first.select({ id: schema.jobs.id }).from(schema.jobs).where(eq(schema.jobs.accountId, FABRIKAM))).length;
/** The releases kept on `d1` (they name no account). */
const releasesOn = async (d1: D1Database) => (await keptFor(d1, null)).filter((k) => k.kind === "releaseSeats" || k.kind === "releaseClaims");

describe("a booking stopped after its seats were taken on the delivering partner's shard", () => {
  it("has its seats given back by the cron; a booking written whole keeps them when its release step runs", async () => {
    const [one, two] = await contosoSlots(40);
    const s = await sessions();
    const body = { workoutId: WORKOUT, mode: "slots", sessions: [one, two].map((slotId, i) => ({ sessionId: nth(s, i).id, slotId })) };
    const queue = capturedQueue();
    const book = () => customer(queue.bindings).post("/v1/bookings", body);
    const jobsBefore = await jobsOfFabrikam();

    expect((await stoppedAt("awaySeats", book)).status).toBe(500);
    // The seats are taken on weur-1, no job names them on the first shard, nothing was sent.
    expect([await seatsOf(one!), await seatsOf(two!), await jobsOfFabrikam()]).toEqual([1, 1, jobsBefore]);
    expect(queue.sent).toEqual([]);
    const kept = await releasesOn(env.SHARD_WEUR_1);
    expect(kept.map((k) => k.kind)).toContain("releaseSeats");
    const sent = await dueAndRun(
      null,
      kept.map((k) => k.id),
      env.SHARD_WEUR_1,
    );
    expect(sent).toContainEqual(expect.objectContaining({ kind: "releaseSeats", shard: "weur-1", jobShard: "first", keptIn: "partner" }));
    expect([await seatsOf(one!), await seatsOf(two!)]).toEqual([0, 0]);
    expect(await holdsOf(one!)).toEqual([]);
    expect(await releasesOn(env.SHARD_WEUR_1)).toEqual([]);

    // Booked whole: the release kept with its seats, run, leaves them to the job.
    const res = await book();
    expect(res.status, await res.clone().text()).toBe(201);
    const job = await json<{ id: string }>(res);
    const done = await releasesOn(env.SHARD_WEUR_1);
    expect(done.length).toBeGreaterThan(0);
    await dueAndRun(
      null,
      done.map((k) => k.id),
      env.SHARD_WEUR_1,
    );
    expect([await seatsOf(one!), await seatsOf(two!)]).toEqual([1, 1]);
    expect(await holdsOf(one!)).toEqual([{ jobId: job.id }]);
    expect(await releasesOn(env.SHARD_WEUR_1)).toEqual([]);
  });
});

describe("a cancellation stopped after its job's write, before its seats are given back", () => {
  it("has them given back by the cron, from the step kept in the job's batch", async () => {
    const [one, two] = await contosoSlots(44);
    const s = await sessions();
    const q = capturedQueue();
    const booked = await customer(q.bindings).post("/v1/bookings", {
      workoutId: WORKOUT,
      mode: "slots",
      sessions: [one, two].map((slotId, i) => ({ sessionId: nth(s, i).id, slotId })),
    });
    expect(booked.status).toBe(201);
    const job = await json<{ id: string }>(booked);
    await runFlows(q.sent);
    const before = (await releasesOn(env.SHARD_FIRST)).map((k) => k.id);

    const queue = capturedQueue();
    const res = await stoppedAt("awayRelease", () => customer(queue.bindings).post(`/v1/bookings/${job.id}/cancel`, { reason: "requested" }));
    expect(res.status).toBe(500);
    expect((await first.select().from(schema.jobs).where(eq(schema.jobs.id, job.id)))[0]).toMatchObject({ status: "cancelled" });
    expect([await seatsOf(one!), await seatsOf(two!)]).toEqual([1, 1]);
    expect(queue.sent.filter((m) => m.kind === "releaseSeats")).toEqual([]);
    const kept = (await releasesOn(env.SHARD_FIRST)).filter((k) => !before.includes(k.id));
    expect(kept.map((k) => k.kind)).toContain("releaseSeats");
    await dueAndRun(
      null,
      kept.map((k) => k.id),
      env.SHARD_FIRST,
    );
    expect([await seatsOf(one!), await seatsOf(two!)]).toEqual([0, 0]);
    expect(await holdsOf(one!)).toEqual([]);
  });
});
