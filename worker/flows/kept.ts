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
import { dropKeptStep, dueSteps, keepStep, markRequeued } from "../data/flow-steps";
import { atHome, homeShard, RETRY_WINDOW_MS, type FlowMessage } from "../domain/flows";
import type { Context } from "hono";
import type { AppEnv, Db } from "../env";
import { shardDb } from "../tenant/scope";
import type { FlowDatabases } from "./consumer";
import { sendFlows } from "./queue";

const later = (now: Date, ms: number) => new Date(now.getTime() + ms);

/**
 * A request's compensating step: kept on `home` (its home shard, as the
 * request has it open) and sent, side by side. It is lost only when both
 * fail: that throws (the caller logs it for an operator).
 */
export async function keepAndSend(env: { FLOW_QUEUE: Queue }, home: Db, step: FlowMessage, now = new Date()): Promise<void> {
  const kept = { ...step, keptId: step.keptId ?? crypto.randomUUID() };
  const [stored, sent] = await Promise.allSettled([keepStep(home, kept, later(now, RETRY_WINDOW_MS)), sendFlows(env, [kept])]);
  if (stored.status === "rejected" && sent.status === "rejected") throw sent.reason;
  const failed = stored.status === "rejected" ? stored : sent.status === "rejected" ? sent : null;
  if (failed)
    console.error(
      JSON.stringify({
        level: "error",
        message: stored === failed ? "flow step not kept" : "flow queue send failed, step kept",
        kind: step.kind,
        error: String(failed.reason).slice(0, 300),
      }),
    );
}

/** A step the queue gives up on (its last attempt failed, its compensation too or it has none): kept for the cron's next run. */
export async function keepGivenUp(dbs: FlowDatabases, m: FlowMessage, now = new Date()): Promise<void> {
  await keepStep(dbs.shard(homeShard(m)), { ...m, keptId: m.keptId ?? crypto.randomUUID() }, now, true);
}

/** A kept step that succeeded (or was compensated): its row goes. */
export async function settleKept(dbs: FlowDatabases, m: FlowMessage): Promise<void> {
  if (m.keptId) await dropKeptStep(dbs.shard(homeShard(m)), m.keptId);
}

/**
 * The cron's run on `shard`: its kept steps now due are sent again (as
 * steps of this shard, where a partner's move may have carried them), then
 * due once the new messages' retry window is over. Those of partners moving
 * (`quiet`) wait for the first run after the move. Answers how many.
 */
export async function requeueKept(db: Db, env: { FLOW_QUEUE: Queue }, shard: string, now: Date, quiet: readonly string[] = []): Promise<number> {
  const due = await dueSteps(db, now, quiet);
  if (!due.length) return 0;
  try {
    await sendFlows(
      env,
      due.map((row) => atHome(row.message as unknown as FlowMessage, shard, row.id)),
    );
  } catch (err) {
    // Still due: the next run sends them; the run's other work goes on.
    console.error(JSON.stringify({ level: "error", message: "flow queue send failed, kept steps wait", shard, error: String(err).slice(0, 300) }));
    return 0;
  }
  await markRequeued(
    db,
    due.map((row) => row.id),
    later(now, RETRY_WINDOW_MS),
  );
  return due.length;
}

/** A request's `later` for its compensating steps (worker/data/undo-steps.ts Compensation): each kept on its home shard, as the request opens it, and sent. */
export const keptLater =
  (c: Context<AppEnv>) =>
  (step: FlowMessage): Promise<void> =>
    keepAndSend(c.env, shardDb(c, homeShard(step)), step);
