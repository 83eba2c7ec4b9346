import { and, eq, sql, type SQL } from "drizzle-orm";
import { accounts, reviews } from "../../db/schema";

/**
 * Whose reviews a reader sees: those written by members of the customers of
 * one partner (the reader's partner for a customer, the partner itself for a
 * partner previewing its library). Another partner's customers' names and
 * words never cross over, even on a workout both partners carry; the average
 * and count are taken over the same rows.
 */
export function reviewsOfPartner(partnerId: string, workoutId: string): SQL {
  return and(
    eq(reviews.workoutId, workoutId),
    sql`${reviews.accountId} in (select ${accounts.id} from ${accounts} where ${accounts.parentAccountId} = ${partnerId})`,
  )!;
}
