import { Hono } from "hono";
import {
  AvailabilityDto,
  AvailabilityQuery,
  JobOpenTimesQuery,
  OpenTimes,
  SaveAvailability,
  WorkoutOpenTimesQuery,
  type OpenTimes as OpenTimesDto,
} from "../../contract/availability";
import { JobIdParam } from "../../contract/bookings";
import { WorkoutIdParam } from "../../contract/workouts";
import {
  busyWindow,
  calendarsFrom,
  getAvailability,
  jobCalendarRead,
  openTimesIn,
  openTimesOf,
  removeWorkoutAvailability,
  saveAvailability,
} from "../data/availability";
import { bookingContextAcross } from "../data/booking-times";
import { calendarsAway, deliverersBeside } from "../data/early-calendars";
import type { PartnerShards } from "../data/partner-shards";
import { partnerShards } from "../tenant/scope";
import { customerJobs, getJob, partnerJobs, type JobOwner } from "../data/jobs";
import { today } from "../data/query";
import { activeCandidates } from "../domain/jobs";
import type { AppEnv, Db } from "../env";
import { endpoint } from "../http/endpoint";
import { invalid, notFound } from "../http/errors";
import { errorResponses } from "../http/responses";

/** Partners' weekly availability, and the open start times it gives customers (requests and reschedules) and partners (counter-proposals). */
export const availabilityApi = new Hono<AppEnv>();

const partnerErrors = errorResponses({
  403: "Not a partner account you belong to, or (changes) not its owner or admin",
  404: "A workout the partner does not deliver",
});

endpoint(
  availabilityApi,
  "/v1",
  {
    method: "get",
    path: "/admin/availability",
    summary: "The partner's weekly availability, or a workout's own (falling back to the partner's); null when none",
    tags: ["availability"],
    auth: "partner",
    query: AvailabilityQuery,
    responses: { 200: { description: "The schedule", schema: AvailabilityDto.nullable() }, ...partnerErrors },
  },
  async (c, { query }, scope) => c.json(await getAvailability(c.get("db"), partnerShards(c), scope, query.workoutId)),
);

endpoint(
  availabilityApi,
  "/v1",
  {
    method: "put",
    path: "/admin/availability",
    summary: "Save the partner's weekly availability (or a workout's own), in the schedule's time zone",
    tags: ["availability"],
    auth: "partnerAdmin",
    body: SaveAvailability,
    responses: { 200: { description: "The schedule", schema: AvailabilityDto }, ...partnerErrors },
  },
  async (c, { body }, scope) => c.json(await saveAvailability(c.get("db"), partnerShards(c), scope, body)),
);

endpoint(
  availabilityApi,
  "/v1",
  {
    method: "delete",
    path: "/admin/availability/workouts/{id}",
    summary: "Remove a workout's own availability (it follows the partner's again)",
    tags: ["availability"],
    auth: "partnerAdmin",
    params: WorkoutIdParam,
    responses: { 204: { description: "Removed" }, ...partnerErrors },
  },
  async (c, { params }, scope) => {
    if (!(await removeWorkoutAvailability(c.get("db"), partnerShards(c), scope, params.id))) throw notFound("This workout has no availability of its own");
    return c.body(null, 204);
  },
);

/** Open times of a workout the customer may book, for one session: the union of its in-date delivery partners' (a request still goes to the partner drawn). */
endpoint(
  availabilityApi,
  "/v1",
  {
    method: "get",
    path: "/bookings/options/{id}/open-times",
    summary: "Open start times of a session of a workout the customer may book",
    tags: ["availability"],
    auth: "customer",
    params: WorkoutIdParam,
    query: WorkoutOpenTimesQuery,
    responses: {
      200: { description: "Open times", schema: OpenTimes },
      ...errorResponses({ 403: "Not a customer account", 404: "Absent, or not this customer's to book" }),
    },
  },
  async (c, { params, query }, scope) => {
    // The context with its delivery partners' calendars for the window, those on other shards read there beside it.
    const window = busyWindow(Date.parse(query.from), Date.parse(query.to));
    const ctx = await bookingContextAcross(c.get("db"), partnerShards(c), scope.account, params.id, { window });
    const session = ctx.sessions.find((s) => s.id === query.sessionId);
    if (!session) throw invalid({ sessionId: "Not a session of this workout" });
    const active = activeCandidates(ctx.candidates, today());
    const calendars = calendarsFrom(
      active.map((p) => p.id),
      ctx.workout.id,
      ctx.calendars,
    );
    const open = openTimesIn(calendars, { from: Date.parse(query.from), to: Date.parse(query.to), lengthMinutes: session.lengthMinutes });
    return c.json({ lengthMinutes: session.lengthMinutes, ...open } satisfies OpenTimesDto);
  },
);

/** Open times of a booking's delivery partner for one of its sessions (the booking's own sessions are not busy for it). */
async function jobOpenTimes(
  db: Db,
  shards: PartnerShards,
  owner: JobOwner,
  jobId: string,
  query: { lineId: string; from: string; to: string },
): Promise<OpenTimesDto> {
  // The job's delivery partner's calendar here is read beside the job (named by its row), not after it; so are,
  // on other shards, those of the partners delivering the booking partner's workouts (a hint: the job decides).
  const hereRows = jobCalendarRead(db, jobId, query.from, query.to);
  const early = deliverersBeside(shards, owner.accountId, { exceptJobId: jobId, ...busyWindow(Date.parse(query.from), Date.parse(query.to)) });
  const job = await getJob(db, owner, jobId);
  const line = job.lines.find((l) => l.id === query.lineId);
  if (!line) throw invalid({ lineId: "Not a session of this booking" });
  const partnerIds = job.deliveryPartner ? [job.deliveryPartner.id] : [];
  // A delivery partner on another shard has its hours there (found through the directory, beside this shard's read).
  const open = await openTimesOf(
    db,
    { partnerIds, workoutId: job.workout.id, lengthMinutes: line.lengthMinutes, from: query.from, to: query.to, exceptJobId: job.id },
    { here: shards.here, away: shards.elsewhere(partnerIds), hereRows, readAway: async (away, input) => calendarsAway(shards.here, away, input, await early) },
  );
  return { lengthMinutes: line.lengthMinutes, ...open };
}

endpoint(
  availabilityApi,
  "/v1",
  {
    method: "get",
    path: "/bookings/{id}/open-times",
    summary: "Open start times of the booking's delivery partner for one of its sessions (rescheduling, answering a proposal)",
    tags: ["availability"],
    auth: "customer",
    params: JobIdParam,
    query: JobOpenTimesQuery,
    responses: {
      200: { description: "Open times", schema: OpenTimes },
      ...errorResponses({ 403: "Not a customer account", 404: "Absent, or another account's" }),
    },
  },
  async (c, { params, query }, scope) => c.json(await jobOpenTimes(c.get("db"), partnerShards(c), customerJobs(scope), params.id, query)),
);

endpoint(
  availabilityApi,
  "/v1",
  {
    method: "get",
    path: "/jobs/{id}/open-times",
    summary: "Open start times of the job's delivery partner for one of its sessions (proposing other times)",
    tags: ["availability"],
    auth: "partner",
    params: JobIdParam,
    query: JobOpenTimesQuery,
    responses: {
      200: { description: "Open times", schema: OpenTimes },
      ...errorResponses({ 403: "Not a partner account", 404: "Absent, or not this partner's" }),
    },
  },
  async (c, { params, query }, scope) => c.json(await jobOpenTimes(c.get("db"), partnerShards(c), partnerJobs(scope), params.id, query)),
);
