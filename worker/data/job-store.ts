import { and, inArray, desc, eq, sql, type Column, type Placeholder, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { JobActionName, JobDto } from "../../contract/bookings";
import type { JobStatus } from "../../contract/enums";
import {
  accounts,
  jobActionItems,
  jobAttendance,
  jobAttendees,
  jobLines,
  jobs,
  sessionAttachments,
  users,
  workoutSessions,
  workouts,
  type Job,
  type SessionLocation,
} from "../../db/schema";
import { allowedActions } from "../domain/jobs";
import { isRequestOverdue } from "../domain/reminders";
import type { Db } from "../env";
import { attachmentFileUri } from "./workout-read";
import { today } from "./query";
import { releasedAttachments } from "../domain/attachments";

/** Reading jobs with their lines and action items, as each side sees them. */
export type Side = "customer" | "partner";

const partnerAcc = alias(accounts, "partner_acc");
const deliveryAcc = alias(accounts, "delivery_acc");
const jobInstructor = alias(users, "job_instructor");
const lineInstructor = alias(users, "line_instructor");

/** A user as a job names them: first and last name, else the address. */
export const personName = (u: { firstName: string | null; lastName: string | null; email: string }) =>
  [u.firstName, u.lastName].filter(Boolean).join(" ") || u.email;

/** The columns naming a person `u` (aliased with `prefix` so the select can go in a batch). */
function personColumns(u: { id: Column; firstName: Column; lastName: Column; email: Column }, prefix: string) {
  return {
    personId: sql<string | null>`${u.id}`.as(`${prefix}_id`),
    personFirst: sql<string | null>`${u.firstName}`.as(`${prefix}_first`),
    personLast: sql<string | null>`${u.lastName}`.as(`${prefix}_last`),
    personEmail: sql<string | null>`${u.email}`.as(`${prefix}_email`),
  };
}
type PersonCols = { personId: string | null; personFirst: string | null; personLast: string | null; personEmail: string | null };
function personOf(row: PersonCols) {
  return row.personId && row.personEmail
    ? { id: row.personId, name: personName({ firstName: row.personFirst, lastName: row.personLast, email: row.personEmail }), email: row.personEmail }
    : null;
}

/** A JSON location column as read through a raw select (text) or drizzle's mapping (object). */
export function locationOf(v: unknown): SessionLocation | null {
  if (!v) return null;
  if (typeof v === "string") {
    try {
      return JSON.parse(v) as SessionLocation;
    } catch {
      return null;
    }
  }
  return v as SessionLocation;
}

/**
 * What each side may do now: the state machine's moves, split by who makes
 * them. A partner's members read jobs but do not act on them (`readOnly`).
 */
export function actionsFor(job: Pick<Job, "status">, side: Side, readOnly = false, started = true, instructs = false): JobActionName[] {
  // A partner's member who instructs a session may complete it (and nothing else).
  if (readOnly && !instructs) return [];
  if (readOnly) return actionsFor(job, side, false, started).filter((a) => a === "completeLine" || a === "complete");
  const moves = new Set(allowedActions(job.status));
  const out: JobActionName[] = [];
  if (side === "customer") {
    if (moves.has("requestTimes")) out.push("requestTimes");
    if (moves.has("bookSlots")) out.push("bookSlots");
    if (moves.has("rescheduleRequest")) out.push("reschedule");
    if (moves.has("acceptProposal")) out.push("acceptProposal");
  } else {
    if (moves.has("confirm")) out.push("confirm");
    if (moves.has("proposeTimes")) out.push("proposeTimes");
    if (moves.has("deny")) out.push("deny");
    if (moves.has("rescheduleRequest")) out.push("reschedule");
    // A session is completed only once it has started: nothing to complete before the first start.
    if ((moves.has("completeFirstLine") || moves.has("completeLastLine")) && started) out.push("completeLine", "complete");
  }
  if (moves.has("cancel")) out.push("cancel");
  return out;
}

/**
 * The job as it will read once a move applies (status and the changed line
 * fields), so the mail about the move can be written in the move's own batch.
 */
export function projectJob(dto: JobDto, status: JobStatus, line: (l: JobDto["lines"][number]) => Partial<JobDto["lines"][number]> = () => ({})): JobDto {
  return { ...dto, status, lines: dto.lines.map((l) => ({ ...l, ...line(l) })) };
}

/** The job rows of a page or of one job: the job and the names around it (names aliased apart so the select can go in a batch). */
function jobRowsQuery(db: Db, where: SQL | undefined, limit: number) {
  return db
    .select({
      job: jobs,
      workoutName: sql<string>`${workouts.name}`.as("workout_name"),
      workoutTitle: sql<string | null>`${workouts.title}`.as("workout_title"),
      customerName: sql<string>`${accounts.name}`.as("customer_name"),
      partnerName: sql<string>`${partnerAcc.name}`.as("partner_name"),
      deliveryName: sql<string | null>`${deliveryAcc.name}`.as("delivery_name"),
      maxAttendees: sql<number>`${workouts.maxAttendees}`.as("workout_max_attendees"),
      defaultLocation: sql<string | null>`${workouts.defaultLocation}`.as("workout_default_location"),
      ...personColumns(jobInstructor, "job_instructor"),
    })
    .from(jobs)
    .innerJoin(workouts, eq(workouts.id, jobs.workoutId))
    .innerJoin(accounts, eq(accounts.id, jobs.accountId))
    .innerJoin(partnerAcc, eq(partnerAcc.id, jobs.partnerAccountId))
    .leftJoin(deliveryAcc, eq(deliveryAcc.id, jobs.deliveryPartnerAccountId))
    .leftJoin(jobInstructor, eq(jobInstructor.id, jobs.instructorUserId))
    .where(where)
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(limit);
}
type JobRow = Awaited<ReturnType<typeof jobRowsQuery>>[number];

type JobIdColumn = typeof jobLines.jobId | typeof jobActionItems.jobId | typeof jobAttendees.jobId;

/** The lines (with their sessions), the sessions' attachments and the side's action items of the jobs `ofJobs` selects. */
function jobDetailQueries(db: Db, ofJobs: (col: JobIdColumn) => SQL, side: Side) {
  const assignee = side === "customer" ? "recipient" : "deliveryPartner";
  return [
    db
      .select({
        line: jobLines,
        sessionName: sql<string>`${workoutSessions.name}`.as("session_name"),
        lengthMinutes: sql<number>`${workoutSessions.lengthMinutes}`.as("session_length"),
        ...personColumns(lineInstructor, "line_instructor"),
      })
      .from(jobLines)
      .innerJoin(workoutSessions, eq(workoutSessions.id, jobLines.sessionId))
      .leftJoin(lineInstructor, eq(lineInstructor.id, jobLines.instructorUserId))
      .where(ofJobs(jobLines.jobId))
      .orderBy(jobLines.jobId, jobLines.sequence),
    db
      .select()
      .from(sessionAttachments)
      .where(inArray(sessionAttachments.sessionId, db.selectDistinct({ id: jobLines.sessionId }).from(jobLines).where(ofJobs(jobLines.jobId)))),
    db
      .select()
      .from(jobActionItems)
      .where(and(ofJobs(jobActionItems.jobId), eq(jobActionItems.assigneeType, assignee))),
    db
      .select({ jobId: jobAttendees.jobId, id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(jobAttendees)
      .innerJoin(users, eq(users.id, jobAttendees.userId))
      .where(ofJobs(jobAttendees.jobId))
      .orderBy(jobAttendees.jobId, users.firstName, users.email),
    db
      .select({ jobLineId: jobAttendance.jobLineId, userId: jobAttendance.userId, present: jobAttendance.present })
      .from(jobAttendance)
      .where(inArray(jobAttendance.jobLineId, db.select({ id: jobLines.id }).from(jobLines).where(ofJobs(jobLines.jobId)))),
  ] as const;
}
export type Details = [
  Awaited<ReturnType<typeof jobDetailQueries>[0]>,
  Awaited<ReturnType<typeof jobDetailQueries>[1]>,
  Awaited<ReturnType<typeof jobDetailQueries>[2]>,
  Awaited<ReturnType<typeof jobDetailQueries>[3]>,
  Awaited<ReturnType<typeof jobDetailQueries>[4]>,
];

/** The start of the next session not yet completed (earliest booked time), or null. */
export function nextSessionAt(lines: Pick<JobDto["lines"][number], "status" | "scheduledAt">[]): string | null {
  const times = lines.filter((l) => l.status !== "completed" && l.scheduledAt).map((l) => l.scheduledAt!);
  return times.sort()[0] ?? null;
}

type AttachmentRow = Pick<Details[1][number], "id" | "type" | "description" | "value" | "fileKey" | "workoutId" | "sessionId" | "startDate" | "endDate">;
type ActionItemRow = Pick<Details[2][number], "id" | "jobLineId" | "name" | "link" | "stage" | "assigneeType" | "dueAt" | "completedAt">;

/** A line's action items as a job answers them. */
export const actionItemsOf = (items: readonly ActionItemRow[], lineId: string): JobDto["lines"][number]["actionItems"] =>
  items
    .filter((i) => i.jobLineId === lineId)
    .map((i) => ({ id: i.id, name: i.name, link: i.link, stage: i.stage, assigneeType: i.assigneeType, dueAt: i.dueAt, completedAt: i.completedAt }));

/** The attachments of a line's session that `side` sees on `day`, as a job answers them. */
export const attachmentsOf = (side: Side, attachments: readonly AttachmentRow[], sessionId: string, day: string): JobDto["lines"][number]["attachments"] =>
  releasedAttachments(
    side,
    attachments.filter((a) => a.sessionId === sessionId),
    day,
  ).map((a) => ({
    id: a.id,
    type: a.type,
    description: a.description,
    value: a.value,
    fileUri: a.fileKey ? attachmentFileUri(a.workoutId, a.id) : null,
  }));

/** Whether a session not completed has begun (a partner may complete sessions only then). */
export const anyStarted = (lines: Pick<JobDto["lines"][number], "status" | "scheduledAt">[]) =>
  lines.some((l) => l.status !== "completed" && l.scheduledAt !== null && Date.parse(l.scheduledAt) <= Date.now());

export function toDtos(
  rows: JobRow[],
  [lines, attachments, items, attendees, attendance]: Details,
  side: Side,
  readOnly: boolean,
  viewerId?: string,
): JobDto[] {
  const now = new Date();
  const day = today();
  return rows.map((row) => toDto(row, lines, attachments, items, attendees, attendance, side, readOnly, now, day, viewerId));
}

function toDto(
  row: JobRow,
  lines: Details[0],
  attachments: Details[1],
  items: Details[2],
  attendees: Details[3],
  attendance: Details[4],
  side: Side,
  readOnly: boolean,
  now: Date,
  day: string,
  viewerId?: string,
): JobDto {
  const { job, workoutName, workoutTitle, customerName, partnerName, deliveryName } = row;
  const jobInstructorPerson = personOf(row);
  const fallbackLocation = locationOf(row.defaultLocation);
  const jobLinesDto = lines
    .filter((l) => l.line.jobId === job.id)
    .map((l) => {
      const { line, sessionName, lengthMinutes } = l;
      return {
        id: line.id,
        sequence: line.sequence,
        sessionId: line.sessionId,
        sessionName,
        lengthMinutes: Number(lengthMinutes),
        status: line.status,
        scheduledAt: line.scheduledAt,
        completedAt: line.completedAt,
        requestedTimes: line.requestedTimes,
        slotId: line.slotId ?? line.awaySlotId,
        actionItems: actionItemsOf(items, line.id),
        attachments: attachmentsOf(side, attachments, line.sessionId, day),
        location: locationOf(line.location) ?? fallbackLocation,
        instructor: personOf(l) ?? jobInstructorPerson,
        attendance: attendance.filter((a) => a.jobLineId === line.id).map((a) => ({ userId: a.userId, present: Boolean(a.present) })),
      };
    });
  return {
    id: job.id,
    status: job.status,
    workout: { id: job.workoutId, name: workoutName, title: workoutTitle },
    customer: { id: job.accountId, name: customerName },
    partner: { id: job.partnerAccountId, name: partnerName },
    deliveryPartner: job.deliveryPartnerAccountId && deliveryName !== null ? { id: job.deliveryPartnerAccountId, name: deliveryName } : null,
    creditsConsumed: job.creditsConsumed,
    priceAmount: job.priceAmount,
    currency: job.currency,
    cancelReason: job.cancelReason,
    createdAt: job.createdAt,
    version: job.version,
    overdue: isRequestOverdue(job, now),
    actions: actionsFor(
      job,
      side,
      readOnly,
      anyStarted(jobLinesDto),
      side === "partner" && viewerId !== undefined && jobLinesDto.some((l) => l.status !== "completed" && l.instructor?.id === viewerId),
    ),
    lines: jobLinesDto,
    attendees: attendees.filter((a) => a.jobId === job.id).map((a) => ({ id: a.id, name: personName(a), email: a.email })),
    seats: Number(row.maxAttendees),
    instructor: jobInstructorPerson,
    nextSessionAt: job.status === "cancelled" ? null : nextSessionAt(jobLinesDto),
  };
}

/**
 * Jobs matching `where`, newest first, as DTOs for `side`: ONE D1 round trip whatever the count.
 * The page's rows and their details are read in one batch (one transaction, so they agree): the
 * details select their jobs by the page's own query (its joins, filter, order and limit) as a subquery.
 */
export async function loadJobs(db: Db, where: SQL | undefined, side: Side, limit = 50, readOnly = false, viewerId?: string): Promise<JobDto[]> {
  const page = jobRowsQuery(db, where, limit);
  const [rows, ...details] = await db.batch([page, ...jobDetailQueries(db, (col) => sql`${col} in (select "id" from ${page})`, side)]);
  if (!rows.length) return [];
  return toDtos(rows, details, side, readOnly, viewerId);
}

/**
 * The reads of one job as `side` sees it, for a caller's batch: the job row
 * (only when `visible` holds), its lines, the sessions' attachments and the
 * side's action items. `id` may be a placeholder (./reusable.ts).
 */
export function oneJobReads(db: Db, id: string | Placeholder, visible: SQL, side: Side) {
  return [jobRowsQuery(db, and(eq(jobs.id, id), visible), 1), ...jobDetailQueries(db, (col) => eq(col, id), side)] as const;
}

/** The job `oneJobReads` found, as `side` sees it, or null (absent or not visible). */
export function jobFromReads([rows, ...details]: readonly [JobRow[], ...Details], side: Side, readOnly = false, viewerId?: string): JobDto | null {
  if (!rows[0]) return null;
  return toDtos(rows, details, side, readOnly, viewerId)[0] ?? null;
}

/** One job as `side` sees it, or null (absent or not visible); one D1 round trip. */
export async function loadJob(db: Db, id: string, visible: SQL, side: Side, readOnly = false, viewerId?: string): Promise<JobDto | null> {
  const reads = await db.batch(oneJobReads(db, id, visible, side));
  return jobFromReads(reads, side, readOnly, viewerId);
}
