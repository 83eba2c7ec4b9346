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
