/** The credit ledger's balance: plan adjustments and bonuses add, consumption subtracts. */
import { desc, eq, sql, type Placeholder, type SQLWrapper } from "drizzle-orm";
import { accounts, creditEntries, creditLines } from "../../db/schema";
import type { Db } from "../env";

/**
 * An account's credit balance as one SQL expression: the sum of its ledger
 * lines, 0 without any. The account is a value, a placeholder (a reusable
 * batch) or a column (`accounts.id`, correlated). Every read of a balance and
 * every guard that keeps it from going below zero is written with this.
 */
export function ledgerBalance(accountId: string | Placeholder | SQLWrapper, partnerId?: string) {
  // Nested in a second `sql`: in a single-table select drizzle writes the columns at the top of a field's SQL
  // unqualified, which would turn `= "accounts"."id"` into the ledger line's own "id".
  // With `partnerId`: only the lines written while the account was under that partner (what the partner sees).
  const under = partnerId ? sql` and ${creditLines.partnerAccountId} = ${partnerId}` : sql``;
  const sum = sql`select coalesce(sum(${creditLines.quantity}), 0) from ${creditLines} where ${creditLines.accountId} = ${accountId}${under}`;
  return sql<number>`(${sum})`.mapWith(Number);
}

/** The balance of one account as a query of its own (for a batch): one row, `{ total }`. */
export const balanceQuery = (db: Db, accountId: string | Placeholder) =>
  db
    .select({ total: ledgerBalance(accounts.id) })
    .from(accounts)
    .where(eq(accounts.id, accountId));

/**
 * An account's credit balance ("workouts remaining"), with its latest credit
 * entry (where a booking's consumption line goes) and whether it has any.
 */
export async function creditBalance(db: Db, accountId: string): Promise<{ balance: number; entryId: string | null; hasEntry: boolean }> {
  const [[entry], [total]] = await db.batch([
    db.select({ id: creditEntries.id }).from(creditEntries).where(eq(creditEntries.accountId, accountId)).orderBy(desc(creditEntries.startDate)).limit(1),
    balanceQuery(db, accountId),
  ]);
  return { balance: Number(total?.total ?? 0), entryId: entry?.id ?? null, hasEntry: Boolean(entry) };
}
