import { defaultShard } from "../d1/shards";
import { deliverySource, writeDeliveryCopy } from "../data/delivery";
import type { DeliverMessage } from "../domain/flows";
import type { FlowDatabases } from "./consumer";

/**
 * A job delivered by a partner on another shard: its delivery copy there is
 * brought to the job's version (worker/data/delivery.ts), in one batch. The
 * job itself is never written here: a failed copy leaves the job whole and
 * the copy at its older version, and is retried; a job delivered on its own
 * shard, or gone, has nothing to copy.
 */
export async function deliver({ directory, shard }: FlowDatabases, env: Env, m: DeliverMessage): Promise<void> {
  const source = await deliverySource(directory, shard(m.shard), m.jobId);
  if (!source) return;
  const target = source.shard ?? defaultShard(env);
  if (target === m.shard) return;
  await writeDeliveryCopy(shard(target), source);
}
