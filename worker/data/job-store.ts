import { and, asc, inArray, desc, eq, gte, lt, or, sql, type SQL } from "drizzle-orm";
import { inList } from "./bound";
import { alias } from "drizzle-orm/sqlite-core";
import type { JobActionName, JobDto } from "../../contract/bookings";
import type { JobStatus } from "../../contract/enums";
import { accounts, jobActionItems, jobLines, jobs, sessionAttachments, slots, stylings, users, workoutSessions, workouts, type Job } from "../../db/schema";
import { jobMail, type JobEvent } from "../domain/notifications";
import { allowedActions } from "../domain/jobs";
import type { Db } from "../env";
import { enqueueMail } from "../mail/outbox";
import { attachmentFileUri } from "../api/workouts";

/** Reading jobs with their lines and action items, as each side sees them (DESIGN.md §6). */
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
  } else {
    if (moves.has("confirm")) out.push("confirm");
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

export function encodeCursor(job: { createdAt: string; id: string }): string {
  return btoa(`${job.createdAt}|${job.id}`);
}

export function cursorCondition(cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  try {
    const [createdAt, id] = atob(cursor).split("|");
    if (!createdAt || !id) return undefined;
    return or(lt(jobs.createdAt, createdAt), and(eq(jobs.createdAt, createdAt), lt(jobs.id, id)));
  } catch {
    return undefined;
  }
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

/** The lines (with their sessions), the sessions' attachments and the side's action items of the jobs `jobIds` selects. */
function jobDetailQueries(db: Db, jobIds: string[], side: Side) {
  const ofJobs = (col: typeof jobLines.jobId | typeof jobActionItems.jobId) => inList(col, jobIds);
  const assignee = side === "customer" ? "recipient" : "deliveryPartner";
  return [
    db
      .select({ line: jobLines, sessionName: sql<string>`${workoutSessions.name}`.as("session_name"), lengthMinutes: sql<number>`${workoutSessions.lengthMinutes}`.as("session_length") })
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
    actions: actionsFor(
      job,
      side,
      readOnly,
      lines.some((l) => l.line.jobId === job.id && l.line.status !== "completed" && l.line.scheduledAt !== null && Date.parse(l.line.scheduledAt) <= Date.now()),
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
        attachments: attachments
          .filter((a) => a.sessionId === line.sessionId)
          .map((a) => ({ id: a.id, type: a.type, description: a.description, value: a.value, fileUri: a.fileKey ? attachmentFileUri(a.workoutId, a.id) : null })),
      })),
  }));
}

/** Jobs matching `where`, newest first, as DTOs for `side`. Two D1 round trips whatever the count. */
export async function loadJobs(db: Db, where: SQL | undefined, side: Side, limit = 50, readOnly = false): Promise<JobDto[]> {
  const rows = await jobRowsQuery(db, where, limit);
  if (!rows.length) return [];
  const details = await db.batch(jobDetailQueries(db, rows.map((r) => r.job.id), side));
  return toDtos(rows, details as unknown as Details, side, readOnly);
}

/** Who hears of a change: the booker's address, the delivery partner's (else the partner's) primary address, the platform name. */
function recipientsQuery(db: Db, id: string) {
  return db
    .select({
      customer: sql<string | null>`(select ${users.email} from ${users} where ${users.id} = ${jobs.bookedByUserId})`.as("booker_email"),
      partner: sql<string | null>`(select a.primary_email from accounts a where a.id = coalesce(${jobs.deliveryPartnerAccountId}, ${jobs.partnerAccountId}))`.as("partner_email"),
      platformName: sql<string | null>`(select ${stylings.platformName} from ${stylings} where ${stylings.accountId} = ${jobs.partnerAccountId})`.as("platform_name"),
      creditEntryId: sql<string | null>`(select ce.id from credit_entries ce where ce.account_id = ${jobs.accountId} order by ce.start_date desc limit 1)`.as("credit_entry_id"),
    })
    .from(jobs)
    .where(eq(jobs.id, id));
}

export type Recipients = { customer: string | null; partner: string | null; platformName: string };

/**
 * One job as `side` sees it, in ONE D1 round trip: the job row (only when
 * `visible` holds), its lines, attachments and action items, and who hears
 * of a change to it. Rows of a job `visible` hides are read but never
 * answered: the job comes back null, like a missing one.
 */
export async function loadJobWithMail(db: Db, id: string, visible: SQL, side: Side, readOnly = false) {
  const ids = [id];
  const [rows, lines, attachments, items, who, open] = await db.batch([
    jobRowsQuery(db, and(eq(jobs.id, id), visible), 1),
    ...jobDetailQueries(db, ids, side),
    recipientsQuery(db, id),
    openSlotsQuery(db, id),
  ]);
  const row = rows[0];
  if (!row) return null;
  const [dto] = toDtos([row], [lines, attachments, items] as unknown as Details, side, readOnly);
  const r = who[0];
  return {
    job: row.job,
    dto,
    recipients: { customer: r?.customer ?? null, partner: r?.partner ?? null, platformName: r?.platformName ?? "TechFIT" } as Recipients,
    creditEntryId: r?.creditEntryId ?? null,
    openSlots: open,
  };
}

/** The open slots (seats left, in the future) of the job's delivery partner for the job's workout, soonest first. */
function openSlotsQuery(db: Db, id: string) {
  const ofJob = (col: typeof jobs.workoutId | typeof jobs.deliveryPartnerAccountId) => sql`(select ${col} from ${jobs} where ${jobs.id} = ${id})`;
  return db
    .select()
    .from(slots)
    .where(and(sql`${slots.workoutId} = ${ofJob(jobs.workoutId)}`, sql`${slots.partnerAccountId} = ${ofJob(jobs.deliveryPartnerAccountId)}`, gte(slots.startsAt, new Date().toISOString()), sql`${slots.seatsTaken} < ${slots.capacity}`))
    .orderBy(asc(slots.startsAt));
}

/** One job as `side` sees it, or null (absent or not visible); one D1 round trip. */
export async function loadJob(db: Db, id: string, visible: SQL, side: Side, readOnly = false): Promise<JobDto | null> {
  const ids = [id];
  const [rows, lines, attachments, items] = await db.batch([jobRowsQuery(db, and(eq(jobs.id, id), visible), 1), ...jobDetailQueries(db, ids, side)]);
  if (!rows[0]) return null;
  return toDtos(rows, [lines, attachments, items] as unknown as Details, side, readOnly)[0];
}

/**
 * Outbox rows (one per address) for a job event, to put in the same batch as
 * the change (DESIGN.md §6: every change notifies the other side). Answers
 * the statements and the ids to hand to the mail queue once the batch is in.
 */
export function jobMailRows(db: Db, to: (string | null)[], event: JobEvent, dto: JobDto, ctx: { platformName: string; origin: string; reason?: string | null; comment?: string | null }) {
  const mail = jobMail(
    event,
    {
      workoutName: dto.workout.title ?? dto.workout.name,
      customerName: dto.customer.name,
      platformName: ctx.platformName,
      status: dto.status,
      reason: ctx.reason,
      comment: ctx.comment,
      link: `${ctx.origin}/bookings`,
      sessions: dto.lines.map((l) => ({ name: l.sessionName, scheduledAt: l.scheduledAt, lengthMinutes: l.lengthMinutes, requestedTimes: l.requestedTimes })),
    },
    dto.id,
  );
  const ids: string[] = [];
  const statements = to
    .filter((address): address is string => Boolean(address))
    .map((address) => {
      const id = crypto.randomUUID();
      ids.push(id);
      return enqueueMail(db, { id, accountId: dto.partner.id, to: address, subject: mail.subject, text: mail.text, attachments: mail.attachments });
    });
  return { statements, ids };
}

