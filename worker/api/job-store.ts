import { and, inArray, desc, eq, type SQL } from "drizzle-orm";
import { inList } from "../data/bound";
import { alias } from "drizzle-orm/sqlite-core";
import type { JobActionName, JobDto } from "../../contract/bookings";
import type { JobStatus } from "../../contract/enums";
import { accounts, jobActionItems, jobLines, jobs, sessionAttachments, workoutSessions, workouts, type Job } from "../../db/schema";
import { allowedActions } from "../domain/jobs";
import { isRequestOverdue } from "../domain/reminders";
import type { Db } from "../env";
import { attachmentFileUri } from "../data/workout-read";

/** Reading jobs with their lines and action items, as each side sees them. */
export type Side = "customer" | "partner";

const partnerAcc = alias(accounts, "partner_acc");
const deliveryAcc = alias(accounts, "delivery_acc");

/**
 * What each side may do now: the state machine's moves, split by who makes
 * them. A partner's members read jobs but do not act on them (`readOnly`).
 */
export function actionsFor(job: Pick<Job, "status">, side: Side, readOnly = false): JobActionName[] {
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
    if (moves.has("completeFirstLine") || moves.has("completeLastLine")) out.push("completeLine", "complete");
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

/** Jobs matching `where`, newest first, as DTOs for `side`. Two D1 round trips whatever the count. */
export async function loadJobs(db: Db, where: SQL | undefined, side: Side, limit = 50, readOnly = false): Promise<JobDto[]> {
  const rows = await db
    .select({
      job: jobs,
      workout: { id: workouts.id, name: workouts.name, title: workouts.title },
      customer: { id: accounts.id, name: accounts.name },
      partner: { id: partnerAcc.id, name: partnerAcc.name },
      delivery: { id: deliveryAcc.id, name: deliveryAcc.name },
    })
    .from(jobs)
    .innerJoin(workouts, eq(workouts.id, jobs.workoutId))
    .innerJoin(accounts, eq(accounts.id, jobs.accountId))
    .innerJoin(partnerAcc, eq(partnerAcc.id, jobs.partnerAccountId))
    .leftJoin(deliveryAcc, eq(deliveryAcc.id, jobs.deliveryPartnerAccountId))
    .where(where)
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(limit);
  if (!rows.length) return [];
  const ids = rows.map((r) => r.job.id);
  const assignee = side === "customer" ? "recipient" : "deliveryPartner";
  // Lines, their sessions' attachments and the action items in one D1 round trip.
  const [lines, attachments, items] = await db.batch([
    db
      .select({ line: jobLines, session: { name: workoutSessions.name, lengthMinutes: workoutSessions.lengthMinutes } })
      .from(jobLines)
      .innerJoin(workoutSessions, eq(workoutSessions.id, jobLines.sessionId))
      .where(inList(jobLines.jobId, ids))
      .orderBy(jobLines.jobId, jobLines.sequence),
    db
      .select()
      .from(sessionAttachments)
      .where(inArray(sessionAttachments.sessionId, db.selectDistinct({ id: jobLines.sessionId }).from(jobLines).where(inList(jobLines.jobId, ids)))),
    db
      .select()
      .from(jobActionItems)
      .where(and(inList(jobActionItems.jobId, ids), eq(jobActionItems.assigneeType, assignee))),
  ]);
  const now = new Date();
  return rows.map(({ job, workout, customer, partner, delivery }) => ({
    id: job.id,
    status: job.status,
    workout,
    customer,
    partner,
    deliveryPartner: delivery?.id ? { id: delivery.id, name: delivery.name } : null,
    creditsConsumed: job.creditsConsumed,
    priceAmount: job.priceAmount,
    currency: job.currency,
    cancelReason: job.cancelReason,
    createdAt: job.createdAt,
    actions: actionsFor(job, side, readOnly),
    overdue: isRequestOverdue(job, now),
    lines: lines
      .filter((l) => l.line.jobId === job.id)
      .map(({ line, session }) => ({
        id: line.id,
        sequence: line.sequence,
        sessionId: line.sessionId,
        sessionName: session.name,
        lengthMinutes: session.lengthMinutes,
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

export async function loadJob(db: Db, id: string, visible: SQL, side: Side, readOnly = false): Promise<JobDto | null> {
  return (await loadJobs(db, and(eq(jobs.id, id), visible), side, 1, readOnly))[0] ?? null;
}
