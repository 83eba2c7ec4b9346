/**
 * Statements sent as one D1 batch (one transaction, all or nothing): query
 * builders or raw SQL, rendered to SQL. Raw SQL serves the guards a query
 * builder cannot say (an insert that happens only while a sum still covers it).
 */
import type { SQL } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import type { Db } from "../env";

export type Statement = { toSQL(): { sql: string; params: unknown[] } };
export type Statements = Statement[];

const dialect = new SQLiteSyncDialect();
/** Raw SQL as a batchable statement. */
export const raw = (query: SQL): Statement => ({ toSQL: () => dialect.sqlToQuery(query) });

/** The D1 binding behind a drizzle database (drizzle keeps it as $client, not in its declared type). */
export const d1Of = (db: Db) => (db as unknown as { $client: D1Database }).$client;

/** Sends statements as one D1 batch: one transaction, all or nothing. */
export async function runBatch(d1: D1Database, statements: Statements): Promise<void> {
  if (!statements.length) return;
  await d1.batch(
    statements.map((st) => {
      const q = st.toSQL();
      return d1.prepare(q.sql).bind(...q.params);
    }),
  );
}

/** A D1 error's text with its cause, to recognise which guard failed. */
export const errorText = (err: unknown): string => String((err as Error)?.message ?? err) + String((err as { cause?: Error })?.cause?.message ?? "");
