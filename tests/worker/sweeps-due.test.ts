import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DEMO } from "../../db/seed";
import { removeUnconfirmedUsers } from "../../worker/data/auth-links";
import { MAX_BOUND } from "../../worker/data/bound";
import { NO_MORE_REFRESHES, renewPlans } from "../../worker/data/plan-renewals";
import { database } from "../../worker/db";
import { dayAfter } from "../../worker/domain/plan-periods";
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

/** `n` copies of the plan entry `id` on `d1`, their columns as they are but those in `set` (SQL over the copy's number `i`). */
async function entryCopies(d1: D1Database, id: string, n: number, set: Record<string, string>) {
  const { results } = await d1.prepare(`SELECT name FROM pragma_table_info('plan_entries')`).all<{ name: string }>();
  const columns = results.map((r) => r.name);
  const values = columns.map((c) => set[c] ?? (c === "id" ? `printf('%s-copy-%05d', t.id, i)` : `t."${c}"`));
  await d1
    .prepare(
      `INSERT INTO plan_entries (${columns.map((c) => `"${c}"`).join(", ")})
       WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${n})
       SELECT ${values.join(", ")} FROM plan_entries t, n WHERE t.id = ?1`,
    )
    .bind(id)
    .run();
}

/** A plan entry in force on the first shard whose customer is under the plan's partner (the demo's). */
const entryInForce = async (d1: D1Database) =>
  (await d1
    .prepare(
      `SELECT pe.id FROM plan_entries pe JOIN plans p ON p.id = pe.plan_id JOIN accounts a ON a.id = pe.account_id AND a.parent_account_id = p.account_id
       WHERE pe.end_date IS NULL OR pe.end_date >= date('now') LIMIT 1`,
    )
    .first<{ id: string }>())!.id;

const MANY = 2000;
const day = () => new Date().toISOString().slice(0, 10);

describe("the plans' refresh", () => {
  it("reads the plans whose next refresh has come, not every plan in force", async () => {
    const shard = env.SHARD_FIRST;
    const entry = await entryInForce(shard);
    // Plans in force, granted for now: their next refresh is to come.
    await entryCopies(shard, entry, MANY, { next_refresh_date: "'2099-01-01'", renewal_date: "'2099-01-01'", end_date: "NULL" });
    // The first run dates the entries written before the next refresh existed (the demo's), once.
    await renewPlans(database(shard));
    const dated = await shard
      .prepare("SELECT count(*) AS n FROM plan_entries WHERE next_refresh_date IS NULL AND (end_date IS NULL OR end_date >= date('now'))")
      .first<{ n: number }>();
    expect(dated?.n).toBe(0);
    const reads = recordingD1(shard);
    await renewPlans(database(reads.d1));
    expect(await reads.rowsRead()).toBeLessThan(MANY / 20);
    // None of the copies was granted anything: their periods are not due.
    const granted = await shard.prepare("SELECT count(*) AS n FROM credit_entries WHERE plan_entry_id LIKE '%-copy-%'").first<{ n: number }>();
    expect(granted?.n).toBe(0);
  });

  it("grants a plan whose next refresh has come, once, and moves its next refresh to the day after the period", async () => {
    const shard = env.SHARD_FIRST;
    const entry = await entryInForce(shard);
    const start = "2026-01-05";
    await entryCopies(shard, entry, 1, {
      id: "'due-entry'",
      start_date: `'${start}'`,
      commitment_term: "'monthly'",
      end_date: "NULL",
      renewal_date: "'2099-01-01'",
      next_refresh_date: `'${start}'`,
    });
    const now = new Date(`${day()}T09:00:00Z`);
    await renewPlans(database(shard), now);
    await renewPlans(database(shard), now);
    const periods = await shard
      .prepare("SELECT start_date, end_date FROM credit_entries WHERE plan_entry_id = 'due-entry'")
      .all<{ start_date: string; end_date: string }>();
    expect(periods.results).toHaveLength(1);
    const period = periods.results[0]!;
    expect(period.start_date <= day() && day() <= period.end_date).toBe(true);
    const next = await shard.prepare("SELECT next_refresh_date AS next FROM plan_entries WHERE id = 'due-entry'").first<{ next: string }>();
    expect(next?.next).toBe(dayAfter(period.end_date));
  });
});

describe("the plans of customers who left the plan's partner", () => {
  it("are settled the first time a run meets them, and not read again", async () => {
    const shard = env.SHARD_FIRST;
    const entry = await entryInForce(shard);
    // The same plan, offered by another partner than the customer's: the customer is no longer under it.
    const { planId } = (await shard.prepare("SELECT plan_id AS planId FROM plan_entries WHERE id = ?1").bind(entry).first<{ planId: string }>())!;
    await shard
      .prepare(
        `INSERT INTO plans (id, account_id, plan_name, variant_name, commitment_term, credits, refresh_period)
         SELECT 'left-plan', ?2, plan_name, 'left', commitment_term, credits, refresh_period FROM plans WHERE id = ?1`,
      )
      .bind(planId, DEMO.contoso.id)
      .run();
    const stopped = 150;
    await entryCopies(shard, entry, stopped, {
      id: "printf('left-entry-%05d', i)",
      plan_id: "'left-plan'",
      end_date: "NULL",
      renewal_date: "'2026-01-01'",
      next_refresh_date: "'2026-01-01'",
    });
    const left = () =>
      shard
        .prepare("SELECT count(*) AS n FROM plan_entries WHERE id LIKE 'left-entry-%' AND renewal_date IS NULL AND next_refresh_date = ?1")
        .bind(NO_MORE_REFRESHES)
        .first<{ n: number }>();
    // A run settles a batch of them; the next the rest.
    await renewPlans(database(shard));
    await renewPlans(database(shard));
    expect((await left())?.n).toBe(stopped);
    const reads = recordingD1(shard);
    await renewPlans(database(reads.d1));
    expect(await reads.rowsRead()).toBeLessThan(stopped / 5);
    // Nothing was renewed or granted for them.
    const granted = await shard.prepare("SELECT count(*) AS n FROM credit_entries WHERE plan_entry_id LIKE 'left-entry-%'").first<{ n: number }>();
    expect(granted?.n).toBe(0);
    const renewed = await shard
      .prepare("SELECT count(*) AS n FROM audit_entries WHERE code = 'planRenewed' AND subject_id LIKE 'left-entry-%'")
      .first<{ n: number }>();
    expect(renewed?.n).toBe(0);
  });
});

describe("the never-confirmed users", () => {
  it("are removed the longest unconfirmed first, a bounded batch a run", async () => {
    const d1 = env.DB;
    const many = 2 * MAX_BOUND;
    // Ids in the reverse order of their times (seconds since the epoch, as the identity stores them).
    await d1
      .prepare(
        `INSERT INTO auth_users (id, name, email, email_verified, created_at, updated_at)
         WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${many})
         SELECT printf('unconfirmed-%05d', ${many} - i), 'Unconfirmed', printf('unconfirmed%05d@example.test', i), 0, 1000 + i, 1000 + i FROM n`,
      )
      .run();
    const removed = await withUnorderedReversed(d1, () => removeUnconfirmedUsers(database(d1)));
    expect(removed).toBe(MAX_BOUND);
    const { results } = await d1.prepare("SELECT id FROM auth_users WHERE id LIKE 'unconfirmed-%' ORDER BY updated_at").all<{ id: string }>();
    // The newest half is left.
    expect(results.map((r) => r.id)).toEqual(
      Array.from({ length: many - MAX_BOUND }, (_, i) => `unconfirmed-${String(many - MAX_BOUND - 1 - i).padStart(5, "0")}`),
    );
  });
});
