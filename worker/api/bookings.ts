import { Hono } from "hono";
import {
  BookingOptions,
  BookingOptionsQuery,
  CancelBooking,
  CreateBooking,
  JobDto,
  JobIdParam,
  JobList,
  JobsQuery,
  ScheduleBooking,
} from "../../contract/bookings";
import { ErrorEnvelope } from "../../contract/errors";
import { MESSAGES } from "../../contract/messages";
import { sequenceErrors } from "../domain/booking-rules";
import { bookingContext, drawPartner, slotDto, type BookingContext } from "../data/bookable";
import { cancelStatements, commitMove, customerJobs, getJob, jobForMove, scheduleStatements, type LineChoice } from "../data/jobs";
import { createBooking } from "../data/new-booking";
import { searchJobs } from "../data/jobs-search";
import { WorkoutIdParam } from "../../contract/workouts";
import { nextStatus } from "../domain/jobs";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";
import { conflict, invalid } from "../http/errors";
import { dispatchMail } from "../mail/outbox";

export const bookingsApi = new Hono<AppEnv>();

const errors = {
  400: { description: "Invalid input, with the fields that failed", schema: ErrorEnvelope },
  401: { description: "No or bad token", schema: ErrorEnvelope },
  403: { description: "Not a customer account you belong to", schema: ErrorEnvelope },
  404: { description: "Absent, or another account's", schema: ErrorEnvelope },
};

type Choice = { sessionId: string; times?: string[]; slotId?: string };
type OpenSlot = { id: string; sessionId: string; startsAt: string; partnerAccountId: string };

/**
 * Checks the choices name sessions of the workout (every session when
 * `every`), that chosen slots are open and of one delivery partner, and
 * answers each session's choice.
 */
function resolveChoices(sessions: { id: string }[], mode: "request" | "slots", choices: Choice[], open: OpenSlot[], every: boolean, partnerId?: string | null) {
  const sessionIds = sessions.map((s) => s.id);
  const fields: Record<string, string> = {};
  choices.forEach((ch, i) => {
    if (!sessionIds.includes(ch.sessionId)) fields[`sessions.${i}.sessionId`] = "Not a session of this workout";
  });
  if (every && (choices.length !== sessionIds.length || sessionIds.some((id) => !choices.find((ch) => ch.sessionId === id)))) {
    fields.sessions = "Choose a time for every session";
  }
  if (Object.keys(fields).length) throw invalid(fields);
  const map = new Map<string, LineChoice>();
  if (mode === "request") {
    for (const ch of choices) map.set(ch.sessionId, { times: ch.times });
    return { map, deliveryPartnerId: null as string | null };
  }
  let owner: string | null = partnerId ?? null;
  for (const [i, ch] of choices.entries()) {
    const hit = open.find((o) => o.id === ch.slotId && o.sessionId === ch.sessionId);
    if (!hit) throw conflict("That time is no longer available. Please choose another.", { [`sessions.${i}.slotId`]: "Not available" });
    if (owner && hit.partnerAccountId !== owner) throw invalid({ [`sessions.${i}.slotId`]: "Choose times of one delivery partner" });
    owner = hit.partnerAccountId;
    map.set(ch.sessionId, { slot: { id: hit.id, startsAt: hit.startsAt } });
  }
  return { map, deliveryPartnerId: owner };
}

/**
 * The sessions' times must follow their sequence (each starting after the
 * previous one ends); 400 with the field of each time out of order. Sessions
 * not chosen keep their booked time (`kept`).
 */
function orderedTimes(
  sessions: { id: string; sequence: number; name: string; lengthMinutes: number }[],
  body: Choice[],
  map: Map<string, LineChoice>,
  kept = new Map<string, string | null>(),
) {
  const fields = sequenceErrors(
    sessions.map((s) => {
      const i = body.findIndex((b) => b.sessionId === s.id);
      const ch = map.get(s.id);
      if (ch)
        return {
          ...s,
          moved: true,
          times: ch.times ?? (ch.slot ? [ch.slot.startsAt] : []),
          field: (j: number) => (ch.times ? `sessions.${i}.times.${j}` : `sessions.${i}.slotId`),
        };
      const at = kept.get(s.id);
      return { ...s, moved: false, times: at ? [at] : [], field: () => "sessions" };
    }),
  );
  if (Object.keys(fields).length) throw invalid(fields, "Sessions must follow their order");
}

const optionsOf = (ctx: BookingContext): BookingOptions => ({
  workout: {
    id: ctx.workout.id,
    name: ctx.workout.name,
    title: ctx.workout.title,
    maxAttendees: ctx.workout.maxAttendees,
    totalMinutes: ctx.workout.totalMinutes,
  },
  sessions: ctx.sessions.map((s) => ({
    id: s.id,
    sequence: s.sequence,
    name: s.name,
    lengthMinutes: s.lengthMinutes,
    slots: ctx.open.filter((o) => o.slot.sessionId === s.id).map((o) => slotDto(o.slot, o.partnerName, s.lengthMinutes)),
  })),
  price: ctx.price,
  creditBalance: ctx.balance,
  missingPrerequisites: ctx.missing,
});

/** The overlay's first step (Review): sessions, price, credit balance, open slots and any prerequisite not met. */
endpoint(
  bookingsApi,
  "/v1",
  {
    method: "get",
    path: "/bookings/options/{id}",
    summary: "What a customer may book for a workout: sessions, price and open slots",
    tags: ["bookings"],
    auth: "customer",
    params: WorkoutIdParam,
    query: BookingOptionsQuery,
    responses: { 200: { description: "Booking options", schema: BookingOptions }, ...errors },
  },
  async (c, { params, query }, scope) => c.json(optionsOf(await bookingContext(c.get("db"), scope.account, params.id, query.variantId))),
);

/**
 * `POST v1/bookings`: creates the job. The delivery partner is
 * the owner of the chosen slots, or drawn by selection percent; on-plan
 * credits are consumed, seats taken and the other side notified in the same
 * transaction as the job.
 */
endpoint(
  bookingsApi,
  "/v1",
  {
    method: "post",
    path: "/bookings",
    summary: "Book a workout (request times or book open slots)",
    tags: ["bookings"],
    auth: "customer",
    body: CreateBooking,
    responses: {
      201: { description: "The booking", schema: JobDto },
      ...errors,
      409: { description: "Full slot, not enough credits, a prerequisite not met, or no delivery partner", schema: ErrorEnvelope },
    },
  },
  async (c, { body }, scope) => {
    const db = c.get("db");
    const ctx = await bookingContext(db, scope.account, body.workoutId, body.variantId, scope.user.id);
    if (!ctx.price) throw conflict("This workout has no price for your account yet. Please contact your provider.");
    if (ctx.missing.length) throw conflict(`Prerequisites not met. ${ctx.missing.join("; ")}.`, { prerequisites: ctx.missing.join("; ") });
    const open = ctx.open.map((o) => o.slot);
    const { map, deliveryPartnerId } = resolveChoices(ctx.sessions, body.mode, body.sessions, open, true);
    orderedTimes(ctx.sessions, body.sessions, map);
    const partner = deliveryPartnerId
      ? (ctx.candidates.find((x) => x.id === deliveryPartnerId) ?? {
          id: deliveryPartnerId,
          name: ctx.open.find((o) => o.slot.partnerAccountId === deliveryPartnerId)?.partnerName ?? "",
          email: null,
        })
      : drawPartner(ctx);
    const { dto, mailIds } = await createBooking(db, c.env, scope, ctx, body.mode, map, partner);
    await dispatchMail(c.env, mailIds);
    return c.json(dto, 201);
  },
);

endpoint(
  bookingsApi,
  "/v1",
  {
    method: "get",
    path: "/bookings",
    summary: "The customer's bookings (Your Bookings), newest first",
    tags: ["bookings"],
    auth: "customer",
    query: JobsQuery,
    responses: { 200: { description: "A page of bookings", schema: JobList }, ...errors },
  },
  async (c, { query }, scope) => c.json(await searchJobs(c.get("db"), scope, "customer", query)),
);

endpoint(
  bookingsApi,
  "/v1",
  {
    method: "get",
    path: "/bookings/{id}",
    summary: "One of the customer's bookings",
    tags: ["bookings"],
    auth: "customer",
    params: JobIdParam,
    responses: { 200: { description: "The booking", schema: JobDto }, ...errors },
  },
  async (c, { params }, scope) => c.json(await getJob(c.get("db"), customerJobs(scope), params.id)),
);

/**
 * Scheduling an existing booking: from To Be Booked, request times or book
 * slots for every session; from Booked, reschedule one session or several
 * (reason, optional comment) by request or into slots. The partner is mailed
 * about the sessions moved.
 */
endpoint(
  bookingsApi,
  "/v1",
  {
    method: "post",
    path: "/bookings/{id}/schedule",
    summary: "Schedule or reschedule a booking's sessions",
    tags: ["bookings"],
    auth: "customer",
    params: JobIdParam,
    body: ScheduleBooking,
    responses: {
      200: { description: "The booking", schema: JobDto },
      ...errors,
      409: { description: "Not allowed in this state, or the time is gone", schema: ErrorEnvelope },
    },
  },
  async (c, { params, body }, scope) => {
    const db = c.get("db");
    const owner = customerJobs(scope);
    const subject = await jobForMove(db, c.env, owner, params.id, body.version);
    const { job, lines } = subject;
    const rescheduling = job.status === "confirmed";
    const action = rescheduling ? (body.mode === "request" ? "rescheduleRequest" : "rescheduleSlots") : body.mode === "request" ? "requestTimes" : "bookSlots";
    const to = nextStatus(job.status, action);
    if (!to) throw conflict(`A booking that is ${job.status} cannot be scheduled`);
    if (rescheduling && !body.reason) throw invalid({ reason: MESSAGES.required });
    const sessions = lines.map((l) => ({ id: l.sessionId, sequence: l.sequence, name: l.sessionName, lengthMinutes: l.lengthMinutes }));
    const open = body.mode === "slots" ? subject.openSlots : [];
    const { map } = resolveChoices(sessions, body.mode, body.sessions, open, !rescheduling, body.mode === "slots" ? job.deliveryPartnerAccountId : null);
    orderedTimes(sessions, body.sessions, map, new Map(lines.map((l) => [l.sessionId, l.scheduledAt])));
    const move = scheduleStatements(db, subject, to, map, rescheduling ? { reason: body.reason!, comment: body.comment } : null, null);
    const moved = new Set(lines.filter((l) => map.has(l.sessionId)).map((l) => l.id));
    const event = rescheduling ? "rescheduled" : body.mode === "request" ? "requested" : "booked";
    const { dto, mailIds } = await commitMove(db, owner, subject, move, {
      to: event === "booked" || event === "requested" ? "both" : "partner",
      event,
      reason: body.reason,
      comment: body.comment,
      only: rescheduling ? moved : undefined,
    });
    await dispatchMail(c.env, mailIds);
    return c.json(dto);
  },
);

endpoint(
  bookingsApi,
  "/v1",
  {
    method: "post",
    path: "/bookings/{id}/cancel",
    summary: "Cancel a booking (with a reason)",
    tags: ["bookings"],
    auth: "customer",
    params: JobIdParam,
    body: CancelBooking,
    responses: {
      200: { description: "The cancelled booking", schema: JobDto },
      ...errors,
      409: { description: "Already completed or cancelled", schema: ErrorEnvelope },
    },
  },
  async (c, { params, body }, scope) => {
    const db = c.get("db");
    const owner = customerJobs(scope);
    const subject = await jobForMove(db, c.env, owner, params.id);
    const move = cancelStatements(db, owner, subject, body.reason, body.comment);
    const { dto, mailIds } = await commitMove(db, owner, subject, move, { to: "partner", event: "cancelled", reason: body.reason, comment: body.comment });
    await dispatchMail(c.env, mailIds);
    return c.json(dto);
  },
);
