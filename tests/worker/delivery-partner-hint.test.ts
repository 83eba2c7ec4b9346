import { eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { MESSAGES } from "../../contract/messages";
import { clearIsolateCaches } from "../../worker/http/isolate-cache";
import { giveFabrikamCredits, WORKOUT } from "./bookings-setup";
import { holdClockInEachTest } from "./clock";
import { d1Figures, warmAnswer } from "./d1-figures";
import { directory, first, resetSecondShard, second } from "./flows-setup";
import { json } from "./helpers";
import { asks, at, claimsOf, confirm, contoso, contosoDeliversThere, fabrikam, harbour, sent, stored, type Job } from "./claims-setup";

/**
 * Where a booking's delivery partner is, known before the job names it: the
 * directory's delivery index (with the customer's routing row) says Contoso
 * (weur-1) delivers Northwind's workouts, so a Fabrikam booking's accept and
 * its open times read Contoso's calendar there beside the job (one level
 * less). The job still decides; without the hint the same answer comes one
 * level later.
 */
const hours = {
  timeZone: "UTC",
  weekly: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, ranges: [{ start: "08:00", end: "18:00" }] })),
  overrides: [],
  minNoticeMinutes: 0,
  bufferMinutes: 0,
};

/** The index no longer names Contoso for the workout (a hint not there yet), and the isolate forgets what it read. */
async function withoutHint() {
  await directory.delete(schema.deliveryIndex).where(eq(schema.deliveryIndex.workoutId, WORKOUT));
  clearIsolateCaches();
}

/** Harbour (Contoso's customer, on weur-1) booked with Contoso at `times`, confirmed there. */
async function harbourBooked(times: string[]): Promise<Job> {
  const home = await asks(harbour, times);
  expect((await sent((q) => confirm(home, times, q.bindings))).status).toBe(200);
  return home;
}

beforeAll(() => giveFabrikamCredits(100));
beforeEach(async () => {
  await contosoDeliversThere();
  expect((await contoso().put("/v1/admin/availability", hours)).status).toBe(200);
});
afterEach(resetSecondShard);

describe("a booking's delivery partner on another shard, hinted by the delivery index", () => {
  holdClockInEachTest();

  it("a customer's accept re-checks the partner's calendar read beside the job: a time it booked since is refused, and the same without the hint, a level later", async () => {
    const job = await asks(fabrikam, [at(5, 10), at(6, 10)]);
    const times = [at(8, 10), at(9, 10)];
    const proposed = await sent((q) =>
      contoso(q.bindings).post(`/v1/jobs/${job.id}/propose`, { version: job.version, lines: job.lines.map((l, i) => ({ lineId: l.id, times: [times[i]] })) }),
    );
    expect(proposed.status, await proposed.clone().text()).toBe(200);
    const p = await json<Job>(proposed);
    // Harbour's sessions at those times hold no claim (booked before claims were kept): only the calendar's re-check sees them.
    const home = await harbourBooked(times);
    await second.delete(schema.timeClaims).where(eq(schema.timeClaims.jobId, home.id));
    const body = { version: p.version, lines: p.lines.map((l, i) => ({ lineId: l.id, time: times[i] })) };
    const refusedWith = async (depth: number) => {
      const res = await warmAnswer(() => fabrikam().post(`/v1/bookings/${p.id}/accept`, body));
      expect(res.status).toBe(409);
      expect((await json(res)).error.fields).toEqual({ "lines.0.time": MESSAGES.timeTaken, "lines.1.time": MESSAGES.timeTaken });
      expect(d1Figures(res).depth).toBe(depth);
      expect(await stored(first, p.id)).toMatchObject({ status: "timesProposed", version: p.version });
      expect(await claimsOf(p.id)).toEqual([]);
    };
    await refusedWith(2);
    // Another customer's accept of it reads as absent, with no claim taken.
    expect((await harbour().post(`/v1/bookings/${p.id}/accept`, body)).status).toBe(404);
    await withoutHint();
    await refusedWith(3);
  });

  it("a customer's times asked again are checked against the partner's calendar read beside the job: refused where it booked since, written a level sooner", async () => {
    const job = await asks(fabrikam, [at(5, 10), at(6, 10)]);
    const deny = async () => expect((await sent((q) => contoso(q.bindings).post(`/v1/jobs/${job.id}/deny`, { reason: "availability" }))).status).toBe(200);
    await deny();
    await harbourBooked([at(8, 10), at(9, 10)]);
    const s = job.lines.map((l) => l.sessionId);
    const ask = (hour: number) => () =>
      fabrikam().post(`/v1/bookings/${job.id}/schedule`, { mode: "request", sessions: s.map((sessionId, i) => ({ sessionId, times: [at(8 + i, hour)] })) });
    const refusedWith = async (depth: number) => {
      const res = await warmAnswer(ask(10));
      expect(res.status).toBe(400);
      expect(Object.keys((await json(res)).error.fields).sort()).toEqual(["sessions.0.times.0", "sessions.1.times.0"]);
      expect(d1Figures(res).depth).toBe(depth);
      expect(await stored(first, job.id)).toMatchObject({ status: "awaitingScheduling" });
    };
    await refusedWith(2);
    const asked = await ask(14)();
    expect(asked.status, await asked.clone().text()).toBe(200);
    expect(d1Figures(asked).depth).toBe(3);
    await deny();
    await withoutHint();
    await refusedWith(3);
  });

  it("a booking's open times leave out what the partner booked on its shard, read beside the job; the same without the hint, a level later", async () => {
    const job = await asks(fabrikam, [at(5, 10), at(6, 10)]);
    await harbourBooked([at(8, 10), at(9, 10)]);
    const window = `from=${encodeURIComponent(at(8, 0))}&to=${encodeURIComponent(at(8, 23))}`;
    const openTimes = async () => {
      const res = await warmAnswer(() => fabrikam().get(`/v1/bookings/${job.id}/open-times?lineId=${job.lines[0]!.id}&${window}`));
      expect(res.status).toBe(200);
      return { depth: d1Figures(res).depth, times: (await json<{ times: string[] }>(res)).times };
    };
    const hinted = await openTimes();
    expect(hinted.depth).toBe(2);
    expect(hinted.times).not.toContain(at(8, 10));
    expect(hinted.times).toContain(at(8, 14));
    await withoutHint();
    expect(await openTimes()).toEqual({ depth: 3, times: hinted.times });
    // Not this customer's booking: absent.
    expect((await harbour().get(`/v1/bookings/${job.id}/open-times?lineId=${job.lines[0]!.id}&${window}`)).status).toBe(404);
  });
});
