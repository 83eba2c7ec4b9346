/**
 * No flow step is lost (docs/decisions/2026-11-27-no-step-lost.md): a
 * compensating step is kept in `flow_steps` on the shard it concerns when the
 * request sends it, and any step the queue gives up on is kept by the
 * consumer; the cron sends each kept step again once the retry window of its
 * last message is over, until the consumer, after the step succeeded,
 * removes its row. Every step asks the other database first (or writes only
 * over an older version), so the message and the cron's copy of it running
 * both repair once.
 */
import { dropKeptStep, dueSteps, expiredSteps, keepStep, leaveForOperator, markRequeued, stepsTableOf, type StepsTable } from "../data/flow-steps";
import { atHome, homeShard, RETRY_WINDOW_MS, type FlowMessage } from "../domain/flows";
import type { Context } from "hono";
import type { AppEnv, Db } from "../env";
import { shardDb } from "../tenant/scope";
import type { FlowDatabases } from "./consumer";
import { sendFlows } from "./queue";

const later = (now: Date, ms: number) => new Date(now.getTime() + ms);

/**
 * A request's compensating step: kept on `home` (its home shard, as the
 * request has it open; the directory for a step kept there) and sent, side
 * by side. A step the request kept in its first batch (it has its `keptId`)
 * is there already: `home` is only asked again (insert or ignore), and when
 * both fail nothing is lost (the cron sends it): logged. Any other step is
 * lost only when both fail: that throws (the caller logs it for an operator).
 */
export async function keepAndSend(env: { FLOW_QUEUE: Queue }, home: Db, step: FlowMessage, now = new Date()): Promise<void> {
  const kept = { ...step, keptId: step.keptId ?? crypto.randomUUID() };
  const [stored, sent] = await Promise.allSettled([keepStep(home, kept, later(now, RETRY_WINDOW_MS)), sendFlows(env, [kept])]);
  if (stored.status === "rejected" && sent.status === "rejected" && !step.keptId) throw sent.reason;
  const failed = sent.status === "rejected" ? sent : stored.status === "rejected" ? stored : null;
  if (failed)
    console.error(
      JSON.stringify({
        level: "error",
        message:
          sent.status === "fulfilled"
            ? "flow step not kept"
            : stored.status === "fulfilled"
              ? "flow queue send failed, step kept"
              : "flow queue send failed, step kept in its first batch",
        kind: step.kind,
        error: String(failed.reason).slice(0, 300),
      }),
    );
}

/** The database keeping the step `m`: the directory for a step kept there, else its home shard. */
const keptOn = (dbs: Pick<FlowDatabases, "directory" | "shard">, m: FlowMessage): Db => (m.keptIn === "directory" ? dbs.directory : dbs.shard(homeShard(m)));

/** A step the queue gives up on (its last attempt failed, its compensation too or it has none): kept for the cron's next run. */
export async function keepGivenUp(dbs: FlowDatabases, m: FlowMessage, now = new Date()): Promise<void> {
  await keepStep(keptOn(dbs, m), { ...m, keptId: m.keptId ?? crypto.randomUUID() }, now, true);
}

/** A kept step that succeeded (or was compensated): its row goes. */
export async function settleKept(dbs: FlowDatabases, m: FlowMessage): Promise<void> {
  if (m.keptId) await dropKeptStep(keptOn(dbs, m), { keptIn: m.keptIn, keptId: m.keptId });
}

/**
 * The cron's run on `shard`: its kept steps now due are sent again (as
 * steps of this shard, where a partner's move may have carried them), then
 * due once the new messages' retry window is over. Those of partners moving
 * (`quiet`) wait for the first run after the move. Answers how many.
 */
export async function requeueKept(db: Db, env: { FLOW_QUEUE: Queue }, shard: string, now: Date, quiet: readonly string[] = []): Promise<number> {
  return requeue(db, env, now, quiet, { where: shard, at: (m, id) => atHome(m, shard, id) });
}

/**
 * The cron's directory run: the steps kept in the directory (`directory_steps`,
 * kept in a request's first batch there) now due are sent again as they
 * were, each with its row's id; those about accounts of partners moving
 * (`quiet`) wait. Answers how many.
 */
export async function requeueDirectoryKept(directory: Db, env: { FLOW_QUEUE: Queue }, now: Date, quiet: readonly string[] = []): Promise<number> {
  return requeue(directory, env, now, quiet, {
    where: "directory",
    table: stepsTableOf({ keptIn: "directory" }),
    at: (m, id) => ({ ...m, keptIn: "directory", keptId: id }),
  });
}

/**
 * The steps sent again for KEPT_FOR_MS without succeeding: each logged once
 * for an operator (the database, its row's id, kind and account, how often
 * it was sent), then left (flow-steps.ts LEFT_FOR_OPERATOR). A failure to
 * leave them logs them again on the next run; the run's other work goes on.
 */
async function leftForOperator(db: Db, where: string, rows: Awaited<ReturnType<typeof expiredSteps>>, table?: StepsTable): Promise<void> {
  if (!rows.length) return;
  for (const row of rows)
    console.error(
      JSON.stringify({
        level: "error",
        message: "kept step left for an operator",
        database: where,
        ...row,
        rerun: `npm run shards -- kept-retry ${row.id} --remote`,
      }),
    );
  await leaveForOperator(
    db,
    rows.map((r) => r.id),
    table,
  ).catch((err: unknown) =>
    console.error(JSON.stringify({ level: "error", message: "kept steps not left for an operator", database: where, error: String(err).slice(0, 300) })),
  );
}

async function requeue(
  db: Db,
  env: { FLOW_QUEUE: Queue },
  now: Date,
  quiet: readonly string[],
  kept: { where: string; table?: StepsTable; at: (m: FlowMessage, id: string) => FlowMessage },
): Promise<number> {
  const [due, expired] = await Promise.all([dueSteps(db, now, quiet, kept.table), expiredSteps(db, now, quiet, kept.table)]);
  await leftForOperator(db, kept.where, expired, kept.table);
  if (!due.length) return 0;
  try {
    await sendFlows(
      env,
      due.map((row) => kept.at(row.message as unknown as FlowMessage, row.id)),
    );
  } catch (err) {
    // Still due: the next run sends them; the run's other work goes on.
    console.error(JSON.stringify({ level: "error", message: "flow queue send failed, kept steps wait", shard: kept.where, error: String(err).slice(0, 300) }));
    return 0;
  }
  await markRequeued(
    db,
    due.map((row) => row.id),
    later(now, RETRY_WINDOW_MS),
    kept.table,
  );
  return due.length;
}

/** A request's `later` for its compensating steps (worker/data/undo-steps.ts Compensation): each kept on its home shard (or in the directory, where it was kept there), as the request opens it, and sent. */
export const keptLater =
  (c: Context<AppEnv>) =>
  (step: FlowMessage): Promise<void> =>
    keepAndSend(c.env, step.keptIn === "directory" ? c.get("directory") : shardDb(c, homeShard(step)), step);
