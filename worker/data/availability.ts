/**
 * Availability schedules as their partner may touch them (its own only), and
 * the open start times they give: a workout's own schedule wins over the
 * partner's; booked sessions of the partner (Booked or In Progress) are busy.
 */
import { and, eq, inArray, isNull, ne, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { AvailabilityDto, SaveAvailability } from "../../contract/availability";
import { accounts, availabilitySchedules, jobLines, jobs, workoutSessions, type AvailabilitySchedule } from "../../db/schema";
import { openTimes, type Busy, type Schedule } from "../domain/availability";
import type { Db } from "../env";
import type { PartnerScope } from "../http/endpoint";
import { inList } from "./bound";
import type { PartnerShards, ShardOf } from "./partner-shards";
import { deliveredWorkout } from "./delivered";
import { audit, fieldChanges, type AuditWrite } from "./audit";
import { writeThenRead } from "./reusable";
import { d1Of, runBatch } from "./statements";

const DAY = 86_400_000;

function dto(row: AvailabilitySchedule, inherited: boolean): AvailabilityDto {
  return {
    id: row.id,
    workoutId: row.workoutId,
    timeZone: row.timeZone,
    weekly: row.weekly,
    overrides: row.overrides,
    minNoticeMinutes: row.minNoticeMinutes,
    bufferMinutes: row.bufferMinutes,
    inherited,
  };
}

/** A window no booked session falls in: the calendar reads return no busy times. */
export const NO_WINDOW = { busyFrom: "9999", busyTo: "0000" };

/**
 * The partner's schedule (no workout), or a workout's own, falling back to
 * the partner's (`inherited`); null when there is none. A workout the partner
 * does not deliver is 404. The schedules are the partner's, on its shard;
 * whether it delivers the workout is read beside them (on the workout's
 * author's shard when another, worker/data/delivered.ts).
 */
export async function getAvailability(db: Db, shards: PartnerShards, scope: PartnerScope, workoutId?: string): Promise<AvailabilityDto | null> {
  const [, rows] = await Promise.all([
    workoutId ? deliveredWorkout(db, shards, scope, workoutId) : null,
    db
      .select()
      .from(availabilitySchedules)
      .where(
        and(
          eq(availabilitySchedules.partnerAccountId, scope.account.id),
          workoutId ? or(isNull(availabilitySchedules.workoutId), eq(availabilitySchedules.workoutId, workoutId)) : isNull(availabilitySchedules.workoutId),
        ),
      ),
  ]);
  const own = rows.find((r) => r.workoutId === (workoutId ?? null));
  if (own) return dto(own, false);
  const general = rows.find((r) => r.workoutId === null);
  return general ? dto(general, Boolean(workoutId)) : null;
}

type ScheduleValues = Pick<AvailabilitySchedule, "timeZone" | "weekly" | "overrides" | "minNoticeMinutes" | "bufferMinutes">;

/**
 * The partner's trail entries of an edit of its availability (its general
 * schedule, or a workout's own, named by the workout): one per setting that
 * changed, from → to (none before: a new schedule; none after: removed).
 */
function availabilityEdits(
  scope: PartnerScope,
  subjectId: string,
  name: string | null,
  before: ScheduleValues | null,
  after: ScheduleValues | null,
): AuditWrite[] {
  const json = (v: unknown[] | undefined) => (v && v.length ? JSON.stringify(v) : null);
  return fieldChanges(
    {
      accountId: scope.account.id,
      partnerAccountId: scope.account.id,
      code: "availabilityChanged",
      subjectType: "availability",
      subjectId,
      userId: scope.user.id,
      name,
    },
    [
      { field: "timeZone", kind: "name", from: before?.timeZone ?? null, to: after?.timeZone ?? null },
      { field: "weeklyHours", kind: "hours", from: json(before?.weekly), to: json(after?.weekly) },
      { field: "dateOverrides", kind: "overrides", from: json(before?.overrides), to: json(after?.overrides) },
      { field: "minimumNotice", kind: "minutes", from: before?.minNoticeMinutes ?? null, to: after?.minNoticeMinutes ?? null },
      { field: "buffer", kind: "minutes", from: before?.bufferMinutes ?? null, to: after?.bufferMinutes ?? null },
    ],
  );
}

/**
 * The partner's schedule (or a workout's own) as stored, beside the workout
 * it is for when one (404 unless the partner delivers it; with `copy`, the
 * statements that write this shard's copy of a workout of another shard,
 * which the schedule points at).
 */
async function scheduleBefore(db: Db, shards: PartnerShards, scope: PartnerScope, workoutId: string | null, copy = false) {
  const mine = and(
    eq(availabilitySchedules.partnerAccountId, scope.account.id),
    workoutId ? eq(availabilitySchedules.workoutId, workoutId) : isNull(availabilitySchedules.workoutId),
  )!;
  const [found, [row]] = await Promise.all([
    workoutId ? deliveredWorkout(db, shards, scope, workoutId, { copy }) : null,
    db.select().from(availabilitySchedules).where(mine),
  ]);
  const name = found ? (found.workout.title ?? found.workout.name) : null;
  return { mine, row: row ?? null, name, copy: found?.copy ?? [], subjectId: workoutId ?? scope.account.id };
}

/** Saves the partner's schedule (or a workout's own), replacing the one before in the same batch, with an entry per setting changed. */
export async function saveAvailability(db: Db, shards: PartnerShards, scope: PartnerScope, body: SaveAvailability): Promise<AvailabilityDto> {
  const workoutId = body.workoutId ?? null;
  const before = await scheduleBefore(db, shards, scope, workoutId, true);
  const values = {
    timeZone: body.timeZone,
    weekly: body.weekly.filter((d) => d.ranges.length),
    overrides: body.overrides,
    minNoticeMinutes: body.minNoticeMinutes,
    bufferMinutes: body.bufferMinutes,
  };
  const id = crypto.randomUUID();
  const [saved] = await writeThenRead(
    db,
    audit(
      [
        ...before.copy,
        db.delete(availabilitySchedules).where(before.mine),
        db.insert(availabilitySchedules).values({ id, partnerAccountId: scope.account.id, workoutId, ...values }),
      ],
      ...availabilityEdits(scope, before.subjectId, before.name, before.row, values),
    ),
    [db.select().from(availabilitySchedules).where(eq(availabilitySchedules.id, id))],
  );
  return dto(saved[0]!, false);
}

/** Removes a workout's own schedule (it follows the partner's again), with its entries; true when there was one. */
export async function removeWorkoutAvailability(db: Db, shards: PartnerShards, scope: PartnerScope, workoutId: string): Promise<boolean> {
  const before = await scheduleBefore(db, shards, scope, workoutId);
  if (!before.row) return false;
  await runBatch(
    d1Of(db),
    audit(
      [db.delete(availabilitySchedules).where(eq(availabilitySchedules.id, before.row.id))],
      ...availabilityEdits(scope, before.subjectId, before.name, before.row, null),
    ),
  );
  return true;
}

/** One partner's schedule for a workout (its own, else the general one; null: none) and its booked sessions. */
export type PartnerCalendar = { partnerId: string; schedule: Schedule | null; busy: Busy[] };

type Bound = string | Placeholder | SQL;

/**
 * The reads behind partners' calendars, for a caller's batch: the schedules
 * of the partners `partnerIds` selects (a list, or a subquery) for the
 * workout, and the sessions they have booked (any workout, Booked or In
 * Progress; the job `exceptJobId` left out, as it is the one being moved)
 * starting in [busyFrom, busyTo]. Values may be placeholders (./reusable.ts).
 * `copiesOf`: read on a delivering partner's shard for a booking shard, the
 * delivery copies of that shard's jobs are left out (their jobs are read there).
 * `workoutId` null: the schedules of every workout (read before the workout is known).
 */
export function calendarReads(
  db: Db,
  input: { partnerIds: string[] | SQL; workoutId: Bound | null; busyFrom: Bound; busyTo: Bound; exceptJobId?: Bound; copiesOf?: string; windowed?: true },
) {
  const partners = (col: SQLiteColumn) => (Array.isArray(input.partnerIds) ? inList(col, input.partnerIds) : sql`${col} in ${input.partnerIds}`);
  return [
    db
      .select()
      .from(availabilitySchedules)
      .where(
        and(
          partners(availabilitySchedules.partnerAccountId),
          input.workoutId === null ? sql`1 = 1` : or(isNull(availabilitySchedules.workoutId), sql`${availabilitySchedules.workoutId} = ${input.workoutId}`),
          // `windowed`: the schedules only when a window is asked (NO_WINDOW reads none, a constant test made once).
          input.windowed ? sql`${input.busyFrom} <= ${input.busyTo}` : undefined,
        ),
      ),
    db
      .select({ partnerId: jobs.deliveryPartnerAccountId, scheduledAt: jobLines.scheduledAt, lengthMinutes: workoutSessions.lengthMinutes })
      .from(jobLines)
      .innerJoin(jobs, eq(jobs.id, jobLines.jobId))
      .innerJoin(workoutSessions, eq(workoutSessions.id, jobLines.sessionId))
      .where(
        and(
          partners(jobs.deliveryPartnerAccountId),
          inArray(jobLines.status, ["confirmed", "inProgress"]),
          ne(jobs.status, "cancelled"),
          sql`${jobLines.scheduledAt} >= ${input.busyFrom}`,
          sql`${jobLines.scheduledAt} <= ${input.busyTo}`,
          input.exceptJobId === undefined ? sql`1 = 1` : sql`${jobs.id} <> ${input.exceptJobId}`,
          input.copiesOf === undefined
            ? sql`1 = 1`
            : sql`not exists (select 1 from ${accounts} p where p.id = ${jobs.partnerAccountId} and p.shard = ${input.copiesOf})`,
        ),
      ),
  ] as const;
}

/** The shard the row of the job's delivery partner names (its calendar is read there when it is another one), for a caller's batch. */
export const deliveryShardRead = (db: Db, jobId: string) =>
  db
    .select({ shard: accounts.shard })
    .from(accounts)
    .where(sql`${accounts.id} = (select ${jobs.deliveryPartnerAccountId} from ${jobs} where ${jobs.id} = ${jobId})`);

/** The rows calendarReads answers, in its order. */
export type CalendarRows = [AvailabilitySchedule[], { partnerId: string | null; scheduledAt: string | null; lengthMinutes: number }[]];

/** Each partner's calendar for the workout (its own schedule, else its general one), from the rows of calendarReads. */
export function calendarsFrom(partnerIds: string[], workoutId: string, [schedules, booked]: CalendarRows): PartnerCalendar[] {
  return [...new Set(partnerIds)].filter(Boolean).map((partnerId) => ({
    partnerId,
    schedule:
      schedules.find((s) => s.partnerAccountId === partnerId && s.workoutId === workoutId) ??
      schedules.find((s) => s.partnerAccountId === partnerId && s.workoutId === null) ??
      null,
    busy: booked
      .filter((b) => b.partnerId === partnerId && b.scheduledAt)
      .map((b) => ({ start: Date.parse(b.scheduledAt!), end: Date.parse(b.scheduledAt!) + b.lengthMinutes * 60_000 })),
  }));
}

/** The window of booked sessions that can reach a time in [from, to]: a day wider on each side (length and buffer are well under a day). */
export function busyWindow(from: number, to: number): { busyFrom: string; busyTo: string } {
  return { busyFrom: new Date(from - DAY).toISOString(), busyTo: new Date(to + DAY).toISOString() };
}

/** The window of a request's times (see busyWindow); an empty one without times. */
export function requestWindow(sessions: { times?: string[] }[]): { busyFrom: string; busyTo: string } {
  const instants = sessions.flatMap((s) => (s.times ?? []).map((t) => Date.parse(t))).filter((t) => Number.isFinite(t));
  return instants.length ? busyWindow(Math.min(...instants), Math.max(...instants)) : NO_WINDOW;
}

export type CalendarInput = { workoutId: string; busyFrom: string; busyTo: string; exceptJobId?: string };

/**
 * The calendar rows of the partners the shard `s` names, read there (one
 * batch), in place of what the request's shard holds of them: their schedules
 * are there, and the sessions they deliver (their own customers' jobs and the
 * delivery copies of other shards' jobs; the copies of `here`'s jobs are left
 * out, as `here` reads the jobs themselves).
 */
export const calendarOn = (here: string, s: ShardOf, input: CalendarInput): Promise<CalendarRows> =>
  s.db.batch(calendarReads(s.db, { ...input, partnerIds: s.partnerIds, copiesOf: here })) as unknown as Promise<CalendarRows>;

/** The calendar rows of the partners `away` names, each read on its own shard (side by side), the copies of `here`'s jobs left out. */
const calendarsThere = (here: string, away: ShardOf[], input: CalendarInput): Promise<CalendarRows[]> =>
  Promise.all(away.map((s) => calendarOn(here, s, input)));

/** The request's calendar rows with those of the partners on other shards (`away`, read there: `read`, in its order) in place of what it holds of them. */
export function calendarsMerged(rows: CalendarRows, away: ShardOf[], read: CalendarRows[]): CalendarRows {
  const moved = new Set(away.flatMap((s) => s.partnerIds));
  return [
    [...rows[0].filter((s) => !moved.has(s.partnerAccountId)), ...read.flatMap((r) => r[0])],
    [...rows[1], ...read.flatMap((r) => r[1])],
  ];
}

/**
 * The calendar on this shard of the job `jobId`'s delivery partner for its
 * workout in [from, to] (the job's own sessions not busy), as partnerCalendars
 * reads it for that job, before the job is read: the partner and the workout
 * named by the job's row here. A job that is not here, or names no partner,
 * reads none.
 */
export function jobCalendarRead(db: Db, jobId: string, from: string, to: string): Promise<CalendarRows> {
  const ofJob = (col: SQLiteColumn) => sql`(select ${col} from ${jobs} where ${jobs.id} = ${jobId})`;
  const window = { exceptJobId: jobId, ...busyWindow(Date.parse(from), Date.parse(to)) };
  const rows = db.batch(calendarReads(db, { ...window, partnerIds: ofJob(jobs.deliveryPartnerAccountId), workoutId: ofJob(jobs.workoutId) }));
  const read = rows as unknown as Promise<CalendarRows>;
  read.catch(() => undefined);
  return read;
}

/**
 * Where partners' calendars are besides the request's shard: the shards of
 * those on other ones (`away`), the request's rows when already read
 * (`hereRows`), and how the other shards' rows are had when not read there
 * now (`readAway`: a read made beside an earlier step, in their order).
 */
export type CalendarsAcross = {
  here: string;
  away: Promise<ShardOf[]>;
  hereRows?: Promise<CalendarRows>;
  readAway?: (away: ShardOf[], input: CalendarInput) => Promise<CalendarRows[]>;
};

/** Partners' calendars for [from, to]: one round trip on the request's shard, beside the look-up of those on other shards (then read there). */
async function partnerCalendars(
  db: Db,
  input: { partnerIds: string[]; workoutId: string; from: number; to: number; exceptJobId?: string },
  across?: CalendarsAcross,
): Promise<PartnerCalendar[]> {
  const ids = [...new Set(input.partnerIds)].filter(Boolean);
  if (!ids.length) return [];
  const window = { workoutId: input.workoutId, exceptJobId: input.exceptJobId, ...busyWindow(input.from, input.to) };
  // The partners' own shards are read as soon as they are known (no call for them on a warm isolate), beside this one.
  const [rows, elsewhere] = await Promise.all([
    across?.hereRows ?? (db.batch(calendarReads(db, { ...window, partnerIds: ids })) as unknown as Promise<CalendarRows>),
    (across?.away ?? Promise.resolve([])).then(async (away) => ({
      away,
      read: await (across?.readAway ?? ((a: ShardOf[], i: CalendarInput) => calendarsThere(across?.here ?? "", a, i)))(away, window),
    })),
  ]);
  return calendarsFrom(ids, input.workoutId, calendarsMerged(rows, elsewhere.away, elsewhere.read));
}

/**
 * The open start times of a session of `lengthMinutes` for a workout, among
 * the partners given (the union of theirs), in [from, to). Each partner's
 * schedule is the workout's own, else its general one; a partner with none
 * offers nothing. Sessions the partner has booked are busy (see
 * partnerCalendars). One round trip.
 */
export async function openTimesOf(
  db: Db,
  input: { partnerIds: string[]; workoutId: string; lengthMinutes: number; from: string; to: string; exceptJobId?: string },
  across?: CalendarsAcross,
): Promise<{ times: string[]; hasAvailability: boolean }> {
  const from = Date.parse(input.from);
  const to = Date.parse(input.to);
  return openTimesIn(await partnerCalendars(db, { ...input, from, to }, across), { from, to, lengthMinutes: input.lengthMinutes });
}

/** The open start times the calendars give in [from, to) for a session of `lengthMinutes` (the union of theirs; one with no schedule offers nothing). */
export function openTimesIn(calendars: PartnerCalendar[], input: { from: number; to: number; lengthMinutes: number }) {
  const all = new Set<string>();
  const now = Date.now();
  for (const { schedule, busy } of calendars) {
    if (!schedule) continue;
    for (const t of openTimes(schedule, { ...input, now, busy })) all.add(t);
  }
  return { times: [...all].sort(), hasAvailability: calendars.some((c) => c.schedule) };
}
