/**
 * The tables a partner's move to another shard carries (worker/domain/shard-move.ts),
 * read from db/schema and worker/d1/placement.ts: every "shard" and "both"
 * table but users (copied from the directory as the rows moved name them),
 * each with the column naming the account its row belongs to, in an order
 * where a row comes after the rows it points at; and, for deleting, every
 * foreign key of the schema pointing at each of them.
 */
import { getTableColumns, getTableName, is, Table } from "drizzle-orm";
import { getTableConfig, type SQLiteColumn, type SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "../../db/schema";
import { PLACEMENT, type Placement } from "../d1/placement";

type AnyTable = SQLiteTable & { id: SQLiteColumn };

/** A foreign key: the column of `from` that points at a row of `target`. */
export type ForeignKey = { from: string; table: AnyTable; key: string; column: SQLiteColumn; target: string };

export type MovedTable = {
  name: string;
  table: AnyTable;
  placement: Placement;
  /**
   * The column naming the account a row belongs to (a partner or one of its
   * customers); for a table without one, the key to the moved table whose
   * row it belongs with (`via`: a slot's hold is its slot's).
   */
  owner: SQLiteColumn;
  via?: string;
  /** Its foreign keys, to any table. */
  refs: ForeignKey[];
};

const TABLES = new Map((Object.values(schema) as unknown[]).flatMap((value) => (is(value, Table) ? [[getTableName(value), value as AnyTable] as const] : [])));

function foreignKeysOf(table: AnyTable): ForeignKey[] {
  const keyOf = new Map(Object.entries(getTableColumns(table)).map(([key, column]) => [column.name, key]));
  return getTableConfig(table).foreignKeys.flatMap((fk) => {
    const ref = fk.reference();
    const column = ref.columns[0];
    const key = ref.columns.length === 1 && column ? keyOf.get(column.name) : undefined;
    return key ? [{ from: getTableName(table), table, key, column: getTableColumns(table)[key]!, target: getTableName(ref.foreignTable) }] : [];
  });
}

const ALL_KEYS = [...TABLES.values()].flatMap(foreignKeysOf);

/**
 * The one key left out of the order: a customer's price group (accounts →
 * price_groups → accounts). Accounts are copied without it, and it is set
 * once the price groups are there (the step PRICE_GROUPS).
 */
export const isLateKey = (fk: ForeignKey) => fk.from === "accounts" && fk.key === "priceGroupId";

function ownerOf(name: string, table: AnyTable): { owner: SQLiteColumn; via?: string } {
  const columns = getTableColumns(table) as Record<string, SQLiteColumn>;
  const column = name === "accounts" ? columns.id : (columns.accountId ?? columns.partnerAccountId);
  if (column) return { owner: column };
  // No account named: the row goes with the one row it must point at (a not-null key to a moved table).
  const parent = foreignKeysOf(table).find((fk) => fk.column.notNull && fk.target !== name && PLACEMENT[fk.target as keyof typeof PLACEMENT] === "shard");
  if (!parent) throw new Error(`${name}: no column names the account its rows belong to`);
  return { owner: parent.column, via: parent.target };
}

/** Kahn's order over the moved tables' keys (the late one and self-references aside), PLACEMENT's order among equals. */
function ordered(tables: MovedTable[]): MovedTable[] {
  const names = new Set(tables.map((t) => t.name));
  const done = new Set<string>();
  const out: MovedTable[] = [];
  while (out.length < tables.length) {
    const next = tables.find(
      (t) => !done.has(t.name) && t.refs.every((fk) => fk.target === t.name || isLateKey(fk) || !names.has(fk.target) || done.has(fk.target)),
    );
    if (!next)
      throw new Error(
        `the moved tables' keys form a cycle: ${tables
          .filter((t) => !done.has(t.name))
          .map((t) => t.name)
          .join(", ")}`,
      );
    done.add(next.name);
    out.push(next);
  }
  return out;
}

/** The tables a move copies, parents first (delete in reverse). */
export const MOVED_TABLES: MovedTable[] = ordered(
  Object.entries(PLACEMENT).flatMap(([name, placement]) => {
    const table = TABLES.get(name);
    if (placement === "directory" || name === "users" || !table) return [];
    return [{ name, table, placement, ...ownerOf(name, table), refs: foreignKeysOf(table) }];
  }),
);

/**
 * The tables of a workout's document besides the workout (what a copy of it
 * writes, worker/data/publication.ts copyStatements): the author's rows there
 * go with the workout, whoever holds it.
 */
export const WORKOUT_DOCUMENT = new Set([
  "workout_variants",
  "workout_sessions",
  "session_action_items",
  "session_attachments",
  "prerequisites",
  "pricing_lines",
  "delivery_partners",
]);

/** The step after the tables: each customer's price group on the target (isLateKey). */
export const PRICE_GROUPS = "accounts.price_group_id";

/** The copy's steps, in order: the tables, then the price groups. */
export const COPY_STEPS = [...MOVED_TABLES.map((t) => t.name), PRICE_GROUPS];

export function movedTable(name: string): MovedTable | undefined {
  return MOVED_TABLES.find((t) => t.name === name);
}

/**
 * Every key of a shard's tables pointing at `table` (the late one aside:
 * deleting a price group empties it). The directory's own tables are not
 * read on a shard (worker/d1/placement-checks.ts): what they point at is
 * the directory's routing rows, which a move never deletes.
 */
export const keysInto = (table: string): ForeignKey[] =>
  ALL_KEYS.filter((fk) => fk.target === table && !isLateKey(fk) && (PLACEMENT as Record<string, Placement | undefined>)[fk.from] !== "directory");

/** The users table (copied from the directory) and the keys of a moved table pointing at users, accounts or workouts. */
export const refsTo = (t: MovedTable, target: "users" | "accounts" | "workouts") => t.refs.filter((fk) => fk.target === target && fk.from !== target);
