import { and, asc, inArray, desc, eq, gte, sql, type Placeholder, type SQL } from "drizzle-orm";
import { inList } from "./bound";
import { alias } from "drizzle-orm/sqlite-core";
import type { JobActionName, JobDto } from "../../contract/bookings";
import type { JobStatus } from "../../contract/enums";
import { accounts, jobActionItems, jobLines, jobs, sessionAttachments, slots, workoutSessions, workouts, type Job } from "../../db/schema";
import { allowedActions } from "../domain/jobs";
import { isRequestOverdue } from "../domain/reminders";
import type { Db } from "../env";
import { attachmentFileUri } from "./workout-read";
import { recipientReads, sidesFrom } from "./job-mail";
import type { OriginEnv } from "./mail-context";
import { theRow, today } from "./query";
import { releasedAttachments } from "../domain/attachments";

/** Reading jobs with their lines and action items, as each side sees them. */
export type Side = "customer" | "partner";

const partnerAcc = alias(accounts, "partner_acc");
const deliveryAcc = alias(accounts, "delivery_acc");

/**
 * What each side may do now: the state machine's moves, split by who makes
 * them. A partner's members read jobs but do not act on them (`readOnly`).
 */
export function actionsFor(job: Pick<Job, "status">, side: Side, readOnly = false, started = true): JobActionName[] {
  if (readOnly) return [];
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
    })
    .from(jobs)
    .innerJoin(workouts, eq(workouts.id, jobs.workoutId))
    .innerJoin(accounts, eq(accounts.id, jobs.accountId))
    .innerJoin(partnerAcc, eq(partnerAcc.id, jobs.partnerAccountId))
    .leftJoin(deliveryAcc, eq(deliveryAcc.id, jobs.deliveryPartnerAccountId))
    .where(where)
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(limit);
}
type JobRow = Awaited<ReturnType<typeof jobRowsQuery>>[number];

type JobIdColumn = typeof jobLines.jobId | typeof jobActionItems.jobId;

/** The lines (with their sessions), the sessions' attachments and the side's action items of the jobs `ofJobs` selects. */
function jobDetailQueries(db: Db, ofJobs: (col: JobIdColumn) => SQL, side: Side) {
  const assignee = side === "customer" ? "recipient" : "deliveryPartner";
  return [
    db
      .select({
        line: jobLines,
        sessionName: sql<string>`${workoutSessions.name}`.as("session_name"),
        lengthMinutes: sql<number>`${workoutSessions.lengthMinutes}`.as("session_length"),
      })
      .from(jobLines)
      .innerJoin(workoutSessions, eq(workoutSessions.id, jobLines.sessionId))
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
  ] as const;
}
type Details = [
  Awaited<ReturnType<typeof jobDetailQueries>[0]>,
  Awaited<ReturnType<typeof jobDetailQueries>[1]>,
  Awaited<ReturnType<typeof jobDetailQueries>[2]>,
];

function toDtos(rows: JobRow[], [lines, attachments, items]: Details, side: Side, readOnly: boolean): JobDto[] {
  const now = new Date();
  const day = today();
  return rows.map(({ job, workoutName, workoutTitle, customerName, partnerName, deliveryName }) => ({
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
      lines.some(
        (l) => l.line.jobId === job.id && l.line.status !== "completed" && l.line.scheduledAt !== null && Date.parse(l.line.scheduledAt) <= Date.now(),
      ),
    ),
    lines: lines
      .filter((l) => l.line.jobId === job.id)
      .map(({ line, sessionName, lengthMinutes }) => ({
        id: line.id,
        sequence: line.sequence,
        sessionId: line.sessionId,
        sessionName,
        lengthMinutes: Number(lengthMinutes),
        status: line.status,
        scheduledAt: line.scheduledAt,
        completedAt: line.completedAt,
        requestedTimes: line.requestedTimes,
        slotId: line.slotId,
        actionItems: items
          .filter((i) => i.jobLineId === line.id)
          .map((i) => ({ id: i.id, name: i.name, link: i.link, stage: i.stage, assigneeType: i.assigneeType, dueAt: i.dueAt, completedAt: i.completedAt })),
        attachments: releasedAttachments(
          side,
          attachments.filter((a) => a.sessionId === line.sessionId),
          day,
        ).map((a) => ({
          id: a.id,
          type: a.type,
          description: a.description,
          value: a.value,
          fileUri: a.fileKey ? attachmentFileUri(a.workoutId, a.id) : null,
        })),
      })),
  }));
}

/** Jobs matching `where`, newest first, as DTOs for `side`. Two D1 round trips whatever the count. */
export async function loadJobs(db: Db, where: SQL | undefined, side: Side, limit = 50, readOnly = false): Promise<JobDto[]> {
  const rows = await jobRowsQuery(db, where, limit);
  if (!rows.length) return [];
  const ids = rows.map((r) => r.job.id);
  const details = await db.batch(jobDetailQueries(db, (col) => inList(col, ids), side));
  return toDtos(rows, details as unknown as Details, side, readOnly);
}

/** The credit entry a refund goes back to: the customer's latest. */
function creditEntryQuery(db: Db, id: string) {
  return db
    .select({
      creditEntryId: sql<string | null>`(select ce.id from credit_entries ce where ce.account_id = ${jobs.accountId} order by ce.start_date desc limit 1)`.as(
        "credit_entry_id",
      ),
    })
    .from(jobs)
    .where(eq(jobs.id, id));
}

/**
 * One job as `side` sees it, in ONE D1 round trip: the job row (only when
 * `visible` holds), its lines, attachments and action items, and who hears
 * of a change to it. Rows of a job `visible` hides are read but never
 * answered: the job comes back null, like a missing one.
 */
export async function loadJobWithMail(db: Db, env: OriginEnv, id: string, visible: SQL, side: Side, readOnly = false) {
  const booker = sql`(select ${jobs.bookedByUserId} from ${jobs} where ${jobs.id} = ${id})`;
  const partners = sql`(select ${jobs.partnerAccountId} from ${jobs} where ${jobs.id} = ${id} union select coalesce(${jobs.deliveryPartnerAccountId}, ${jobs.partnerAccountId}) from ${jobs} where ${jobs.id} = ${id})`;
  const [rows, lines, attachments, items, credit, open, ...who] = await db.batch([
    ...oneJobReads(db, id, visible, side),
    creditEntryQuery(db, id),
    openSlotsQuery(db, id),
    ...recipientReads(db, booker, partners),
  ]);
  const row = rows[0];
  if (!row) return null;
  const dto = theRow(toDtos([row], [lines, attachments, items] as unknown as Details, side, readOnly), "job read");
  return {
    job: row.job,
    dto,
    recipients: sidesFrom(env, who, row.job),
    creditEntryId: credit[0]?.creditEntryId ?? null,
    openSlots: open,
  };
}

/** The open slots (seats left, in the future) of the job's delivery partner for the job's workout, soonest first. */
function openSlotsQuery(db: Db, id: string) {
  const ofJob = (col: typeof jobs.workoutId | typeof jobs.deliveryPartnerAccountId) => sql`(select ${col} from ${jobs} where ${jobs.id} = ${id})`;
  return db
    .select()
    .from(slots)
    .where(
      and(
        sql`${slots.workoutId} = ${ofJob(jobs.workoutId)}`,
        sql`${slots.partnerAccountId} = ${ofJob(jobs.deliveryPartnerAccountId)}`,
        gte(slots.startsAt, new Date().toISOString()),
        sql`${slots.seatsTaken} < ${slots.capacity}`,
      ),
    )
    .orderBy(asc(slots.startsAt));
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
export function jobFromReads([rows, ...details]: readonly [JobRow[], ...Details], side: Side, readOnly = false): JobDto | null {
  if (!rows[0]) return null;
  return toDtos(rows, details, side, readOnly)[0] ?? null;
}

/** One job as `side` sees it, or null (absent or not visible); one D1 round trip. */
export async function loadJob(db: Db, id: string, visible: SQL, side: Side, readOnly = false): Promise<JobDto | null> {
  const reads = await db.batch(oneJobReads(db, id, visible, side));
  return jobFromReads(reads, side, readOnly);
}
