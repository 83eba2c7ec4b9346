/** Bookable times a delivery partner publishes, as that partner may touch them (its own slots only). */
import { and, asc, eq, gte, inArray, or } from "drizzle-orm";
import { deliveryPartners, slots, workoutSessions, workouts } from "../../db/schema";
import type { Db } from "../env";
import type { PartnerScope } from "../http/endpoint";
import { conflict, invalid, notFound } from "../http/errors";
import { deliveryCandidates, slotDto } from "./bookable";
import { theRow } from "./query";

/** The workout, when the partner is among its delivery partners; 404 otherwise. */
export async function deliveredWorkout(db: Db, scope: PartnerScope, workoutId: string): Promise<typeof workouts.$inferSelect> {
  const [workout] = await db.select().from(workouts).where(eq(workouts.id, workoutId));
  const candidates = workout ? await deliveryCandidates(db, workout.id, null) : [];
  if (!workout || !candidates.some((x) => x.id === scope.account.id)) throw notFound("Workout not found");
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
  await deliveredWorkout(db, scope, workoutId);
  const rows = await db
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
    .orderBy(asc(slots.startsAt));
  return rows.map((r) => slotDto(r.slot, scope.account.name, r.length));
}

/** Publishes a time for a session of a workout the partner delivers, with seats up to the workout's max attendees. */
export async function publishSlot(db: Db, scope: PartnerScope, input: { workoutId: string; sessionId: string; startsAt: string; capacity: number }) {
  const workout = await deliveredWorkout(db, scope, input.workoutId);
  const [session] = await db.select().from(workoutSessions).where(and(eq(workoutSessions.id, input.sessionId), eq(workoutSessions.workoutId, workout.id)));
  if (!session) throw invalid({ sessionId: "Not a session of this workout" });
  if (input.capacity > workout.maxAttendees) throw invalid({ capacity: `At most ${workout.maxAttendees} seats (the workout's max attendees)` });
  const published = await db
    .insert(slots)
    .values({ partnerAccountId: scope.account.id, workoutId: workout.id, sessionId: session.id, startsAt: input.startsAt, capacity: input.capacity })
    .returning();
  return slotDto(theRow(published, "published slot"), scope.account.name, session.lengthMinutes);
}

/**
 * Closes one of the partner's times. Compare-and-set: the delete happens only
 * while nobody holds a seat, so a booking racing the close either keeps its
 * seat (409 here) or finds the time gone.
 */
export async function closeSlot(db: Db, scope: PartnerScope, id: string): Promise<void> {
  const [slot] = await db.select().from(slots).where(and(eq(slots.id, id), eq(slots.partnerAccountId, scope.account.id)));
  if (!slot) throw notFound("Slot not found");
  const closed = await db.delete(slots).where(and(eq(slots.id, slot.id), eq(slots.partnerAccountId, scope.account.id), eq(slots.seatsTaken, 0))).returning({ id: slots.id });
  if (!closed[0]) throw conflict("This time has bookings; reschedule or cancel them first");
}
