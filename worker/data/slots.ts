/** Bookable times a delivery partner publishes, as that partner may touch them (its own slots only). */
import { and, asc, eq, gte, inArray, isNull, or, sql } from "drizzle-orm";
import { deliveryPartners, slots, workoutSessions, workouts } from "../../db/schema";
import type { Db } from "../env";
import type { PartnerScope } from "../http/endpoint";
import { conflict, invalid, notFound } from "../http/errors";
import { audit } from "./audit";
import { slotDto } from "./bookable";
import { theRow } from "./query";
import { insertRows } from "./bound";
import { recurringStarts } from "../domain/availability";
import type { RecurringSlots } from "../../contract/availability";
import { d1Of, runBatch } from "./statements";
import { writeThenRead } from "./reusable";

/**
 * Whether the partner delivers the workout: a general entry among its
 * delivery partners (not a variant's own) names the partner's account, or
 * its TAN when the entry names no account.
 */
export function deliveryEntry(db: Db, scope: PartnerScope, workoutId: string) {
  const byTan = scope.account.tan ? and(isNull(deliveryPartners.partnerAccountId), eq(deliveryPartners.partnerTan, scope.account.tan)) : undefined;
  return db
    .select({ id: deliveryPartners.id })
    .from(deliveryPartners)
    .where(
      and(eq(deliveryPartners.workoutId, workoutId), isNull(deliveryPartners.variantId), or(eq(deliveryPartners.partnerAccountId, scope.account.id), byTan)),
    )
    .limit(1);
}

/** The workout when the partner delivers it (from a batch's rows); 404 otherwise. */
export function delivered(workout: typeof workouts.$inferSelect | undefined, entry: { id: string } | undefined): typeof workouts.$inferSelect {
  if (!workout || !entry) throw notFound("Workout not found");
  return workout;
}

/** The workouts the partner delivers (named by account or TAN among their delivery partners), with their sessions; one round trip. */
export async function deliveredWorkouts(db: Db, scope: PartnerScope) {
  const mine = or(eq(deliveryPartners.partnerAccountId, scope.account.id), eq(deliveryPartners.partnerTan, scope.account.tan ?? "-"));
  const [rows, sessions] = await db.batch([
    db
      .selectDistinct({ id: workouts.id, name: workouts.name, title: workouts.title, maxAttendees: workouts.maxAttendees })
      .from(deliveryPartners)
      .innerJoin(workouts, eq(workouts.id, deliveryPartners.workoutId))
      .where(mine)
      .orderBy(asc(workouts.name)),
    db
      .select()
      .from(workoutSessions)
      .where(inArray(workoutSessions.workoutId, db.select({ id: deliveryPartners.workoutId }).from(deliveryPartners).where(mine)))
      .orderBy(asc(workoutSessions.sequence)),
  ]);
  return rows.map((w) => ({
    ...w,
    sessions: sessions.filter((s) => s.workoutId === w.id).map((s) => ({ id: s.id, name: s.name, sequence: s.sequence, lengthMinutes: s.lengthMinutes })),
  }));
}

/** The partner's upcoming published times for a workout it delivers (optionally one session). */
export async function partnerSlots(db: Db, scope: PartnerScope, workoutId: string, sessionId?: string) {
  // One round trip: the workout, the partner's delivery entry and its own slots (the slots are the partner's own whatever the answer).
  const [[workout], [entry], rows] = await db.batch([
    db.select().from(workouts).where(eq(workouts.id, workoutId)),
    deliveryEntry(db, scope, workoutId),
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
  delivered(workout, entry);
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

/** The workout (the partner delivers it, else 404) and its session (else 400), with the seats checked against the workout's max attendees (400). */
async function publishable(db: Db, scope: PartnerScope, input: { workoutId: string; sessionId: string; capacity: number }) {
  const [[found], [entry], [session]] = await db.batch([
    db.select().from(workouts).where(eq(workouts.id, input.workoutId)),
    deliveryEntry(db, scope, input.workoutId),
    db
      .select()
      .from(workoutSessions)
      .where(and(eq(workoutSessions.id, input.sessionId), eq(workoutSessions.workoutId, input.workoutId))),
  ]);
  const workout = delivered(found, entry);
  if (!session) throw invalid({ sessionId: "Not a session of this workout" });
  if (input.capacity > workout.maxAttendees) throw invalid({ capacity: `At most ${workout.maxAttendees} seats (the workout's max attendees)` });
  return { workout, session };
}

/** Publishes a time for a session of a workout the partner delivers, with seats up to the workout's max attendees. */
export async function publishSlot(db: Db, scope: PartnerScope, input: { workoutId: string; sessionId: string; startsAt: string; capacity: number }) {
  const { workout, session } = await publishable(db, scope, input);
  const id = crypto.randomUUID();
  // The insert, its entry and the slot read back: one batch, one round trip.
  const [published] = await writeThenRead(
    db,
    audit(
      [
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
export async function publishSeries(db: Db, scope: PartnerScope, input: RecurringSlots) {
  const { workout, session } = await publishable(db, scope, input);
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
      insertRows(db, slots, rows),
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
