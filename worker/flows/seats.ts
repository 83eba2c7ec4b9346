import { jobs, slots } from "../../db/schema";
import { releaseUnlessHeld } from "../data/away-seats";
import type { ReleaseSeatsMessage } from "../domain/flows";
import type { FlowDatabases } from "./consumer";
import { shardHolding } from "./where";

/**
 * Seats held on a slot's shard given back, unless the job's shard uses them
 * (worker/data/away-seats.ts); each release happens once. Both shards are
 * where the slots' partner and the jobs' account are now (./where.ts): a
 * message queued before either moved names the old one.
 */
export async function releaseSeats(dbs: FlowDatabases, m: ReleaseSeatsMessage): Promise<void> {
  const [slot, job] = await Promise.all([
    shardHolding(dbs, m.shard, { table: slots, key: slots.id, owner: slots.partnerAccountId, ids: m.holds.map((h) => h.slotId) }),
    shardHolding(dbs, m.jobShard, { table: jobs, key: jobs.id, owner: jobs.accountId, ids: m.holds.map((h) => h.jobId) }),
  ]);
  await releaseUnlessHeld({ job: dbs.shard(job), slot: dbs.shard(slot) }, m.holds);
}
