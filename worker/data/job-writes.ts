import { seatFreed } from "./full-slots";
import { eq, sql } from "drizzle-orm";
import { MESSAGES } from "../../contract/messages";
import { inList } from "./bound";
import type { JobLineStatus, JobStatus } from "../../contract/enums";
import { creditLines, jobLines, jobs, sessionActionItems, type Job } from "../../db/schema";
import { dueAt, lineStatusFor } from "../domain/jobs";
import type { Db } from "../env";
import { conflict } from "../http/errors";

import { creditLineAudit } from "./audit";
import { ledgerBalance } from "./credits";
import { CLAIM_REFUSED } from "./time-claims";
import { errorText, raw, runBatch, type Statement, type Statements } from "./statements";

/** Statements that change jobs atomically (worker/data/statements.ts sends them as one D1 batch). */
export { errorText, raw, runBatch, type Statement, type Statements };

/**
 * Moves a job to `to` as a compare-and-set on the state it was read in: the
 * first statement bumps the job's version only while it is still the version
 * (and status) read, and otherwise sets it to NULL, which the NOT NULL
 * constraint turns into a failure of the whole batch. Every effect that
 * follows in the same batch (lines, seats, credits, audit entries, mail)
 * therefore happens only if this request made the change; a racing request
 * that read the same version rolls back and answers 409. The guard is the
 * version, never a timestamp: a Worker's clock does not advance between I/O,
 * so two requests can stamp the same millisecond.
 */
export function moveJob(db: Db, job: Pick<Job, "id" | "status" | "version">, to: JobStatus, extra: Partial<typeof jobs.$inferInsert> = {}): Statements {
  return [
    raw(sql`UPDATE jobs SET version = CASE WHEN version = ${job.version} AND status = ${job.status} THEN version + 1 ELSE NULL END WHERE id = ${job.id}`),
    db
      .update(jobs)
      .set({ status: to, updatedAt: new Date().toISOString(), ...extra })
      .where(eq(jobs.id, job.id)),
  ];
}

/** Takes one seat of a slot; the table's CHECK fails the batch when it is full. Answers `full` (1 when that was its last seat: ./full-slots.ts). */
export function takeSeat(slotId: string): Statements {
  return [raw(sql`UPDATE slots SET seats_taken = seats_taken + 1 WHERE id = ${slotId} RETURNING seats_taken >= capacity AS full`)];
}

/** Gives one seat of a slot back; this isolate no longer refuses the slot as seen full (./full-slots.ts). */
export function freeSeat(slotId: string): Statements {
  seatFreed(slotId);
  return [raw(sql`UPDATE slots SET seats_taken = seats_taken - 1 WHERE id = ${slotId} AND seats_taken > 0`)];
}

/**
 * Consumes `amount` credits for a job only if the balance covers it, checked
 * inside the transaction; when it does not, the job's credits_consumed is
 * set to NULL, which fails the batch.
 */
export function consumeCredits(accountId: string, creditEntryId: string, jobId: string, amount: number, context: string, userId: string): Statements {
  const lineId = crypto.randomUUID();
  const now = new Date().toISOString();
  return [
    raw(sql`INSERT INTO credit_lines (id, account_id, credit_entry_id, source, item_type, update_type, quantity, entered_at, context, job_id, created_by_user_id)
      SELECT ${lineId}, ${accountId}, ${creditEntryId}, 'booking', 'consumption', 'decrease', ${-amount}, ${now}, ${context}, ${jobId}, ${userId}
      WHERE ${ledgerBalance(accountId)} >= ${amount}`),
    raw(sql`UPDATE jobs SET credits_consumed = (SELECT -quantity FROM credit_lines WHERE id = ${lineId}) WHERE id = ${jobId}`),
    creditLineAudit("creditsConsumed", { id: lineId, accountId, quantity: -amount, context, userId }),
  ];
}

/** Gives consumed credits back with a compensating line (cancellation before the first session). */
export function returnCredits(db: Db, job: typeof jobs.$inferSelect, creditEntryId: string, userId: string, workoutTitle: string): Statements {
  if (job.creditsConsumed <= 0) return [];
  const line = {
    id: crypto.randomUUID(),
    accountId: job.accountId,
    quantity: job.creditsConsumed,
    context: `Cancelled: ${workoutTitle} (credits returned)`,
    userId,
  };
  return [
    db.insert(creditLines).values({
      id: line.id,
      accountId: job.accountId,
      creditEntryId,
      source: "cancellation",
      itemType: "consumption",
      updateType: "increase",
      quantity: job.creditsConsumed,
      enteredAt: new Date().toISOString(),
      context: line.context,
      jobId: job.id,
      createdByUserId: userId,
    }),
    creditLineAudit("creditsReturned", line),
  ];
}

export type LineInfo = { id: string; sessionId: string; lengthMinutes: number; status: JobLineStatus; slotId: string | null };

/** Sets each line's schedule (or proposed times) and status, and the due dates of its action items. */
export function scheduleLines(
  db: Db,
  jobStatus: JobStatus,
  lines: LineInfo[],
  choice: Map<string, { times?: string[]; slot?: { id: string; startsAt: string; holdId?: string } }>,
): Statements {
  const out: Statements = [];
  for (const line of lines) {
    const c = choice.get(line.sessionId);
    if (!c) continue;
    const scheduledAt = c.slot?.startsAt ?? null;
    // A slot of another shard is named with its hold there (no key to it here, no seat taken in this batch).
    const away = c.slot?.holdId ? c.slot : undefined;
    out.push(
      db
        .update(jobLines)
        .set({
          status: lineStatusFor(jobStatus, line.status),
          scheduledAt,
          slotId: away ? null : (c.slot?.id ?? null),
          awaySlotId: away?.id ?? null,
          awayHoldId: away?.holdId ?? null,
          requestedTimes: c.times ?? [],
          updatedAt: new Date().toISOString(),
        })
        .where(eq(jobLines.id, line.id)),
    );
    if (line.slotId) out.push(...freeSeat(line.slotId));
    if (c.slot && !away) out.push(...takeSeat(c.slot.id));
    out.push(...dueDates(line, scheduledAt));
  }
  return out;
}

/** Recomputes the due dates of a line's action items from its scheduled start (due-date calculation). */
export function dueDates(line: Pick<LineInfo, "id" | "lengthMinutes">, scheduledAt: string | null): Statements {
  return [
    raw(sql`UPDATE job_action_items SET due_at = CASE
        WHEN ${scheduledAt} IS NULL OR sai.due_offset_days IS NULL THEN NULL
        ELSE strftime('%Y-%m-%dT%H:%M:%fZ', ${scheduledAt}, (CASE WHEN job_action_items.stage = 'afterSession' THEN ${line.lengthMinutes} ELSE 0 END) || ' minutes', sai.due_offset_days || ' days')
      END
      FROM (SELECT id, due_offset_days FROM session_action_items) AS sai
      WHERE job_action_items.job_line_id = ${line.id} AND sai.id = job_action_items.session_action_item_id`),
  ];
}

/** Copies a session's action items onto a new job line (the side they are for, the stage, the due date). */
export async function actionItemRows(db: Db, sessionIds: string[]) {
  if (!sessionIds.length) return [];
  return db.select().from(sessionActionItems).where(inList(sessionActionItems.sessionId, sessionIds));
}

/** The action items a new job line gets from its session's, with their ids: the rows a new booking writes (and answers with). */
export function newActionItemRows(
  accountId: string,
  jobId: string,
  lineId: string,
  items: Pick<typeof sessionActionItems.$inferSelect, "id" | "assigneeType" | "stage" | "name" | "link" | "dueOffsetDays">[],
  scheduledAt: string | null,
  lengthMinutes: number,
) {
  return items.map((i) => ({
    id: crypto.randomUUID(),
    accountId,
    jobId,
    jobLineId: lineId,
    sessionActionItemId: i.id,
    assigneeType: i.assigneeType === "customer" ? ("recipient" as const) : ("deliveryPartner" as const),
    stage: i.stage,
    name: i.name,
    link: i.link,
    dueAt: dueAt(scheduledAt, lengthMinutes, i.stage, i.dueOffsetDays),
  }));
}

export const CHANGED_MEANWHILE = "This booking changed meanwhile. Please reload.";

/**
 * Runs a job batch (one transaction), turning the guards' failures into clear
 * 409s: a move whose compare-and-set lost (the job changed meanwhile), a
 * delivering partner's time claimed meanwhile (./time-claims.ts), a full
 * slot, a slot closed meanwhile, and `guardMessage` for too few credits.
 */
export async function runJobBatch(d1: D1Database, statements: Statements, guardMessage = "Not enough credits to book this workout."): Promise<void> {
  try {
    await runBatch(d1, statements);
  } catch (err) {
    throw jobBatchFailure(err, guardMessage);
  }
}

/** What a failed job batch answers: the 409 of the guard that refused it, else the error itself. */
export function jobBatchFailure(err: unknown, guardMessage: string): Error {
  const text = errorText(err);
  if (/NOT NULL constraint failed: jobs\.version/i.test(text)) return conflict(CHANGED_MEANWHILE);
  if (CLAIM_REFUSED.test(text)) return conflict(MESSAGES.timeTaken);
  if (/slots_seats_taken_ck|CHECK constraint failed/i.test(text))
    return conflict("That time is fully booked. Please choose another.", { slotId: "Fully booked" });
  if (/NOT NULL constraint failed: jobs\.credits_consumed/i.test(text)) return conflict(guardMessage);
  if (/FOREIGN KEY constraint failed/i.test(text)) return conflict("That time is no longer available. Please choose another.");
  return err instanceof Error ? err : new Error(text);
}
