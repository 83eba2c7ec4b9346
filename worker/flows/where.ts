import { ownersOn, placementsOf, type OwnedRows } from "../data/step-shards";
import { shardNow } from "../domain/shard-move";
import type { FlowDatabases } from "./consumer";

/**
 * The shard holding now the rows a step named on `named` for these accounts
 * (docs/decisions/2026-11-27-queued-steps-follow-a-move.md): the first of
 * them the directory places decides; none placed, `named`.
 */
export async function shardOfRows(dbs: FlowDatabases, named: string, accountIds: readonly (string | null | undefined)[]): Promise<string> {
  const placed = await placementsOf(dbs.directory, accountIds);
  const first = accountIds.find((id) => id && placed.has(id));
  return shardNow(named, first ? placed.get(first) : null, dbs.defaultShard);
}

/**
 * The same for a step that names rows but not their account: the owner is
 * read where the step named them, or, when they are gone from there (a
 * move's cleanup took them), on the other shards side by side; then placed
 * as above. Rows found nowhere leave `named` (the step finds nothing there).
 */
export async function shardHolding(dbs: FlowDatabases, named: string, rows: OwnedRows): Promise<string> {
  let owners = await ownersOn(dbs.shard(named), rows);
  if (!owners.length) owners = (await Promise.all(dbs.names.filter((n) => n !== named).map((n) => ownersOn(dbs.shard(n), rows)))).flat();
  return shardOfRows(dbs, named, owners);
}
