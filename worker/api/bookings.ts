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
import { MESSAGES } from "../../contract/messages";
import { confirmedTimes, resolveChoices, slotGone, startedMoves, timesOutOfOrder } from "../domain/booking-rules";
import { firstSeenFull } from "../data/full-slots";
import { AcceptProposal } from "../../contract/availability";
import { slotDto, slotsAsked, type BookingContext } from "../data/bookable";
import { bookingContextAcross, openSlotsForJob, partnerForRequest, requireFreeToBook, requireOpenForJob } from "../data/booking-times";
import type { RequestedSession } from "../domain/availability";
import { requestWindow } from "../data/availability";
import { cancelStatements, confirmStatements, scheduleStatements } from "../data/job-moves";
import { customerJobs, getJob, jobForMove } from "../data/jobs";
import { createBooking } from "../data/new-booking";
import { checkedAttendees } from "../data/job-people";
import { searchJobs } from "../data/jobs-search";
import { WorkoutIdParam } from "../../contract/workouts";
import { isolateEnded } from "../domain/cut-off";
import { nextStatus } from "../domain/jobs";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";
import { conflict, invalid } from "../http/errors";
import { errorResponses } from "../http/responses";
import { deliverLater } from "../flows/queue";
import { dispatchMail } from "../mail/outbox";
import { commitAndSend } from "./job-commit";
import { seatsHeldOn } from "./away-seats";
import { bookingTurn, earlyBooking, startedBooking } from "./booking-reads";
import { acceptBeside, givenBackOnRefusal, keptOrGivenBack } from "./accept-claims";
import { historyShards, partnerShards } from "../tenant/scope";
import { deliverersBeside } from "../data/early-calendars";

export const bookingsApi = new Hono<AppEnv>();

/** The error answers every booking endpoint declares (409s are each endpoint's own). */
const refused = { 403: "Not a customer account you belong to", 404: "Absent, or another account's" } as const;
const errors = errorResponses(refused);

/** The session choices of a request, checked (worker/domain/booking-rules.ts); 400 or 409 with the fields otherwise. */
function checkedChoices(...args: Parameters<typeof resolveChoices>) {
  const resolved = resolveChoices(...args);
  if (resolved.ok) return resolved;
  throw resolved.problem === "slotGone" ? conflict(resolved.message, resolved.fields) : invalid(resolved.fields);
}

/** The times a request asks for each session, with the session's length and where each time sits in the body. */
const requestedOf = (sessions: { id: string; lengthMinutes: number }[], choices: { sessionId: string; times?: string[] }[]): RequestedSession[] =>
  choices.map((ch, i) => ({
    lengthMinutes: sessions.find((s) => s.id === ch.sessionId)?.lengthMinutes ?? 0,
    times: ch.times ?? [],
    field: (j: number) => `sessions.${i}.times.${j}`,
  }));

/** 400 with the field of each time out of its session's order. */
function requireOrder(...args: Parameters<typeof timesOutOfOrder>) {
  const fields = timesOutOfOrder(...args);
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
  async (c, { params, query }, scope) =>
    c.json(
      optionsOf(
        await bookingContextAcross(c.get("db"), partnerShards(c), scope.account, params.id, {
          variantId: query.variantId,
          history: historyShards(c, scope.account.id),
        }),
      ),
    ),
);

/** 409 on the first session choice naming a slot this isolate saw fill up a moment ago, for customers of the customer's partner (worker/data/full-slots.ts). */
function refuseSeenFull(partnerId: string | null, body: { mode: "request" | "slots"; sessions: { slotId?: string }[] }) {
  const full = body.mode === "slots" && partnerId ? firstSeenFull(partnerId, body.sessions) : -1;
  if (full < 0) return;
  const gone = slotGone(full);
  throw conflict(gone.message, gone.fields);
}

/**
 * `POST v1/bookings`: creates the job. The delivery partner is
 * the owner of the chosen slots, or drawn by selection percent among those
 * free at every time requested (400 on a time none has open); on-plan
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
    early: earlyBooking,
    responses: {
      201: { description: "The booking", schema: JobDto },
      ...errorResponses({
        ...refused,
        409: "Full slot, the delivery partner booked at that time meanwhile, not enough credits, a prerequisite not met, or no delivery partner",
      }),
    },
  },
  async (c, { body }, scope) => {
    const db = c.get("db");
    // A rush on a slot reads and writes a few bookings at a time on this isolate; one that saw it fill up meanwhile is refused without reading (worker/data/full-slots.ts).
    await bookingTurn(c, scope.account.parentAccountId, body);
    refuseSeenFull(scope.account.parentAccountId, body);
    const ctx = await bookingContextAcross(db, partnerShards(c), scope.account, body.workoutId, {
      variantId: body.variantId,
      bookerId: scope.user.id,
      window: requestWindow(body.sessions),
      slotIds: slotsAsked(body),
      history: historyShards(c, scope.account.id),
      started: await startedBooking(c),
    });
    if (!ctx.price) throw conflict("This workout has no price for your account yet. Please contact your provider.");
    if (ctx.missing.length) throw conflict(`Prerequisites not met. ${ctx.missing.join("; ")}.`, { prerequisites: ctx.missing.join("; ") });
    const open = ctx.open.map((o) => o.slot);
    const { choices: map, deliveryPartnerId } = checkedChoices(ctx.sessions, body.mode, body.sessions, open, true);
    requireOrder(ctx.sessions, body.sessions, map);
    const partner = deliveryPartnerId
      ? (ctx.candidates.find((x) => x.id === deliveryPartnerId) ?? {
          id: deliveryPartnerId,
          name: ctx.open.find((o) => o.slot.partnerAccountId === deliveryPartnerId)?.partnerName ?? "",
          email: null,
        })
      : partnerForRequest(ctx, requestedOf(ctx.sessions, body.sessions));
    const attendees = body.attendees?.length ? await checkedAttendees(db, scope.account.id, body.attendees, ctx.workout.maxAttendees, "attendees") : [];
    // Slots the delivery partner published on its own shard (another than this one) have their seats held and times claimed there around the booking's write.
    const away = ctx.open.filter((o) => o.shard && [...map.values()].some((ch) => ch.slot?.id === o.slot.id));
    const here = c.get("shard").name;
    const seats = away[0]?.shard
      ? { slotIds: new Set(away.map((o) => o.slot.id)), hold: seatsHeldOn(c, here, away[0].shard, away[0].slot.partnerAccountId) }
      : undefined;
    // Filled meanwhile by another booking of this isolate: refused without sending a write that would fail.
    refuseSeenFull(scope.account.parentAccountId, body);
    const { dto, mailIds } = await createBooking(db, c.env, scope, ctx, body.mode, map, partner, attendees, { jobShard: here, away: seats });
    await dispatchMail(c.env, mailIds, c.get("shard").name);
    await deliverLater(c.env, c.get("shard").name, dto);
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
  async (c, { query }, scope) => c.json(await searchJobs(c.get("db"), scope, "customer", query, historyShards(c, scope.account.id))),
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
  async (c, { params }, scope) => c.json(await getJob(c.get("db"), customerJobs(scope), params.id, undefined, historyShards(c, scope.account.id))),
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
      ...errorResponses({ ...refused, 409: "Not allowed in this state, the time is gone, or made with a previous provider" }),
    },
  },
  async (c, { params, body }, scope) => {
    const db = c.get("db");
    const owner = customerJobs(scope);
    const shards = partnerShards(c);
    const window = requestWindow(body.sessions);
    // Times asked of the partner: its calendar on its shard is read beside the job, where the delivery index says it may be.
    const early = body.mode === "request" ? deliverersBeside(shards, scope.account.id, { exceptJobId: params.id, ...window }) : Promise.resolve([]);
    const subject = await jobForMove(db, c.env, owner, params.id, body.version, window, () => historyShards(c, scope.account.id));
    const { job, lines } = subject;
    const rescheduling = job.status === "confirmed";
    const action = rescheduling ? (body.mode === "request" ? "rescheduleRequest" : "rescheduleSlots") : body.mode === "request" ? "requestTimes" : "bookSlots";
    const to = nextStatus(job.status, action);
    if (!to) throw conflict(`A booking that is ${job.status} cannot be scheduled`);
    if (rescheduling && !body.reason) throw invalid({ reason: MESSAGES.required });
    // A session that has begun stays where it took place.
    const begun = rescheduling ? startedMoves(lines, body.sessions) : {};
    if (Object.keys(begun).length) throw invalid(begun, MESSAGES.sessionStarted);
    const sessions = lines.map((l) => ({ id: l.sessionId, sequence: l.sequence, name: l.sessionName, lengthMinutes: l.lengthMinutes }));
    const here = c.get("shard").name;
    // Into slots: the delivery partner's, on its own shard when that is another (their seats then held there, under new holds).
    const found = body.mode === "slots" ? await openSlotsForJob(shards, here, subject) : { slots: [], shard: undefined };
    const open = found.slots;
    const { choices: map } = checkedChoices(
      sessions,
      body.mode,
      body.sessions,
      open,
      !rescheduling,
      body.mode === "slots" ? job.deliveryPartnerAccountId : null,
    );
    requireOrder(sessions, body.sessions, map, new Map(lines.map((l) => [l.sessionId, l.scheduledAt])));
    if (found.shard) for (const ch of map.values()) if (ch.slot) ch.slot.holdId = crypto.randomUUID();
    // Times asked of the partner lie in its open times when it publishes hours.
    if (body.mode === "request") await requireOpenForJob(shards, subject, requestedOf(sessions, body.sessions), window, await early);
    const move = scheduleStatements(db, subject, to, map, rescheduling ? { reason: body.reason!, comment: body.comment } : null, null, scope.user.id);
    const moved = new Set(lines.filter((l) => map.has(l.sessionId)).map((l) => l.id));
    const byRequest = body.mode === "request";
    const event = rescheduling ? (byRequest ? "rescheduleRequested" : "rescheduled") : byRequest ? "requested" : "booked";
    // Both sides hear of every step: the partner of what to do, the customer its acknowledgement or confirmation.
    return commitAndSend(
      c,
      owner,
      subject,
      move,
      { event, reason: body.reason, comment: body.comment, only: rescheduling ? moved : undefined },
      rescheduling
        ? {
            code: byRequest ? "workoutJobRescheduleRequested" : "workoutJobRescheduled",
            reason: body.reason,
            lines: "workoutSessionJobLineRescheduled",
          }
        : { code: byRequest ? "workoutJobRequested" : "workoutJobBooked" },
    );
  },
);

/** The customer accepts the partner's counter-proposal: one proposed time per session; the booking is confirmed and both sides are mailed. */
endpoint(
  bookingsApi,
  "/v1",
  {
    method: "post",
    path: "/bookings/{id}/accept",
    summary: "Accept times the partner proposed",
    tags: ["bookings"],
    auth: "customer",
    params: JobIdParam,
    body: AcceptProposal,
    responses: {
      200: { description: "The booking, Booked", schema: JobDto },
      ...errorResponses({ ...refused, 409: "No proposal to accept, the booking changed meanwhile, or made with a previous provider" }),
    },
  },
  async (c, { params, body }, scope) => {
    const db = c.get("db");
    const owner = customerJobs(scope);
    const shards = partnerShards(c);
    const window = requestWindow([{ times: body.lines.map((l) => l.time) }]);
    // Where the delivery index says the delivery partner may be, its calendar there (the re-check's read) and the claims
    // of the times accepted go beside the job's read: kept only when they are the move's own, given back otherwise.
    const beside = acceptBeside(c, shards, scope.account.id, params.id, body.lines, window);
    try {
      const subject = await jobForMove(db, c.env, owner, params.id, body.version, window, () => historyShards(c, scope.account.id));
      if (subject.job.status !== "timesProposed") throw conflict(`A booking that is ${subject.job.status} has no proposal to accept`);
      const { times, fields } = confirmedTimes(subject.lines, body.lines, "timesProposed");
      if (Object.keys(fields).length) throw invalid(fields);
      // The partner proposed the times; another booking may have taken one since.
      const bufferMinutes = await requireFreeToBook(shards, shards.here, subject, body.lines, times, false, (await beside).early);
      const move = await keptOrGivenBack(c, shards, await beside, subject, {
        ...confirmStatements(db, subject, times, { userId: scope.user.id }),
        bufferMinutes,
      });
      return await commitAndSend(c, owner, subject, move, { event: "proposalAccepted" });
    } catch (err) {
      // The refusal is answered whatever the give-back does (its failures go to the flow queue, or are logged); a request cut off is left to the release its claims kept.
      if (!isolateEnded(err)) await beside.then((b) => givenBackOnRefusal(c, shards, b)).catch(() => undefined);
      throw err;
    }
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
      ...errorResponses({ ...refused, 409: "Already completed or cancelled, or made with a previous provider" }),
    },
  },
  async (c, { params, body }, scope) => {
    const db = c.get("db");
    const owner = customerJobs(scope);
    const subject = await jobForMove(db, c.env, owner, params.id, undefined, undefined, () => historyShards(c, scope.account.id));
    const move = cancelStatements(db, owner, subject, body.reason, body.comment);
    // The partner is told; the customer gets its confirmation.
    return commitAndSend(
      c,
      owner,
      subject,
      move,
      { event: "cancelled", reason: body.reason, comment: body.comment },
      { code: "workoutJobCancelled", reason: body.reason },
    );
  },
);
