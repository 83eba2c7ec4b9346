/**
 * The mail outbox: a message is written to `mail_outbox` in the
 * SAME `db.batch` as the change it reports, then, after the batch has
 * committed, its id is sent to MAIL_QUEUE; the queue consumer (./consumer.ts)
 * delivers it through the mail adapter. A row whose queue message was lost
 * stays "queued" and is picked up again by `requeueStale`.
 *
 *   const mailId = crypto.randomUUID();
 *   await db.batch([change, enqueueMail(db, { id: mailId, to, subject, text })]);
 *   await dispatchMail(c.env, [mailId], c.get("shard").name);
 *
 * The outbox lives on each shard (docs/decisions/2026-11-26-shard-placement.md):
 * a queue message names the shard its row is on, and the cron requeues each
 * shard's stale rows with that shard's name.
 */
import { and, eq, lt } from "drizzle-orm";
import { mailOutbox, type NewMailOutboxMessage } from "../../db/schema";
import type { Db } from "../env";
import { reusableInsert } from "../data/reusable";
import type { Statement } from "../data/statements";

export type MailInput = Pick<NewMailOutboxMessage, "to" | "subject" | "text"> &
  Partial<Pick<NewMailOutboxMessage, "id" | "accountId" | "replyTo" | "fromName" | "html" | "attachments">>;

/**
 * The queue message: the outbox row's id and the shard it is on. A message
 * without a shard (queued before shards) names a row of the directory's database.
 */
export type MailQueueMessage = { id: string; shard?: string };

const outboxRow = (mail: MailInput) => ({ ...mail, id: mail.id ?? crypto.randomUUID(), to: mail.to.trim().toLowerCase(), status: "queued" as const });

/** An insert of one outbox row, to put in the same batch as the change it reports. */
export function enqueueMail(db: Db, mail: MailInput) {
  return db.insert(mailOutbox).values(outboxRow(mail));
}

/** The same insert as a batch statement whose SQL is rendered once per isolate (worker/data/reusable.ts), for hot paths such as booking. */
export function outboxStatement(db: Db, mail: MailInput): Statement {
  return reusableInsert(db, mailOutbox, outboxRow(mail));
}

/**
 * Hands committed outbox rows to the queue. A failure here loses nothing: the
 * rows stay "queued" for `requeueStale`.
 */
export async function dispatchMail(env: { MAIL_QUEUE: Queue }, ids: string[], shard: string): Promise<void> {
  if (ids.length === 0) return;
  try {
    await env.MAIL_QUEUE.sendBatch(ids.map((id) => ({ body: { id, shard } satisfies MailQueueMessage })));
  } catch (err) {
    console.error(JSON.stringify({ level: "error", message: "mail queue send failed", ids, error: String(err) }));
  }
}

/** Sends the ids of `shard`'s rows still queued after `olderThanMs` to the queue again. */
export async function requeueStale(db: Db, env: { MAIL_QUEUE: Queue }, shard: string, olderThanMs = 10 * 60 * 1000): Promise<number> {
  const before = new Date(Date.now() - olderThanMs).toISOString();
  const rows = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, "queued"), lt(mailOutbox.createdAt, before)))
    .limit(100);
  await dispatchMail(
    env,
    rows.map((r) => r.id),
    shard,
  );
  return rows.length;
}
