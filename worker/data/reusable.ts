/**
 * Batches whose SQL is rendered once per isolate. Rendering a query builder
 * to SQL costs far more CPU than running the query on D1 (a booking's read
 * batch of about twenty selects took ~8 ms to render against ~2 ms to run),
 * and on a hot path such as booking that rendering, not the database, sets
 * how many requests an isolate serves. A reusable batch is built with
 * `sql.placeholder(name)` in place of every value that varies; the first use
 * renders it and keeps the SQL and drizzle's row mapping, every later use
 * only binds the values. The shape of the batch (which statements, which
 * clauses) must not depend on the values: express an optional filter as
 * `(? is null or column = ?)` on one placeholder, a list as a JSON array
 * placeholder (`inPlaceholder`).
 */
import { fillPlaceholders, sql, type SQL } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../env";
import { d1Of } from "./statements";

type Rendered = { sql: string; params: unknown[]; map: (result: unknown, fromBatch: boolean) => unknown };
/** What drizzle's own `batch` takes from each query (its prepared query): the SQL with placeholders and the row mapping. */
type Preparable = { _prepare(): { getQuery(): { sql: string; params: unknown[] }; mapResult(result: unknown, fromBatch: boolean): unknown } };

const rendered = new Map<string, Rendered[]>();

/** `column IN (the JSON array bound to placeholder name)`: a list of any length in one parameter. */
export function inPlaceholder(column: SQLiteColumn | SQL, name: string): SQL {
  return sql`${column} in (select value from json_each(${sql.placeholder(name)}))`;
}

/**
 * Runs the batch `build` answers (one D1 round trip) with `values` bound to
 * its placeholders; `key` names the batch's shape (one per call site).
 */
export async function reusableBatch<T extends readonly [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]>(
  db: Db,
  key: string,
  build: () => T,
  values: Record<string, unknown>,
): Promise<BatchResponse<T>> {
  let queries = rendered.get(key);
  if (!queries) {
    queries = build().map((item) => {
      const prepared = (item as unknown as Preparable)._prepare();
      const query = prepared.getQuery();
      return { sql: query.sql, params: query.params, map: (result, fromBatch) => prepared.mapResult(result, fromBatch) };
    });
    rendered.set(key, queries);
  }
  const d1 = d1Of(db);
  const results = await d1.batch(queries.map((q) => d1.prepare(q.sql).bind(...fillPlaceholders(q.params, values))));
  return queries.map((q, i) => q.map(results[i], true)) as BatchResponse<T>;
}
