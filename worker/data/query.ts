/** Small helpers every data module shares: today's date, text search, batches (list cursors are in ./cursor). */
import { or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../env";
import { canonicalTimeZone } from "../../contract/time-zones";

/** Today's calendar date (UTC, YYYY-MM-DD): the day every date window is compared with. */
export const today = () => new Date().toISOString().slice(0, 10);

/** The zone the caller works in: their stored one, else the one their browser sent, else UTC. */
export const callerZone = (caller: { user: { timeZone: string | null }; auth: { sentTimeZone?: string | null } }): string =>
  canonicalTimeZone(caller.user.timeZone ?? "") ?? canonicalTimeZone(caller.auth.sentTimeZone ?? "") ?? "UTC";

/** Whether a dated row's window (open ends included) includes `day`. */
export const inDate = (row: { startDate: string | null; endDate: string | null }, day = today()) =>
  (!row.startDate || row.startDate <= day) && (!row.endDate || row.endDate >= day);

/** A LIKE pattern that finds `q` anywhere, with %, _ and \ matched literally (used with `escape '\\'`). */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/**
 * A text search: one of the columns contains `q`, the user's %, _ and \
 * matched literally. SQLite's LIKE ignores the case of ASCII letters; other
 * letters match as typed. Every search box of the product goes through here.
 */
export function contains(columns: readonly (SQLiteColumn | SQL)[], q: string): SQL | undefined {
  const pattern = likePattern(q);
  return or(...columns.map((column) => sql`${column} like ${pattern} escape '\\'`));
}

/** One statement of a D1 batch. */
export type Stmt = Parameters<Db["batch"]>[0][number];

/** Runs the statements as one D1 batch (all or nothing). */
export const batch = (db: Db, stmts: Stmt[]) => db.batch(stmts as [Stmt, ...Stmt[]]);

/**
 * The row a statement must have answered: the one just written or read back by its key.
 * None is a broken invariant (a server error), never an `undefined` handed on as a row.
 */
export function theRow<T>(rows: readonly T[], what: string): T {
  const [row] = rows;
  if (row === undefined) throw new Error(`${what}: no row answered`);
  return row;
}

/**
 * `read` on each of `shards` in parallel: a list of Dbs, or the promise of
 * one (found while the request's own shard is read, so the look-up adds no
 * depth to a request whose list is empty).
 */
export const onEachShard = async <T>(shards: Db[] | Promise<Db[]>, read: (db: Db) => Promise<T>): Promise<T[]> => Promise.all((await shards).map(read));
