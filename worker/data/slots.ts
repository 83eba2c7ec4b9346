/** Bookable times a delivery partner publishes, as that partner may touch them (its own slots only). */
import { and, asc, eq, gte, sql } from "drizzle-orm";
import { slots, workoutSessions } from "../../db/schema";
import type { Db } from "../env";
import type { PartnerScope } from "../http/endpoint";
import { conflict, invalid, notFound } from "../http/errors";
import { deliveredWorkout } from "./delivered";
import type { PartnerShards } from "./partner-shards";
import { audit } from "./audit";
import { slotDto } from "./bookable";
import { theRow } from "./query";
import { insertRows } from "./bound";
import { recurringStarts } from "../domain/availability";
import type { RecurringSlots } from "../../contract/availability";
import { d1Of, runBatch } from "./statements";
import { writeThenRead } from "./reusable";

/**
 * The partner's upcoming published times for a workout it delivers (optionally
 * one session): the times are its own, on its shard; whether it delivers the
 * workout is read beside them (on the workout's author's shard when another).
 */
export async function partnerSlots(db: Db, shards: PartnerShards, scope: PartnerScope, workoutId: string, sessionId?: string) {
  const [, rows] = await Promise.all([
    deliveredWorkout(db, shards, scope, workoutId),
    db
      .select({ slot: slots, length: workoutSessions.lengthMinutes })
      .from(slots)
      .innerJoin(workoutSessions, eq(workoutSessions.id, slots.sessionId))
      .where(
        and(
          eq(slots.partnerAccountId, scope.account.id),
          eq(slots.workoutId, workoutId),
          sessionId ? eq(slots.sessionId, sessionId) : undefined,
          gte(slots.startsAt, new Date().toISOString()),
        ),
      )
      .orderBy(asc(slots.startsAt)),
  ]);
  return rows.map((r) => slotDto(r.slot, scope.account.name, r.length));
}

/** The partner's own trail entry about one of its times. */
const slotEntry = (scope: PartnerScope, slotId: string) => ({
  accountId: scope.account.id,
  partnerAccountId: scope.account.id,
  subjectType: "slot",
  subjectId: slotId,
  userId: scope.user.id,
});

/**
 * The workout (the partner delivers it, else 404) and its session (else 400),
 * with the seats checked against the workout's max attendees (400), and the
 * statements that bring this shard's copy of a workout of another shard
 * current (the slot points at it), for the publishing batch.
 */
async function publishable(db: Db, shards: PartnerShards, scope: PartnerScope, input: { workoutId: string; sessionId: string; capacity: number }) {
  const found = await deliveredWorkout(db, shards, scope, input.workoutId, { sessionId: input.sessionId, copy: true });
  const { workout } = found;
  if (input.capacity > workout.maxAttendees) throw invalid({ capacity: `At most ${workout.maxAttendees} seats (the workout's max attendees)` });
  return { workout, session: found.session!, copy: found.copy };
}

/** Publishes a time for a session of a workout the partner delivers, with seats up to the workout's max attendees. */
export async function publishSlot(
  db: Db,
  shards: PartnerShards,
  scope: PartnerScope,
  input: { workoutId: string; sessionId: string; startsAt: string; capacity: number },
) {
  const { workout, session, copy } = await publishable(db, shards, scope, input);
  const id = crypto.randomUUID();
  // The insert, its entry and the slot read back: one batch, one round trip.
  const [published] = await writeThenRead(
    db,
    audit(
      [
        ...copy,
        db
          .insert(slots)
          .values({ id, partnerAccountId: scope.account.id, workoutId: workout.id, sessionId: session.id, startsAt: input.startsAt, capacity: input.capacity }),
      ],
      {
        ...slotEntry(scope, id),
        code: "slotPublished",
        name: `${workout.title ?? workout.name} · ${session.name}`,
        change: { kind: "time", from: null, to: input.startsAt },
      },
    ),
    [db.select().from(slots).where(eq(slots.id, id))],
  );
  return slotDto(theRow(published, "published slot"), scope.account.name, session.lengthMinutes);
}

/** The most times one series publishes. */
export const MAX_SERIES = 200;

/**
 * Publishes a series of times at once (the same wall-clock time on the chosen
 * weekdays for some weeks, in the series' zone), all in one batch: the times
 * already past are left out; none at all, or more than MAX_SERIES, is 400.
 */
export async function publishSeries(db: Db, shards: PartnerShards, scope: PartnerScope, input: RecurringSlots) {
  const { workout, session, copy } = await publishable(db, shards, scope, input);
  const now = Date.now();
  const starts = recurringStarts(input).filter((t) => Date.parse(t) > now);
  if (!starts.length) throw invalid({ startDate: "No time of this series is in the future" });
  if (starts.length > MAX_SERIES) throw invalid({ weeks: `At most ${MAX_SERIES} times at once` });
  const rows = starts.map((startsAt) => ({
    id: crypto.randomUUID(),
    partnerAccountId: scope.account.id,
    workoutId: workout.id,
    sessionId: session.id,
    startsAt,
    capacity: input.capacity,
  }));
  const name = `${workout.title ?? workout.name} · ${session.name}`;
  await runBatch(
    d1Of(db),
    audit(
      [...copy, ...insertRows(db, slots, rows)],
      ...rows.map((r) => ({ ...slotEntry(scope, r.id), code: "slotPublished" as const, name, change: { kind: "time" as const, from: null, to: r.startsAt } })),
    ),
  );
  return rows.map((r) => slotDto({ ...r, seatsTaken: 0, createdAt: "", updatedAt: "" }, scope.account.name, session.lengthMinutes));
}

/**
 * Closes one of the partner's times. Compare-and-set: the delete happens only
 * while nobody holds a seat, so a booking racing the close either keeps its
 * seat (409 here) or finds the time gone.
 */
export async function closeSlot(db: Db, scope: PartnerScope, id: string): Promise<void> {
  const ours = and(eq(slots.id, id), eq(slots.partnerAccountId, scope.account.id));
  const [slot] = await db.select().from(slots).where(ours);
  if (!slot) throw notFound("Slot not found");
  // The delete happens only while nobody holds a seat; its entry under the same condition, and what is left read back: one batch.
  const [[left]] = await writeThenRead(
    db,
    audit([db.delete(slots).where(and(ours, eq(slots.seatsTaken, 0)))], {
      ...slotEntry(scope, id),
      code: "slotClosed",
      change: { kind: "time", from: slot.startsAt, to: null },
      onlyIf: sql`changes() > 0`,
    }),
    [db.select({ id: slots.id }).from(slots).where(ours)],
  );
  if (left) throw conflict("This time has bookings; reschedule or cancel them first");
}
