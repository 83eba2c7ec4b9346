import type { Context } from "hono";
import { commitMove, type JobOwner, type Move, type MoveMail, type MoveSubject } from "../data/jobs";
import type { MoveAudit } from "../data/job-move-audit";
import type { AppEnv } from "../env";
import { deliverLater } from "../flows/queue";
import { dispatchMail } from "../mail/outbox";

/**
 * Commits a move of a job, the partner's (Your Jobs) or the customer's (Your
 * Bookings), with its audit entries and its mail in one batch, hands the mail
 * to the queue, queues the copy for a delivering partner on another shard,
 * and answers the job as it is now.
 */
export async function commitAndSend(c: Context<AppEnv>, owner: JobOwner, subject: MoveSubject, move: Move, mail: MoveMail, record?: MoveAudit) {
  const { dto, mailIds } = await commitMove(c.get("db"), c.env.UPLOADS, owner, subject, move, mail, record);
  await dispatchMail(c.env, mailIds, c.get("shard").name);
  await deliverLater(c.env, c.get("shard").name, dto);
  return c.json(dto);
}
