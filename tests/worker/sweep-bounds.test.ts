import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { removeUnconfirmedUsers } from "../../worker/data/auth-links";
import { pruneDirectory, PRUNE_ROUND, PRUNE_ROUNDS } from "../../worker/data/directory-prune";
import { dropInactiveIdentityMemberships, INACTIVE_SWEEP_BATCH } from "../../worker/data/inactive-members";
import { renewPlans } from "../../worker/data/plan-renewals";
import { sendReminders } from "../../worker/data/reminders";
import { MAX_BOUND } from "../../worker/data/bound";
import { republishLagging } from "../../worker/flows/catalogue";
import { requeueStale } from "../../worker/mail/outbox";
import { BACKFILL_BATCH, backfillClaims } from "../../worker/data/claim-backfill";
import { database } from "../../worker/db";
import { directory, second } from "./flows-setup";
import { recordingD1 } from "./rows-read";

/**
 * Each cron sweep that scans a table reads a bounded batch, however large the
 * table has grown (docs/decisions/2026-11-27-bounded-sweeps.md). Each test
 * grows the table with rows the sweep has nothing to do with (history, the
 * confirmed, the reminded) or with more work than one run takes, then counts
 * the rows the sweep's reads read (D1's rows_read, ./rows-read.ts): a bound
 * that does not grow with the table. Without the sweep's index, window or
 * cursor every run would read the whole table.
 */
const GROWN = 2000;
const NO_QUEUE = { send: async () => undefined, sendBatch: async () => undefined } as unknown as Queue;

/** `n` copies of the row `id` of `table` (columns as they are but those in `set`, SQL over the copy's number `i`). */
async function copies(d1: D1Database, table: string, id: string, n: number, set: Record<string, string>) {
  const { results } = await d1.prepare(`SELECT name FROM pragma_table_info('${table}')`).all<{ name: string }>();
  const columns = results.map((r) => r.name);
  const values = columns.map((c) => set[c] ?? (c === "id" ? `printf('%s-copy-%05d', t.id, i)` : `t."${c}"`));
  await d1
    .prepare(
      `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")})
       WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${n})
       SELECT ${values.join(", ")} FROM "${table}" t, n WHERE t.id = ?1`,
    )
    .bind(id)
    .run();
}

/** A row id of `table` on `d1` matching `where`. */
const anyId = async (d1: D1Database, table: string, where = "1") =>
  (await d1.prepare(`SELECT id FROM "${table}" WHERE ${where} LIMIT 1`).first<{ id: string }>())!.id;

describe("the inactive-membership sweep", () => {
  it("reads one batch after its cursor per run and covers every inactive member over runs", async () => {
    const contoso = (await second.select().from(schema.accounts).where(eq(schema.accounts.id, DEMO.contoso.id)))[0]!;
    const shard = env.SHARD_WEUR_1;
    await shard.batch([
      shard.prepare(`INSERT INTO users (id, auth_id, email)
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${GROWN})
        SELECT printf('sweep-user-%05d', i), printf('sweep-auth-%05d', i), printf('sweep%05d@example.test', i) FROM n`),
      shard
        .prepare(
          `INSERT INTO account_users (id, account_id, user_id, email, status)
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${GROWN})
        SELECT printf('sweep-member-%05d', i), ?1, printf('sweep-user-%05d', i), printf('sweep%05d@example.test', i), 'inactive' FROM n`,
        )
        .bind(contoso.id),
    ]);
    // The last of them still has its identity membership (its drop was lost): the sweep's last batch finds it.
    const last = `sweep-auth-${String(GROWN).padStart(5, "0")}`;
    const now = new Date();
    await directory.insert(schema.authUsers).values({ id: last, name: "Last", email: `${last}@example.test`, createdAt: now, updatedAt: now });
    await directory.insert(schema.authMembers).values({ id: `member-${last}`, organizationId: contoso.authId!, userId: last, createdAt: now });
    const identity = () =>
      directory
        .select()
        .from(schema.authMembers)
        .where(and(eq(schema.authMembers.userId, last), eq(schema.authMembers.organizationId, contoso.authId!)));

    const shardReads = recordingD1(shard);
    const total = (await shard.prepare("SELECT count(*) AS n FROM account_users WHERE status = 'inactive'").first<{ n: number }>())!.n;
    const runs = Math.ceil(total / INACTIVE_SWEEP_BATCH);
    expect(runs).toBeGreaterThan(2);
    for (let run = 1; run <= runs; run++) {
      shardReads.reset();
      await dropInactiveIdentityMemberships(drizzle(shardReads.d1), drizzle(env.DB), "weur-1", "first");
      // A batch and the account and user of each member in it, never the whole set.
      expect(await shardReads.rowsRead()).toBeLessThanOrEqual(4 * INACTIVE_SWEEP_BATCH);
      expect(await identity()).toHaveLength(run < runs ? 1 : 0);
    }
    // The run after the last batch finds nothing more and sends the cursor back to the start.
    await dropInactiveIdentityMemberships(drizzle(shard), drizzle(env.DB), "weur-1", "first");
    const [cursor] = await directory.select().from(schema.sweepCursors).where(eq(schema.sweepCursors.sweep, "inactiveMembers:weur-1"));
    expect(cursor?.position).toBe("");
  });
});

describe("the directory's sweeps", () => {
  it("read the never-confirmed users only, however many confirmed users there are", async () => {
    const db = env.DB;
    await db
      .prepare(
        `INSERT INTO auth_users (id, name, email, email_verified, created_at, updated_at)
         WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${GROWN})
         SELECT printf('confirmed-%05d', i), 'Confirmed', printf('confirmed%05d@example.test', i), 1, 0, 0 FROM n`,
      )
      .run();
    const reads = recordingD1(db);
    await removeUnconfirmedUsers(drizzle(reads.d1));
    expect(await reads.rowsRead()).toBeLessThanOrEqual(2 * MAX_BOUND);
  });

  it("prune through the index on each table's time: a run reads at most its rounds", async () => {
    const reads = recordingD1(env.DB);
    await pruneDirectory(drizzle(reads.d1));
    expect(await reads.rowsRead()).toBeLessThanOrEqual(3 * PRUNE_ROUNDS * PRUNE_ROUND);
  });
});

describe("the shards' sweeps", () => {
  it("read the reminders due about now, not the bookings of every day before", async () => {
    const shard = env.SHARD_FIRST;
    const line = await anyId(shard, "job_lines");
    await shard
      .prepare(
        `INSERT INTO job_action_items (id, account_id, job_id, job_line_id, assignee_type, stage, name)
         SELECT 'old-item', account_id, job_id, id, 'recipient', 'beforeSession', 'Old item' FROM job_lines WHERE id = ?1`,
      )
      .bind(line)
      .run();
    const job = await anyId(shard, "jobs");
    // Years of history: sessions long past, items long due, requests long unanswered.
    await copies(shard, "job_lines", line, GROWN, { status: "'confirmed'", scheduled_at: "'2020-01-01T10:00:00.000Z'" });
    await copies(shard, "job_action_items", "old-item", GROWN, { due_at: "'2020-01-01T10:00:00.000Z'", completed_at: "NULL" });
    await copies(shard, "jobs", job, GROWN, { status: "'awaitingConfirmation'", updated_at: "'2020-01-01T10:00:00.000Z'" });
    const reads = recordingD1(shard);
    await sendReminders(reads.d1, drizzle(reads.d1), "first", { ...env, MAIL_QUEUE: NO_QUEUE });
    expect(await reads.rowsRead()).toBeLessThan(GROWN / 2);
  });

  it("read the plans that renew, refresh or ended lately, not every plan that ever ended", async () => {
    const shard = env.SHARD_FIRST;
    const entry = await anyId(shard, "plan_entries");
    await copies(shard, "plan_entries", entry, GROWN, { end_date: "'2020-01-31'", renewal_date: "NULL", start_date: "'2019-01-01'" });
    const reads = recordingD1(shard);
    await renewPlans(drizzle(reads.d1));
    expect(await reads.rowsRead()).toBeLessThan(GROWN / 2);
  });

  it("read the workouts changed in the last day for their re-publishing, not the whole catalogue", async () => {
    const shard = env.SHARD_FIRST;
    const workout = await anyId(shard, "workouts");
    await copies(shard, "workouts", workout, GROWN, { sku: "printf('%s-%05d', t.sku, i)", updated_at: "'2020-01-01T10:00:00.000Z'" });
    const reads = recordingD1(shard);
    await republishLagging(drizzle(reads.d1), drizzle(env.DB), { FLOW_QUEUE: NO_QUEUE }, "first", new Date());
    expect(await reads.rowsRead()).toBeLessThan(GROWN / 2);
  });

  it("requeue stale mail through the index on status and time, not the mail already sent", async () => {
    const shard = env.SHARD_FIRST;
    await shard.prepare(`INSERT INTO mail_outbox (id, "to", subject) VALUES ('old-mail', 'old@example.test', 'Old')`).run();
    await copies(shard, "mail_outbox", "old-mail", GROWN, { status: "'sent'", created_at: "'2020-01-01T10:00:00.000Z'" });
    const reads = recordingD1(shard);
    await requeueStale(drizzle(reads.d1), { MAIL_QUEUE: NO_QUEUE }, "first");
    expect(await reads.rowsRead()).toBeLessThanOrEqual(2 * 100);
  });

  it("backfill the claims of a window of job lines after the cursor, not every line booked before", async () => {
    const shard = env.SHARD_FIRST;
    const line = await anyId(shard, "job_lines", "id NOT LIKE '%copy%' ORDER BY id DESC");
    // Years of booked sessions: each run reads one window of lines by id, whatever their number.
    await copies(shard, "job_lines", line, GROWN, { status: "'confirmed'", scheduled_at: "'2020-01-01T10:00:00.000Z'" });
    await directory.delete(schema.sweepCursors).where(eq(schema.sweepCursors.sweep, "claimBackfill:first"));
    const reads = recordingD1(shard);
    const db = database(reads.d1);
    await backfillClaims({ shard: db, directory: database(env.DB), open: () => db }, "first", "first", new Date(), async () => undefined);
    expect(await reads.rowsRead()).toBeLessThanOrEqual(6 * BACKFILL_BATCH);
  });
});
