import { releaseUnlessHeld } from "../data/away-seats";
import type { ReleaseSeatsMessage } from "../domain/flows";
import type { FlowDatabases } from "./consumer";

/** Seats held on a slot's shard given back, unless the job's shard uses them (worker/data/away-seats.ts); each release happens once. */
export const releaseSeats = (dbs: FlowDatabases, m: ReleaseSeatsMessage) =>
  releaseUnlessHeld({ job: dbs.shard(m.jobShard), slot: dbs.shard(m.shard) }, m.holds);
