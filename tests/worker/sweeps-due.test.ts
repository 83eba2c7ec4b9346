import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { database } from "../../worker/db";
import { REQUEUE_BATCH, requeueStale, type MailQueueMessage } from "../../worker/mail/outbox";
import { recordingD1 } from "./rows-read";

/**
 * The cron's sweeps read the rows due and in the order they fell due
 * (docs/decisions/2026-11-27-bounded-sweeps.md and the decisions of 2026-11-27
 * on the stale mail's order and the plans' next refresh).
 */

/** A queue that keeps what it is sent. */
function keptQueue() {
  const sent: MailQueueMessage[] = [];
  const queue = {
    send: async (body: MailQueueMessage) => void sent.push(body),
    sendBatch: async (batch: { body: MailQueueMessage }[]) => void sent.push(...batch.map((m) => m.body)),
  } as unknown as Queue;
  return { queue, sent };
}

/**
 * SQLite answers a select without ORDER BY in whatever order its plan walks;
 * `reverse_unordered_selects` walks it the other way, so a read that relies
 * on an order it did not ask for answers differently (the pragma is reset after).
 */
async function withUnorderedReversed<T>(d1: D1Database, work: () => Promise<T>): Promise<T> {
  await d1.prepare("PRAGMA reverse_unordered_selects = ON").run();
  try {
    return await work();
  } finally {
    await d1.prepare("PRAGMA reverse_unordered_selects = OFF").run();
  }
}

describe("the stale mail", () => {
  it("is sent again oldest first, a batch a run, through the index on its status and time", async () => {
    const shard = env.SHARD_FIRST;
    const stale = 3 * REQUEUE_BATCH;
    // Ids in the reverse order of their times: neither the id nor the order of writing says which is older.
    await shard
      .prepare(
        `INSERT INTO mail_outbox (id, "to", subject, status, created_at)
         WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${stale})
         SELECT printf('stale-mail-%05d', ${stale} - i), 'late@example.test', 'Late', 'queued',
                strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', printf('+%d minutes', i)) FROM n`,
      )
      .run();
    const oldest = (n: number) => Array.from({ length: n }, (_, i) => `stale-mail-${String(stale - 1 - i).padStart(5, "0")}`);
    const { queue, sent } = keptQueue();
    const reads = recordingD1(shard);
    const count = await withUnorderedReversed(shard, () => requeueStale(database(reads.d1), { MAIL_QUEUE: queue }, "first"));
    expect(count).toBe(REQUEUE_BATCH);
    expect(sent.map((m) => m.id)).toEqual(oldest(REQUEUE_BATCH));
    expect(sent.every((m) => m.shard === "first")).toBe(true);
    // In the index's order: no sort of every stale row.
    expect(await reads.rowsRead()).toBeLessThanOrEqual(2 * REQUEUE_BATCH);
  });
});
