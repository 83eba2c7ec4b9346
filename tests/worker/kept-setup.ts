import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { runScheduled } from "../../worker/cron";
import { accountOf, LAST_ATTEMPT, type FlowMessage } from "../../worker/domain/flows";
import { capturedQueue, runFlows } from "./flows-setup";

/**
 * Flow steps kept until they succeed (worker/flows/kept.ts): the rows a
 * shard keeps, a step failing on every attempt the queue gives it, and the
 * cron's run that sends the kept steps again.
 */

/** The steps `d1` keeps for the account `accountId` (null: those naming none), of `kind` when given (`table`: the directory's `directory_steps`). */
export async function keptFor(d1: D1Database, accountId: string | null, kind?: FlowMessage["kind"], table: "flow_steps" | "directory_steps" = "flow_steps") {
  const { results } = await d1
    .prepare(
      `SELECT id, kind, account_id AS accountId, due_at AS dueAt, requeues FROM ${table} WHERE account_id IS ?1 AND (?2 IS NULL OR kind = ?2) ORDER BY created_at`,
    )
    .bind(accountId, kind ?? null)
    .all<{ id: string; kind: string; accountId: string | null; dueAt: string; requeues: number }>();
  return results;
}

/** The steps the directory keeps (kept in a request's first batch there) for the account `accountId`, of `kind` when given. */
export const keptInDirectory = (accountId: string | null, kind?: FlowMessage["kind"]) => keptFor(env.DB, accountId, kind, "directory_steps");

/** Makes the kept step `id` due now (its retry window over), in `table` of `d1`. */
export async function dueNow(d1: D1Database, id: string, table: "flow_steps" | "directory_steps" = "flow_steps") {
  await d1
    .prepare(`UPDATE ${table} SET due_at = ?2 WHERE id = ?1`)
    .bind(id, new Date(Date.now() - 1000).toISOString())
    .run();
}

/**
 * Runs `messages` on every attempt the queue gives them, each failing (the
 * failures injected by `bindings`, or by `around` for a trigger): retried on
 * each attempt but the last, acknowledged (given up) on the last.
 */
export async function exhaust(messages: FlowMessage[], bindings: Partial<Env> = {}, around = <T>(run: () => Promise<T>) => run()) {
  for (let attempts = 1; attempts <= LAST_ATTEMPT; attempts++) {
    const result = await around(() => runFlows(messages, { attempts, bindings }));
    expect(attempts < LAST_ATTEMPT ? result.retryMessages : result.explicitAcks).toHaveLength(messages.length);
  }
}

/** A cron run now, its queues captured: the kept steps it sent again, those about `accountId` (null: naming none). */
export async function cronKept(accountId: string | null): Promise<FlowMessage[]> {
  const flows = capturedQueue();
  const mail = { send: async () => {}, sendBatch: async () => {} } as unknown as Queue;
  await runScheduled({ ...env, FLOW_QUEUE: flows.queue, MAIL_QUEUE: mail }, Date.now());
  return flows.sent.filter((m) => m.keptId && accountOf(m) === accountId);
}
