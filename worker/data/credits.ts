/** The credit ledger's balance: plan adjustments and bonuses add, consumption subtracts. */
import { desc, eq, sql } from "drizzle-orm";
import { creditEntries, creditLines } from "../../db/schema";
import type { Db } from "../env";

/**
 * An account's credit balance ("workouts remaining"), with its latest credit
 * entry (where a booking's consumption line goes) and whether it has any.
 */
export async function creditBalance(db: Db, accountId: string): Promise<{ balance: number; entryId: string | null; hasEntry: boolean }> {
  const [[entry], [total]] = await db.batch([
    db.select({ id: creditEntries.id }).from(creditEntries).where(eq(creditEntries.accountId, accountId)).orderBy(desc(creditEntries.startDate)).limit(1),
    db
      .select({ total: sql<number>`coalesce(sum(${creditLines.quantity}), 0)` })
      .from(creditLines)
      .where(eq(creditLines.accountId, accountId)),
  ]);
  return { balance: Number(total?.total ?? 0), entryId: entry?.id ?? null, hasEntry: Boolean(entry) };
}
