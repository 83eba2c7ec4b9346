/**
 * Ticking a job's action items done, and undoing it. Each side ticks the
 * items that are its own (a customer the recipient's, a partner the delivery
 * partner's), on a job it sees; the cron's due-day reminders skip done items
 * (worker/data/reminders.ts). A tick is no move of the job: it leaves the
 * job's version alone, so a reschedule opened meanwhile still applies.
 */
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { JobDto } from "../../contract/bookings";
import { jobActionItems, jobs } from "../../db/schema";
import type { Db } from "../env";
import { conflict, notFound } from "../http/errors";
import { auditWhen } from "./audit";
import { loadJob } from "./job-store";
import { notDeliveryCopy, type JobOwner } from "./jobs";
import { extrasChanged } from "./copy-versions";
import { d1Of, runBatch } from "./statements";

/** The action items each side ticks. */
export const ownItems = (owner: Pick<JobOwner, "side">) => (owner.side === "customer" ? "recipient" : "deliveryPartner");

/**
 * Marks one of the owner's action items on one of its jobs done (or not
 * done): 404 for an item of another side, job or tenant; 409 on a cancelled
 * job. Setting the state it already has changes nothing. The change and its
 * audit entry go in one batch; answers the job as the owner sees it.
 */
export async function setActionItemDone(db: Db, owner: JobOwner, jobId: string, itemId: string, done: boolean): Promise<JobDto> {
  const [row] = await db
    .select({ item: jobActionItems, job: { accountId: jobs.accountId, status: jobs.status } })
    .from(jobActionItems)
    .innerJoin(jobs, eq(jobs.id, jobActionItems.jobId))
    .where(
      and(
        eq(jobActionItems.id, itemId),
        eq(jobActionItems.jobId, jobId),
        eq(jobActionItems.assigneeType, ownItems(owner)),
        owner.where,
        notDeliveryCopy(owner),
      ),
    )
    .limit(1);
  if (!row) throw notFound("Action item not found");
  if (row.job.status === "cancelled") throw conflict("The action items of a cancelled booking cannot change");
  if ((row.item.completedAt !== null) !== done) {
    const now = new Date().toISOString();
    await runBatch(d1Of(db), [
      // The entry first, written only while the item is still in the other state: batches run one at a time,
      // so of two ticks at once only the first writes an entry (timestamps alone cannot tell them apart).
      auditWhen(
        {
          accountId: row.job.accountId,
          code: done ? "jobActionItemDone" : "jobActionItemReopened",
          subjectType: "job",
          subjectId: jobId,
          userId: owner.userId,
          data: { actionItemId: itemId, name: row.item.name },
        },
        sql`EXISTS (SELECT 1 FROM job_action_items WHERE id = ${itemId} AND completed_at IS ${done ? sql`NULL` : sql`NOT NULL`})`,
      ),
      db
        .update(jobActionItems)
        .set({ completedAt: done ? now : null, completedByUserId: done ? owner.userId : null, updatedAt: now })
        .where(and(eq(jobActionItems.id, itemId), done ? isNull(jobActionItems.completedAt) : isNotNull(jobActionItems.completedAt))),
      // Its delivery copy follows only upwards (worker/data/copy-versions.ts).
      extrasChanged(db, jobId),
    ]);
  }
  const dto = await loadJob(db, jobId, owner.where, owner.side, owner.readOnly);
  if (!dto) throw notFound("Booking not found");
  return dto;
}
