import type { FlowMessage } from "../domain/flows";

/**
 * Sends flow steps to the FLOW_QUEUE (worker/flows/consumer.ts). A failure to
 * send is the caller's: a step is sent before anything it completes is
 * written, or its source is read again by the next step (a publish carries
 * only the workout's id and version), so nothing is left half done.
 */
export async function sendFlows(env: { FLOW_QUEUE: Queue }, messages: FlowMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await env.FLOW_QUEUE.sendBatch(messages.map((body) => ({ body })));
}

/**
 * After a write of the author's workout has committed: publish it to the
 * catalogue through the queue. A failed send is logged, not the request's
 * failure: the write stands, and the next change of the workout publishes it.
 */
export async function publishLater(env: { FLOW_QUEUE: Queue }, shard: string, workoutId: string): Promise<void> {
  try {
    await sendFlows(env, [{ kind: "publish", shard, workoutId }]);
  } catch (err) {
    console.error(JSON.stringify({ level: "error", message: "flow queue send failed", workoutId, error: String(err) }));
  }
}
