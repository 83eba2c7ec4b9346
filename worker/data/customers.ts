/** A partner's customers, as the partner may touch them. */
import { and, asc, count, desc, eq, inArray, isNull, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { CustomerFilters, CustomerList, CustomersQuery } from "../../contract/customers";
import { JobStatus } from "../../contract/enums";
import { accountUsers, accounts, jobs, priceGroups, scores } from "../../db/schema";
import type { Db } from "../env";
import type { PartnerAdminScope, PartnerScope } from "../http/endpoint";
import { invalid, notFound } from "../http/errors";
import type { Account } from "../identity/context";
import { audit } from "./audit";
import { entitlementReads, entitlementsFrom } from "./entitlements";
import { after, decodeCursor, pageOf, type SortKey } from "./cursor";
import { batch, contains, theRow } from "./query";
import { recommendationReads } from "./recommendations";
import { d1Of, runBatch } from "./statements";

/**
 * The `accounts` rows that are customers of `partnerId`: the one filter every
 * query of a partner's customers applies (in a join, a subquery or a guard).
 */
export const customersOfPartner = (partnerId: string | Placeholder): SQL => and(eq(accounts.parentAccountId, partnerId), eq(accounts.type, "customer"))!;

/** The `accounts` rows under `partnerId`'s brand: the partner itself and its customers. */
export const underPartner = (partnerId: string | Placeholder): SQL =>
  or(and(eq(accounts.id, partnerId), eq(accounts.type, "partner")), customersOfPartner(partnerId))!;

/**
 * The `accounts` rows a session may see and act for among its user's: all of
 * them, except in a session made for a partner's domain (its partner scope),
 * where only that partner and its customers. Every read that lists or
 * resolves the caller's own memberships applies it.
 */
export const inSession = (partnerScope: string | Placeholder | null | undefined): SQL | undefined => (partnerScope ? underPartner(partnerScope) : undefined);

/** Whether the identity provider's organisation `authId` is the partner's own account or one of its customers. */
export async function organizationUnderPartner(db: Db, partnerId: string, authId: string): Promise<boolean> {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.authId, authId), underPartner(partnerId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * The partner whose people the identity provider's organisation `authId` is
 * (the partner's own account, or its customer's partner): null when no
 * account has that organisation (yet); `partnerId` null for a customer under
 * no partner.
 */
export async function organizationsPartner(db: Db, authId: string): Promise<{ partnerId: string | null } | null> {
  const [row] = await db
    .select({ id: accounts.id, type: accounts.type, parentAccountId: accounts.parentAccountId })
    .from(accounts)
    .where(eq(accounts.authId, authId))
    .limit(1);
  if (!row) return null;
  return { partnerId: row.type === "partner" ? row.id : row.parentAccountId };
}

/** One of the partner's own customers; anyone else's (or no one's) is 404, like a missing one. */
export async function customerOf(db: Db, scope: PartnerScope, customerId: string): Promise<Account> {
  return customerFound(await customerQuery(db, scope, customerId));
}

/** The read of `customerOf`, to go in one batch with the reads of the customer's data (`customerFound` answers it). */
export const customerQuery = (db: Db, scope: PartnerScope, customerId: string) =>
  db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, customerId), customersOfPartner(scope.account.id)))
    .limit(1);

/**
 * The customer `customerQuery` found, or 404. A batch reads the customer's
 * data beside it, by the same id and always under the partner; nothing of it
 * is answered unless the customer is the partner's.
 */
export function customerFound(rows: readonly Account[]): Account {
  const [customer] = rows;
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
  // The group it leaves and the one it joins (both the partner's), by name for the trail.
  const ids = [customer.priceGroupId, priceGroupId].filter((g): g is string => Boolean(g));
  const groups = ids.length
    ? await db
        .select({ id: priceGroups.id, name: priceGroups.name })
        .from(priceGroups)
        .where(and(inArray(priceGroups.id, ids), eq(priceGroups.accountId, scope.account.id)))
    : [];
  const nameOf = (id: string | null) => (id ? (groups.find((g) => g.id === id)?.name ?? null) : null);
  if (priceGroupId && !nameOf(priceGroupId)) throw invalid({ priceGroupId: "Price group not found" });
  await runBatch(
    d1Of(db),
    audit(
      [
        db
          .update(accounts)
          .set({ priceGroupId, updatedAt: new Date().toISOString() })
          .where(and(eq(accounts.id, customer.id), customersOfPartner(scope.account.id))),
      ],
      {
        accountId: customer.id,
        partnerAccountId: scope.account.id,
        code: "customerPriceGroupChanged",
        subjectType: "account",
        subjectId: customer.id,
        userId: scope.user.id,
        change: { kind: "name", from: nameOf(customer.priceGroupId), to: nameOf(priceGroupId) },
      },
    ),
  );
  return theRow(await db.select().from(accounts).where(eq(accounts.id, customer.id)), "updated customer");
}

// Written out with explicit qualifiers: drizzle leaves columns unqualified in a single-table select.
const teamSize = sql<number>`(select count(*) from account_users au where au.account_id = "accounts"."id" and au.status = 'active')`;

/**
 * The partner's customers that Your Customers' filters keep (its list and its
 * export alike): the search by name or email, and the price group ("none": in
 * no group). Another partner's group holds none of this partner's customers.
 */
export function customerFilters(scope: PartnerScope, filters: CustomerFilters): SQL {
  const { search, priceGroup } = filters;
  return and(
    customersOfPartner(scope.account.id),
    search ? contains([accounts.name, accounts.primaryEmail], search) : undefined,
    priceGroup === "none" ? isNull(accounts.priceGroupId) : priceGroup ? eq(accounts.priceGroupId, priceGroup) : undefined,
  )!;
}

/** The customer's price group, joined only when it is the partner's own. */
export const ownPriceGroup = (scope: PartnerScope): SQL => and(eq(priceGroups.id, accounts.priceGroupId), eq(priceGroups.accountId, scope.account.id))!;

/** The name of the customer's price group when it is the partner's own (a subquery: a join's same-named columns would collide in a D1 batch). */
const priceGroupName = (scope: PartnerScope) =>
  sql<string | null>`(select pg.name from price_groups pg where pg.id = "accounts"."price_group_id" and pg.account_id = ${scope.account.id})`;

/** A page of the partner's customers: search by name or email, filter by price group, sort by name or creation, cursor pages, and the total. */
export async function customerPage(db: Db, scope: PartnerScope, query: z.output<typeof CustomersQuery>): Promise<CustomerList> {
  const column = query.sort === "createdAt" ? accounts.createdAt : accounts.name;
  const base: (SQL | undefined)[] = [customerFilters(scope, query)];
  const keys: SortKey[] = [
    { column, dir: query.order },
    { column: accounts.id, dir: query.order },
  ];
  const page = [...base, after(keys, decodeCursor(query.cursor, ["string", "string"]))];
  const order = query.order === "asc" ? asc : desc;
  const [rows, [counted]] = await db.batch([
    db
      .select({
        id: accounts.id,
        name: accounts.name,
        industry: accounts.industry,
        size: accounts.size,
        location: accounts.location,
        primaryEmail: accounts.primaryEmail,
        priceGroupId: accounts.priceGroupId,
        priceGroupName: priceGroupName(scope),
        createdAt: accounts.createdAt,
        teamSize,
      })
      .from(accounts)
      .where(and(...page))
      .orderBy(order(column), order(accounts.id))
      .limit(query.limit + 1),
    db
      .select({ total: count() })
      .from(accounts)
      .where(and(...base)),
  ]);
  const { items: pageRows, nextCursor } = pageOf(rows, query.limit, (r) => [query.sort === "createdAt" ? r.createdAt : r.name, r.id]);
  const items = pageRows.map(({ priceGroupId, priceGroupName, ...r }) => ({
    ...r,
    priceGroup: priceGroupId && priceGroupName ? { id: priceGroupId, name: priceGroupName } : null,
    teamSize: Number(r.teamSize),
  }));
  // A count without grouping answers exactly one row.
  return { items, nextCursor, total: counted?.total ?? 0 };
}

/** One of the partner's customers with its team size, entitlements, bookings with the partner by status, and recommendations. */
export async function customerDetails(db: Db, scope: PartnerScope, customerId: string) {
  const partnerId = scope.account.id;
  // ONE round trip: the customer (404 unless it is the partner's), and its data read by the same id.
  const recs = recommendationReads(db, partnerId, customerId);
  const results = await batch(db, [
    customerQuery(db, scope, customerId),
    db
      .select({ n: count() })
      .from(accountUsers)
      .where(and(eq(accountUsers.accountId, customerId), eq(accountUsers.status, "active"))),
    // Its scores with this partner: as many as the customer page's Scores tab lists.
    db
      .select({ n: count() })
      .from(scores)
      .where(and(eq(scores.accountId, customerId), eq(scores.partnerAccountId, partnerId))),
    db
      .select({ status: jobs.status, n: count() })
      .from(jobs)
      .where(and(eq(jobs.accountId, customerId), eq(jobs.partnerAccountId, partnerId)))
      .groupBy(jobs.status),
    ...entitlementReads(db, customerId, partnerId),
    ...recs.statements,
  ]);
  const [found, [size], [scored], jobRows, plans, credits, lines] = results as [
    Account[],
    { n: number }[],
    { n: number }[],
    { status: JobStatus; n: number }[],
    ...Parameters<typeof entitlementsFrom>[0],
  ];
  const customer = customerFound(found);
  const byStatus = Object.fromEntries(JobStatus.map((s) => [s, 0])) as Record<JobStatus, number>;
  for (const j of jobRows) byStatus[j.status] = j.n;
  return {
    customer,
    teamSize: size?.n ?? 0,
    scoreCount: scored?.n ?? 0,
    entitlements: entitlementsFrom([plans, credits, lines]),
    bookings: { total: jobRows.reduce((t, j) => t + j.n, 0), byStatus },
    recommendations: recs.answer(results.slice(7), customer),
  };
}
