/**
 * The partner's exports beyond jobs (./jobs-search.ts): its customers, their
 * credit entries with every ledger line, and the fitness scores of its
 * customers (and its orphaned ones). Each reads one page from a keyset cursor,
 * with the partner's ownership filter applied here.
 */
import { and, asc, desc, eq, isNull, or, sql } from "drizzle-orm";
import { accounts, creditEntries, creditLines, priceGroups, scoreEntries, scores } from "../../db/schema";
import type { Db } from "../env";
import type { PartnerScope } from "../http/endpoint";
import { after, type CursorValue } from "./cursor";
import { ledgerBalance } from "./credits";
import type { CustomerFilters } from "../../contract/customers";
import { customerFilters, customersOfPartner, ownPriceGroup } from "./customers";

const ofPartner = (scope: PartnerScope) => customersOfPartner(scope.account.id);

function paged<T extends { id: string }>(rows: T[], limit: number, key: (row: T) => CursorValue[]) {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { rows: page, next: rows.length > limit && last ? key(last) : undefined };
}

/** The partner's customers by name (with Your Customers' filters), with team size and credit balance. */
export async function customerExportPage(db: Db, scope: PartnerScope, cursor: CursorValue[] | undefined, limit: number, filters: CustomerFilters) {
  const rows = await db
    .select({
      id: accounts.id,
      name: accounts.name,
      industry: accounts.industry,
      size: accounts.size,
      location: accounts.location,
      website: accounts.website,
      primaryEmail: accounts.primaryEmail,
      currency: accounts.currency,
      language: accounts.language,
      priceGroup: priceGroups.name,
      teamSize: sql<number>`(select count(*) from account_users au where au.account_id = ${accounts.id} and au.status = 'active')`,
      creditBalance: ledgerBalance(accounts.id, scope.account.id),
      createdAt: accounts.createdAt,
    })
    .from(accounts)
    .leftJoin(priceGroups, ownPriceGroup(scope))
    .where(
      and(
        customerFilters(scope, filters),
        after(
          [
            { column: accounts.name, dir: "asc" },
            { column: accounts.id, dir: "asc" },
          ],
          cursor,
        ),
      ),
    )
    .orderBy(asc(accounts.name), asc(accounts.id))
    .limit(limit + 1);
  return paged(rows, limit, (r) => [r.name, r.id]);
}

/** Every credit line of the partner's customers, with its entry, newest first. */
export async function creditExportPage(db: Db, scope: PartnerScope, cursor: CursorValue[] | undefined, limit: number) {
  const rows = await db
    .select({
      id: creditLines.id,
      customer: accounts.name,
      entryId: creditEntries.id,
      planName: creditEntries.planName,
      variantName: creditEntries.variantName,
      startDate: creditEntries.startDate,
      endDate: creditEntries.endDate,
      refreshPeriod: creditEntries.refreshPeriod,
      source: creditLines.source,
      itemType: creditLines.itemType,
      updateType: creditLines.updateType,
      quantity: creditLines.quantity,
      enteredAt: creditLines.enteredAt,
      context: creditLines.context,
    })
    .from(creditLines)
    .innerJoin(creditEntries, eq(creditEntries.id, creditLines.creditEntryId))
    .innerJoin(accounts, eq(accounts.id, creditLines.accountId))
    .where(
      and(
        ofPartner(scope),
        eq(creditLines.partnerAccountId, scope.account.id),
        after(
          [
            { column: creditLines.enteredAt, dir: "desc" },
            { column: creditLines.id, dir: "desc" },
          ],
          cursor,
        ),
      ),
    )
    .orderBy(desc(creditLines.enteredAt), desc(creditLines.id))
    .limit(limit + 1);
  return paged(rows, limit, (r) => [r.enteredAt, r.id]);
}

/** The scores of the partner's customers and its orphaned ones, newest first, with their entry counts. */
export async function scoreExportPage(db: Db, scope: PartnerScope, cursor: CursorValue[] | undefined, limit: number) {
  const rows = await db
    .select({
      id: scores.id,
      customer: accounts.name,
      category: scores.category,
      score: scores.score,
      scorePercent: scores.scorePercent,
      source: scores.source,
      entries: sql<number>`(select count(*) from ${scoreEntries} where ${scoreEntries.scoreId} = ${scores.id})`,
      assessedAt: scores.assessedAt,
      createdAt: scores.createdAt,
    })
    .from(scores)
    .leftJoin(accounts, eq(accounts.id, scores.accountId))
    .where(
      and(
        eq(scores.partnerAccountId, scope.account.id),
        or(ofPartner(scope), isNull(scores.accountId)),
        after(
          [
            { column: scores.createdAt, dir: "desc" },
            { column: scores.id, dir: "desc" },
          ],
          cursor,
        ),
      ),
    )
    .orderBy(desc(scores.createdAt), desc(scores.id))
    .limit(limit + 1);
  return paged(rows, limit, (r) => [r.createdAt, r.id]);
}
