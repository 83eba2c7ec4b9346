import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { MESSAGES } from "../../contract/messages";
import { apiAs } from "./auth";
import { FABRIKAM, giveFabrikamCredits, sessions, WORKOUT } from "./bookings-setup";
import { capturedQueue, contosoDeliversThere, failingD1, first, resetSecondShard, runFlows, second } from "./flows-setup";
import { json } from "./helpers";
import { cronKept, exhaust, keptFor } from "./kept-setup";
import { nth } from "../present";

/**
 * Slots a delivering partner publishes on its own shard, offered to and booked
 * by the customers of a partner on another: Contoso (weur-1) delivers
 * Northwind's Copilot Foundations and publishes times for it there; Fabrikam
 * (Northwind's customer, first shard) books them. The seat is held on weur-1
 * first, then the job is written on the first shard; failures are injected
 * on either database.
 */
const CONTOSO = DEMO.contoso.id;
const HARBOUR = DEMO.customers.harbour.id;
const contoso = (bindings?: Partial<Env>) => apiAs("otherPartnerAdmin", { accountId: CONTOSO, bindings });
const customer = (bindings?: Partial<Env>) => apiAs("customerAdmin", { accountId: FABRIKAM, bindings });
const harbour = apiAs("otherCustomerAdmin", { accountId: HARBOUR });
const at = (d: number, h = 9) => new Date(Date.UTC(2031, 5, 1 + d, h)).toISOString();
type Line = { id: string; sessionId: string; slotId: string | null; requestedTimes: string[]; scheduledAt: string | null };
type Job = { id: string; version: number; status: string; lines: Line[] };

/** Contoso publishes a time for the workout's session `i` on its shard; answers its id. */
async function contosoSlot(i: number, startsAt: string, capacity: number, workoutId = WORKOUT): Promise<string> {
  const s = await sessions(workoutId);
  const res = await contoso().post("/v1/admin/slots", { workoutId, sessionId: nth(s, i).id, startsAt, capacity });
  expect(res.status).toBe(201);
  return (await json<{ id: string }>(res)).id;
}

/** Contoso's two times for the two sessions (days `d` and `d + 1`). */
const contosoSlots = async (d: number, capacity = 4) => [await contosoSlot(0, at(d), capacity), await contosoSlot(1, at(d + 1), 12)];

const slotOn = async (id: string) => (await second.select().from(schema.slots).where(eq(schema.slots.id, id)))[0];
const holdsOf = (slotId: string) => second.select().from(schema.slotHolds).where(eq(schema.slotHolds.slotId, slotId));
const jobsOf = async () => (await first.select({ id: schema.jobs.id }).from(schema.jobs).where(eq(schema.jobs.accountId, FABRIKAM))).length;
const slotBody = async (ids: string[]) => {
  const s = await sessions();
  return { workoutId: WORKOUT, mode: "slots", sessions: ids.map((slotId, i) => ({ sessionId: nth(s, i).id, slotId })) };
};

/** Fabrikam books Contoso's times `ids` (201), its job's delivery copy written on weur-1. */
async function booked(ids: string[]): Promise<Job> {
  const q = capturedQueue();
  const res = await customer(q.bindings).post("/v1/bookings", await slotBody(ids));
  expect(res.status, await res.clone().text()).toBe(201);
  await runFlows(q.sent);
  return json<Job>(res);
}

beforeAll(() => giveFabrikamCredits(80));
beforeEach(() => contosoDeliversThere(WORKOUT));
afterEach(resetSecondShard);

describe("slots a delivering partner publishes on its own shard", () => {
  it("are offered to the booking partner's customer and booked: the seat held on the slot's shard, the job on the booking's, seen by Contoso on its Jobs", async () => {
    const [one, two] = await contosoSlots(10);
    const options = await json<{ sessions: { slots: { id: string; partnerName: string; seatsTaken: number }[] }[] }>(
      await customer().get(`/v1/bookings/options/${WORKOUT}`),
    );
    expect(options.sessions[0]!.slots).toEqual([expect.objectContaining({ id: one, partnerName: DEMO.contoso.name, seatsTaken: 0 })]);
    expect(options.sessions[1]!.slots.map((s) => s.id)).toEqual([two]);

    const job = await booked([one!, two!]);
    expect(job).toMatchObject({ status: "confirmed" });
    expect(job.lines.map((l) => l.slotId)).toEqual([one, two]);
    expect(await slotOn(one!)).toMatchObject({ seatsTaken: 1 });
    const [hold] = await holdsOf(one!);
    expect(hold).toMatchObject({ jobId: job.id, jobShard: "first" });
    const [line] = await first.select().from(schema.jobLines).where(eq(schema.jobLines.id, hold!.lineId));
    expect(line).toMatchObject({ jobId: job.id, slotId: null, awaySlotId: one, awayHoldId: hold!.id });
    // Contoso sees the booking on its Jobs, from its delivery copy.
    const jobs = await json<{ items: { id: string; status: string }[] }>(await contoso().get("/v1/jobs?limit=100"));
    expect(jobs.items).toContainEqual(expect.objectContaining({ id: job.id, status: "confirmed" }));
    // The time shows the seat taken to the next customer.
    const after = await json<{ sessions: { slots: { id: string; seatsTaken: number }[] }[] }>(await customer().get(`/v1/bookings/options/${WORKOUT}`));
    expect(after.sessions[0]!.slots).toEqual([expect.objectContaining({ id: one, seatsTaken: 1 })]);
  });

  it("are refused without a token and to another partner's customer; nothing is held", async () => {
    const ids = await contosoSlots(14);
    expect((await apiAs(null, { accountId: FABRIKAM }).post("/v1/bookings", await slotBody(ids))).status).toBe(401);
    expect((await apiAs("otherCustomerAdmin", { accountId: FABRIKAM }).post("/v1/bookings", await slotBody(ids))).status).toBe(403);
    expect((await apiAs(null, { accountId: FABRIKAM }).get(`/v1/bookings/options/${WORKOUT}`)).status).toBe(401);
    expect((await slotOn(ids[0]!))!.seatsTaken).toBe(0);
    expect(await holdsOf(ids[0]!)).toEqual([]);
  });

  it("keep their seats exact under a burst across shards: 20 bookings of a 3-seat time give 3 jobs, 3 holds and 17 refusals", async () => {
    const [small, big] = await contosoSlots(18, 3);
    const before = await jobsOf();
    const body = await slotBody([small!, big!]);
    const results = await Promise.all(Array.from({ length: 20 }, () => customer().post("/v1/bookings", body)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(17);
    expect(await slotOn(small!)).toMatchObject({ seatsTaken: 3 });
    expect(await slotOn(big!)).toMatchObject({ seatsTaken: 3 });
    expect(await holdsOf(small!)).toHaveLength(3);
    expect(await jobsOf()).toBe(before + 3);
    // Every hold is named by a line of a job on the first shard, and every such line by a hold.
    const lines = await first.select().from(schema.jobLines).where(eq(schema.jobLines.awaySlotId, small!));
    expect(new Set(lines.map((l) => l.awayHoldId))).toEqual(new Set((await holdsOf(small!)).map((h) => h.id)));
  }, 60_000);

  it("leave no seat lost and no job without its seat when a step fails", async () => {
    const [one, two] = await contosoSlots(22);
    const body = await slotBody([one!, two!]);
    const before = await jobsOf();

    // The seat is refused on the slot's shard: no job is written.
    const seatRefused = failingD1(env.SHARD_WEUR_1, /insert into "slot_holds"/i);
    expect((await customer({ SHARD_WEUR_1: seatRefused }).post("/v1/bookings", body)).status).toBe(500);
    expect(seatRefused.failures).toBe(1);
    expect(await jobsOf()).toBe(before);
    expect(await slotOn(one!)).toMatchObject({ seatsTaken: 0 });

    // The job is refused on the booking's shard: the seat is given back at once, nothing queued.
    const q = capturedQueue();
    const jobRefused = failingD1(env.SHARD_FIRST, /insert into "jobs"/i);
    expect((await customer({ SHARD_FIRST: jobRefused, ...q.bindings }).post("/v1/bookings", body)).status).toBe(500);
    expect(jobRefused.failures).toBe(1);
    expect(await jobsOf()).toBe(before);
    expect(await slotOn(one!)).toMatchObject({ seatsTaken: 0 });
    expect(await holdsOf(one!)).toEqual([]);
    expect(q.sent).toEqual([]);

    // The job is refused and so is the seat's release: the flow queue gives it back.
    const kept = await booked([one!, two!]);
    const releaseRefused = failingD1(env.SHARD_WEUR_1, /seats_taken - 1/i, Infinity);
    const failed = await customer({ SHARD_FIRST: failingD1(env.SHARD_FIRST, /insert into "jobs"/i), SHARD_WEUR_1: releaseRefused, ...q.bindings }).post(
      "/v1/bookings",
      body,
    );
    expect(failed.status).toBe(500);
    expect(await slotOn(one!)).toMatchObject({ seatsTaken: 2 });
    expect(q.sent).toEqual([expect.objectContaining({ kind: "releaseSeats", shard: "weur-1", jobShard: "first" })]);
    // Kept on the job's shard; inside the message's retry window the cron leaves it.
    expect(await keptFor(env.SHARD_FIRST, null)).toEqual([expect.objectContaining({ kind: "releaseSeats" })]);
    expect(await cronKept(null)).toEqual([]);
    // The step refused on every attempt, the last included: given up, the seat still held.
    await exhaust(q.sent, { SHARD_WEUR_1: failingD1(env.SHARD_WEUR_1, /seats_taken - 1/i, Infinity) });
    expect(await slotOn(one!)).toMatchObject({ seatsTaken: 2 });
    // The cron sends it again: run with the first message (late), the seat is back once; a duplicate gives back nothing more (the kept booking's seat stays).
    const again = await cronKept(null);
    expect(again).toEqual([expect.objectContaining({ kind: "releaseSeats", shard: "weur-1", jobShard: "first" })]);
    expect((await runFlows([...again, ...q.sent], { attempts: 2 })).explicitAcks).toHaveLength(2);
    expect(await slotOn(one!)).toMatchObject({ seatsTaken: 1 });
    expect(await keptFor(env.SHARD_FIRST, null)).toEqual([]);
    await runFlows(q.sent, { attempts: 3 });
    expect(await slotOn(one!)).toMatchObject({ seatsTaken: 1 });
    expect((await holdsOf(one!)).map((h) => h.jobId)).toEqual([kept.id]);
    expect(await jobsOf()).toBe(before + 1);

    // A step naming a seat its job still holds gives back nothing.
    const [held] = await holdsOf(one!);
    await runFlows([
      { kind: "releaseSeats", shard: "weur-1", jobShard: "first", holds: [{ id: held!.id, slotId: one!, jobId: kept.id, lineId: held!.lineId }] },
    ]);
    expect(await slotOn(one!)).toMatchObject({ seatsTaken: 1 });
  });

  it("are given back on the slot's shard when the booking is cancelled, its release finished by the flow queue when it fails", async () => {
    const [one, two] = await contosoSlots(26);
    const job = await booked([one!, two!]);
    const q = capturedQueue();
    const res = await customer({ SHARD_WEUR_1: failingD1(env.SHARD_WEUR_1, /seats_taken - 1/i), ...q.bindings }).post(`/v1/bookings/${job.id}/cancel`, {
      reason: "requested",
    });
    expect(res.status).toBe(200);
    expect((await first.select().from(schema.jobs).where(eq(schema.jobs.id, job.id)))[0]).toMatchObject({ status: "cancelled" });
    expect(await slotOn(one!)).toMatchObject({ seatsTaken: 1 });
    expect(q.sent).toContainEqual(expect.objectContaining({ kind: "releaseSeats", shard: "weur-1", jobShard: "first" }));
    await runFlows(q.sent.filter((m) => m.kind === "releaseSeats"));
    expect(await slotOn(one!)).toMatchObject({ seatsTaken: 0 });
    expect(await slotOn(two!)).toMatchObject({ seatsTaken: 0 });
    expect(await holdsOf(one!)).toEqual([]);
  });

  it("are offered for rescheduling and moved: a new seat held, the old one given back; a request away from one and a deny give theirs back", async () => {
    const [one, two] = await contosoSlots(30);
    const later = await contosoSlot(0, at(29, 15), 4);
    const job = await booked([one!, two!]);
    const s = await sessions();
    // Into Contoso's other time for the first session.
    const moved = await customer().post(`/v1/bookings/${job.id}/schedule`, {
      version: job.version,
      mode: "slots",
      reason: "availability",
      sessions: [{ sessionId: nth(s, 0).id, slotId: later }],
    });
    expect(moved.status, await moved.clone().text()).toBe(200);
    const now = await json<Job>(moved);
    expect(now.lines[0]!.slotId).toBe(later);
    expect(await slotOn(later)).toMatchObject({ seatsTaken: 1 });
    expect(await slotOn(one!)).toMatchObject({ seatsTaken: 0 });
    // The first session asked by request: its seat is given back, the second keeps its own.
    const asked = await customer().post(`/v1/bookings/${job.id}/schedule`, {
      version: now.version,
      mode: "request",
      reason: "availability",
      sessions: [{ sessionId: nth(s, 0).id, times: [at(29, 10)] }],
    });
    expect(asked.status, await asked.clone().text()).toBe(200);
    expect(await slotOn(later)).toMatchObject({ seatsTaken: 0 });
    expect(await slotOn(two!)).toMatchObject({ seatsTaken: 1 });
    // Contoso denies: every session goes back to be scheduled, and the second's seat is given back too.
    await runFlows([{ kind: "deliver", shard: "first", jobId: job.id }]);
    const denied = await contoso().post(`/v1/jobs/${job.id}/deny`, { reason: "availability" });
    expect(denied.status, await denied.clone().text()).toBe(200);
    expect(await slotOn(two!)).toMatchObject({ seatsTaken: 0 });
    expect(await holdsOf(two!)).toEqual([]);
    const lines = await first.select().from(schema.jobLines).where(eq(schema.jobLines.jobId, job.id));
    expect(lines.map((l) => [l.status, l.awayHoldId])).toEqual([
      ["awaitingScheduling", null],
      ["awaitingScheduling", null],
    ]);
  });
});

describe("a cross-shard confirm or accept", () => {
  /** Harbour (Contoso's own customer, weur-1) books Contoso's times at `startsAt` and a day later: Contoso is busy then on its shard. */
  async function contosoBusyAt(d: number) {
    const ids = [await contosoSlot(0, at(d), 4), await contosoSlot(1, at(d + 1), 4)];
    const s = await sessions();
    const res = await harbour.post("/v1/bookings", {
      workoutId: WORKOUT,
      mode: "slots",
      sessions: ids.map((slotId, i) => ({ sessionId: nth(s, i).id, slotId })),
    });
    expect(res.status, await res.clone().text()).toBe(201);
  }

  /** Fabrikam asks Contoso for the sessions at days `d`, `d + 1` (09:00); the delivery copy is written. */
  async function requested(d: number): Promise<Job> {
    const q = capturedQueue();
    const s = await sessions();
    const res = await customer(q.bindings).post("/v1/bookings", {
      workoutId: WORKOUT,
      mode: "request",
      sessions: s.map((x, i) => ({ sessionId: x.id, times: [at(d + i)] })),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    await runFlows(q.sent);
    return json<Job>(res);
  }

  it("re-checks the delivering partner's busy times on its own shard: a confirm of a time Contoso's own customer took meanwhile is 409", async () => {
    const job = await requested(40);
    await contosoBusyAt(40);
    const res = await contoso().post(`/v1/jobs/${job.id}/confirm`, { lines: job.lines.map((l) => ({ lineId: l.id, time: l.requestedTimes[0] })) });
    expect(res.status).toBe(409);
    expect((await json(res)).error.message).toBe(MESSAGES.timeTaken);
    expect((await first.select().from(schema.jobs).where(eq(schema.jobs.id, job.id)))[0]).toMatchObject({ status: "awaitingConfirmation" });
  });

  it("re-checks them when the customer accepts a proposal: a proposed time Contoso's own customer took meanwhile is 409, another is accepted", async () => {
    const job = await requested(50);
    const proposed = await contoso().post(`/v1/jobs/${job.id}/propose`, {
      version: job.version,
      lines: job.lines.map((l, i) => ({ lineId: l.id, times: [at(60 + i), at(70 + i)] })),
    });
    expect(proposed.status, await proposed.clone().text()).toBe(200);
    const version = (await json<Job>(proposed)).version;
    await contosoBusyAt(60);
    const taken = await customer().post(`/v1/bookings/${job.id}/accept`, { version, lines: job.lines.map((l, i) => ({ lineId: l.id, time: at(60 + i) })) });
    expect(taken.status).toBe(409);
    expect((await json(taken)).error.message).toBe(MESSAGES.timeTaken);
    const free = await customer().post(`/v1/bookings/${job.id}/accept`, { version, lines: job.lines.map((l, i) => ({ lineId: l.id, time: at(70 + i) })) });
    expect(free.status, await free.clone().text()).toBe(200);
    const lines = await first
      .select()
      .from(schema.jobLines)
      .where(and(eq(schema.jobLines.jobId, job.id), eq(schema.jobLines.status, "confirmed")));
    expect(lines).toHaveLength(2);
  });
});
