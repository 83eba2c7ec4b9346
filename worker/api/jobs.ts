import { Hono, type Context } from "hono";
import { CancelBooking, ConfirmRequest, DenyRequest, JobDto, JobIdParam, JobLineParams, JobList, JobsQuery, PartnerReschedule } from "../../contract/bookings";
import { cancelStatements, completeStatements, confirmStatements } from "../data/job-moves";
import { getJob, partnerJobs, type Move, type MoveMail } from "../data/jobs";
import type { MoveAudit } from "../data/job-move-audit";
import { denyStatements, partnerRescheduleStatements, proposeStatements } from "../data/partner-moves";
import { confirmedTimes, notStartedYet, proposedTimes, rescheduledTimes } from "../domain/booking-rules";
import { ProposeTimes } from "../../contract/availability";
import type { AppEnv } from "../env";
import { errorResponses } from "../http/responses";
import { endpoint, type PartnerScope } from "../http/endpoint";
import { mayComplete } from "../domain/job-people";
import { attendanceStatements, locationWrites, withMarks } from "../data/job-people";
import { requireFreeToBook } from "../data/booking-times";
import { partnerShards } from "../tenant/scope";
import { requestWindow } from "../data/availability";
import { CompleteSession } from "../../contract/job-people";
import { projectJob } from "../data/job-store";
import { conflict, forbidden, invalid } from "../http/errors";
import { commitAndSend, partnerMove, type MoveTarget } from "./job-commit";
import { earlyMove as early } from "./move-reads";
import { searchJobs } from "../data/jobs-search";

export const jobsApi = new Hono<AppEnv>();

/** Why a partner's member may not complete a session: it is not theirs to instruct. */
export const NOT_INSTRUCTOR = "Only the partner's owners and admins, or the session's instructor, may do this";

const errors = errorResponses({
  403: "Not a partner account you belong to, or (moves) not its owner or admin",
  404: "Absent, or not this partner's",
  409: "The state machine refuses the move",
});

/**
 * Commits a partner's move with its audit entries and the mail to the
 * customer (one batch), hands the mail to the queue and answers the job as
 * it is now.
 */
function commit(c: Context<AppEnv>, target: MoveTarget, move: Move, mail: MoveMail, record?: MoveAudit) {
  return commitAndSend(c, target.owner, target.subject, move, mail, record, target);
}

endpoint(
  jobsApi,
  "/v1",
  {
    method: "get",
    path: "/jobs",
    summary: "The partner's jobs (Your Jobs), newest first",
    tags: ["jobs"],
    auth: "partner",
    query: JobsQuery,
    responses: { 200: { description: "A page of jobs", schema: JobList }, ...errors },
  },
  async (c, { query }, scope) => c.json(await searchJobs(c.get("db"), scope, "partner", query)),
);

endpoint(
  jobsApi,
  "/v1",
  {
    method: "get",
    path: "/jobs/{id}",
    summary: "One of the partner's jobs",
    tags: ["jobs"],
    auth: "partner",
    params: JobIdParam,
    responses: { 200: { description: "The job", schema: JobDto }, ...errors },
  },
  async (c, { params }, scope) => c.json(await getJob(c.get("db"), partnerJobs(scope), params.id, "Job not found")),
);

/** Confirms a booking request: one of the proposed times per session becomes the booked time. */
endpoint(
  jobsApi,
  "/v1",
  {
    method: "post",
    path: "/jobs/{id}/confirm",
    summary: "Confirm a booking request",
    tags: ["jobs"],
    auth: "partnerAdmin",
    params: JobIdParam,
    body: ConfirmRequest,
    early: early({ times: true }),
    responses: { 200: { description: "The job, Booked", schema: JobDto }, ...errors },
  },
  async (c, { params, body }, scope) => {
    const target = await partnerMove(c, scope, params.id, undefined, requestWindow([{ times: body.lines.map((l) => l.time) }]));
    const { subject } = target;
    const db = target.shard.db;
    if (subject.job.status !== "awaitingConfirmation") throw conflict(`A job that is ${subject.job.status} cannot be confirmed`);
    const { times, fields } = confirmedTimes(subject.lines, body.lines);
    if (Object.keys(fields).length) throw invalid(fields);
    // The times are checked against the partner's calendar as it is now, and claimed with the write (worker/data/time-claims.ts).
    const bufferMinutes = await requireFreeToBook(partnerShards(c), target.shard.name, subject, body.lines, times, true, target.calendar);
    const move: Move = { ...confirmStatements(db, subject, times), bufferMinutes };
    if (body.location !== undefined) {
      // The place set on confirming goes in the same batch, and the confirmation mail and its calendar file carry it (a delivery copy then follows the write).
      move.rows = undefined;
      const writes = locationWrites(db, subject, undefined, body.location, scope.user.id);
      move.statements.push(...writes.statements);
      move.after = projectJob(move.after, move.after.status, writes.project);
    }
    return commit(c, target, move, { event: "confirmed" }, { code: "workoutJobConfirmed" });
  },
);

/** Denies a booking request (reason); the recipient is notified and may request again. */
endpoint(
  jobsApi,
  "/v1",
  {
    method: "post",
    path: "/jobs/{id}/deny",
    summary: "Deny a booking request (with a reason)",
    tags: ["jobs"],
    auth: "partnerAdmin",
    params: JobIdParam,
    body: DenyRequest,
    early: early(),
    responses: { 200: { description: "The job, To Be Booked again", schema: JobDto }, ...errors },
  },
  async (c, { params, body }, scope) => {
    const target = await partnerMove(c, scope, params.id);
    const { subject } = target;
    const db = target.shard.db;
    const move = denyStatements(db, subject, body.reason, body.comment);
    return commit(c, target, move, { event: "denied", reason: body.reason, comment: body.comment }, { code: "workoutJobDenied", reason: body.reason });
  },
);

/**
 * Instead of confirming or denying a request, the partner proposes other
 * times for every session waiting; the customer accepts one or proposes
 * again. Both sides are mailed; the audit entry goes in the same batch.
 */
endpoint(
  jobsApi,
  "/v1",
  {
    method: "post",
    path: "/jobs/{id}/propose",
    summary: "Propose other times for a booking request (counter-proposal)",
    tags: ["jobs"],
    auth: "partnerAdmin",
    params: JobIdParam,
    body: ProposeTimes,
    early: early({ seen: true }),
    responses: { 200: { description: "The job, Times Proposed", schema: JobDto }, ...errors },
  },
  async (c, { params, body }, scope) => {
    const target = await partnerMove(c, scope, params.id, body.version);
    const { owner, subject } = target;
    const db = target.shard.db;
    if (subject.job.status !== "awaitingConfirmation") throw conflict(`A job that is ${subject.job.status} cannot get other times proposed`);
    const { times, fields } = proposedTimes(subject.lines, body.lines);
    if (Object.keys(fields).length) throw invalid(fields);
    const move = proposeStatements(db, owner, subject, times);
    return commitAndSend(c, owner, subject, move, { event: "proposed", comment: body.comment }, undefined, target);
  },
);

/** The delivery partner moves booked sessions to new times (reason); the job stays Booked. */
endpoint(
  jobsApi,
  "/v1",
  {
    method: "post",
    path: "/jobs/{id}/reschedule",
    summary: "Reschedule one booked session or several (with a reason)",
    tags: ["jobs"],
    auth: "partnerAdmin",
    params: JobIdParam,
    body: PartnerReschedule,
    early: early({ seen: true, times: true }),
    responses: { 200: { description: "The job", schema: JobDto }, ...errors },
  },
  async (c, { params, body }, scope) => {
    const target = await partnerMove(c, scope, params.id, body.version, requestWindow([{ times: body.lines.map((l) => l.time) }]));
    const { subject } = target;
    const db = target.shard.db;
    const { times, fields, message } = rescheduledTimes(subject.lines, body.lines);
    if (Object.keys(fields).length) throw invalid(fields, message);
    const bufferMinutes = await requireFreeToBook(partnerShards(c), target.shard.name, subject, body.lines, times, false, target.calendar);
    const move = { ...partnerRescheduleStatements(db, subject, times, body.reason, body.comment), bufferMinutes };
    return commit(
      c,
      target,
      move,
      { event: "rescheduled", reason: body.reason, comment: body.comment, only: new Set(times.keys()) },
      { code: "workoutJobRescheduled", reason: body.reason, lines: "workoutSessionJobLineRescheduled" },
    );
  },
);

/**
 * Completes lines: the job goes In Progress with the first and Completed with
 * the last (audit entries). A session is completed only once it
 * has started.
 */
async function completeLines(c: Context<AppEnv>, scope: PartnerScope, jobId: string, lineIds: string[] | "all", body: CompleteSession | undefined) {
  const target = await partnerMove(c, scope, jobId);
  const { owner, subject } = target;
  const db = target.shard.db;
  if (!mayComplete(scope, subject, lineIds)) throw forbidden(NOT_INSTRUCTOR);
  const move = completeStatements(db, owner, subject, lineIds, (lines) => notStartedYet(lines, Date.now()));
  // Who was there goes in the completion's own batch: both are written, or neither.
  const marks = body?.attendance ?? [];
  if (marks.length) {
    const completed = new Set(move.after.lines.filter((l) => l.status === "completed").map((l) => l.id));
    const targets = new Set(subject.lines.filter((l) => l.status !== "completed" && completed.has(l.id)).map((l) => l.id));
    move.statements.push(
      ...attendanceStatements(
        db,
        subject,
        subject.lines.filter((l) => targets.has(l.id)),
        marks,
        scope.user.id,
      ),
    );
    move.after = projectJob(move.after, move.after.status, (l) => (targets.has(l.id) ? { attendance: withMarks(l.attendance, marks) } : {}));
  }
  return commit(c, target, move, { event: move.to === "completed" ? "completed" : "lineCompleted" });
}

endpoint(
  jobsApi,
  "/v1",
  {
    method: "post",
    path: "/jobs/{id}/lines/{lineId}/complete",
    summary: "Mark a session completed, with who attended, in one batch (the partner's owners and admins, or the session's instructor)",
    tags: ["jobs"],
    auth: "partner",
    params: JobLineParams,
    body: CompleteSession.optional(),
    early: early(),
    responses: { 200: { description: "The job", schema: JobDto }, ...errors },
  },
  async (c, { params, body }, scope) => completeLines(c, scope, params.id, [params.lineId], body),
);

endpoint(
  jobsApi,
  "/v1",
  {
    method: "post",
    path: "/jobs/{id}/complete",
    summary: "Mark the job completed (every remaining session, with who attended; owners and admins, or the instructor of every one)",
    tags: ["jobs"],
    auth: "partner",
    params: JobIdParam,
    body: CompleteSession.optional(),
    early: early(),
    responses: { 200: { description: "The job, Completed", schema: JobDto }, ...errors },
  },
  async (c, { params, body }, scope) => completeLines(c, scope, params.id, "all", body),
);

endpoint(
  jobsApi,
  "/v1",
  {
    method: "post",
    path: "/jobs/{id}/cancel",
    summary: "Cancel a job (with a reason)",
    tags: ["jobs"],
    auth: "partnerAdmin",
    params: JobIdParam,
    body: CancelBooking,
    early: early(),
    responses: { 200: { description: "The cancelled job", schema: JobDto }, ...errors },
  },
  async (c, { params, body }, scope) => {
    const target = await partnerMove(c, scope, params.id);
    const { owner, subject } = target;
    const db = target.shard.db;
    const move = cancelStatements(db, owner, subject, body.reason, body.comment);
    return commit(c, target, move, { event: "cancelled", reason: body.reason, comment: body.comment }, { code: "workoutJobCancelled", reason: body.reason });
  },
);
