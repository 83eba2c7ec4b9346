/**
 * The directory's rows that outlive their use, pruned by the cron trigger
 * (worker/cron.ts) so that the directory grows with its users, not with time:
 * - sessions past their expiry (better-auth refuses them, and deletes one only
 *   when it is presented again; a session never used again stayed for ever);
 * - verification records past their expiry, whatever their kind (confirmation
 *   and reset links, the sign-up's partner memory, hand-off tokens and the
 *   provider's own): every reader refuses an expired one;
 * - rate-limit counters whose window ended long ago (every window is a
 *   minute: worker/identity/embedded.ts, worker/http/rate-limit.ts); a
 *   request after its window starts its count again at 1, as it does when the
 *   row is gone.
 * Each table in rounds of PRUNE_ROUND rows (oldest first, through the index
 * on its time column: db/schema/auth.ts), at most PRUNE_ROUNDS rounds a run;
 * the next run takes the rest. Idempotent: a second run at the same instant
 * finds nothing.
 */
import { inArray, lt } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { authRateLimits, authSessions, authVerifications } from "../../db/schema";
import type { Db } from "../env";

/** Rows deleted by one statement. */
export const PRUNE_ROUND = 500;
/** Rounds per table and run (the cron runs every ten minutes: up to 720,000 rows of each table a day). */
export const PRUNE_ROUNDS = 10;
/** A rate-limit counter is kept this long after its last request: well past every window (a minute). */
export const RATE_LIMIT_KEPT_MS = 60 * 60 * 1000;

export type Pruned = { sessions: number; verifications: number; rateLimits: number };

/** Deletes up to PRUNE_ROUNDS × PRUNE_ROUND rows of `table` whose `column` is below `before`; answers how many went. */
async function pruneRows(db: Db, table: SQLiteTable & { id: SQLiteColumn }, column: SQLiteColumn, before: Date | number): Promise<number> {
  let pruned = 0;
  for (let round = 0; round < PRUNE_ROUNDS; round++) {
    const oldest = db.select({ id: table.id }).from(table).where(lt(column, before)).orderBy(column).limit(PRUNE_ROUND);
    const gone = await db.delete(table).where(inArray(table.id, oldest)).returning({ id: table.id });
    pruned += gone.length;
    if (gone.length < PRUNE_ROUND) break;
  }
  return pruned;
}

/** Prunes the directory's expired sessions, expired verifications and spent rate-limit counters as of `now`, the tables side by side. */
export async function pruneDirectory(directory: Db, now = Date.now()): Promise<Pruned> {
  const [sessions, verifications, rateLimits] = await Promise.all([
    pruneRows(directory, authSessions, authSessions.expiresAt, new Date(now)),
    pruneRows(directory, authVerifications, authVerifications.expiresAt, new Date(now)),
    pruneRows(directory, authRateLimits, authRateLimits.lastRequest, now - RATE_LIMIT_KEPT_MS),
  ]);
  return { sessions, verifications, rateLimits };
}
