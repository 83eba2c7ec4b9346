/**
 * Delivering partners' calendars read on their own shards before the job
 * names its partner, beside the job's read
 * (docs/decisions/2026-11-27-shards-read-beside-the-step-that-names-them.md):
 * the acting partner's own on a move from its delivery copy, or the partners
 * the directory's delivery index names for the booking partner's workouts.
 * An early read is used only where it is the read a later step needs (the
 * same partner on the same shard, workout, job, copies left out and a window
 * holding the one needed); otherwise that step reads as before, so a wrong
 * or missing hint costs a level, never a wrong answer.
 */
import { sql } from "drizzle-orm";
import { jobs } from "../../db/schema";
import { calendarOn, calendarReads, type CalendarInput, type CalendarRows } from "./availability";
import type { Db } from "../env";
import type { PartnerShards, ShardOf } from "./partner-shards";

/**
 * Partners' calendars on a shard, read before the job named its delivery
 * partner: the partners, the workout (null: every workout's schedules) and
 * the window they were read for, the job itself and the copies of the job's
 * shard's jobs left out.
 */
export type EarlyCalendar = {
  shard: string;
  partnerIds: string[];
  workoutId: string | null;
  exceptJobId: string;
  copiesOf: string;
  busyFrom: string;
  busyTo: string;
  rows: Promise<CalendarRows>;
};

type EarlyRead = Omit<EarlyCalendar, "rows" | "partnerIds" | "shard">;

/** Reads partners' calendars on a shard before the job is read (`EarlyCalendar`); its failure is left to the step that needs it, which then reads again. */
function readEarly(db: Db, read: Omit<EarlyCalendar, "rows">): EarlyCalendar {
  const rows = db.batch(calendarReads(db, read)) as unknown as Promise<CalendarRows>;
  rows.catch(() => undefined);
  return { ...read, rows };
}

/**
 * A partner's calendar on its shard for a move not yet read (from its delivery copy: its own shard, the request's).
 * `ofCopy`: the workout is not known yet, it is that of this shard's row of the job (a delivery copy; the caller names it once known).
 */
export const earlyCalendar = (db: Db, read: EarlyRead & { shard: string; partnerId: string }, ofCopy?: string): EarlyCalendar => {
  const { partnerId, ...rest } = read;
  const workoutId = ofCopy === undefined ? rest.workoutId : sql`(select ${jobs.workoutId} from ${jobs} where ${jobs.id} = ${ofCopy})`;
  const rows = db.batch(calendarReads(db, { ...rest, workoutId, partnerIds: [partnerId] })) as unknown as Promise<CalendarRows>;
  rows.catch(() => undefined);
  return { ...rest, partnerIds: [partnerId], rows };
};

/**
 * The calendars, for a job's window, of the partners delivering the workouts
 * of the account's partner on other shards (PartnerShards `deliveringFor`:
 * the delivery index, from the account's cached routing row), each shard read
 * side by side with every workout's schedules, beside the job's read; none
 * when the hint names no other shard (or its look-up fails).
 */
export const deliverersBeside = (shards: PartnerShards, accountId: string, read: Omit<EarlyRead, "workoutId" | "copiesOf">): Promise<EarlyCalendar[]> =>
  shards.deliveringFor(accountId).then(
    (hinted) => hinted.map((s) => readEarly(s.db, { ...read, copiesOf: shards.here, shard: s.name, partnerIds: s.partnerIds, workoutId: null })),
    () => [],
  );

/** Whether an early read is the one needed for the partners of `away` on its shard: the same job, workout and copies, over a window holding `window`'s. */
function covers(early: EarlyCalendar, away: ShardOf, window: CalendarInput, jobShard: string) {
  return (
    early.shard === away.name &&
    away.partnerIds.every((id) => early.partnerIds.includes(id)) &&
    (early.workoutId === null || early.workoutId === window.workoutId) &&
    early.exceptJobId === window.exceptJobId &&
    early.copiesOf === jobShard &&
    early.busyFrom <= window.busyFrom &&
    early.busyTo >= window.busyTo
  );
}

/** Calendar rows narrowed to the partners `partnerIds` (an early read may hold more). */
export function calendarOnlyOf([schedules, booked]: CalendarRows, partnerIds: readonly string[]): CalendarRows {
  const of = (id: string | null) => partnerIds.includes(id ?? "");
  return [schedules.filter((s) => of(s.partnerAccountId)), booked.filter((b) => of(b.partnerId))];
}

/**
 * The calendar rows of the partners on other shards (`away`), in its order:
 * from an early read that covers a shard (narrowed to its partners), else
 * read there now, side by side; an early read that failed is read again.
 */
export function calendarsAway(jobShard: string, away: ShardOf[], window: CalendarInput, early: readonly EarlyCalendar[]): Promise<CalendarRows[]> {
  return Promise.all(
    away.map((s) => {
      const found = early.find((e) => covers(e, s, window, jobShard));
      return found
        ? found.rows.then(
            (rows) => calendarOnlyOf(rows, s.partnerIds),
            () => calendarOn(jobShard, s, window),
          )
        : calendarOn(jobShard, s, window);
    }),
  );
}
