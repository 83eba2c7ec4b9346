import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { stopBetweenDatabases, type CutOffPoint } from "../../worker/domain/cut-off";
import type { FlowMessage } from "../../worker/domain/flows";
import { runFlows } from "./flows-setup";
import { cronKept, dueNow } from "./kept-setup";

/**
 * A request stopped between its two databases, as an isolate's end leaves
 * it (worker/domain/cut-off.ts), and the cron's run of the steps it kept.
 * The request must run in this isolate (apiAs with bindings).
 */

/** The isolate's end at `point`: thrown past every catch of the flow. */
class IsolateEnded extends Error {}

/** Runs `run` stopping at `point` (reached once); answers what it answers. */
export async function stoppedAt<T>(point: CutOffPoint, run: () => Promise<T>): Promise<T> {
  let reached = 0;
  stopBetweenDatabases((at) => {
    if (at !== point) return;
    reached++;
    throw new IsolateEnded(`the isolate ended at ${at}`);
  });
  try {
    const result = await run();
    expect(reached).toBe(1);
    return result;
  } finally {
    stopBetweenDatabases(null);
  }
}

/**
 * The kept steps `ids` about `accountId` (null: naming none) made due, then
 * the cron's run: it sends them (and each is run, acknowledged). Kept in the
 * directory unless `shard` (a shard's binding) says where. Answers them.
 */
export async function dueAndRun(accountId: string | null, ids: string[], shard?: D1Database): Promise<FlowMessage[]> {
  for (const id of ids) await dueNow(shard ?? env.DB, id, shard ? "flow_steps" : "directory_steps");
  const sent = (await cronKept(accountId)).filter((m) => ids.includes(m.keptId!));
  expect(sent.map((m) => m.keptId).sort()).toEqual([...ids].sort());
  expect((await runFlows(sent)).explicitAcks).toHaveLength(sent.length);
  return sent;
}
