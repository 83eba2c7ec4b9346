import { and, asc, eq, gte, or } from "drizzle-orm";
import { inList } from "../data/bound";
import { Hono, type Context } from "hono";
import { z } from "zod";
import { CreateSlot, SlotDto, SlotIdParam, SlotsQuery } from "../../contract/bookings";
import { ErrorEnvelope } from "../../contract/errors";
import { deliveryPartners, slots, workoutSessions, workouts } from "../../db/schema";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";
import { conflict, invalid, notFound } from "../http/errors";
import type { Acting } from "../identity/context";
import { deliveryCandidates, slotDto } from "./booking-rules";

/** Bookable times a delivery partner publishes for a workout's sessions (calendar-based booking). */
export const slotsApi = new Hono<AppEnv>();

const errors = {
  400: { description: "Invalid input, with the fields that failed", schema: ErrorEnvelope },
  401: { description: "No or bad token", schema: ErrorEnvelope },
  403: { description: "Not a partner account you belong to, or (publish, close) not its owner or admin", schema: ErrorEnvelope },
  404: { description: "Absent, or not this partner's", schema: ErrorEnvelope },
};

/** The workout, when the acting partner is among its delivery partners; 404 otherwise. */
async function deliveredWorkout(c: Context<AppEnv>, acting: Acting, workoutId: string): Promise<typeof workouts.$inferSelect> {
  const [workout] = await c.get("db").select().from(workouts).where(eq(workouts.id, workoutId));
  const candidates = workout ? await deliveryCandidates(c.get("db"), workout.id, null) : [];
  if (!workout || !candidates.some((x) => x.id === acting.account.id)) throw notFound("Workout not found");
  return workout;
}

const DeliveredWorkout = z
  .object({
    id: z.string(),
    name: z.string(),
    title: z.string(),
    maxAttendees: z.number(),
    sessions: z.array(z.object({ id: z.string(), name: z.string(), sequence: z.number(), lengthMinutes: z.number() })),
  })
  .meta({ id: "DeliveredWorkout" });

/** The workouts the acting partner delivers (named by account or TAN among their delivery partners). */
endpoint(
  slotsApi,
  "/v1",
  {
    method: "get",
    path: "/admin/slots/workouts",
    summary: "Workouts the partner delivers, with their sessions",
    tags: ["slots"],
    auth: "partner",
    responses: { 200: { description: "Workouts", schema: z.array(DeliveredWorkout) }, ...errors },
  },
  async (c, _input, acting) => {
    const db = c.get("db");
    const rows = await db
      .selectDistinct({ id: workouts.id, name: workouts.name, title: workouts.title, maxAttendees: workouts.maxAttendees })
      .from(deliveryPartners)
      .innerJoin(workouts, eq(workouts.id, deliveryPartners.workoutId))
      .where(or(eq(deliveryPartners.partnerAccountId, acting.account.id), eq(deliveryPartners.partnerTan, acting.account.tan ?? "-")))
      .orderBy(asc(workouts.name));
    const sessions = rows.length
      ? await db.select().from(workoutSessions).where(inList(workoutSessions.workoutId, rows.map((r) => r.id))).orderBy(asc(workoutSessions.sequence))
      : [];
    return c.json(
      rows.map((w) => ({
        ...w,
        sessions: sessions.filter((s) => s.workoutId === w.id).map((s) => ({ id: s.id, name: s.name, sequence: s.sequence, lengthMinutes: s.lengthMinutes })),
      })),
    );
  },
);

endpoint(
  slotsApi,
  "/v1",
  {
    method: "get",
    path: "/admin/slots",
    summary: "The partner's published times for a workout (upcoming)",
    tags: ["slots"],
    auth: "partner",
    query: SlotsQuery,
    responses: { 200: { description: "Slots", schema: z.array(SlotDto) }, ...errors },
  },
  async (c, { query }, acting) => {
    await deliveredWorkout(c, acting, query.workoutId);
    const rows = await c
      .get("db")
      .select({ slot: slots, length: workoutSessions.lengthMinutes })
      .from(slots)
      .innerJoin(workoutSessions, eq(workoutSessions.id, slots.sessionId))
      .where(
        and(
          eq(slots.partnerAccountId, acting.account.id),
          eq(slots.workoutId, query.workoutId),
          query.sessionId ? eq(slots.sessionId, query.sessionId) : undefined,
          gte(slots.startsAt, new Date().toISOString()),
        ),
      )
      .orderBy(asc(slots.startsAt));
    return c.json(rows.map((r) => slotDto(r.slot, acting.account.name, r.length)));
  },
);

endpoint(
  slotsApi,
  "/v1",
  {
    method: "post",
    path: "/admin/slots",
    summary: "Publish a bookable time for a session (seats up to the workout's max attendees)",
    tags: ["slots"],
    auth: "partnerAdmin",
    body: CreateSlot,
    responses: { 201: { description: "The slot", schema: SlotDto }, ...errors },
  },
  async (c, { body }, acting) => {
    const workout = await deliveredWorkout(c, acting, body.workoutId);
    const db = c.get("db");
    const [session] = await db.select().from(workoutSessions).where(and(eq(workoutSessions.id, body.sessionId), eq(workoutSessions.workoutId, workout.id)));
    if (!session) throw invalid({ sessionId: "Not a session of this workout" });
    if (body.capacity > workout.maxAttendees) throw invalid({ capacity: `At most ${workout.maxAttendees} seats (the workout's max attendees)` });
    const [slot] = await db.insert(slots).values({ partnerAccountId: acting.account.id, workoutId: workout.id, sessionId: session.id, startsAt: body.startsAt, capacity: body.capacity }).returning();
    return c.json(slotDto(slot, acting.account.name, session.lengthMinutes), 201);
  },
);

endpoint(
  slotsApi,
  "/v1",
  {
    method: "delete",
    path: "/admin/slots/{id}",
    summary: "Close a published time that nobody has booked",
    tags: ["slots"],
    auth: "partnerAdmin",
    params: SlotIdParam,
    responses: { 204: { description: "Closed" }, ...errors, 409: { description: "Someone has booked it", schema: ErrorEnvelope } },
  },
  async (c, { params }, acting) => {
    const db = c.get("db");
    const [slot] = await db.select().from(slots).where(and(eq(slots.id, params.id), eq(slots.partnerAccountId, acting.account.id)));
    if (!slot) throw notFound("Slot not found");
    // Compare-and-set: the delete happens only while nobody holds a seat, so a booking racing the close either keeps its seat (409 here) or finds the time gone.
    const closed = await db.delete(slots).where(and(eq(slots.id, slot.id), eq(slots.seatsTaken, 0))).returning({ id: slots.id });
    if (!closed[0]) throw conflict("This time has bookings; reschedule or cancel them first");
    return c.body(null, 204);
  },
);
