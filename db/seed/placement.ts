/**
 * Where each demo row goes (docs/decisions/2026-11-27-demo-on-two-shards.md):
 * by its table's placement (worker/d1/placement.ts) and, for a shard's row, by
 * the partner it belongs to, found through its foreign keys: an account
 * belongs to itself (a partner) or its partner (a customer); any other row to
 * the partner of the first row it points at that belongs to one (an account
 * before anything else). Pure: the seed and the tests read it.
 */
import { getTableColumns, getTableName, type Column } from "drizzle-orm";
import { getTableConfig, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { placementOf } from "../../worker/d1/placement";

export const DIRECTORY = "directory";

type Row = Record<string, unknown>;

/** Each table's foreign keys: the row's key of each column, the table it points at. */
function foreignKeysOf(table: SQLiteTable): { key: string; target: string }[] {
  const keyOf = new Map(Object.entries(getTableColumns(table)).map(([key, column]) => [(column as Column).name, key]));
  return getTableConfig(table).foreignKeys.flatMap((fk) => {
    const ref = fk.reference();
    const column = ref.columns[0];
    const key = ref.columns.length === 1 && column ? keyOf.get(column.name) : undefined;
    return key ? [{ key, target: getTableName(ref.foreignTable) }] : [];
  });
}

/**
 * For each [table, rows] in order, where its rows go: database name
 * (DIRECTORY or a shard) → rows. `defaultShard` takes a shard's row that
 * belongs to no partner (a customer not linked yet).
 */
export function placeRows(tables: [SQLiteTable, object[]][], defaultShard: string): Map<string, object[]>[] {
  /** The shard of each partner, then the shard of every placed row by table and id. */
  const partnerShard = new Map<string, string>();
  const shardOfRow = new Map<string, Map<unknown, string>>();
  const usersOn = new Map<string, Set<unknown>>();
  for (const [table, rows] of tables) {
    if (getTableName(table) !== "accounts") continue;
    for (const row of rows as Row[]) if (row.type === "partner") partnerShard.set(row.id as string, (row.shard as string | null) ?? defaultShard);
  }
  const out = tables.map(() => new Map<string, object[]>());
  const add = (i: number, where: string, row: object) => out[i]!.set(where, [...(out[i]!.get(where) ?? []), row]);
  // First pass: every row but the users' copies; a row pointing at a row of another shard (or one left out) stays out.
  for (const [i, [table, rows]] of tables.entries()) {
    const name = getTableName(table);
    const placement = placementOf(table);
    const fks = foreignKeysOf(table);
    const seen = shardOfRow.get(name) ?? new Map<unknown, string>();
    shardOfRow.set(name, seen);
    for (const row of rows as Row[]) {
      if (placement === "directory") {
        add(i, DIRECTORY, row);
        continue;
      }
      if (name === "users") continue;
      let shard: string | undefined;
      if (name === "accounts") {
        const partner = row.type === "partner" ? (row.id as string) : (row.parentAccountId as string | null);
        shard = (partner && partnerShard.get(partner)) || defaultShard;
      } else {
        // The rows it points at that sit on a shard (users are copied to wherever they are needed).
        const pointsAt = fks
          .filter((fk) => fk.target !== "users" && placementOf(fk.target) !== "directory" && row[fk.key] != null)
          .sort((a, b) => Number(b.target === "accounts") - Number(a.target === "accounts"))
          .map((fk) => shardOfRow.get(fk.target)?.get(row[fk.key]));
        shard = pointsAt.find((o): o is string => typeof o === "string") ?? defaultShard;
        // Pointing at a row that went to another shard, or was left out: a cross-partner row, not seeded.
        if (pointsAt.some((o) => o !== shard)) continue;
      }
      if ("id" in row) seen.set(row.id, shard);
      else if (name === "stylings") seen.set(row.accountId, shard);
      add(i, shard, row);
      for (const fk of fks) if (fk.target === "users" && row[fk.key] != null) usersOn.set(shard, (usersOn.get(shard) ?? new Set()).add(row[fk.key]));
      // The directory's copy of an account is its routing row: without its price group (a shard's row).
      if (placement === "both") add(i, DIRECTORY, name === "accounts" ? { ...row, priceGroupId: null } : row);
    }
  }
  // Second pass: each user in the directory, and a copy in each shard whose rows point at it.
  for (const [i, [table, rows]] of tables.entries()) {
    if (getTableName(table) !== "users") continue;
    for (const row of rows as Row[]) {
      add(i, DIRECTORY, row);
      for (const [shard, ids] of usersOn) if (ids.has(row.id)) add(i, shard, row);
    }
  }
  return out;
}
