/** Small helpers every data module shares: today's date, LIKE patterns, batches (list cursors are in ./cursor). */
import type { Db } from "../env";

/** Today's calendar date (UTC, YYYY-MM-DD): the day every date window is compared with. */
export const today = () => new Date().toISOString().slice(0, 10);

/** Whether a dated row's window (open ends included) includes `day`. */
export const inDate = (row: { startDate: string | null; endDate: string | null }, day = today()) =>
  (!row.startDate || row.startDate <= day) && (!row.endDate || row.endDate >= day);

/** A LIKE pattern that finds `q` anywhere, with %, _ and \ matched literally (use with `escape '\\'`). */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

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
