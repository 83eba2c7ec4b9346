/**
 * A customer's accept of times its delivery partner proposed, when the
 * directory's delivery index hints the partner is on another shard: the
 * partner's calendar there and the claims of the times accepted
 * (docs/decisions/2026-11-27-deliverer-time-claims.md) in ONE batch there,
 * beside the job's read. Each claim's length and the partner's buffer come
 * from the job's delivery copy and the partner's schedule on that shard, as
 * the claim the move takes after the job's read would have them; the move
 * keeps them only when they are exactly those (./early-calendars.ts says
 * how the calendar is used), else they are given back.
 */
import { and, eq, sql } from "drizzle-orm";
import { flowSteps, timeClaims } from "../../db/schema";
import type { TimeClaim } from "../domain/time-claims";
import type { Db } from "../env";
import { calendarReads, type CalendarRows } from "./availability";
import { inList } from "./bound";
import type { EarlyCalendar } from "./early-calendars";
import { writeThenRead } from "./reusable";
import { raw, type Statements } from "./statements";
import { keptInFirstBatch } from "./undo-steps";

const iso = (at: ReturnType<typeof sql>, minutes: ReturnType<typeof sql>) => sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${at}, ${minutes} || ' minutes')`;

/** The partner's buffer for the copy's workout on this shard: the workout's own schedule, else its general one, else none. */
const bufferOf = (partnerId: string, jobId: string) => sql`coalesce(
  (select s.buffer_minutes from availability_schedules s where s.partner_account_id = ${partnerId} and s.workout_id = (select j.workout_id from jobs j where j.id = ${jobId})),
  (select s.buffer_minutes from availability_schedules s where s.partner_account_id = ${partnerId} and s.workout_id is null),
  0)`;

/**
 * The claims of `lines` (no slot) at their times for the partner, each
 * refused as `claimStatements` refuses one (another job's claim within the
 * buffer), taken only when the job's copy here is the customer's, awaits an
 * answer to a proposal and names the partner; a line the copy does not hold
 * fails the batch (its end unknown).
 */
function copyClaimStatements(at: ClaimAt, lines: EarlyClaim[]): Statements {
  const { jobShard, partnerId, jobId } = at;
  const buffer = bufferOf(partnerId, jobId);
  return lines.map((l) => {
    const length = sql`(select ws.length_minutes from job_lines jl join workout_sessions ws on ws.id = jl.session_id where jl.id = ${l.lineId} and jl.job_id = ${jobId})`;
    return raw(sql`INSERT INTO time_claims (id, key, partner_account_id, job_id, line_id, job_shard, slot_id, starts_at, ends_at)
      SELECT ${l.id}, ${l.key}, ${partnerId}, ${jobId}, ${l.lineId}, ${jobShard}, NULL,
        CASE WHEN EXISTS (
          SELECT 1 FROM time_claims o
          WHERE o.partner_account_id = ${partnerId} AND o.job_id <> ${jobId}
            AND o.starts_at < ${iso(sql`x.ends_at`, sql`'+' || x.buffer`)} AND o.ends_at > ${iso(sql`${l.startsAt}`, sql`'-' || x.buffer`)}
        ) THEN NULL ELSE ${l.startsAt} END,
        x.ends_at
      FROM (SELECT ${iso(sql`${l.startsAt}`, sql`'+' || ${length}`)} AS ends_at, ${buffer} AS buffer) x
      WHERE EXISTS (SELECT 1 FROM jobs WHERE id = ${jobId} AND account_id = ${at.customerId} AND delivery_partner_account_id = ${partnerId} AND status = 'timesProposed')
      ON CONFLICT (key) DO NOTHING`);
  });
}

/** A time accepted for a line, as its claim's key names it, and the id its row gets if this request takes it. */
export type EarlyClaim = { id: string; key: string; lineId: string; startsAt: string };

/** Where the claims are taken: the partner's shard, the job's, the partner, the job and its customer, and the window of its calendar. */
type ClaimAt = { shard: string; jobShard: string; partnerId: string; jobId: string; customerId: string; busyFrom: string; busyTo: string };

/** What the batch answers: the partner's calendar (as an early read), the claims this request took (its own rows) and the buffer they were taken with. */
export type EarlyClaims = { shard: string; partnerId: string; calendar: EarlyCalendar; taken: Promise<{ claims: TimeClaim[]; bufferMinutes: number } | null> };

/**
 * The batch on the partner's shard `shard` (`db`): its claims of `lines`,
 * then its calendar for the window (every workout's schedules, the job and
 * the copies of `jobShard`'s jobs left out), the claims under those keys and
 * the buffer. A refused claim fails it all: `taken` is then null and the
 * calendar's rows fail (read again by the re-check).
 */
export function claimBeside(db: Db, at: ClaimAt, lines: EarlyClaim[]): EarlyClaims {
  const read = { partnerIds: [at.partnerId], workoutId: null, exceptJobId: at.jobId, copiesOf: at.jobShard, busyFrom: at.busyFrom, busyTo: at.busyTo };
  // Their release kept in the same batch: an accept stopped before its job's write is repaired by the cron, which gives back what the job's shard does not hold
  // (./undo-steps.ts keptInFirstBatch); the release finds a claim by its key and line, so the end it names is not read.
  const released = lines.map((l) => ({
    key: l.key,
    partnerId: at.partnerId,
    jobId: at.jobId,
    lineId: l.lineId,
    slotId: null,
    startsAt: l.startsAt,
    endsAt: l.startsAt,
  }));
  const { step, keep } = keptInFirstBatch(db, { kind: "releaseClaims", shard: at.shard, jobShard: at.jobShard, claims: released } as const, "partner");
  // Kept only when this request took a claim: an accept whose copy is not the caller's, or not awaiting it, takes none and leaves no step naming others' lines.
  const ours = inList(
    timeClaims.id,
    lines.map((l) => l.id),
  );
  const noneTaken = db.delete(flowSteps).where(and(eq(flowSteps.id, step.keptId), sql`not exists (select 1 from ${timeClaims} where ${ours})`));
  const batch = writeThenRead(db, [keep, ...copyClaimStatements(at, lines), noneTaken], [
    ...calendarReads(db, read),
    db
      .select()
      .from(timeClaims)
      .where(
        inList(
          timeClaims.key,
          lines.map((l) => l.key),
        ),
      ),
    db.select({ buffer: sql<number>`${bufferOf(at.partnerId, at.jobId)}` }).from(sql`(select 1)`),
  ] as const);
  batch.catch(() => undefined);
  const rows = batch.then(([schedules, booked]) => [schedules, booked] as CalendarRows);
  rows.catch(() => undefined);
  const taken = batch.then(
    ([, , claims, [buffer]]) => ({
      // A claim already there under its key (another request's) is not this one's to keep or give back.
      claims: claims
        .filter((c) => lines.some((l) => l.id === c.id))
        .map((c) => ({
          key: c.key,
          partnerId: c.partnerAccountId,
          jobId: c.jobId,
          lineId: c.lineId,
          slotId: c.slotId,
          startsAt: c.startsAt,
          endsAt: c.endsAt,
        })),
      bufferMinutes: Number(buffer?.buffer ?? 0),
    }),
    () => null,
  );
  return { shard: at.shard, partnerId: at.partnerId, calendar: { ...read, shard: at.shard, rows }, taken };
}

/** Whether the claims taken beside the job's read are exactly those the move takes (its claims and the buffer they keep). */
export function takenAsMoved(taken: { claims: TimeClaim[]; bufferMinutes: number }, moved: TimeClaim[], bufferMinutes: number): boolean {
  const same = (a: TimeClaim, b: TimeClaim) =>
    a.partnerId === b.partnerId && a.jobId === b.jobId && a.lineId === b.lineId && a.slotId === b.slotId && a.startsAt === b.startsAt && a.endsAt === b.endsAt;
  return (
    taken.bufferMinutes === bufferMinutes && taken.claims.length === moved.length && moved.every((m) => taken.claims.some((t) => t.key === m.key && same(t, m)))
  );
}
