/**
 * Availability schedules as their partner may touch them (its own only), and
 * the open start times they give: a workout's own schedule wins over the
 * partner's; booked sessions of the partner (Booked or In Progress) are busy.
 */
import { and, eq, gte, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { AvailabilityDto, SaveAvailability } from "../../contract/availability";
import { availabilitySchedules, jobLines, jobs, workoutSessions, workouts, type AvailabilitySchedule } from "../../db/schema";
import { openTimes, type Busy } from "../domain/availability";
import type { Db } from "../env";
import type { PartnerScope } from "../http/endpoint";
import { inList } from "./bound";
import { delivered, deliveryEntry } from "./slots";

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

/** 404 unless the partner delivers the workout (one round trip). */
async function requireDelivered(db: Db, scope: PartnerScope, workoutId: string) {
  const [[workout], [entry]] = await db.batch([db.select().from(workouts).where(eq(workouts.id, workoutId)), deliveryEntry(db, scope, workoutId)]);
  return delivered(workout, entry);
}

/**
 * The partner's schedule (no workout), or a workout's own, falling back to
 * the partner's (`inherited`); null when there is none. A workout the partner
 * does not deliver is 404.
 */
export async function getAvailability(db: Db, scope: PartnerScope, workoutId?: string): Promise<AvailabilityDto | null> {
  if (workoutId) await requireDelivered(db, scope, workoutId);
  const rows = await db
    .select()
    .from(availabilitySchedules)
    .where(
      and(
        eq(availabilitySchedules.partnerAccountId, scope.account.id),
        workoutId ? or(isNull(availabilitySchedules.workoutId), eq(availabilitySchedules.workoutId, workoutId)) : isNull(availabilitySchedules.workoutId),
      ),
    );
  const own = rows.find((r) => r.workoutId === (workoutId ?? null));
  if (own) return dto(own, false);
  const general = rows.find((r) => r.workoutId === null);
  return general ? dto(general, Boolean(workoutId)) : null;
}

/** Saves the partner's schedule (or a workout's own), replacing the one before in the same batch. */
export async function saveAvailability(db: Db, scope: PartnerScope, body: SaveAvailability): Promise<AvailabilityDto> {
  const workoutId = body.workoutId ?? null;
  if (workoutId) await requireDelivered(db, scope, workoutId);
  const mine = and(
    eq(availabilitySchedules.partnerAccountId, scope.account.id),
    workoutId ? eq(availabilitySchedules.workoutId, workoutId) : isNull(availabilitySchedules.workoutId),
  );
  const [, saved] = await db.batch([
    db.delete(availabilitySchedules).where(mine),
    db
      .insert(availabilitySchedules)
      .values({
        partnerAccountId: scope.account.id,
        workoutId,
        timeZone: body.timeZone,
        weekly: body.weekly.filter((d) => d.ranges.length),
        overrides: body.overrides,
        minNoticeMinutes: body.minNoticeMinutes,
        bufferMinutes: body.bufferMinutes,
      })
      .returning(),
  ]);
  return dto(saved[0]!, false);
}

/** Removes a workout's own schedule (it follows the partner's again); true when there was one. */
export async function removeWorkoutAvailability(db: Db, scope: PartnerScope, workoutId: string): Promise<boolean> {
  await requireDelivered(db, scope, workoutId);
  const gone = await db
    .delete(availabilitySchedules)
    .where(and(eq(availabilitySchedules.partnerAccountId, scope.account.id), eq(availabilitySchedules.workoutId, workoutId)))
    .returning({ id: availabilitySchedules.id });
  return gone.length > 0;
}

/**
 * The open start times of a session of `lengthMinutes` for a workout, among
 * the partners given (the union of theirs), in [from, to). Each partner's
 * schedule is the workout's own, else its general one; a partner with none
 * offers nothing. Sessions the partner has booked (any workout, Booked or In
 * Progress; the job `exceptJobId` left out, as it is the one being moved) are
 * busy. Two round trips at most.
 */
export async function openTimesOf(
  db: Db,
  input: { partnerIds: string[]; workoutId: string; lengthMinutes: number; from: string; to: string; exceptJobId?: string },
): Promise<{ times: string[]; hasAvailability: boolean }> {
  const ids = [...new Set(input.partnerIds)].filter(Boolean);
  if (!ids.length) return { times: [], hasAvailability: false };
  const from = Date.parse(input.from);
  const to = Date.parse(input.to);
  // A booked session can reach into the window from the day before (length and buffer are well under a day).
  const busyFrom = new Date(from - DAY).toISOString();
  const busyTo = new Date(to + DAY).toISOString();
  const [schedules, booked] = await db.batch([
    db
      .select()
      .from(availabilitySchedules)
      .where(
        and(
          inList(availabilitySchedules.partnerAccountId, ids),
          or(isNull(availabilitySchedules.workoutId), eq(availabilitySchedules.workoutId, input.workoutId)),
        ),
      ),
    db
      .select({ partnerId: jobs.deliveryPartnerAccountId, scheduledAt: jobLines.scheduledAt, lengthMinutes: workoutSessions.lengthMinutes })
      .from(jobLines)
      .innerJoin(jobs, eq(jobs.id, jobLines.jobId))
      .innerJoin(workoutSessions, eq(workoutSessions.id, jobLines.sessionId))
      .where(
        and(
          inList(jobs.deliveryPartnerAccountId, ids),
          inArray(jobLines.status, ["confirmed", "inProgress"]),
          ne(jobs.status, "cancelled"),
          gte(jobLines.scheduledAt, busyFrom),
          lte(jobLines.scheduledAt, busyTo),
          input.exceptJobId ? ne(jobs.id, input.exceptJobId) : sql`1 = 1`,
        ),
      ),
  ]);
  const all = new Set<string>();
  let hasAvailability = false;
  const now = Date.now();
  for (const partnerId of ids) {
    const own = schedules.find((s) => s.partnerAccountId === partnerId && s.workoutId === input.workoutId);
    const schedule = own ?? schedules.find((s) => s.partnerAccountId === partnerId && s.workoutId === null);
    if (!schedule) continue;
    hasAvailability = true;
    const busy: Busy[] = booked
      .filter((b) => b.partnerId === partnerId && b.scheduledAt)
      .map((b) => ({ start: Date.parse(b.scheduledAt!), end: Date.parse(b.scheduledAt!) + b.lengthMinutes * 60_000 }));
    for (const t of openTimes(schedule, { from, to, now, lengthMinutes: input.lengthMinutes, busy })) all.add(t);
  }
  return { times: [...all].sort(), hasAvailability };
}
