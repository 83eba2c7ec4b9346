import { and, eq, type SQL } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { z } from "zod";
import { BookingOptions, CancelBooking, CreateBooking, JobDto, JobIdParam, JobList, JobsQuery, ScheduleBooking } from "../../contract/bookings";
import { ErrorEnvelope } from "../../contract/errors";
import { MESSAGES } from "../../contract/messages";
import { jobLines, jobs, workoutSessions, workouts, type Job } from "../../db/schema";
import { applyActions, lineStatusFor, nextStatus } from "../domain/jobs";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";
import { conflict, invalid, notFound } from "../http/errors";
import type { Acting } from "../identity/context";
import { WorkoutIdParam } from "../../contract/workouts";
import { creditBalance } from "../data/credits";
import { bookableWorkout, drawPartner, openSlots, slotDto, type Bookable } from "./booking-rules";
import { loadJob, projectJob } from "./job-store";
import { jobMailRows, jobRecipients } from "../data/job-mail";
import { searchJobs } from "../data/jobs-search";
import { dispatchMail } from "../mail/outbox";
import { actionItemRows, consumeCredits, freeSeat, moveJob, newActionItems, returnCredits, runJobBatch, scheduleLines, takeSeat, type Statements } from "./job-writes";

export const bookingsApi = new Hono<AppEnv>();

const errors = {
  400: { description: "Invalid input, with the fields that failed", schema: ErrorEnvelope },
  401: { description: "No or bad token", schema: ErrorEnvelope },
  403: { description: "Not a customer account you belong to", schema: ErrorEnvelope },
  404: { description: "Absent, or another account's", schema: ErrorEnvelope },
};

const mine = (acting: Acting): SQL => eq(jobs.accountId, acting.account.id);

type Choice = { sessionId: string; times?: string[]; slotId?: string };

/** Checks the choices cover every session once and the slots are open and of one delivery partner. */
async function resolveChoices(c: Context<AppEnv>, bookable: Bookable, mode: "request" | "slots", choices: Choice[], partnerId?: string | null) {
  const sessionIds = bookable.sessions.map((s) => s.id);
  const fields: Record<string, string> = {};
  choices.forEach((ch, i) => {
    if (!sessionIds.includes(ch.sessionId)) fields[`sessions.${i}.sessionId`] = "Not a session of this workout";
  });
  if (choices.length !== sessionIds.length || sessionIds.some((id) => !choices.find((ch) => ch.sessionId === id))) {
    fields.sessions = "Choose a time for every session";
  }
  if (Object.keys(fields).length) throw invalid(fields);
  const map = new Map<string, { times?: string[]; slot?: { id: string; startsAt: string; partnerAccountId: string } }>();
  if (mode === "request") {
    for (const ch of choices) map.set(ch.sessionId, { times: ch.times });
    return { map, deliveryPartnerId: null as string | null };
  }
  const open = await openSlots(c.get("db"), bookable);
  let owner: string | null = partnerId ?? null;
  for (const [i, ch] of choices.entries()) {
    const hit = open.find((o) => o.slot.id === ch.slotId && o.slot.sessionId === ch.sessionId);
    if (!hit) throw conflict("That time is no longer available. Please choose another.", { [`sessions.${i}.slotId`]: "Not available" });
    if (owner && hit.slot.partnerAccountId !== owner) throw invalid({ [`sessions.${i}.slotId`]: "Choose times of one delivery partner" });
    owner = hit.slot.partnerAccountId;
    map.set(ch.sessionId, { slot: { id: hit.slot.id, startsAt: hit.slot.startsAt, partnerAccountId: hit.slot.partnerAccountId } });
  }
  return { map, deliveryPartnerId: owner };
}

/** The overlay's first step (Review): sessions, price, credit balance and open slots. */
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
    query: z.object({ variantId: z.string().uuid(MESSAGES.invalidUuid).optional() }),
    responses: { 200: { description: "Booking options", schema: BookingOptions }, ...errors },
  },
  async (c, { params, query }, acting) => {
    const db = c.get("db");
    const bookable = await bookableWorkout(db, acting.account, params.id, query.variantId);
    const open = await openSlots(db, bookable);
    const body: BookingOptions = {
      workout: { id: bookable.workout.id, name: bookable.workout.name, title: bookable.workout.title, maxAttendees: bookable.workout.maxAttendees, totalMinutes: bookable.workout.totalMinutes },
      sessions: bookable.sessions.map((s) => ({
        id: s.id,
        sequence: s.sequence,
        name: s.name,
        lengthMinutes: s.lengthMinutes,
        slots: open.filter((o) => o.slot.sessionId === s.id).map((o) => slotDto(o.slot, o.partnerName, s.lengthMinutes)),
      })),
      price: bookable.price,
      creditBalance: (await creditBalance(db, acting.account.id)).balance,
    };
    return c.json(body);
  },
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
    responses: { 201: { description: "The booking", schema: JobDto }, ...errors, 409: { description: "Full slot, not enough credits, or no delivery partner", schema: ErrorEnvelope } },
  },
  async (c, { body }, acting) => {
    const db = c.get("db");
    const bookable = await bookableWorkout(db, acting.account, body.workoutId, body.variantId);
    if (!bookable.price) throw conflict("This workout has no price for your account yet. Please contact your provider.");
    const { map, deliveryPartnerId } = await resolveChoices(c, bookable, body.mode, body.sessions);
    const deliveryPartner = deliveryPartnerId ?? (await drawPartner(db, bookable));
    const status = applyActions("pending", ["assign", body.mode === "request" ? "requestTimes" : "bookSlots"])!;
    const jobId = crypto.randomUUID();
    const credits = bookable.price.kind === "credits" ? bookable.price.amount : 0;
    const statements: Statements = [
      db.insert(jobs).values({
        id: jobId,
        accountId: acting.account.id,
        partnerAccountId: acting.account.parentAccountId!,
        deliveryPartnerAccountId: deliveryPartner,
        workoutId: bookable.workout.id,
        variantId: bookable.variant?.id ?? null,
        status,
        pricingLineId: bookable.pricingLineId,
        creditsConsumed: 0,
        priceAmount: bookable.price.kind === "money" ? bookable.price.amount : null,
        currency: bookable.price.kind === "money" ? bookable.price.currency : null,
        bookedByUserId: acting.user.id,
      }),
    ];
    const items = await actionItemRows(db, bookable.sessions.map((s) => s.id));
    for (const session of bookable.sessions) {
      const ch = map.get(session.id)!;
      const lineId = crypto.randomUUID();
      const scheduledAt = ch.slot?.startsAt ?? null;
      statements.push(
        db.insert(jobLines).values({
          id: lineId,
          accountId: acting.account.id,
          jobId,
          sessionId: session.id,
          sequence: session.sequence,
          status: status === "confirmed" ? "confirmed" : "awaitingConfirmation",
          scheduledAt,
          slotId: ch.slot?.id ?? null,
          requestedTimes: ch.times ?? [],
        }),
        ...newActionItems(db, acting.account.id, jobId, lineId, items.filter((i) => i.sessionId === session.id), scheduledAt, session.lengthMinutes),
      );
    }
    // Seats (the CHECK refuses a full slot) and credits (refused when the balance is short), in the same transaction.
    for (const ch of map.values()) if (ch.slot) statements.push(...takeSeat(ch.slot.id));
    if (credits > 0) {
      const { entryId } = await creditBalance(db, acting.account.id);
      if (!entryId) throw conflict("Not enough credits to book this workout.");
      statements.push(...consumeCredits(acting.account.id, entryId, jobId, credits, `Booked: ${bookable.workout.title}`, acting.user.id));
    }
    await runJobBatch(c.env.DB, statements, "Not enough credits to book this workout.");
    const dto = (await loadJob(db, jobId, mine(acting), "customer"))!;
    await notify(c, dto, body.mode === "request" ? "requested" : "booked");
    return c.json(dto, 201);
  },
);

/** The outbox rows that tell the other side about a change, for the change's own batch. */
async function notifyRows(c: Context<AppEnv>, job: Job, dto: JobDto, event: Parameters<typeof jobMailRows>[2], sequence: number, extra: { reason?: string | null; comment?: string | null } = {}) {
  const db = c.get("db");
  const who = await jobRecipients(db, c.env, job);
  // A request goes to the partner and is acknowledged to the customer; a booking into open slots is confirmed to both.
  const to = event === "requested" || event === "booked" ? [who.customer, who.partner] : [who.partner];
  return jobMailRows(db, to, event, dto, { sequence, ...extra });
}

/** Mails the other side about a new booking (outbox rows, then the queue). */
async function notify(c: Context<AppEnv>, dto: JobDto, event: Parameters<typeof jobMailRows>[2]) {
  const [job] = await c.get("db").select().from(jobs).where(eq(jobs.id, dto.id));
  const { statements, ids } = await notifyRows(c, job, dto, event, job.version);
  await runJobBatch(c.env.DB, statements);
  await dispatchMail(c.env, ids);
}

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
  async (c, { query }, acting) => {
    return c.json(await searchJobs(c.get("db"), acting, "customer", query));
  },
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
  async (c, { params }, acting) => {
    const dto = await loadJob(c.get("db"), params.id, mine(acting), "customer");
    if (!dto) throw notFound("Booking not found");
    return c.json(dto);
  },
);

/** The customer's job row with its lines and sessions, or 404. */
export async function jobWithLines(c: Context<AppEnv>, id: string, visible: SQL) {
  const db = c.get("db");
  const [job] = await db.select().from(jobs).where(and(eq(jobs.id, id), visible));
  if (!job) throw notFound("Booking not found");
  const lines = await db
    .select({ id: jobLines.id, sessionId: jobLines.sessionId, status: jobLines.status, slotId: jobLines.slotId, scheduledAt: jobLines.scheduledAt, requestedTimes: jobLines.requestedTimes, lengthMinutes: workoutSessions.lengthMinutes })
    .from(jobLines)
    .innerJoin(workoutSessions, eq(workoutSessions.id, jobLines.sessionId))
    .where(eq(jobLines.jobId, job.id))
    .orderBy(jobLines.sequence);
  return { job, lines };
}

/**
 * Scheduling an existing booking: from To Be Booked, request times or book
 * slots; from Booked, reschedule (reason) by request or into slots.
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
    responses: { 200: { description: "The booking", schema: JobDto }, ...errors, 409: { description: "Not allowed in this state, or the time is gone", schema: ErrorEnvelope } },
  },
  async (c, { params, body }, scope) => {
    const db = c.get("db");
    const { job, lines } = await jobWithLines(c, params.id, mine(scope));
    const before = (await loadJob(db, job.id, mine(scope), "customer"))!;
    const rescheduling = job.status === "confirmed";
    const action = rescheduling ? (body.mode === "request" ? "rescheduleRequest" : "rescheduleSlots") : body.mode === "request" ? "requestTimes" : "bookSlots";
    const to = nextStatus(job.status, action);
    if (!to) throw conflict(`A booking that is ${job.status} cannot be scheduled`);
    if (rescheduling && !body.reason) throw invalid({ reason: MESSAGES.required });
    const bookable = await bookableWorkout(db, scope.account, job.workoutId, job.variantId ?? undefined).catch(() => {
      throw conflict("This workout can no longer be booked");
    });
    const { map, deliveryPartnerId } = await resolveChoices(c, bookable, body.mode, body.sessions, body.mode === "slots" ? job.deliveryPartnerAccountId : null);
    const statements: Statements = [
      ...moveJob(db, job, to, deliveryPartnerId ? { deliveryPartnerAccountId: deliveryPartnerId } : {}),
      ...scheduleLines(db, to, lines, map),
    ];
    if (rescheduling) statements.push(db.update(jobLines).set({ rescheduleReason: body.reason, rescheduleComment: body.comment ?? null }).where(eq(jobLines.jobId, job.id)));
    const after = projectJob(before, to, (l) => {
      const ch = map.get(l.sessionId);
      return ch ? { status: lineStatusFor(to, l.status), scheduledAt: ch.slot?.startsAt ?? null, slotId: ch.slot?.id ?? null, requestedTimes: ch.times ?? [] } : {};
    });
    const mail = await notifyRows(c, job, after, rescheduling ? "rescheduled" : body.mode === "request" ? "requested" : "booked", job.version + 1, { reason: body.reason, comment: body.comment });
    await runJobBatch(c.env.DB, [...statements, ...mail.statements]);
    await dispatchMail(c.env, mail.ids);
    return c.json((await loadJob(db, job.id, mine(scope), "customer"))!);
  },
);

/** Cancelling (with a reason) from any state but completed; before the first session the credits come back. */
export async function cancelJob(c: Context<AppEnv>, acting: Acting, jobId: string, visible: SQL, side: "customer" | "partner", reason: string, comment?: string) {
  const db = c.get("db");
  const { job, lines } = await jobWithLines(c, jobId, visible);
  const before = (await loadJob(db, job.id, visible, side))!;
  if (!nextStatus(job.status, "cancel")) throw conflict(`A booking that is ${job.status} cannot be cancelled`);
  const now = Date.now();
  const started = lines.some((l) => l.status === "completed" || l.status === "inProgress" || (l.scheduledAt && Date.parse(l.scheduledAt) <= now));
  const entryId = !started && job.creditsConsumed > 0 ? (await creditBalance(db, job.accountId)).entryId : null;
  const statements: Statements = [
    ...moveJob(db, job, "cancelled", {
      cancelReason: reason as never,
      cancelComment: comment ?? null,
      cancelledAt: new Date().toISOString(),
      ...(entryId ? { creditsConsumed: 0 } : {}),
    }),
  ];
  for (const l of lines) if (l.slotId && l.status !== "completed") statements.push(...freeSeat(l.slotId));
  if (entryId) {
    const [workout] = await db.select({ title: workouts.title }).from(workouts).where(eq(workouts.id, job.workoutId));
    statements.push(...returnCredits(db, job, entryId, acting.user.id, workout?.title ?? ""));
  }
  const who = await jobRecipients(db, c.env, job);
  const mail = jobMailRows(db, [side === "customer" ? who.partner : who.customer], "cancelled", projectJob(before, "cancelled"), { sequence: job.version + 1, reason, comment });
  await runJobBatch(c.env.DB, [...statements, ...mail.statements]);
  await dispatchMail(c.env, mail.ids);
  return (await loadJob(db, job.id, visible, side))!;
}

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
    responses: { 200: { description: "The cancelled booking", schema: JobDto }, ...errors, 409: { description: "Already completed or cancelled", schema: ErrorEnvelope } },
  },
  async (c, { params, body }, acting) => {
    return c.json(await cancelJob(c, acting, params.id, mine(acting), "customer", body.reason, body.comment));
  },
);

