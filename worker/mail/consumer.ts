/**
 * The MAIL_QUEUE consumer: delivers each outbox row through the mail adapter,
 * marks it sent, and on failure records the error and asks the queue to retry
 * the message (with backoff), so a mail is never lost.
 *
 * Two D1 calls per queue batch and database, however many messages it holds:
 * one read of every row the batch names, then (after reading each body from
 * R2 and delivering them side by side) one batch that marks the sent rows and
 * records each failure. A message is acknowledged or retried only once its row
 * says so. A row whose body is gone (expired) fails and is retried like any other.
 *
 * Each message names the shard its row is on (./outbox.ts); the messages of
 * each shard are handled on that shard, side by side. A message without a
 * shard is the default shard's, the original database (queued before shards). A shard this
 * deployment does not bind is retried, never dropped.
 */
import { eq, sql } from "drizzle-orm";
import { mailOutbox, type MailOutboxMessage } from "../../db/schema";
import { inList } from "../data/bound";
import { d1Of, runBatch, type Statements } from "../data/statements";
import { database } from "../db";
import { defaultShard, shardBinding } from "../d1/shards";
import { mailAdapter, type MailAdapter } from "./adapter";
import { mailBodyOf } from "./bodies";
import type { MailQueueMessage } from "./outbox";

type Delivery = { message: Message<MailQueueMessage>; row: MailOutboxMessage; failure: string | null };

const retryLater = (message: Message<MailQueueMessage>) => message.retry({ delaySeconds: Math.min(2 ** Math.min(message.attempts, 10), 600) });

export async function deliverMailBatch(batch: MessageBatch<MailQueueMessage>, env: Env, adapter: MailAdapter = mailAdapter(env)): Promise<void> {
  const byShard = new Map<string | undefined, Message<MailQueueMessage>[]>();
  for (const message of batch.messages) {
    const shard = typeof message.body?.shard === "string" ? message.body.shard : undefined;
    byShard.set(shard, [...(byShard.get(shard) ?? []), message]);
  }
  await Promise.all(
    [...byShard].map(async ([shard, messages]) => {
      let d1: D1Database;
      try {
        d1 = shardBinding(env, shard ?? defaultShard(env));
      } catch (err) {
        console.error(JSON.stringify({ level: "error", message: "mail queued for a shard without a binding", shard, error: String(err) }));
        messages.forEach(retryLater);
        return;
      }
      await deliverOnDatabase(messages, d1, env.UPLOADS, adapter);
    }),
  );
}

async function deliverOnDatabase(messages: readonly Message<MailQueueMessage>[], d1: D1Database, bucket: R2Bucket, adapter: MailAdapter): Promise<void> {
  const db = database(d1);
  const ids = [...new Set(messages.map((m) => m.body?.id).filter((id): id is string => typeof id === "string"))];
  const rows = ids.length ? await db.select().from(mailOutbox).where(inList(mailOutbox.id, ids)) : [];
  const due = new Map(rows.filter((r) => r.status !== "sent").map((r) => [r.id, r]));
  const deliveries: Delivery[] = [];
  const nothingToSend: Message<MailQueueMessage>[] = [];
  for (const message of messages) {
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
        const body = await mailBodyOf(bucket, d.row);
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
    else retryLater(d.message);
  }
}
