/**
 * Where the rows a queued step names are now
 * (docs/decisions/2026-11-27-queued-steps-follow-a-move.md): a step queued
 * before a partner's move names the partner's old shard; after the flip its
 * rows are on the new one (and after the cleanup only there). Read from the
 * directory's routing rows at run time, one call for every account a step
 * concerns; where a step does not name its account, from the rows it names.
 */
import { eq, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { accounts } from "../../db/schema";
import type { Placed } from "../domain/shard-move";
import type { Db } from "../env";
import { inList } from "./bound";
import { routed, routingColumns, routingPartner } from "./quiet-partners";

/** An account's placement with the partner that places it (a partner: itself; a customer not linked: null). */
export type PlacedAccount = Placed & { partnerId: string | null };

/** The directory's placement of each of these accounts (its partner's shard, its former shards); an account not in the directory is not in the answer. */
export async function placementsOf(directory: Db, accountIds: readonly (string | null | undefined)[]): Promise<Map<string, PlacedAccount>> {
  const ids = [...new Set(accountIds.filter((id): id is string => Boolean(id)))];
  if (!ids.length) return new Map();
  const rows = await directory
    .select({ id: accounts.id, parent: accounts.parentAccountId, former: accounts.formerShards, ...routingColumns() })
    .from(accounts)
    .leftJoin(routingPartner, eq(routingPartner.id, accounts.parentAccountId))
    .where(inList(accounts.id, ids));
  return new Map(rows.map((r) => [r.id, { shard: routed(r).shard, former: r.former ?? [], partnerId: r.type === "partner" ? r.id : r.parent }]));
}

/** A table's owner column, read for the rows `ids` names (`key`: the column that names them). */
export type OwnedRows = { table: SQLiteTable; key: SQLiteColumn; owner: SQLiteColumn | SQL; ids: readonly string[] };

/** The accounts owning the rows `rows` names on one database (empty: none of them is there). */
export async function ownersOn(db: Db, rows: OwnedRows): Promise<string[]> {
  if (!rows.ids.length) return [];
  const found = await db
    .select({ owner: rows.owner })
    .from(rows.table)
    .where(inList(rows.key, [...rows.ids]));
  return [...new Set(found.flatMap((r) => (typeof r.owner === "string" ? [r.owner] : [])))];
}
