import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { MESSAGES } from "../../contract/messages";
import { DEMO } from "../../db/seed";
import { clearIsolateCaches } from "../../worker/http/isolate-cache";
import { giveFabrikamCredits, WORKOUT } from "./bookings-setup";
import { holdClockInEachTest } from "./clock";
import { d1Figures, warmAnswer } from "./d1-figures";
import { capturedQueue, directory, failingD1, first, resetSecondShard, second } from "./flows-setup";
import { json } from "./helpers";
import { claimBeside } from "../../worker/data/early-claims";
import { database } from "../../worker/db";
import { claimKey } from "../../worker/domain/time-claims";
import { dueAndRun, stoppedAt } from "./cut-off-setup";
import { keptFor } from "./kept-setup";
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

/** Fabrikam asks Contoso for the sessions, and Contoso proposes `times` instead (the delivery copy follows). */
async function proposal(times: string[]): Promise<Job> {
  const job = await asks(fabrikam, [at(5, 10), at(6, 10)]);
  const proposed = await sent((q) =>
    contoso(q.bindings).post(`/v1/jobs/${job.id}/propose`, { version: job.version, lines: job.lines.map((l, i) => ({ lineId: l.id, times: [times[i]] })) }),
  );
  expect(proposed.status, await proposed.clone().text()).toBe(200);
  return json<Job>(proposed);
}

/** The releases kept on `d1` (they name no account). */
const releasesOn = async (d1: D1Database) => (await keptFor(d1, null)).filter((k) => k.kind === "releaseSeats" || k.kind === "releaseClaims");

const acceptBody = (p: Job, times: string[]) => ({ version: p.version, lines: p.lines.map((l, i) => ({ lineId: l.id, time: times[i] })) });

beforeAll(() => giveFabrikamCredits(100));
beforeEach(async () => {
  await contosoDeliversThere();
  expect((await contoso().put("/v1/admin/availability", hours)).status).toBe(200);
});
afterEach(resetSecondShard);

describe("a booking's delivery partner on another shard, hinted by the delivery index", () => {
  holdClockInEachTest();

  it("a customer's accept re-checks the partner's calendar read beside the job: a time it booked since is refused, the claims taken beside given back; the same without the hint", async () => {
    const times = [at(8, 10), at(9, 10)];
    const p = await proposal(times);
    // Harbour's sessions at those times hold no claim (booked before claims were kept): only the calendar's re-check sees them.
    const home = await harbourBooked(times);
    await second.delete(schema.timeClaims).where(eq(schema.timeClaims.jobId, home.id));
    const body = acceptBody(p, times);
    const refusedWith = async (depth: number) => {
      const res = await warmAnswer(() => fabrikam().post(`/v1/bookings/${p.id}/accept`, body));
      expect(res.status).toBe(409);
      expect((await json(res)).error.fields).toEqual({ "lines.0.time": MESSAGES.timeTaken, "lines.1.time": MESSAGES.timeTaken });
      expect(d1Figures(res).depth).toBe(depth);
      expect(await stored(first, p.id)).toMatchObject({ status: "timesProposed", version: p.version });
      expect(await claimsOf(p.id)).toEqual([]);
    };
    // With the hint the claims were taken beside the job's read, then given back (asked of the job's shard, then released): two levels more.
    await refusedWith(4);
    // Another customer's accept of it reads as absent; its copy is not that customer's, so nothing is claimed for it.
    const absent = await warmAnswer(() => harbour().post(`/v1/bookings/${p.id}/accept`, body));
    expect(absent.status).toBe(404);
    expect(d1Figures(absent).depth).toBe(2);
    expect(await claimsOf(p.id)).toEqual([]);
    await withoutHint();
    await refusedWith(3);
  });

  it("a customer's accept claims its times on the partner's shard beside the job's read, with each session's length, and writes the job next", async () => {
    const times = [at(12, 10), at(13, 10)];
    const p = await proposal(times);
    const res = await fabrikam().post(`/v1/bookings/${p.id}/accept`, acceptBody(p, times));
    expect(res.status, await res.clone().text()).toBe(200);
    expect(d1Figures(res).depth).toBe(3);
    expect(await stored(first, p.id)).toMatchObject({ status: "confirmed", version: p.version + 1 });
    const lengths = await first.select({ id: schema.workoutSessions.id, minutes: schema.workoutSessions.lengthMinutes }).from(schema.workoutSessions);
    const claims = (await claimsOf(p.id)).sort((a, b) => a.startsAt.localeCompare(b.startsAt));
    expect(claims.map((c) => [c.lineId, c.startsAt, c.endsAt, c.partnerAccountId, c.jobShard])).toEqual(
      p.lines.map((l, i) => {
        const minutes = lengths.find((x) => x.id === l.sessionId)!.minutes;
        return [l.id, times[i], new Date(Date.parse(times[i]!) + minutes * 60_000).toISOString(), DEMO.contoso.id, "first"];
      }),
    );
    // The time is the partner's now: Harbour's request for it is refused when confirmed.
    const home = await asks(harbour, times);
    expect((await confirm(home, times)).status).toBe(409);
  });

  it("a customer's accept whose job write fails gives back the claims taken beside its read; one refused there by another's claim writes nothing", async () => {
    const times = [at(16, 10), at(17, 10)];
    const p = await proposal(times);
    const q = capturedQueue();
    const jobRefused = failingD1(env.SHARD_FIRST, /UPDATE jobs SET version/);
    expect((await fabrikam({ SHARD_FIRST: jobRefused, ...q.bindings }).post(`/v1/bookings/${p.id}/accept`, acceptBody(p, times))).status).toBe(500);
    expect(jobRefused.failures).toBe(1);
    expect(await claimsOf(p.id)).toEqual([]);
    expect(q.sent).toEqual([]);
    expect(await stored(first, p.id)).toMatchObject({ status: "timesProposed", version: p.version });
    // Harbour books those times meanwhile (its claims kept): the accept is refused, nothing written, nothing claimed.
    await harbourBooked(times);
    const refused = await fabrikam().post(`/v1/bookings/${p.id}/accept`, acceptBody(p, times));
    expect(refused.status).toBe(409);
    expect(await stored(first, p.id)).toMatchObject({ status: "timesProposed", version: p.version });
    expect(await claimsOf(p.id)).toEqual([]);
  });

  it("a customer's accept stopped after taking its claims beside the job's read has them given back by the cron; one written whole keeps them", async () => {
    const times = [at(18, 10), at(19, 10)];
    const p = await proposal(times);
    const before = (await releasesOn(env.SHARD_WEUR_1)).map((k) => k.id);
    // Claims asked for another customer than the copy's take none, and keep no step naming the job's lines.
    const other = claimBeside(
      database(env.SHARD_WEUR_1),
      {
        shard: "weur-1",
        jobShard: "first",
        partnerId: DEMO.contoso.id,
        jobId: p.id,
        customerId: DEMO.customers.harbour.id,
        busyFrom: times[0]!,
        busyTo: times[1]!,
      },
      p.lines.map((l, i) => ({ id: crypto.randomUUID(), key: claimKey(l.id, times[i]!, null), lineId: l.id, startsAt: times[i]! })),
    );
    expect((await other.taken)?.claims).toEqual([]);
    expect((await releasesOn(env.SHARD_WEUR_1)).map((k) => k.id)).toEqual(before);
    const q = capturedQueue();
    const res = await stoppedAt("awaySeats", () => fabrikam(q.bindings).post(`/v1/bookings/${p.id}/accept`, acceptBody(p, times)));
    expect(res.status).toBe(500);
    // The claims are taken on weur-1, the job is not accepted on the first shard, nothing was sent.
    expect(await claimsOf(p.id)).toHaveLength(2);
    expect(await stored(first, p.id)).toMatchObject({ status: "timesProposed", version: p.version });
    expect(q.sent).toEqual([]);
    const kept = (await releasesOn(env.SHARD_WEUR_1)).filter((k) => !before.includes(k.id));
    expect(kept.map((k) => k.kind)).toEqual(["releaseClaims"]);
    await dueAndRun(
      null,
      kept.map((k) => k.id),
      env.SHARD_WEUR_1,
    );
    expect(await claimsOf(p.id)).toEqual([]);

    // Accepted whole: the release kept with its claims, run, leaves them to the job.
    const done = await fabrikam().post(`/v1/bookings/${p.id}/accept`, acceptBody(p, times));
    expect(done.status, await done.clone().text()).toBe(200);
    const release = (await releasesOn(env.SHARD_WEUR_1)).filter((k) => !before.includes(k.id));
    expect(release.map((k) => k.kind)).toEqual(["releaseClaims"]);
    await dueAndRun(
      null,
      release.map((k) => k.id),
      env.SHARD_WEUR_1,
    );
    expect((await claimsOf(p.id)).map((c) => c.startsAt).sort()).toEqual(times);
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
