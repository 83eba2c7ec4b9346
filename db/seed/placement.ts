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
 * Where the rows go. `rows`: for each table in order, database → rows.
 * `crossing`: for each table in order, shard → the rows of a partner on that
 * shard that point at another partner's workout on another shard (a library
 * entry for a listed workout, and what depends on it); they are written after
 * `copies`, shard → the ids of the workouts the shard needs a copy of, as the
 * product copies a published workout into the adding partner's shard
 * (worker/data/publication.ts).
 */
export type Placed = { rows: Map<string, object[]>[]; crossing: Map<string, object[]>[]; copies: Map<string, Set<string>> };

/**
 * For each [table, rows] in order, where its rows go: database name
 * (DIRECTORY or a shard) → rows. `defaultShard` takes a shard's row that
 * belongs to no partner (a customer not linked yet).
 */
export function placeRows(tables: [SQLiteTable, object[]][], defaultShard: string): Placed {
  /** The shard of each partner, then the shard of every placed row by table and id. */
  const partnerShard = new Map<string, string>();
  const shardOfRow = new Map<string, Map<unknown, string>>();
  const usersOn = new Map<string, Set<unknown>>();
  for (const [table, rows] of tables) {
    if (getTableName(table) !== "accounts") continue;
    for (const row of rows as Row[]) if (row.type === "partner") partnerShard.set(row.id as string, (row.shard as string | null) ?? defaultShard);
  }
  const out = tables.map(() => new Map<string, object[]>());
  const crossing = tables.map(() => new Map<string, object[]>());
  const copies = new Map<string, Set<string>>();
  /** Rows written after the copies, by table: their own and what points at them go there too. */
  const crossed = new Map<string, Set<unknown>>();
  const add = (i: number, where: string, row: object, to = out) => to[i]!.set(where, [...(to[i]!.get(where) ?? []), row]);
  // First pass: every row but the users' copies; a row pointing at a row left out stays out.
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
      let after = false;
      if (name === "accounts") {
        const partner = row.type === "partner" ? (row.id as string) : (row.parentAccountId as string | null);
        shard = (partner && partnerShard.get(partner)) || defaultShard;
      } else {
        // The rows it points at that sit on a shard (users are copied to wherever they are needed).
        const onShard = fks
          .filter((fk) => fk.target !== "users" && placementOf(fk.target) !== "directory" && row[fk.key] != null)
          .sort((a, b) => Number(b.target === "accounts") - Number(a.target === "accounts"));
        const pointsAt = onShard.map((fk) => shardOfRow.get(fk.target)?.get(row[fk.key]));
        shard = pointsAt.find((o): o is string => typeof o === "string") ?? defaultShard;
        // Pointing at a row that was left out: not seeded either.
        if (pointsAt.some((o) => o === undefined)) continue;
        // Pointing at another shard's workout: the workout is copied there first (anything else there: left out).
        const foreign = onShard.filter((_, k) => pointsAt[k] !== shard);
        if (foreign.some((fk) => fk.target !== "workouts")) continue;
        after = foreign.length > 0 || onShard.some((fk) => crossed.get(fk.target)?.has(row[fk.key]));
        for (const fk of foreign) copies.set(shard, (copies.get(shard) ?? new Set()).add(row[fk.key] as string));
        if (after) crossed.set(name, (crossed.get(name) ?? new Set()).add(row.id));
      }
      if ("id" in row) seen.set(row.id, shard);
      else if (name === "stylings") seen.set(row.accountId, shard);
      add(i, shard, row, after ? crossing : out);
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
  return { rows: out, crossing, copies };
}
