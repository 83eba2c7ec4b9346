/**
 * Batches and inserts whose SQL is rendered once per isolate. Rendering a
 * query builder to SQL costs far more CPU than running the query on D1 (a
 * booking's read batch of about twenty selects took ~8 ms to render against
 * ~2 ms to run), and on a hot path such as booking that rendering, not the
 * database, sets how many requests an isolate serves.
 *
 * - `reusableBatch`: a batch built with `sql.placeholder(name)` in place of
 *   every value that varies; the first use renders it and keeps the SQL and
 *   drizzle's row mapping, every later use only binds the values. The shape
 *   of the batch (which statements, which clauses) must not depend on the
 *   values: express an optional filter as `(? is null or column = ?)` on one
 *   placeholder, a list as a JSON array placeholder (`inPlaceholder`).
 *   Statements passed as `before` run first in the same batch (one
 *   transaction), so a write and the read of what it wrote are one round trip.
 * - `reusableQuery`: one select, the same way, as a single statement.
 * - `reusableInsert`: an insert of one row, rendered once per table and set
 *   of columns given; each value goes through its column's encoder as
 *   drizzle's own insert would.
 */
import { fillPlaceholders, getTableColumns, getTableName, is, Param, Placeholder, sql, SQL } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { SQLiteColumn, SQLiteInsertValue, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../env";
import { d1Of, type Statement, type Statements } from "./statements";

type Rendered = { sql: string; params: unknown[]; map: (result: unknown, fromBatch: boolean) => unknown };
/** What drizzle's own `batch` takes from each query (its prepared query): the SQL with placeholders and the row mapping. */
type Preparable = { _prepare(): { getQuery(): { sql: string; params: unknown[] }; mapResult(result: unknown, fromBatch: boolean): unknown } };

const rendered = new Map<string, Rendered[]>();

function render(item: BatchItem<"sqlite">): Rendered {
  const prepared = (item as unknown as Preparable)._prepare();
  const query = prepared.getQuery();
  return { sql: query.sql, params: query.params, map: (result, fromBatch) => prepared.mapResult(result, fromBatch) };
}

function renderOnce(key: string, build: () => readonly BatchItem<"sqlite">[]): Rendered[] {
  let queries = rendered.get(key);
  if (!queries) {
    queries = build().map(render);
    rendered.set(key, queries);
  }
  return queries;
}

/** `column IN (the JSON array bound to placeholder name)`: a list of any length in one parameter. */
export function inPlaceholder(column: SQLiteColumn | SQL, name: string): SQL {
  return sql`${column} in (select value from json_each(${sql.placeholder(name)}))`;
}

/**
 * Runs the batch `build` answers (one D1 round trip) with `values` bound to
 * its placeholders, after the statements `before` (none by default) in the
 * same batch; `key` names the batch's shape (one per call site). Answers the
 * rows of `build`'s queries only.
 */
export async function reusableBatch<T extends readonly [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]>(
  db: Db,
  key: string,
  build: () => T,
  values: Record<string, unknown>,
  before: Statements = [],
): Promise<BatchResponse<T>> {
  return runAfter(db, before, renderOnce(key, build), values) as Promise<BatchResponse<T>>;
}

/** `before`, then `queries` with `values` bound, in one D1 batch; answers the queries' rows. */
async function runAfter(db: Db, before: Statements, queries: Rendered[], values: Record<string, unknown>): Promise<unknown[]> {
  const d1 = d1Of(db);
  const first = before.map((st) => {
    const q = st.toSQL();
    return d1.prepare(q.sql).bind(...q.params);
  });
  const results = await d1.batch([...first, ...queries.map((q) => d1.prepare(q.sql).bind(...fillPlaceholders(q.params, values)))]);
  return queries.map((q, i) => q.map(results[first.length + i], true));
}

/**
 * The writes `before`, then the reads `reads` (rendered for this call, no
 * placeholders), in ONE D1 batch: one transaction, one round trip, the reads
 * seeing the writes. Answers the reads' rows.
 */
export async function writeThenRead<T extends readonly [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]>(
  db: Db,
  before: Statements,
  reads: T,
): Promise<BatchResponse<T>> {
  return runAfter(db, before, reads.map(render), {}) as Promise<BatchResponse<T>>;
}

/** One select built with placeholders (as for `reusableBatch`), rendered once per isolate and run on its own (one D1 call). */
export async function reusableQuery<T extends BatchItem<"sqlite">>(db: Db, key: string, build: () => T, values: Record<string, unknown>): Promise<Awaited<T>> {
  const [query] = renderOnce(key, () => [build()]);
  const rows = await d1Of(db)
    .prepare(query!.sql)
    .bind(...fillPlaceholders(query!.params, values))
    .raw();
  return query!.map(rows, false) as Awaited<T>;
}

const inserts = new Map<string, { sql: string; params: unknown[] }>();

/**
 * The insert of `row` into `table` as a batch statement, its SQL rendered
 * once per table and set of columns given. Columns left out get what
 * drizzle's insert gives them: their default, or a value of their default
 * function made for this row (a new id). A row with an SQL value is rendered
 * as usual.
 */
export function reusableInsert<T extends SQLiteTable>(db: Db, table: T, row: SQLiteInsertValue<T>): Statement {
  const given = row as Record<string, unknown>;
  const values: Record<string, unknown> = {};
  for (const [name, column] of Object.entries(getTableColumns(table))) {
    const value = given[name];
    if (value !== undefined) values[name] = value;
    else if (column.default !== null && column.default !== undefined) continue;
    else if (column.defaultFn) values[name] = column.defaultFn();
    else if (column.onUpdateFn) values[name] = column.onUpdateFn();
  }
  if (Object.values(values).some((v) => is(v, SQL))) return db.insert(table).values(values as SQLiteInsertValue<T>);
  const names = Object.keys(values);
  const key = `${getTableName(table)}(${names.join(",")})`;
  let query = inserts.get(key);
  if (!query) {
    query = db
      .insert(table)
      .values(Object.fromEntries(names.map((name) => [name, sql.placeholder(name)])) as SQLiteInsertValue<T>)
      .toSQL();
    inserts.set(key, query);
  }
  const params = query.params.map((p) => {
    if (!is(p, Param) || !is(p.value, Placeholder)) return p;
    const value = values[p.value.name];
    return value === null ? null : p.encoder.mapToDriverValue(value);
  });
  const text = query.sql;
  return { toSQL: () => ({ sql: text, params }) };
}
