/**
 * The MAIL_QUEUE consumer: delivers each outbox row through the mail adapter,
 * marks it sent, and on failure records the error and asks the queue to retry
 * the message (with backoff), so a mail is never lost.
 */
import { eq, sql } from "drizzle-orm";
import { mailOutbox } from "../../db/schema";
import { database } from "../db";
import { mailAdapter, type MailAdapter } from "./adapter";
import type { MailQueueMessage } from "./outbox";

export async function deliverMailBatch(batch: MessageBatch<MailQueueMessage>, env: Env, adapter: MailAdapter = mailAdapter(env)): Promise<void> {
  const db = database(env.DB);
  for (const message of batch.messages) {
    const id = message.body?.id;
    if (typeof id !== "string") {
      message.ack();
      continue;
    }
    const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
    const row = rows[0];
    if (!row || row.status === "sent") {
      message.ack();
      continue;
    }
    try {
      await adapter.send(row);
      await db
        .update(mailOutbox)
        .set({ status: "sent", sentAt: new Date().toISOString(), attempts: sql`${mailOutbox.attempts} + 1`, lastError: null })
        .where(eq(mailOutbox.id, id));
      message.ack();
    } catch (err) {
      await db
        .update(mailOutbox)
        .set({ status: "failed", attempts: sql`${mailOutbox.attempts} + 1`, lastError: String(err instanceof Error ? err.message : err).slice(0, 500) })
        .where(eq(mailOutbox.id, id));
      message.retry({ delaySeconds: Math.min(2 ** Math.min(message.attempts, 10), 600) });
    }
  }
}
