import { jobs, slots } from "../../db/schema";
import { releaseUnlessHeld } from "../data/away-seats";
import { releaseClaimsUnlessHeld } from "../data/time-claims";
import type { ReleaseClaimsMessage, ReleaseSeatsMessage } from "../domain/flows";
import type { FlowDatabases } from "./consumer";
import { shardHolding, shardOfRows } from "./where";

/** The shard holding these jobs now: a message queued before the booking partner moved names the old one (./where.ts). */
const jobsShard = (dbs: FlowDatabases, named: string, jobIds: string[]) =>
  shardHolding(dbs, named, { table: jobs, key: jobs.id, owner: jobs.accountId, ids: jobIds });

/**
 * Seats held on a slot's shard given back, unless the job's shard uses them
 * (worker/data/away-seats.ts); each release happens once. Both shards are
 * where the slots' partner and the jobs' account are now (./where.ts): a
 * message queued before either moved names the old one.
 */
export async function releaseSeats(dbs: FlowDatabases, m: ReleaseSeatsMessage): Promise<void> {
  const [slot, job] = await Promise.all([
    shardHolding(dbs, m.shard, { table: slots, key: slots.id, owner: slots.partnerAccountId, ids: m.holds.map((h) => h.slotId) }),
    jobsShard(
      dbs,
      m.jobShard,
      m.holds.map((h) => h.jobId),
    ),
  ]);
  await releaseUnlessHeld({ job: dbs.shard(job), slot: dbs.shard(slot) }, m.holds);
}

/**
 * A delivering partner's time claims given back on its shard, unless the
 * job's shard holds them (worker/data/time-claims.ts); idempotent. The same
 * resolution as seats: the delivering partner's shard and the jobs' are where
 * they are now.
 */
export async function releaseClaims(dbs: FlowDatabases, m: ReleaseClaimsMessage): Promise<void> {
  const [partner, job] = await Promise.all([
    shardOfRows(
      dbs,
      m.shard,
      m.claims.map((c) => c.partnerId),
    ),
    jobsShard(
      dbs,
      m.jobShard,
      m.claims.map((c) => c.jobId),
    ),
  ]);
  await releaseClaimsUnlessHeld({ job: dbs.shard(job), partner: dbs.shard(partner) }, m.claims);
}
