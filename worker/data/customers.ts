/** A partner's customers, as the partner may touch them. */
import { and, eq } from "drizzle-orm";
import { accounts, priceGroups } from "../../db/schema";
import type { Db } from "../env";
import type { PartnerAdminScope, PartnerScope } from "../http/endpoint";
import { invalid, notFound } from "../http/errors";
import type { Account } from "../identity/context";

/** One of the partner's own customers; anyone else's (or no one's) is 404, like a missing one. */
export async function customerOf(db: Db, scope: PartnerScope, customerId: string): Promise<Account> {
  const [customer] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, customerId), eq(accounts.parentAccountId, scope.account.id), eq(accounts.type, "customer")))
    .limit(1);
  if (!customer) throw notFound("Customer not found");
  return customer;
}

/**
 * Puts the customer into one of the partner's price groups (or none): its
 * catalogue prices and visibility follow at once. Another partner's group is
 * 400 on priceGroupId.
 */
export async function setCustomerPriceGroup(db: Db, scope: PartnerAdminScope, customerId: string, priceGroupId: string | null): Promise<Account> {
  const customer = await customerOf(db, scope, customerId);
  if (priceGroupId) {
    const [group] = await db
      .select({ id: priceGroups.id })
      .from(priceGroups)
      .where(and(eq(priceGroups.id, priceGroupId), eq(priceGroups.accountId, scope.account.id)))
      .limit(1);
    if (!group) throw invalid({ priceGroupId: "Price group not found" });
  }
  const [updated] = await db
    .update(accounts)
    .set({ priceGroupId, updatedAt: new Date().toISOString() })
    .where(and(eq(accounts.id, customer.id), eq(accounts.parentAccountId, scope.account.id)))
    .returning();
  return updated;
}
