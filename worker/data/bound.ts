import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteInsertValue, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../env";

/**
 * D1 binds at most 100 parameters per statement, and a list that grows with
 * the data (ids of a page, a group's items, a job's lines) must never reach
 * it. Two tools, used everywhere a statement would bind a list:
 *
 * - `inList(column, values)`: `column IN (…)` with the whole list bound as ONE
 *   parameter, a JSON array read by `json_each`, however long the list is;
 * - `insertRows(db, table, rows)`: a multi-row insert split into statements of
 *   at most `MAX_BOUND` parameters each (run them in one batch).
 */
export const MAX_BOUND = 90;

type Listable = string | number;

/** `column IN (values)`, binding one parameter (an empty list matches nothing). */
export function inList(column: SQLiteColumn | SQL, values: readonly Listable[]): SQL {
  return sql`${column} in (select value from json_each(${JSON.stringify(values)}))`;
}

/** `column NOT IN (values)`, binding one parameter (an empty list excludes nothing). */
export function notInList(column: SQLiteColumn | SQL, values: readonly Listable[]): SQL {
  return sql`${column} not in (select value from json_each(${JSON.stringify(values)}))`;
}

export function chunked<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** How many rows of `table` fit in one statement under MAX_BOUND (each column binds at most one value per row). */
export function rowsPerInsert(table: SQLiteTable): number {
  return Math.max(1, Math.floor(MAX_BOUND / Object.keys(getTableColumns(table)).length));
}

/** Insert statements for `rows`, each binding at most MAX_BOUND parameters; none for no rows. */
export function insertRows<T extends SQLiteTable>(db: Db, table: T, rows: SQLiteInsertValue<T>[]) {
  return chunked(rows, rowsPerInsert(table)).map((part) => db.insert(table).values(part));
}
