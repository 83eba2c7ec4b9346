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

/**
 * After a booking or a job move has committed: a job delivered by another
 * partner gets its delivery copy brought up to date through the queue (the
 * consumer finds the delivering partner's shard and skips its own; a job its
 * own partner delivers sends nothing, its partner's shard being the job's; a change
 * that does not read the job, "unknown", sends it and lets the consumer see). A failed
 * send is logged; the job's next move sends it again.
 */
export async function deliverLater(
  env: { FLOW_QUEUE: Queue },
  shard: string,
  job: { id: string; partner?: { id: string }; deliveryPartner: { id: string } | null | "unknown" },
): Promise<void> {
  if (!job.deliveryPartner) return;
  // Delivered by its own partner: on the job's own shard, where no copy is kept (the consumer would read the job to find that out).
  if (job.deliveryPartner !== "unknown" && job.deliveryPartner.id === job.partner?.id) return;
  try {
    await sendFlows(env, [{ kind: "deliver", shard, jobId: job.id }]);
  } catch (err) {
    console.error(JSON.stringify({ level: "error", message: "flow queue send failed", jobId: job.id, error: String(err) }));
  }
}
