import { releaseUnlessHeld } from "../data/away-seats";
import { releaseClaimsUnlessHeld } from "../data/time-claims";
import type { ReleaseClaimsMessage, ReleaseSeatsMessage } from "../domain/flows";
import type { FlowDatabases } from "./consumer";

/** Seats held on a slot's shard given back, unless the job's shard uses them (worker/data/away-seats.ts); each release happens once. */
export const releaseSeats = (dbs: FlowDatabases, m: ReleaseSeatsMessage) =>
  releaseUnlessHeld({ job: dbs.shard(m.jobShard), slot: dbs.shard(m.shard) }, m.holds);

/** A delivering partner's time claims given back on its shard, unless the job's shard holds them (worker/data/time-claims.ts); idempotent. */
export const releaseClaims = (dbs: FlowDatabases, m: ReleaseClaimsMessage) =>
  releaseClaimsUnlessHeld({ job: dbs.shard(m.jobShard), partner: dbs.shard(m.shard) }, m.claims);
