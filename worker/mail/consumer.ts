/**
 * The MAIL_QUEUE consumer: delivers each outbox row through the mail adapter,
 * marks it sent, and on failure records the error and asks the queue to retry
 * the message (with backoff), so a mail is never lost. On the queue's last
 * attempt (MAIL_LAST_ATTEMPT) a failed row is left "queued" and its message
 * acknowledged: the cron's requeueStale sends it again (./outbox.ts;
 * docs/decisions/2026-11-27-no-step-lost.md).
 *
 * Three D1 calls per queue batch and database, however many messages it holds:
 * one read of every row the batch names, one of their accounts' moves in the directory, then (after reading each body from
 * R2 and delivering them side by side) one batch that marks the sent rows and
 * records each failure. A message is acknowledged or retried only once its row
 * says so. A row whose body is gone (expired) fails and is retried like any other.
 *
 * Each message names the shard its row is on (./outbox.ts); the messages of
 * each shard are handled on that shard, side by side. A message without a
 * shard is the default shard's, the original database (queued before shards). A shard this
 * deployment does not bind is retried, never dropped.
 *
 * A partner moving to another shard (docs/decisions/2026-11-27-background-work-during-a-move.md):
 * while its rows are copied, the mail of its accounts is retried later
 * (neither sent nor acknowledged; on the queue's last delivery sent again as
 * a new message, never dropped); once it has moved, a message that names
 * its old shard is handled on the shard the directory routes it to now,
 * where the copy carried the row; and a row no longer on the shard its
 * message names (the move's cleanup took it) is looked up on the other shards.
 * The directory is read once per batch, for the rows' accounts.
 */
import { eq, sql } from "drizzle-orm";
import { mailOutbox, type MailOutboxMessage } from "../../db/schema";
import { inList } from "../data/bound";
import { d1Of, runBatch, type Statements } from "../data/statements";
import { database } from "../db";
import { defaultShard, shardBinding, shardsOf } from "../d1/shards";
import { movingAccounts, type MovingAccount } from "../data/quiet-partners";
import { waitForMove } from "../domain/shard-move";
import { mailAdapter, type MailAdapter } from "./adapter";
import { mailBodyOf } from "./bodies";
import { MAIL_LAST_ATTEMPT, type MailQueueMessage } from "./outbox";

type Delivery = { message: Message<MailQueueMessage>; row: MailOutboxMessage; failure: string | null };
/** A message and its row as found on the shard it is handled on (none: nothing to send). */
type Entry = { message: Message<MailQueueMessage>; row: MailOutboxMessage | undefined };

const retryLater = (message: Message<MailQueueMessage>) => message.retry({ delaySeconds: Math.min(2 ** Math.min(message.attempts, 10), 600) });

const idOf = (m: Message<MailQueueMessage>) => (typeof m.body?.id === "string" ? m.body.id : null);

/** The rows of `ids` on each shard of `wanted`, side by side: shard → id → row. */
async function rowsOn(env: Env, wanted: Map<string, Set<string>>): Promise<Map<string, Map<string, MailOutboxMessage>>> {
  const read = await Promise.all(
    [...wanted].map(async ([shard, ids]) => {
      const db = database(shardBinding(env, shard));
      const rows = ids.size
        ? await db
            .select()
            .from(mailOutbox)
            .where(inList(mailOutbox.id, [...ids]))
        : [];
      return [shard, new Map(rows.map((r) => [r.id, r]))] as const;
    }),
  );
  return new Map(read);
}

const want = (wanted: Map<string, Set<string>>, shard: string, id: string) => wanted.set(shard, (wanted.get(shard) ?? new Set()).add(id));

export async function deliverMailBatch(batch: MessageBatch<MailQueueMessage>, env: Env, adapter: MailAdapter = mailAdapter(env)): Promise<void> {
  const bound = new Set(shardsOf(env).map((s) => s.name));
  const named = new Map(batch.messages.map((m) => [m, typeof m.body?.shard === "string" ? m.body.shard : defaultShard(env)]));
  const messages = batch.messages.filter((m) => {
    if (bound.has(named.get(m)!)) return true;
    console.error(JSON.stringify({ level: "error", message: "mail queued for a shard without a binding", shard: named.get(m) }));
    retryLater(m);
    return false;
  });
  // Each row on the shard its message names, the shards side by side.
  const first = new Map<string, Set<string>>();
  for (const m of messages) if (idOf(m)) want(first, named.get(m)!, idOf(m)!);
  const onNamed = await rowsOn(env, first);
  const rowOf = (m: Message<MailQueueMessage>, shard = named.get(m)!) => onNamed.get(shard)?.get(idOf(m) ?? "");
  // The rows whose partner has a move recorded: where the directory routes them now, and whether they wait.
  const accountIds = messages.flatMap((m) => rowOf(m)?.accountId ?? []);
  const moving = accountIds.length ? await movingAccounts(database(env.DB), accountIds) : new Map<string, MovingAccount>();
  const placed: { shard: string; entry: Entry }[] = [];
  const elsewhere = new Map<string, Set<string>>();
  const relocated = new Map<Message<MailQueueMessage>, string[]>();
  const waiting: Promise<void>[] = [];
  for (const m of messages) {
    const shard = named.get(m)!;
    const row = rowOf(m);
    const account = row?.accountId ? moving.get(row.accountId) : undefined;
    if (account?.moving) waiting.push(waitForMove(m, env.MAIL_QUEUE, MAIL_LAST_ATTEMPT));
    else if (row && account?.shard && account.shard !== shard && bound.has(account.shard)) {
      // Named before its partner's flip: the row's copy on the partner's shard now is the one that counts.
      relocated.set(m, [account.shard]);
      want(elsewhere, account.shard, row.id);
    } else if (!row && idOf(m)) {
      // Not on the shard it names (a move's cleanup took it): on whichever shard its partner went to.
      const others = [...bound].filter((b) => b !== shard);
      relocated.set(m, others);
      for (const other of others) want(elsewhere, other, idOf(m)!);
    } else placed.push({ shard, entry: { message: m, row } });
  }
  if (relocated.size) {
    const found = await rowsOn(env, elsewhere);
    for (const [m, shards] of relocated) {
      const shard = shards.find((s) => found.get(s)?.has(idOf(m)!));
      if (shard) placed.push({ shard, entry: { message: m, row: found.get(shard)!.get(idOf(m)!) } });
      else placed.push({ shard: named.get(m)!, entry: { message: m, row: rowOf(m) } });
    }
  }
  const byShard = new Map<string, Entry[]>();
  for (const { shard, entry } of placed) byShard.set(shard, [...(byShard.get(shard) ?? []), entry]);
  await Promise.all([...waiting, ...[...byShard].map(([shard, entries]) => deliverOnDatabase(entries, shardBinding(env, shard), env.UPLOADS, adapter))]);
}

async function deliverOnDatabase(entries: readonly Entry[], d1: D1Database, bucket: R2Bucket, adapter: MailAdapter): Promise<void> {
  const db = database(d1);
  const due = new Map(entries.flatMap((e) => (e.row && e.row.status !== "sent" ? [[e.row.id, e.row] as const] : [])));
  const deliveries: Delivery[] = [];
  const nothingToSend: Message<MailQueueMessage>[] = [];
  for (const { message, row: found } of entries) {
    const row = found ? due.get(found.id) : undefined;
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
  // A failure on the queue's last attempt goes back to the cron's requeue (queued), never left failed with no message to retry it.
  const givenUp = (d: Delivery) => d.message.attempts >= MAIL_LAST_ATTEMPT;
  for (const d of deliveries)
    if (d.failure !== null)
      statements.push(
        db
          .update(mailOutbox)
          .set({ status: givenUp(d) ? "queued" : "failed", attempts: sql`${mailOutbox.attempts} + 1`, lastError: d.failure })
          .where(eq(mailOutbox.id, d.row.id)),
      );
  await runBatch(d1Of(db), statements);
  for (const m of nothingToSend) m.ack();
  for (const d of deliveries) {
    if (d.failure === null || givenUp(d)) d.message.ack();
    else retryLater(d.message);
  }
}
