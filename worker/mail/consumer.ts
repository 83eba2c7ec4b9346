/**
 * The MAIL_QUEUE consumer: delivers each outbox row through the mail adapter,
 * marks it sent, and on failure records the error and asks the queue to retry
 * the message (with backoff), so a mail is never lost.
 *
 * Two D1 calls per queue batch, however many messages it holds: one read of
 * every row the batch names, then (after reading each body from R2 and
 * delivering them side by side) one batch that marks the sent rows and records
 * each failure. A message is acknowledged or retried only once its row says
 * so. A row whose body is gone (expired) fails and is retried like any other.
 */
import { eq, sql } from "drizzle-orm";
import { mailOutbox, type MailOutboxMessage } from "../../db/schema";
import { inList } from "../data/bound";
import { d1Of, runBatch, type Statements } from "../data/statements";
import { database } from "../db";
import { mailAdapter, type MailAdapter } from "./adapter";
import { mailBodyOf } from "./bodies";
import type { MailQueueMessage } from "./outbox";

type Delivery = { message: Message<MailQueueMessage>; row: MailOutboxMessage; failure: string | null };

export async function deliverMailBatch(batch: MessageBatch<MailQueueMessage>, env: Env, adapter: MailAdapter = mailAdapter(env)): Promise<void> {
  const db = database(env.DB);
  const ids = [...new Set(batch.messages.map((m) => m.body?.id).filter((id): id is string => typeof id === "string"))];
  const rows = ids.length ? await db.select().from(mailOutbox).where(inList(mailOutbox.id, ids)) : [];
  const due = new Map(rows.filter((r) => r.status !== "sent").map((r) => [r.id, r]));
  const deliveries: Delivery[] = [];
  const nothingToSend: Message<MailQueueMessage>[] = [];
  for (const message of batch.messages) {
    const row = due.get(message.body?.id);
    // No id, no row, already sent, or a second message for a row of this batch.
    if (!row) nothingToSend.push(message);
    else {
      due.delete(row.id);
      deliveries.push({ message, row, failure: null });
    }
  }
  await Promise.all(
    deliveries.map(async (d) => {
      try {
        const body = await mailBodyOf(env.UPLOADS, d.row);
        if (!body) throw new Error("mail body not found");
        await adapter.send({ ...d.row, ...body });
      } catch (err) {
        d.failure = String(err instanceof Error ? err.message : err).slice(0, 500);
      }
    }),
  );
  const sent = deliveries.filter((d) => d.failure === null).map((d) => d.row.id);
  const statements: Statements = [];
  if (sent.length)
    statements.push(
      db
        .update(mailOutbox)
        .set({ status: "sent", sentAt: new Date().toISOString(), attempts: sql`${mailOutbox.attempts} + 1`, lastError: null })
        .where(inList(mailOutbox.id, sent)),
    );
  for (const d of deliveries)
    if (d.failure !== null)
      statements.push(
        db
          .update(mailOutbox)
          .set({ status: "failed", attempts: sql`${mailOutbox.attempts} + 1`, lastError: d.failure })
          .where(eq(mailOutbox.id, d.row.id)),
      );
  await runBatch(d1Of(db), statements);
  for (const m of nothingToSend) m.ack();
  for (const d of deliveries) {
    if (d.failure === null) d.message.ack();
    else d.message.retry({ delaySeconds: Math.min(2 ** Math.min(d.message.attempts, 10), 600) });
  }
}
