import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { json } from "./helpers";
import {
  balance,
  customer,
  db,
  FABRIKAM,
  giveFabrikamCredits,
  grantFabrikamCredits,
  partner,
  publishSlot,
  requestedJob,
  sessions,
  WORKOUT,
} from "./bookings-setup";
import { first, nth } from "../present";
import { withoutPublishedHours } from "./published-hours";

withoutPublishedHours();

/**
 * Bursts of the same move at one job, fired at once: exactly one may win, and
 * its effects (refund, seats, audit entries, mail) happen exactly once. Each
 * burst runs several rounds so that a lost race has many chances to show.
 */

const BURST = 16;
const ROUNDS = 6;
let day = 200;
const at = (d: number, h = 9) => new Date(Date.UTC(2030, 0, 1 + d, h)).toISOString();

const mailCount = async () => Number(first(await db.select({ n: sql<number>`count(*)` }).from(schema.mailOutbox)).n);
const seatsOf = async (slotId: string) => first(await db.select().from(schema.slots).where(eq(schema.slots.id, slotId))).seatsTaken;

type Job = { id: string; status: string; version: number; lines: { id: string; requestedTimes: string[]; slotId: string | null }[] };

function requestBooking(): Promise<Job> {
  const d = (day += 3);
  return requestedJob((i) => [at(d + i), at(d + i, 14)]);
}

async function slotBooking(slotIds: string[]): Promise<Job> {
  const s = await sessions();
  const res = await customer.post("/v1/bookings", {
    workoutId: WORKOUT,
    mode: "slots",
    sessions: s.map((x, i) => ({ sessionId: x.id, slotId: slotIds[i] })),
  });
  expect(res.status).toBe(201);
  return json(res);
}

async function confirmed(): Promise<Job> {
  const job = await requestBooking();
  const res = await partner.post(`/v1/jobs/${job.id}/confirm`, { lines: job.lines.map((l) => ({ lineId: l.id, time: l.requestedTimes[0] })) });
  expect(res.status).toBe(200);
  return json(res);
}

/** Lets the job's sessions take place: their booked times move into the past, in order (a session is completed only once started). */
async function started(job: Job): Promise<Job> {
  const lines = await db.select().from(schema.jobLines).where(eq(schema.jobLines.jobId, job.id)).orderBy(schema.jobLines.sequence);
  for (const [i, line] of lines.entries()) {
    await db
      .update(schema.jobLines)
      .set({ scheduledAt: new Date(Date.now() - (lines.length - i) * 86_400_000).toISOString() })
      .where(eq(schema.jobLines.id, line.id));
  }
  return job;
}

/** Fires `n` requests at once; answers their statuses. */
async function burst(n: number, fire: (i: number) => Promise<Response>): Promise<number[]> {
  const results = await Promise.all(Array.from({ length: n }, (_, i) => fire(i)));
  await Promise.all(results.map((r) => r.arrayBuffer()));
  return results.map((r) => r.status);
}

function oneWinner(statuses: number[]) {
  expect(statuses.filter((s) => s === 200)).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(statuses.length - 1);
}

grantFabrikamCredits(500);

describe("parallel moves of one job: one wins, its effects happen once", () => {
  it(`${BURST} cancels (customer and partner mixed): one refund line, seats freed once, one mail to each side`, async () => {
    const s = await sessions();
    for (let round = 0; round < ROUNDS; round++) {
      const d = (day += 3);
      const a = await publishSlot(first(s).id, at(d), 3);
      const b = await publishSlot(nth(s, 1).id, at(d + 1), 3);
      // Another booking holds a seat of each slot, so a seat freed twice shows.
      await slotBooking([a, b]);
      const job = await slotBooking([a, b]);
      expect(await seatsOf(a)).toBe(2);
      const credits = await balance();
      const mails = await mailCount();
      const statuses = await burst(BURST, (i) =>
        i % 2 ? customer.post(`/v1/bookings/${job.id}/cancel`, { reason: "requested" }) : partner.post(`/v1/jobs/${job.id}/cancel`, { reason: "availability" }),
      );
      oneWinner(statuses);
      const refunds = await db
        .select()
        .from(schema.creditLines)
        .where(and(eq(schema.creditLines.jobId, job.id), eq(schema.creditLines.source, "cancellation")));
      expect(refunds).toHaveLength(1);
      expect(await balance()).toBe(credits + 1);
      expect(await seatsOf(a)).toBe(1);
      expect(await seatsOf(b)).toBe(1);
      // Either side's cancel is mailed to the customer and to one of the partner's (its address, or the staff who acted).
      expect(await mailCount()).toBe(mails + 2);
      const row = first(await db.select().from(schema.jobs).where(eq(schema.jobs.id, job.id)));
      expect(row.status).toBe("cancelled");
      expect(row.creditsConsumed).toBe(0);
    }
  }, 120_000);

  it(`${BURST} confirms: one wins, one mail to each side`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const job = await requestBooking();
      const mails = await mailCount();
      const statuses = await burst(BURST, (i) =>
        partner.post(`/v1/jobs/${job.id}/confirm`, { lines: job.lines.map((l) => ({ lineId: l.id, time: l.requestedTimes[i % 2] })) }),
      );
      oneWinner(statuses);
      expect(await mailCount()).toBe(mails + 2);
    }
  }, 120_000);

  it(`${BURST} denies: one wins, one mail to each side`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const job = await requestBooking();
      const mails = await mailCount();
      const statuses = await burst(BURST, () => partner.post(`/v1/jobs/${job.id}/deny`, { reason: "availability" }));
      oneWinner(statuses);
      expect(await mailCount()).toBe(mails + 2);
    }
  }, 120_000);

  it(`${BURST} partner reschedules of a booked slot: one wins, the seat is freed once`, async () => {
    const s = await sessions();
    for (let round = 0; round < ROUNDS; round++) {
      const d = (day += 3);
      const a = await publishSlot(first(s).id, at(d), 3);
      const b = await publishSlot(nth(s, 1).id, at(d + 1), 3);
      await slotBooking([a, b]);
      const job = await slotBooking([a, b]);
      const mails = await mailCount();
      const statuses = await burst(BURST, (i) =>
        partner.post(`/v1/jobs/${job.id}/reschedule`, {
          reason: "availability",
          version: job.version,
          lines: [{ lineId: first(job.lines).id, time: at(d, 10 + (i % 8)) }],
        }),
      );
      oneWinner(statuses);
      expect(await seatsOf(a)).toBe(1);
      expect(await seatsOf(b)).toBe(2);
      expect(await mailCount()).toBe(mails + 2);
    }
  }, 120_000);

  it(`${BURST} customer reschedules into open slots: one wins, one seat moves`, async () => {
    const s = await sessions();
    for (let round = 0; round < ROUNDS; round++) {
      const d = (day += 3);
      const a = await publishSlot(first(s).id, at(d), 3);
      const b = await publishSlot(nth(s, 1).id, at(d + 1), 3);
      const a2 = await publishSlot(first(s).id, at(d + 2), 12);
      const b2 = await publishSlot(nth(s, 1).id, at(d + 2, 15), 12);
      await slotBooking([a, b]);
      const job = await slotBooking([a, b]);
      const mails = await mailCount();
      const statuses = await burst(BURST, () =>
        customer.post(`/v1/bookings/${job.id}/schedule`, {
          mode: "slots",
          reason: "availability",
          version: job.version,
          sessions: [
            { sessionId: first(s).id, slotId: a2 },
            { sessionId: nth(s, 1).id, slotId: b2 },
          ],
        }),
      );
      oneWinner(statuses);
      expect([await seatsOf(a), await seatsOf(b), await seatsOf(a2), await seatsOf(b2)]).toEqual([1, 1, 1, 1]);
      // The winner's mail to the partner and its confirmation to the customer.
      expect(await mailCount()).toBe(mails + 2);
    }
  }, 120_000);

  it(`${BURST} customer schedule requests of a job To Be Booked: one wins`, async () => {
    const s = await sessions();
    for (let round = 0; round < ROUNDS; round++) {
      const job = await requestBooking();
      expect((await partner.post(`/v1/jobs/${job.id}/deny`, { reason: "availability" })).status).toBe(200);
      const mails = await mailCount();
      const d = (day += 3);
      const statuses = await burst(BURST, (i) =>
        customer.post(`/v1/bookings/${job.id}/schedule`, {
          mode: "request",
          sessions: s.map((x, k) => ({ sessionId: x.id, times: [at(d + k, 8 + (i % 8))] })),
        }),
      );
      oneWinner(statuses);
      // The winner's request to the partner and its acknowledgement to the customer.
      expect(await mailCount()).toBe(mails + 2);
    }
  }, 120_000);

  it(`${BURST} completes of one line: one wins, one audit entry, one mail to each side`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const job = await started(await confirmed());
      const mails = await mailCount();
      const statuses = await burst(BURST, () => partner.post(`/v1/jobs/${job.id}/lines/${first(job.lines).id}/complete`));
      oneWinner(statuses);
      const audit = await db
        .select()
        .from(schema.auditEntries)
        .where(and(eq(schema.auditEntries.subjectId, first(job.lines).id), eq(schema.auditEntries.code, "workoutSessionJobLineCompleted")));
      expect(audit).toHaveLength(1);
      expect(await mailCount()).toBe(mails + 2);
    }
  }, 120_000);

  it(`${BURST} completes of the whole job, racing completes of its lines: each line and the job complete at most once`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const job = await started(await confirmed());
      const statuses = await burst(BURST, (i) =>
        i % 4 === 0 ? partner.post(`/v1/jobs/${job.id}/lines/${nth(job.lines, i % 8 ? 1 : 0).id}/complete`) : partner.post(`/v1/jobs/${job.id}/complete`),
      );
      expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
      expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
      const row = first(await db.select().from(schema.jobs).where(eq(schema.jobs.id, job.id)));
      const lines = await db.select().from(schema.jobLines).where(eq(schema.jobLines.jobId, job.id));
      const audit = await db.select().from(schema.auditEntries).where(eq(schema.auditEntries.accountId, FABRIKAM));
      expect(audit.filter((e) => e.code === "workoutJobCompleted" && e.subjectId === job.id)).toHaveLength(row.status === "completed" ? 1 : 0);
      for (const line of lines) {
        expect(audit.filter((e) => e.code === "workoutSessionJobLineCompleted" && e.subjectId === line.id)).toHaveLength(line.status === "completed" ? 1 : 0);
      }
      // Whatever won, the rest can be completed once more, and only once.
      expect((await partner.post(`/v1/jobs/${job.id}/complete`)).status).toBe(row.status === "completed" ? 409 : 200);
      expect((await partner.post(`/v1/jobs/${job.id}/complete`)).status).toBe(409);
      const final = await db.select().from(schema.auditEntries).where(eq(schema.auditEntries.accountId, FABRIKAM));
      expect(final.filter((e) => e.code === "workoutJobCompleted" && e.subjectId === job.id)).toHaveLength(1);
      expect(
        final.filter((e) => e.code === "workoutSessionJobLineCompleted" && (e.subjectId === first(job.lines).id || e.subjectId === nth(job.lines, 1).id)),
      ).toHaveLength(2);
    }
  }, 120_000);
});

describe("parallel bookings racing for the last credit", () => {
  it(`${BURST} bookings with one credit left: one is made, the balance is zero, never below`, async () => {
    const s = await sessions();
    for (let round = 0; round < 2; round++) {
      const left = await balance();
      // Leave exactly one credit.
      await db.insert(schema.creditLines).values({
        accountId: FABRIKAM,
        creditEntryId: DEMO.customers.fabrikam.creditEntryId,
        source: "partner",
        itemType: "planAdjustment",
        updateType: "decrease",
        quantity: 1 - left,
        enteredAt: new Date().toISOString(),
        context: "Test: leave one credit",
      });
      const d = (day += 3);
      const statuses = await burst(BURST, (i) =>
        customer.post("/v1/bookings", {
          workoutId: WORKOUT,
          mode: "request",
          sessions: s.map((x, k) => ({ sessionId: x.id, times: [at(d + k, 8 + (i % 8))] })),
        }),
      );
      expect(statuses.filter((x) => x === 201)).toHaveLength(1);
      expect(statuses.filter((x) => x === 409)).toHaveLength(BURST - 1);
      expect(await balance()).toBe(0);
      await giveFabrikamCredits(500);
    }
  }, 120_000);
});
