import { env } from "cloudflare:workers";
import { eq, inArray, like } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as schema from "../../db/schema";
import type { AuditPage } from "../../contract/audit";
import { MESSAGES } from "../../contract/messages";
import { runScheduled } from "../../worker/cron";
import { BACKFILL_DONE } from "../../worker/data/claim-backfill";
import { claimKey } from "../../worker/domain/time-claims";
import { giveFabrikamCredits } from "./bookings-setup";
import { asks, at, claimsOf, confirm, contoso, contosoDeliversThere, fabrikam, harbour, sent, slotAt, slotsBody, type Job } from "./claims-setup";
import { capturedQueue, directory, failingD1, first, resetSecondShard, runFlows, second } from "./flows-setup";
import { json } from "./helpers";

/**
 * Sessions booked before claims existed get their claims from the cron's
 * one-time backfill (worker/data/claim-backfill.ts): Contoso (weur-1)
 * delivers a Fabrikam job of the first shard and a Harbour job of its own.
 * "Old data" is a booked job whose claims are removed.
 */
const NO_MAIL = { send: async () => undefined, sendBatch: async () => undefined } as unknown as Queue;

/** The backfill begins again on every shard (as on the deployment that brings it). */
const restart = () => directory.delete(schema.sweepCursors).where(like(schema.sweepCursors.sweep, "claimBackfill:%"));

/** The cron runs until the backfill is done on every shard; answers the flow steps it sent. */
async function backfilled(bindings: Partial<Env> = {}) {
  const q = capturedQueue();
  for (let run = 0; run < 40; run++) {
    await runScheduled({ ...env, MAIL_QUEUE: NO_MAIL, ...q.bindings, ...bindings }, Date.now());
    const cursors = await directory.select().from(schema.sweepCursors).where(like(schema.sweepCursors.sweep, "claimBackfill:%"));
    if (cursors.length === 2 && cursors.every((c) => c.position === BACKFILL_DONE)) return q.sent;
  }
  throw new Error("the backfill did not finish");
}

/** `who`'s request for `times`, confirmed by Contoso; then its claims removed, as a job booked before claims existed. */
async function bookedLongAgo(who: typeof fabrikam, times: string[]): Promise<Job> {
  const job = await asks(who, times);
  expect((await sent((q) => confirm(job, times, q.bindings))).status).toBe(200);
  await second.delete(schema.timeClaims).where(eq(schema.timeClaims.jobId, job.id));
  return job;
}

/** The overlaps Contoso's own audit trail records, with the other line each names (kept in the entry's data). */
async function overlapsInTrail() {
  const page = await json<AuditPage>(await contoso().get("/v1/admin/audit?limit=100"));
  const entries = page.items.filter((e) => e.code === "bookedSessionsOverlap");
  const stored = entries.length
    ? await second
        .select()
        .from(schema.auditEntries)
        .where(
          inArray(
            schema.auditEntries.id,
            entries.map((e) => e.id),
          ),
        )
    : [];
  const other = new Map(stored.map((r) => [r.id, (r.data as { otherLineId?: string } | null)?.otherLineId]));
  return entries.map((e) => ({ ...e, otherLineId: other.get(e.id) }));
}

/** Every claim on both shards, by key. */
const allClaims = async () =>
  [...(await first.select().from(schema.timeClaims)), ...(await second.select().from(schema.timeClaims))].sort((a, b) => a.key.localeCompare(b.key));

beforeAll(() => giveFabrikamCredits(300));
beforeEach(async () => {
  await contosoDeliversThere();
  await restart();
});
afterEach(resetSecondShard);

describe("the claims backfill", () => {
  it("claims every session booked before claims, on the delivering partner's shard as the code keys it; a seat over one is then 409; run again it changes nothing", async () => {
    const away = await bookedLongAgo(fabrikam, [at(10), at(11)]);
    const home = await bookedLongAgo(harbour, [at(13), at(14)]);
    expect(await claimsOf(away.id)).toEqual([]);
    expect(await backfilled()).toEqual([]);
    const claimed = async (job: Job) =>
      (await claimsOf(job.id)).map((c) => ({ key: c.key, jobShard: c.jobShard, startsAt: c.startsAt })).sort((a, b) => a.startsAt.localeCompare(b.startsAt));
    expect(await claimed(away)).toEqual([
      { key: claimKey(away.lines[0]!.id, at(10), null), jobShard: "first", startsAt: at(10) },
      { key: claimKey(away.lines[1]!.id, at(11), null), jobShard: "first", startsAt: at(11) },
    ]);
    expect((await claimed(home)).map((c) => [c.jobShard, c.startsAt])).toEqual([
      ["weur-1", at(13)],
      ["weur-1", at(14)],
    ]);
    // A seat in a time Contoso publishes over Fabrikam's old session: refused, the seat not taken.
    const seats = [await slotAt(0, at(10)), await slotAt(1, at(16))];
    const refused = await harbour().post("/v1/bookings", await slotsBody(seats));
    expect(refused.status).toBe(409);
    expect((await json(refused)).error.message).toBe(MESSAGES.timeTaken);
    expect((await second.select().from(schema.slots).where(eq(schema.slots.id, seats[0]!)))[0]).toMatchObject({ seatsTaken: 0 });
    // The whole backfill once more: the same claims, the same rows.
    const before = await allClaims();
    await restart();
    await backfilled();
    expect(await allClaims()).toEqual(before);
  }, 60_000);

  it("keeps both claims of two old sessions that overlap, and says so in the partner's trail, once, also after a failed run; a new booking of that time is refused", async () => {
    const away = await bookedLongAgo(fabrikam, [at(20), at(21)]);
    const home = await bookedLongAgo(harbour, [at(23), at(24)]);
    // Booked before the guard: Harbour's first session at the time of Fabrikam's.
    await second
      .update(schema.jobLines)
      .set({ scheduledAt: at(20) })
      .where(eq(schema.jobLines.id, home.lines[0]!.id));
    // A run whose entry in the partner's trail fails: the run fails, and its batch is read again by the next.
    const refusing = failingD1(env.SHARD_WEUR_1, /bookedSessionsOverlap/, Infinity);
    await expect(runScheduled({ ...env, MAIL_QUEUE: NO_MAIL, ...capturedQueue().bindings, SHARD_WEUR_1: refusing }, Date.now())).rejects.toThrow();
    expect(refusing.failures).toBeGreaterThan(0);
    expect(await overlapsInTrail()).toEqual([]);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      await backfilled();
      const said = warn.mock.calls.map((c) => JSON.parse(String(c[0])) as Record<string, string>).filter((m) => m.message === "booked sessions overlap");
      expect(said.map((m) => [m.lineId, m.otherLineId].sort())).toContainEqual([away.lines[0]!.id, home.lines[0]!.id].sort());
    } finally {
      warn.mockRestore();
    }
    // Contoso sees it in its own trail, by the system: the session and its time, once per pair however often the backfill runs.
    const pair = [away.lines[0]!.id, home.lines[0]!.id].sort();
    const said = await overlapsInTrail();
    expect(said).toHaveLength(1);
    for (const e of said) {
      expect([e.subjectId, e.otherLineId].sort()).toEqual(pair);
      expect(e).toMatchObject({ subjectType: "jobLine", bySystem: true, by: null, change: { kind: "time", from: null, to: at(20) } });
      expect(e.subject).toBeTruthy();
    }
    await restart();
    await backfilled();
    expect((await overlapsInTrail()).map((e) => e.id).sort()).toEqual(said.map((e) => e.id).sort());
    // Not in the trail of a customer of either job.
    expect((await json<AuditPage>(await harbour().get("/v1/admin/audit?limit=100"))).items.map((e) => e.code)).not.toContain("bookedSessionsOverlap");
    expect((await claimsOf(away.id)).map((c) => c.startsAt).sort()).toEqual([at(20), at(21)]);
    expect((await claimsOf(home.id)).map((c) => c.startsAt).sort()).toEqual([at(20), at(24)]);
    const next = await asks(harbour, [at(20), at(25)]);
    const clash = await confirm(next, [at(20), at(25)]);
    expect(clash.status).toBe(409);
    expect((await json(clash)).error.message).toBe(MESSAGES.timeTaken);
  }, 60_000);

  it("reads a batch again when its cursor was not written, and takes no claim twice; a session cancelled since is not claimed", async () => {
    const away = await bookedLongAgo(fabrikam, [at(30), at(31)]);
    const gone = await bookedLongAgo(fabrikam, [at(33), at(34)]);
    expect((await sent((q) => fabrikam(q.bindings).post(`/v1/bookings/${gone.id}/cancel`, { reason: "requested" }))).status).toBe(200);
    // The directory refuses the cursor: the run fails after the claims are written.
    const refused = failingD1(env.DB, /insert into "sweep_cursors"/i, Infinity);
    await expect(runScheduled({ ...env, MAIL_QUEUE: NO_MAIL, ...capturedQueue().bindings, DB: refused }, Date.now())).rejects.toThrow(/Scheduled run failed/);
    expect(refused.failures).toBeGreaterThan(0);
    expect(await directory.select().from(schema.sweepCursors).where(like(schema.sweepCursors.sweep, "claimBackfill:%"))).toEqual([]);
    const taken = await claimsOf(away.id);
    expect(taken).toHaveLength(2);
    await backfilled();
    expect(await claimsOf(away.id)).toEqual(taken);
    expect(
      await second
        .select()
        .from(schema.timeClaims)
        .where(inArray(schema.timeClaims.jobId, [gone.id])),
    ).toEqual([]);
  }, 60_000);

  it("sends the flow step that gives back what the job no longer holds when the job's shard cannot be asked; the step keeps what it holds", async () => {
    const away = await bookedLongAgo(fabrikam, [at(40), at(41)]);
    const unasked = failingD1(env.SHARD_FIRST, /inner join "jobs" on .* where "job_lines"\."id" in \(select value from json_each/i, Infinity);
    const steps = await backfilled({ SHARD_FIRST: unasked });
    expect(unasked.failures).toBeGreaterThan(0);
    const step = steps.find((m) => m.kind === "releaseClaims" && m.claims.some((c) => c.jobId === away.id));
    expect(step).toMatchObject({ kind: "releaseClaims", shard: "weur-1", jobShard: "first" });
    expect(await claimsOf(away.id)).toHaveLength(2);
    expect((await runFlows([step!])).explicitAcks).toHaveLength(1);
    expect(await claimsOf(away.id)).toHaveLength(2);
  }, 60_000);
});
