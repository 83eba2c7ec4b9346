import { defaultShard } from "../d1/shards";
import { deliveryCopyStatements, jobSnapshot, namedUsers, writeDeliveryCopy } from "../data/delivery";
import { partnerRows } from "../data/partner-numbers";
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
  const snapshot = await jobSnapshot(shard(m.shard), m.jobId);
  const delivererId = snapshot?.job.deliveryPartnerAccountId;
  if (!snapshot || !delivererId) return;
  const named = snapshot.workout.deliveryPartners.map((p) => p.partnerAccountId).filter((id): id is string => Boolean(id));
  const partners = await partnerRows(directory, [snapshot.job.partnerAccountId, delivererId, snapshot.workout.workout.accountId, ...named]);
  const target = partners.find((p) => p.id === delivererId)?.shard ?? defaultShard(env);
  if (target === m.shard) return;
  const db = shard(target);
  const people = await namedUsers(directory, snapshot);
  await writeDeliveryCopy(db, await deliveryCopyStatements(db, snapshot, partners, people));
}
