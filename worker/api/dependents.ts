import { and, asc, count, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { Hono } from "hono";
import { DependentDetailsDto, DependentList, DependentsQuery } from "../../contract/dependents";
import { JobStatus } from "../../contract/enums";
import { ErrorEnvelope } from "../../contract/errors";
import { IdParam } from "../../contract/team";
import { accountUsers, accounts, jobs } from "../../db/schema";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";
import { notFound } from "../http/errors";
import { requirePartnerAdmin } from "../identity/context";
import { accountDto } from "./dto";
import { entitlementsOf } from "./entitlements";
import { CustomerPriceGroupBody } from "../../contract/assessments";
import { setCustomerPriceGroup } from "../data/customers";
import { recommendations } from "../data/recommendations";
import { after, decodeCursor, pageOf, type SortKey } from "../data/cursor";

/**
 * A partner's customers ("dependents"; Your Customers):
 * the list with search, sort and cursor pagination, and one customer's
 * details with team size, plan and credits, bookings and recommendations.
 * Only a partner's owners and admins; another partner's customer is 404.
 */
export const dependentsApi = new Hono<AppEnv>();

const errors = {
  400: { description: "Invalid input, with the fields that failed", schema: ErrorEnvelope },
  401: { description: "No or bad token", schema: ErrorEnvelope },
  403: { description: "Not a partner's owner or admin", schema: ErrorEnvelope },
};

// Written out with explicit qualifiers: drizzle leaves columns unqualified in a single-table select.
const teamSize = sql<number>`(select count(*) from account_users au where au.account_id = "accounts"."id" and au.status = 'active')`;

/** `GET v1/admin/dependents`. */
endpoint(
  dependentsApi,
  "/v1",
  {
    method: "get",
    path: "/admin/dependents",
    summary: "The partner's customers (search, sort, cursor pagination)",
    tags: ["customers"],
    auth: "partnerAdmin",
    query: DependentsQuery,
    responses: { 200: { description: "A page of customers", schema: DependentList }, ...errors },
  },
  async (c, { query }) => {
    const acting = await requirePartnerAdmin(c);
    const db = c.get("db");
    const column = query.sort === "createdAt" ? accounts.createdAt : accounts.name;
    const base: (SQL | undefined)[] = [eq(accounts.parentAccountId, acting.account.id), eq(accounts.type, "customer")];
    if (query.search) {
      const like = `%${query.search.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
      base.push(or(sql`lower(${accounts.name}) like ${like} escape '\\'`, sql`lower(coalesce(${accounts.primaryEmail}, '')) like ${like} escape '\\'`));
    }
    const keys: SortKey[] = [{ column, dir: query.order }, { column: accounts.id, dir: query.order }];
    const page = [...base, after(keys, decodeCursor(query.cursor, ["string", "string"]))];
    const order = query.order === "asc" ? asc : desc;
    const [rows, [{ total }]] = await db.batch([
      db
        .select({
          id: accounts.id,
          name: accounts.name,
          industry: accounts.industry,
          size: accounts.size,
          location: accounts.location,
          primaryEmail: accounts.primaryEmail,
          createdAt: accounts.createdAt,
          teamSize,
        })
        .from(accounts)
        .where(and(...page))
        .orderBy(order(column), order(accounts.id))
        .limit(query.limit + 1),
      db.select({ total: count() }).from(accounts).where(and(...base)),
    ]);
    const { items: pageRows, nextCursor } = pageOf(rows, query.limit, (r) => [query.sort === "createdAt" ? r.createdAt : r.name, r.id]);
    const items = pageRows.map((r) => ({ ...r, teamSize: Number(r.teamSize) }));
    return c.json({ items, nextCursor, total } satisfies DependentList);
  },
);

/** `GET v1/admin/dependents/{id}`. */
endpoint(
  dependentsApi,
  "/v1",
  {
    method: "get",
    path: "/admin/dependents/{id}",
    summary: "One of the partner's customers, with team size, plan, credits, bookings and recommendations",
    tags: ["customers"],
    auth: "partnerAdmin",
    params: IdParam,
    responses: {
      200: { description: "The customer", schema: DependentDetailsDto },
      ...errors,
      404: { description: "Not one of the partner's customers", schema: ErrorEnvelope },
    },
  },
  async (c, { params }) => {
    const acting = await requirePartnerAdmin(c);
    const db = c.get("db");
    const rows = await db
      .select()
      .from(accounts)
      .where(and(eq(accounts.id, params.id), eq(accounts.parentAccountId, acting.account.id), eq(accounts.type, "customer")))
      .limit(1);
    const customer = rows[0];
    if (!customer) throw notFound("Customer not found");
    const [[size], entitlements, jobRows, recs] = await Promise.all([
      db
        .select({ n: count() })
        .from(accountUsers)
        .where(and(eq(accountUsers.accountId, customer.id), eq(accountUsers.status, "active"))),
      entitlementsOf(db, customer.id),
      db
        .select({ status: jobs.status, n: count() })
        .from(jobs)
        .where(and(eq(jobs.accountId, customer.id), eq(jobs.partnerAccountId, acting.account.id)))
        .groupBy(jobs.status),
      recommendations(db, acting.account.id, customer),
    ]);
    const byStatus = Object.fromEntries(JobStatus.map((s) => [s, 0])) as Record<JobStatus, number>;
    for (const j of jobRows) byStatus[j.status] = j.n;
    return c.json({
      account: accountDto(customer),
      priceGroupId: customer.priceGroupId,
      teamSize: size.n,
      plan: entitlements.currentPlan,
      creditBalance: entitlements.balance,
      bookings: { total: jobRows.reduce((t, j) => t + j.n, 0), byStatus },
      recommendations: recs,
    } satisfies DependentDetailsDto);
  },
);

endpoint(
  dependentsApi,
  "/v1",
  {
    method: "put",
    path: "/admin/dependents/{id}/price-group",
    summary: "Puts one of the partner's customers into one of its price groups (null: none)",
    tags: ["customers"],
    auth: "partnerAdmin",
    params: IdParam,
    body: CustomerPriceGroupBody,
    responses: {
      200: { description: "The customer's price group", schema: CustomerPriceGroupBody },
      ...errors,
      404: { description: "Not one of the partner's customers", schema: ErrorEnvelope },
    },
  },
  async (c, { params, body }, scope) => {
    const updated = await setCustomerPriceGroup(c.get("db"), scope, params.id, body.priceGroupId);
    return c.json({ priceGroupId: updated.priceGroupId } satisfies CustomerPriceGroupBody);
  },
);
