import type { HomepageCustomerPreview, HomepageLayout } from "../../contract/homepage";
import { TOP_PICKS } from "../../contract/homepage";
import type { Db } from "../env";
import type { CustomerScope, PartnerAdminScope } from "../http/endpoint";
import { cataloguePage } from "./catalogue";
import { customerOf } from "./customers";
import { entitlementsOf } from "./entitlements";
import { homepageView } from "./homepage-view";
import { summaryOf } from "./scores";

/**
 * The builder's preview as one of the partner's customers: the draft's Home
 * and what Home shows above the hero, each read as that customer reads it
 * (its catalogue visibility; its scores, credits and workouts done under this partner only). Read-only; another
 * partner's customer (or an unknown id) is 404.
 */
export async function customerHomePreview(db: Db, scope: PartnerAdminScope, customerId: string, draft: HomepageLayout): Promise<HomepageCustomerPreview> {
  const customer = await customerOf(db, scope, customerId);
  // The customer's own reader: a plain member of its account, signed in as the partner's admin only to be traced.
  const reader: CustomerScope = { ...scope, account: { ...customer, type: "customer" }, role: "member" };
  const [home, summary, entitlements, picks] = await Promise.all([
    homepageView(db, reader, draft, { mine: false }),
    summaryOf(db, reader, scope.account.id),
    entitlementsOf(db, customer.id, scope.account.id),
    cataloguePage(db, reader, { limit: TOP_PICKS }),
  ]);
  return { customer: { id: customer.id, name: customer.name }, home, summary, balance: entitlements.balance, topPicks: picks.items };
}
