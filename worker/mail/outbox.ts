/**
 * The mail outbox: a message is written to `mail_outbox` in the
 * SAME `db.batch` as the change it reports, then, after the batch has
 * committed, its id is sent to MAIL_QUEUE; the queue consumer (./consumer.ts)
 * delivers it through the mail adapter. A row whose queue message was lost,
 * or whose delivery failed on the queue's last attempt, stays (or goes back
 * to) "queued" and is picked up again by `requeueStale`.
 *
 * The rendered body (text, HTML, calendar files) is not in D1: `storeMail`
 * writes it to R2 (worker/mail/bodies.ts) BEFORE the batch, and answers the
 * row that names it, the only thing the statement builders take. A job's
 * notice is rendered at send time instead (`RenderedLater`): its row keeps
 * what the body is rendered from. A batch that
 * then fails leaves an object no row names, removed with the day's others
 * once the retention period is over.
 *
 *   const [mail] = await storeMail(c.env.UPLOADS, [{ to, subject, text }]);
 *   await db.batch([change, enqueueMail(db, mail)]);
 *   await dispatchMail(c.env, [mail.id], c.get("shard").name);
 *
 * The outbox lives on each shard (docs/decisions/2026-11-26-shard-placement.md):
 * a queue message names the shard its row is on, and the cron requeues each
 * shard's stale rows with that shard's name.
 */
import { and, asc, eq, lt } from "drizzle-orm";
import { mailOutbox, type MailAttachment, type MailRender, type NewMailOutboxMessage } from "../../db/schema";
import type { Db } from "../env";
import { outsidePartners } from "../data/quiet-partners";
import { reusableInsert } from "../data/reusable";
import type { Statement } from "../data/statements";
import { packRender, putMailBody } from "./bodies";

/** A rendered mail, as the senders build it. */
export type MailInput = Pick<NewMailOutboxMessage, "id" | "accountId" | "replyTo" | "fromName"> & {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  attachments?: MailAttachment[];
};

/** A mail whose body is already in R2: the outbox row to write, and nothing more. */
export type StoredMail = Pick<NewMailOutboxMessage, "accountId" | "replyTo" | "fromName"> & { id: string; to: string; subject: string; bodyKey: string };

/**
 * The queue message: the outbox row's id and the shard it is on. A message
 * without a shard (queued before shards) names a row of the directory's database.
 */
export type MailQueueMessage = { id: string; shard?: string };

/**
 * Writes each mail's body to R2 (side by side) and answers the outbox rows
 * that name them, in order. Call it before the batch that writes the rows.
 */
export async function storeMail(bucket: R2Bucket, mails: MailInput[], now = new Date()): Promise<StoredMail[]> {
  return Promise.all(
    mails.map(async ({ text, html, attachments, ...mail }) => {
      const id = mail.id ?? crypto.randomUUID();
      const bodyKey = await putMailBody(bucket, id, { text, html: html ?? null, attachments: attachments ?? [] }, now);
      return { ...mail, id, to: mail.to.trim().toLowerCase(), bodyKey };
    }),
  );
}

/**
 * A mail rendered when it is sent (a job's notice): its row keeps what the
 * body is rendered from (`render`) instead of a stored body, so writing it
 * costs no rendering and no R2 write, and a change refused by its batch
 * (a full slot) has rendered nothing.
 */
export type RenderedLater = Pick<NewMailOutboxMessage, "accountId" | "fromName"> & { id: string; to: string; subject: string; render: MailRender };

const outboxRow = (mail: StoredMail | RenderedLater) => ({
  ...mail,
  to: mail.to.trim().toLowerCase(),
  status: "queued" as const,
  render: "render" in mail ? packRender(mail.render) : undefined,
});

/** An insert of one outbox row, to put in the same batch as the change it reports. */
export function enqueueMail(db: Db, mail: StoredMail) {
  return db.insert(mailOutbox).values(outboxRow(mail));
}

/** The same insert as a batch statement whose SQL is rendered once per isolate (worker/data/reusable.ts), for hot paths such as booking. */
export function outboxStatement(db: Db, mail: StoredMail | RenderedLater): Statement {
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

/** The mail queue's last attempt (its max_retries, wrangler.toml): a delivery that fails then is left to requeueStale. */
export const MAIL_LAST_ATTEMPT = 10;

/** Stale rows sent again per run and shard; the next run takes the rest. */
export const REQUEUE_BATCH = 100;

/**
 * Sends the ids of `shard`'s rows still queued after `olderThanMs` to the
 * queue again, but those of the partners left alone while they move
 * (`quiet`): the oldest first, in the order of the index on (status, created
 * time), so a backlog larger than a run is worked off from its oldest mail
 * and no mail waits behind newer ones run after run.
 */
export async function requeueStale(
  db: Db,
  env: { MAIL_QUEUE: Queue },
  shard: string,
  olderThanMs = 10 * 60 * 1000,
  quiet: readonly string[] = [],
): Promise<number> {
  const before = new Date(Date.now() - olderThanMs).toISOString();
  const rows = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, "queued"), lt(mailOutbox.createdAt, before), outsidePartners(mailOutbox.accountId, quiet)))
    // The created time alone: the index holds it in order (an id as a tie-break would sort every stale row).
    .orderBy(asc(mailOutbox.createdAt))
    .limit(REQUEUE_BATCH);
  await dispatchMail(
    env,
    rows.map((r) => r.id),
    shard,
  );
  return rows.length;
}
