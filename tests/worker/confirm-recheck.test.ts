/**
 * A time booked without a slot (a request confirmed, a counter-proposal
 * accepted, the partner moving a session) is checked against the delivery
 * partner's calendar as it is at that moment, and guarded inside the move's
 * batch, so two moves racing for one time book it once.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { MESSAGES } from "../../contract/messages";
import { call, json } from "./helpers";
import { customer, db, grantFabrikamCredits, partner, sessions, WORKOUT } from "./bookings-setup";
import { withoutPublishedHours } from "./published-hours";

grantFabrikamCredits(100);

/** 2031-01-06 is a Monday; Northwind's demo hours are 09:00–12:00 and 13:00–17:00 in Berlin (UTC+1 in January). */
const at = (day: number, h: number) => new Date(Date.UTC(2031, 0, day, h)).toISOString();

type Job = { id: string; version: number; status: string; lines: { id: string; sessionId: string; requestedTimes: string[] }[] };

async function requested(times: string[]): Promise<Job> {
  const s = await sessions();
  const res = await customer.post("/v1/bookings", { workoutId: WORKOUT, mode: "request", sessions: s.map((x, i) => ({ sessionId: x.id, times: [times[i]] })) });
  expect(res.status, await res.clone().text()).toBe(201);
  return json(res);
}
const confirm = (job: Job, times: string[]) =>
  partner.post(`/v1/jobs/${job.id}/confirm`, { lines: job.lines.map((l, i) => ({ lineId: l.id, time: times[i] })) });
const stored = async (id: string) => (await db.select().from(schema.jobs).where(eq(schema.jobs.id, id)))[0]!;
const audits = (code: schema.AuditEntry["code"], id: string) =>
  db
    .select()
    .from(schema.auditEntries)
    .where(and(eq(schema.auditEntries.code, code), eq(schema.auditEntries.subjectId, id)));

describe("confirming against the hours published now", () => {
  it("refuses a time the partner closed since it was asked for (409 on its field), changing nothing; an open one confirms", async () => {
    const times = [at(6, 9), at(7, 9)];
    const job = await requested(times);
    const [schedule] = await db.select().from(schema.availabilitySchedules).where(eq(schema.availabilitySchedules.partnerAccountId, DEMO.northwind.id));
    await db
      .update(schema.availabilitySchedules)
      .set({ overrides: [{ date: "2031-01-06", ranges: [] }] })
      .where(eq(schema.availabilitySchedules.id, schedule!.id));
    try {
      const res = await confirm(job, times);
      expect(res.status).toBe(409);
      expect((await json(res)).error.fields).toEqual({ "lines.0.time": MESSAGES.timeNoLongerOpen });
      expect(await stored(job.id)).toMatchObject({ status: "awaitingConfirmation", version: job.version });
      expect(await audits("workoutJobConfirmed", job.id)).toHaveLength(0);
    } finally {
      await db.update(schema.availabilitySchedules).set({ overrides: [] }).where(eq(schema.availabilitySchedules.id, schedule!.id));
    }
    expect((await confirm(job, times)).status).toBe(200);
  });
});

describe("confirming against the sessions booked now", () => {
  withoutPublishedHours();

  it("refuses a request at a time another booking took meanwhile, with a clear message, writing nothing; a free time confirms", async () => {
    const times = [at(13, 9), at(14, 9)];
    const first = await requested(times);
    const second = await requested([at(13, 9), at(15, 9)]);
    expect((await confirm(first, times)).status).toBe(200);
    const mailBefore = (await db.select().from(schema.mailOutbox)).length;
    const refused = await confirm(second, [at(13, 9), at(15, 9)]);
    expect(refused.status).toBe(409);
    const body = await json(refused);
    expect(body.error.message).toBe(MESSAGES.timeTaken);
    expect(body.error.fields).toEqual({ "lines.0.time": MESSAGES.timeTaken });
    expect(await stored(second.id)).toMatchObject({ status: "awaitingConfirmation", version: second.version });
    expect((await db.select().from(schema.mailOutbox)).length).toBe(mailBefore);
    // Input and access are checked as before.
    expect((await partner.post(`/v1/jobs/${second.id}/confirm`, { lines: [] })).status).toBe(400);
    expect((await call(`/v1/jobs/${second.id}/confirm`, { method: "POST", body: JSON.stringify({ lines: [] }) })).status).toBe(401);
    // The partner proposes a free time instead; the customer accepts it.
    const proposed = await partner.post(`/v1/jobs/${second.id}/propose`, {
      version: second.version,
      lines: second.lines.map((l, i) => ({ lineId: l.id, times: [i === 0 ? at(13, 14) : at(15, 9)] })),
    });
    expect(proposed.status).toBe(200);
    const accepted = await customer.post(`/v1/bookings/${second.id}/accept`, {
      lines: second.lines.map((l, i) => ({ lineId: l.id, time: i === 0 ? at(13, 14) : at(15, 9) })),
    });
    expect(accepted.status).toBe(200);
  });

  it("refuses accepting a proposed time and the partner's move onto a time another booking holds", async () => {
    const held = await requested([at(20, 9), at(21, 9)]);
    const other = await requested([at(22, 9), at(23, 9)]);
    const proposed = await partner.post(`/v1/jobs/${other.id}/propose`, {
      version: other.version,
      lines: other.lines.map((l, i) => ({ lineId: l.id, times: [i === 0 ? at(20, 9) : at(23, 9)] })),
    });
    expect(proposed.status).toBe(200);
    expect((await confirm(held, [at(20, 9), at(21, 9)])).status).toBe(200);
    const accept = await customer.post(`/v1/bookings/${other.id}/accept`, {
      lines: other.lines.map((l, i) => ({ lineId: l.id, time: i === 0 ? at(20, 9) : at(23, 9) })),
    });
    expect(accept.status).toBe(409);
    expect((await json(accept)).error.fields).toEqual({ "lines.0.time": MESSAGES.timeTaken });
    expect((await stored(other.id)).status).toBe("timesProposed");

    const third = await requested([at(27, 9), at(28, 9)]);
    const booked = await json(await confirm(third, [at(27, 9), at(28, 9)]));
    const move = await partner.post(`/v1/jobs/${third.id}/reschedule`, {
      version: booked.version,
      reason: "availability",
      lines: [{ lineId: third.lines[0]!.id, time: at(21, 9) }],
    });
    expect(move.status).toBe(409);
    expect((await json(move)).error.fields).toEqual({ "lines.0.time": MESSAGES.timeTaken });
    // Its own session's time is not taken by itself.
    const own = await partner.post(`/v1/jobs/${third.id}/reschedule`, {
      version: booked.version,
      reason: "availability",
      lines: [{ lineId: third.lines[0]!.id, time: at(27, 10) }],
    });
    expect(own.status).toBe(200);
  });

  it("books a time once when requests for it are confirmed at once, round after round; the others are refused and unchanged", async () => {
    for (let round = 0; round < 3; round++) {
      const times = [at(29 + 2 * round, 9), at(30 + 2 * round, 9)];
      const jobs: Job[] = [];
      for (let i = 0; i < 6; i++) jobs.push(await requested(times));
      const results = await Promise.all(jobs.map((job) => confirm(job, times)));
      const bodies = await Promise.all(results.map((r) => json(r)));
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      for (const [i, job] of jobs.entries()) {
        if (results[i]!.status === 200) continue;
        expect(bodies[i].error.message).toBe(MESSAGES.timeTaken);
        expect(await stored(job.id)).toMatchObject({ status: "awaitingConfirmation", version: job.version });
        expect(await audits("workoutJobConfirmed", job.id)).toHaveLength(0);
      }
    }
  }, 30_000);
});
