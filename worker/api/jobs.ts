import { eq, or, type SQL } from "drizzle-orm";
import { inList } from "../data/bound";
import { Hono, type Context } from "hono";
import { z } from "zod";
import { CancelBooking, ConfirmRequest, DenyRequest, FutureDateTime, JobDto, JobIdParam, JobLineParams, JobList, JobsQuery } from "../../contract/bookings";
import { RescheduleReason } from "../../contract/enums";
import { ErrorEnvelope } from "../../contract/errors";
import { MESSAGES } from "../../contract/messages";
import { auditEntries, jobLines, jobs, type Job } from "../../db/schema";
import { completionActions, applyActions, nextStatus } from "../domain/jobs";
import type { AppEnv } from "../env";
import { endpoint, type PartnerAdminScope } from "../http/endpoint";
import { conflict, invalid, notFound } from "../http/errors";
import type { Acting } from "../identity/context";
import { cancelJob, jobWithLines } from "./bookings";
import { searchJobs } from "../data/jobs-search";
import { loadJob, projectJob } from "./job-store";
import { jobMailRows, jobRecipients } from "../data/job-mail";
import { dispatchMail } from "../mail/outbox";
import { dueDates, freeSeat, moveJob, runJobBatch, type Statements } from "./job-writes";

export const jobsApi = new Hono<AppEnv>();

const errors = {
  400: { description: "Invalid input, with the fields that failed", schema: ErrorEnvelope },
  401: { description: "No or bad token", schema: ErrorEnvelope },
  403: { description: "Not a partner account you belong to, or (moves) not its owner or admin", schema: ErrorEnvelope },
  404: { description: "Absent, or not this partner's", schema: ErrorEnvelope },
  409: { description: "The state machine refuses the move", schema: ErrorEnvelope },
};

/** A partner sees the jobs of its customers and the jobs it delivers. */
const ours = (scope: Acting): SQL => or(eq(jobs.partnerAccountId, scope.account.id), eq(jobs.deliveryPartnerAccountId, scope.account.id))!;

/**
 * Commits a partner's move: its statements (led by the job's compare-and-set)
 * and the mail to the customer about it, written from the job as it will read
 * after the move, in ONE batch; then hands the mail to the queue and answers
 * the job as it is now.
 */
async function commit(
  c: Context<AppEnv>,
  scope: Acting,
  job: Job,
  statements: Statements,
  after: JobDto,
  event: Parameters<typeof jobMailRows>[2],
  extra: { reason?: string | null; comment?: string | null } = {},
) {
  const db = c.get("db");
  const who = await jobRecipients(db, c.env, job);
  const mail = jobMailRows(db, [who.customer], event, after, { sequence: job.version + 1, ...extra });
  await runJobBatch(c.env.DB, [...statements, ...mail.statements]);
  await dispatchMail(c.env, mail.ids);
  return c.json((await loadJob(db, job.id, ours(scope), "partner"))!);
}

/** The job row, its lines and its DTO as read before a move (the move's compare-and-set is on this version). */
async function current(c: Context<AppEnv>, scope: Acting, id: string) {
  const { job, lines } = await jobWithLines(c, id, ours(scope));
  const dto = await loadJob(c.get("db"), job.id, ours(scope), "partner");
  if (!dto) throw notFound("Booking not found");
  return { job, lines, dto };
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
  async (c, { query }, scope) => {
    return c.json(await searchJobs(c.get("db"), scope, "partner", query));
  },
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
  async (c, { params }, scope) => {
    const dto = await loadJob(c.get("db"), params.id, ours(scope), "partner", scope.role === "member");
    if (!dto) throw notFound("Job not found");
    return c.json(dto);
  },
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
    responses: { 200: { description: "The job, Booked", schema: JobDto }, ...errors },
  },
  async (c, { params, body }, scope) => {
    const db = c.get("db");
    const { job, lines, dto } = await current(c, scope, params.id);
    const to = nextStatus(job.status, "confirm");
    if (!to) throw conflict(`A job that is ${job.status} cannot be confirmed`);
    const fields: Record<string, string> = {};
    const times = new Map(body.lines.map((l) => [l.lineId, l.time]));
    lines.forEach((line, i) => {
      const time = times.get(line.id);
      if (!time) fields[`lines.${i}.time`] = MESSAGES.required;
      else if (!line.requestedTimes.includes(time)) fields[`lines.${i}.time`] = "Choose one of the proposed times";
    });
    if (Object.keys(fields).length) throw invalid(fields);
    const statements: Statements = [...moveJob(db, job, to)];
    for (const line of lines) {
      const time = times.get(line.id)!;
      statements.push(db.update(jobLines).set({ status: "confirmed", scheduledAt: time, updatedAt: new Date().toISOString() }).where(eq(jobLines.id, line.id)), ...dueDates(line, time));
    }
    const after = projectJob(dto, to, (l) => ({ status: "confirmed", scheduledAt: times.get(l.id)! }));
    return commit(c, scope, job, statements, after, "confirmed");
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
    responses: { 200: { description: "The job, To Be Booked again", schema: JobDto }, ...errors },
  },
  async (c, { params, body }, scope) => {
    const db = c.get("db");
    const { job, dto } = await current(c, scope, params.id);
    const to = nextStatus(job.status, "deny");
    if (!to) throw conflict(`A job that is ${job.status} cannot be denied`);
    const statements: Statements = [
      ...moveJob(db, job, to),
      db
        .update(jobLines)
        .set({ status: "awaitingScheduling", requestedTimes: [], rescheduleReason: body.reason, rescheduleComment: body.comment ?? null, updatedAt: new Date().toISOString() })
        .where(eq(jobLines.jobId, job.id)),
    ];
    const after = projectJob(dto, to, () => ({ status: "awaitingScheduling", requestedTimes: [] }));
    return commit(c, scope, job, statements, after, "denied", { reason: body.reason, comment: body.comment });
  },
);

const PartnerReschedule = z
  .object({
    reason: z.enum(RescheduleReason, { error: MESSAGES.required }),
    comment: z.string().trim().max(500).optional(),
    lines: z.array(z.object({ lineId: z.string().uuid(MESSAGES.invalidUuid), time: FutureDateTime })).min(1, MESSAGES.noItems),
  })
  .meta({ id: "PartnerReschedule" });

/** The delivery partner moves booked sessions to new times (reason); the job stays Booked. */
endpoint(
  jobsApi,
  "/v1",
  {
    method: "post",
    path: "/jobs/{id}/reschedule",
    summary: "Reschedule booked sessions (with a reason)",
    tags: ["jobs"],
    auth: "partnerAdmin",
    params: JobIdParam,
    body: PartnerReschedule,
    responses: { 200: { description: "The job", schema: JobDto }, ...errors },
  },
  async (c, { params, body }, scope) => {
    const db = c.get("db");
    const { job, lines, dto } = await current(c, scope, params.id);
    const to = nextStatus(job.status, "rescheduleSlots");
    if (!to) throw conflict(`A job that is ${job.status} cannot be rescheduled`);
    const statements: Statements = [...moveJob(db, job, to)];
    body.lines.forEach((l, i) => {
      const line = lines.find((x) => x.id === l.lineId);
      if (!line) throw invalid({ [`lines.${i}.lineId`]: "Not a session of this job" });
      statements.push(
        db.update(jobLines).set({ scheduledAt: l.time, slotId: null, rescheduleReason: body.reason, rescheduleComment: body.comment ?? null, updatedAt: new Date().toISOString() }).where(eq(jobLines.id, line.id)),
        ...(line.slotId ? freeSeat(line.slotId) : []),
        ...dueDates(line, l.time),
      );
    });
    const times = new Map(body.lines.map((l) => [l.lineId, l.time]));
    const after = projectJob(dto, to, (l) => (times.has(l.id) ? { scheduledAt: times.get(l.id)!, slotId: null } : {}));
    return commit(c, scope, job, statements, after, "rescheduled", { reason: body.reason, comment: body.comment });
  },
);

/** Completes lines: the job goes In Progress with the first and Completed with the last (audit entries). */
async function completeLines(c: Context<AppEnv>, scope: PartnerAdminScope, jobId: string, lineIds: string[] | "all") {
  const db = c.get("db");
  const { job, lines, dto } = await current(c, scope, jobId);
  const open = lines.filter((l) => l.status !== "completed");
  const targets = lineIds === "all" ? open : open.filter((l) => lineIds.includes(l.id));
  if (lineIds !== "all" && !lines.some((l) => lineIds.includes(l.id))) throw notFound("Session not found");
  if (!targets.length) throw conflict("That session is already completed");
  if (targets.some((l) => !l.scheduledAt)) throw conflict("A session without a booked time cannot be completed");
  const actions = completionActions(job.status, open.length - targets.length);
  const to = actions ? applyActions(job.status, actions) : null;
  if (!actions || !to) throw conflict(`A job that is ${job.status} cannot be completed`);
  const now = new Date().toISOString();
  const statements: Statements = [...moveJob(db, job, to, to === "completed" ? { completedAt: now } : {})];
  statements.push(db.update(jobLines).set({ status: "completed", completedAt: now, updatedAt: now }).where(inList(jobLines.id, targets.map((l) => l.id))));
  if (to === "inProgress") {
    const rest = open.filter((l) => !targets.includes(l));
    if (rest.length) statements.push(db.update(jobLines).set({ status: "inProgress" }).where(inList(jobLines.id, rest.map((l) => l.id))));
  }
  for (const line of targets) {
    statements.push(db.insert(auditEntries).values({ accountId: job.accountId, code: "workoutSessionJobLineCompleted", subjectType: "jobLine", subjectId: line.id, userId: scope.user.id, data: { jobId: job.id } }));
  }
  if (to === "completed") {
    statements.push(db.insert(auditEntries).values({ accountId: job.accountId, code: "workoutJobCompleted", subjectType: "job", subjectId: job.id, userId: scope.user.id, data: { workoutId: job.workoutId } }));
  }
  const done = new Set(targets.map((l) => l.id));
  const after = projectJob(dto, to, (l) => (done.has(l.id) ? { status: "completed", completedAt: now } : l.status === "completed" ? {} : { status: to === "inProgress" ? "inProgress" : l.status }));
  return commit(c, scope, job, statements, after, to === "completed" ? "completed" : "lineCompleted");
}

endpoint(
  jobsApi,
  "/v1",
  {
    method: "post",
    path: "/jobs/{id}/lines/{lineId}/complete",
    summary: "Mark a session completed",
    tags: ["jobs"],
    auth: "partnerAdmin",
    params: JobLineParams,
    responses: { 200: { description: "The job", schema: JobDto }, ...errors },
  },
  async (c, { params }, scope) => completeLines(c, scope, params.id, [params.lineId]),
);

endpoint(
  jobsApi,
  "/v1",
  {
    method: "post",
    path: "/jobs/{id}/complete",
    summary: "Mark the job completed (every remaining session)",
    tags: ["jobs"],
    auth: "partnerAdmin",
    params: JobIdParam,
    responses: { 200: { description: "The job, Completed", schema: JobDto }, ...errors },
  },
  async (c, { params }, scope) => completeLines(c, scope, params.id, "all"),
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
    responses: { 200: { description: "The cancelled job", schema: JobDto }, ...errors },
  },
  async (c, { params, body }, scope) => c.json(await cancelJob(c, scope, params.id, ours(scope), "partner", body.reason, body.comment)),
);
