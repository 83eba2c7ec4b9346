import { Hono, type Context } from "hono";
import { JobDto, JobIdParam, JobLineParams } from "../../contract/bookings";
import { CompleteSession, PeopleList, SessionsQuery, SetAttendees, SetJobInstructor, SetJobLocation, UpcomingSessions } from "../../contract/job-people";
import {
  attendanceMove,
  attendeePerson,
  attendeeNotices,
  attendeesStatements,
  checkedAttendees,
  checkedInstructor,
  instructorNotices,
  instructorStatements,
  locationNotices,
  locationStatements,
  membersOf,
  upcomingSessions,
} from "../data/job-people";
import { commitWithNotices, customerJobs, jobForMove, type JobOwner, type Move, type MoveSubject, type Notice } from "../data/jobs";
import { historyShards } from "../tenant/scope";
import { dispatchMail } from "../mail/outbox";
import { deliverLater } from "../flows/queue";
import { bringPeople, copyRefreshedOnConflict, hereShard, partnerMove, refreshCopy, type MoveTarget } from "./job-commit";
import { earlyMove } from "./move-reads";
import { mayComplete } from "../domain/job-people";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";
import { forbidden } from "../http/errors";
import { errorResponses } from "../http/responses";
import { NOT_INSTRUCTOR } from "./jobs";

/**
 * Places and people on a booking: the customer names its attendees; the
 * partner sets where sessions happen and who instructs them, and marks who
 * was there; the partner's week and agenda read the upcoming sessions.
 * Mounted before the bookings and jobs routers (its fixed paths come before
 * their `{id}` ones).
 */
export const jobPeopleApi = new Hono<AppEnv>();

const customerErrors = errorResponses({
  403: "Not a customer account you belong to",
  404: "Absent, or another account's",
  409: "Completed or cancelled, or changed meanwhile",
});
const partnerErrors = errorResponses({
  403: "Not a partner account you belong to, or not its owner or admin",
  404: "Absent, or not this partner's",
  409: "Completed or cancelled, or changed meanwhile",
});

/**
 * Commits a change of people or places with the notices to the people it
 * concerns (in the same batch), hands the mail to the queue and answers the
 * job as the owner reads it now.
 */
async function commit(
  c: Context<AppEnv>,
  owner: JobOwner,
  subject: MoveSubject,
  move: Move,
  notices: Notice[] = [],
  target?: MoveTarget,
  named: string[] = [],
) {
  const shard = target?.shard ?? hereShard(c);
  await bringPeople(c, target, move, named);
  const { dto, mailIds } = await copyRefreshedOnConflict(c, target, subject.job.id, () =>
    commitWithNotices(shard.db, c.env.UPLOADS, owner, subject, move, notices),
  );
  await dispatchMail(c.env, mailIds, shard.name);
  // The delivery copy on a delivering partner's shard follows the change (at once when made from there).
  await deliverLater(c.env, shard.name, dto);
  await refreshCopy(c, target, dto.id);
  return c.json(dto);
}

endpoint(
  jobPeopleApi,
  "/v1",
  {
    method: "get",
    path: "/bookings/people",
    summary: "The members of the customer's organisation a booking may name as attendees",
    tags: ["bookings"],
    auth: "customer",
    responses: { 200: { description: "Active members, by name", schema: PeopleList }, ...customerErrors },
  },
  async (c, _input, scope) => c.json({ items: (await membersOf(c.get("db"), scope.account.id)).map(attendeePerson) }),
);

endpoint(
  jobPeopleApi,
  "/v1",
  {
    method: "put",
    path: "/bookings/{id}/attendees",
    summary: "Name a booking's attendees (members of the organisation, up to the seats booked) until it is completed",
    tags: ["bookings"],
    auth: "customer",
    params: JobIdParam,
    body: SetAttendees,
    responses: { 200: { description: "The booking", schema: JobDto }, ...customerErrors },
  },
  async (c, { params, body }, scope) => {
    const db = c.get("db");
    const owner = customerJobs(scope);
    const subject = await jobForMove(db, c.env, owner, params.id, body.version, undefined, () => historyShards(c, scope.account.id));
    const people = await checkedAttendees(db, scope.account.id, body.userIds, subject.dto.seats, "userIds");
    return commit(c, owner, subject, attendeesStatements(db, subject, people, scope.user.id), attendeeNotices(subject, people));
  },
);

endpoint(
  jobPeopleApi,
  "/v1",
  {
    method: "get",
    path: "/jobs/instructors",
    summary: "The members of the partner account who may instruct sessions",
    tags: ["jobs"],
    auth: "partner",
    responses: { 200: { description: "Active members, by name", schema: PeopleList }, ...partnerErrors },
  },
  async (c, _input, scope) => c.json({ items: (await membersOf(c.get("db"), scope.account.id)).map(attendeePerson) }),
);

endpoint(
  jobPeopleApi,
  "/v1",
  {
    method: "get",
    path: "/jobs/sessions",
    summary: "Upcoming sessions of the partner's jobs (week and agenda views), soonest first; `mine`: those the caller instructs",
    tags: ["jobs"],
    auth: "partner",
    query: SessionsQuery,
    responses: { 200: { description: "At most 200 sessions", schema: UpcomingSessions }, ...partnerErrors },
  },
  async (c, { query }, scope) => {
    const from = query.from ?? new Date().toISOString();
    const to = query.to ?? new Date(Date.parse(from) + 28 * 86_400_000).toISOString();
    return c.json({ items: await upcomingSessions(c.get("db"), scope, "partner", from, to, query.mine === "true") });
  },
);

endpoint(
  jobPeopleApi,
  "/v1",
  {
    method: "put",
    path: "/jobs/{id}/location",
    summary: "Set where one session or every open session happens (online link or address; null: the workout's default)",
    tags: ["jobs"],
    auth: "partnerAdmin",
    params: JobIdParam,
    body: SetJobLocation,
    early: earlyMove({ seen: true }),
    responses: { 200: { description: "The job", schema: JobDto }, ...partnerErrors },
  },
  async (c, { params, body }, scope) => {
    const target = await partnerMove(c, scope, params.id, body.version);
    const { owner, subject } = target;
    const db = target.shard.db;
    const move = locationStatements(db, subject, body.lineId, body.location, scope.user.id);
    return commit(c, owner, subject, move, locationNotices(owner, subject, move.after), target);
  },
);

endpoint(
  jobPeopleApi,
  "/v1",
  {
    method: "put",
    path: "/jobs/{id}/instructor",
    summary: "Assign the job's instructor, or one session's (a member of the partner account; null unassigns)",
    tags: ["jobs"],
    auth: "partnerAdmin",
    params: JobIdParam,
    body: SetJobInstructor,
    early: earlyMove({ seen: true }),
    responses: { 200: { description: "The job", schema: JobDto }, ...partnerErrors },
  },
  async (c, { params, body }, scope) => {
    const target = await partnerMove(c, scope, params.id, body.version);
    const { owner, subject } = target;
    const db = target.shard.db;
    // The instructor is a member of the acting partner, on the request's shard (the job's may be another).
    const person = body.userId ? await checkedInstructor(c.get("db"), scope.account.id, body.userId) : null;
    const move = instructorStatements(db, subject, body.lineId, person, scope.user.id);
    return commit(c, owner, subject, move, instructorNotices(subject, move.after, person), target, person ? [person.id] : []);
  },
);

endpoint(
  jobPeopleApi,
  "/v1",
  {
    method: "put",
    path: "/jobs/{id}/lines/{lineId}/attendance",
    summary: "Mark who was at a session that has started (owners and admins, or the session's instructor)",
    tags: ["jobs"],
    auth: "partner",
    params: JobLineParams,
    body: CompleteSession,
    early: earlyMove(),
    responses: { 200: { description: "The job", schema: JobDto }, ...partnerErrors },
  },
  async (c, { params, body }, scope) => {
    const target = await partnerMove(c, scope, params.id);
    const { owner, subject } = target;
    const db = target.shard.db;
    if (!mayComplete(scope, subject, [params.lineId])) throw forbidden(NOT_INSTRUCTOR);
    return commit(c, owner, subject, attendanceMove(db, subject, params.lineId, body.attendance ?? [], scope.user.id), [], target);
  },
);
