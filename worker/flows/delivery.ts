import { jobs } from "../../db/schema";
import { defaultShard } from "../d1/shards";
import { deliverySource, writeDeliveryCopy } from "../data/delivery";
import type { DeliverMessage, FollowJobMessage } from "../domain/flows";
import { followJob } from "../data/copy-ahead";
import { PartnerMoving, writesPaused } from "../domain/shard-move";
import type { FlowDatabases } from "./consumer";
import { shardHolding } from "./where";

/**
 * A job delivered by a partner on another shard: its delivery copy there is
 * brought to the job's version (worker/data/delivery.ts), in one batch. The
 * job itself is never written here: a failed copy leaves the job whole and
 * the copy at its older version, and is retried; a job delivered on its own
 * shard, or gone, has nothing to copy. While the delivering partner's rows
 * are copied to another shard the step waits (retried); after, the copy goes
 * to the shard the directory routes the partner to now. A job no longer on
 * the shard its message names is read where its account is placed now.
 */
export async function deliver(dbs: FlowDatabases, env: Env, m: DeliverMessage): Promise<void> {
  const { directory, shard } = dbs;
  const source = await deliverySource(directory, shard(m.shard), m.jobId);
  if (!source) {
    // Gone from the shard named (its booking partner moved, and the move's cleanup took it): read where its account is now (./where.ts).
    const now = await shardHolding(dbs, m.shard, { table: jobs, key: jobs.id, owner: jobs.accountId, ids: [m.jobId] });
    return now === m.shard ? undefined : deliver(dbs, env, { ...m, shard: now });
  }
  if (writesPaused(source.partners.find((p) => p.id === source.snapshot.job.deliveryPartnerAccountId)?.shardMove)) throw new PartnerMoving("a delivery copy");
  const target = source.shard ?? defaultShard(env);
  if (target === m.shard) return;
  await writeDeliveryCopy(shard(target), source);
}

/**
 * A delivery copy written beside its job's write (worker/api/copy-beside.ts),
 * the step kept in its batch: the copy takes the job's row as it is
 * (worker/data/copy-ahead.ts followJob), back too while it holds that write.
 */
export const follow = (dbs: FlowDatabases, m: FollowJobMessage): Promise<void> =>
  followJob({ directory: dbs.directory, job: dbs.shard(m.jobShard), copy: dbs.shard(m.shard) }, m);
