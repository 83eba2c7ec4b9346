/**
 * Rate limits of the product's own public endpoints, kept where the embedded
 * identity provider keeps its own (better-auth's `rateLimit` with
 * `storage: "database"`): the `auth_rate_limits` table, one row per key with
 * its count and the start of its window (milliseconds). The product's keys
 * start with `api:` so they never meet better-auth's (`<address><path>`).
 */
import { sql } from "drizzle-orm";
import { authRateLimits } from "../../db/schema";
import type { Db } from "../env";

/**
 * Counts one request against `key` in a fixed window of `windowMs` and
 * answers the count in the current window (1 for the first). One atomic
 * statement, so concurrent requests each get their own count.
 */
export async function countRequest(db: Db, key: string, windowMs: number, now = Date.now()): Promise<number> {
  const fresh = sql`${now} - ${authRateLimits.lastRequest} >= ${windowMs}`;
  const [row] = await db
    .insert(authRateLimits)
    .values({ id: crypto.randomUUID(), key: `api:${key}`, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: authRateLimits.key,
      set: {
        count: sql`case when ${fresh} then 1 else ${authRateLimits.count} + 1 end`,
        lastRequest: sql`case when ${fresh} then ${now} else ${authRateLimits.lastRequest} end`,
      },
    })
    .returning({ count: authRateLimits.count });
  return row?.count ?? 1;
}
