import { and, avg, count, eq } from "drizzle-orm";
import type { Context } from "hono";
import { Hono } from "hono";
import { CataloguePage, CatalogueQuery, CatalogueWorkout } from "../../contract/catalogue";
import { ErrorEnvelope } from "../../contract/errors";
import { WorkoutIdParam } from "../../contract/workouts";
import { libraryEntries, reviews, type Workout } from "../../db/schema";
import { catalogueListQuery, catalogueWhere, chooseVariants, itemOf, libraryOwner, passes, planInForceQuery, priceMap, pricesFor, pricingLinesQuery, variantsFor, variantsQuery, visibleWorkout } from "../data/catalogue";
import { reviewsOfPartner } from "../data/reviews";
import { decodeCursor, encodeCursor } from "../data/cursor";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";
import { notFound } from "../http/errors";
import { requireAccount, type Acting } from "../identity/context";
import { prerequisiteDtos, prerequisitesQuery, registerCustomerVisibility, sessionDtos, sessionQueries, today } from "./workouts";

export const catalogueApi = new Hono<AppEnv>();
type C = Context<AppEnv>;

const errors = {
  400: { description: "Invalid input, with the fields that failed", schema: ErrorEnvelope },
  401: { description: "No or bad token", schema: ErrorEnvelope },
  403: { description: "Not a member of the account in X-Account-Id", schema: ErrorEnvelope },
};

export { catalogueListQuery, catalogueWhere, libraryOwner, visibleToAccount } from "../data/catalogue";

/** Whether the caller (a customer) may see the workout at all: the whole rule. */
export const visibleToCustomer = (c: C, acting: Acting, workoutId: string) => visibleWorkout(c.get("db"), acting, workoutId);

registerCustomerVisibility(async (c, acting, id) => Boolean(await visibleToCustomer(c, acting, id)));

/**
 * Catalogue pages, per isolate, for a few seconds (like the tenant cache): a
 * page is the same for one customer account and query until something
 * changes, and a partner's change shows within PAGE_TTL_MS. Keyed by the
 * customer account (its price group, industry, size, location and currency
 * live on the row, so its updatedAt is in the key), the day and the query.
 */
const PAGE_TTL_MS = 5_000;
const PAGE_CACHE_MAX = 1_000;
const pageCache = new Map<string, { until: number; page: CataloguePage }>();
function remember(key: string, page: CataloguePage) {
  if (pageCache.size >= PAGE_CACHE_MAX) pageCache.delete(pageCache.keys().next().value!);
  pageCache.set(key, { until: Date.now() + PAGE_TTL_MS, page });
}

endpoint(
  catalogueApi,
  "/v1",
  {
    method: "get",
    path: "/workouts",
    summary: "The workouts the caller's customer account may see (by category and search), highest priority first",
    tags: ["catalogue"],
    auth: "account",
    query: CatalogueQuery,
    responses: { 200: { description: "A page of workouts", schema: CataloguePage }, ...errors },
  },
  async (c, { query }) => {
    const acting = await requireAccount(c);
    const partnerId = libraryOwner(acting);
    if (!partnerId) return c.json({ items: [], nextCursor: null });
    const day = today();
    const key = `${acting.account.id}|${acting.account.updatedAt}|${day}|${new URL(c.req.url).search}`;
    const cached = pageCache.get(key);
    if (cached && cached.until > Date.now()) return c.json(cached.page);
    let cursor = decodeCursor(query.cursor, ["number", "string"]) as [number, string] | undefined;
    const found: { workout: Workout; priority: number }[] = [];
    let exhausted = false;
    let leftover = false;
    // The expression is evaluated in code; fetch until the page is full (bounded).
    for (let round = 0; round < 5 && found.length < query.limit && !exhausted; round++) {
      const batchSize = Math.min(200, (query.limit - found.length) * 2 + 8);
      const where = catalogueWhere(partnerId, day, { category: query.category, q: query.q, cursor });
      const rows = await catalogueListQuery(c.get("db"), where, batchSize);
      if (rows.length < batchSize) exhausted = true;
      for (let i = 0; i < rows.length; i++) {
        const r = rows[i];
        cursor = [r.priority, r.workout.id];
        if (passes(acting, r.workout)) found.push(r);
        if (found.length === query.limit) {
          leftover = i < rows.length - 1;
          break;
        }
      }
    }
    const page = found.slice(0, query.limit);
    const list = page.map((r) => r.workout);
    const variants = await variantsFor(c.get("db"), partnerId, list, day);
    const prices = await pricesFor(c.get("db"), acting, list, variants, day);
    const last = page[page.length - 1];
    const more = found.length === query.limit && last && (!exhausted || leftover);
    const answer: CataloguePage = {
      items: page.map((r) => itemOf(r.workout, r.priority, prices.get(r.workout.id) ?? null)),
      nextCursor: more ? encodeCursor([last.priority, last.workout.id]) : null,
    };
    remember(key, answer);
    return c.json(answer);
  },
);

endpoint(
  catalogueApi,
  "/v1",
  {
    method: "get",
    path: "/workouts/{id}",
    summary: "A workout the caller may see: details, sessions, prerequisites, price and rating; anything else is 404",
    tags: ["catalogue"],
    auth: "account",
    params: WorkoutIdParam,
    responses: { 200: { description: "The workout", schema: CatalogueWorkout }, ...errors, 404: { description: "Absent or not visible", schema: ErrorEnvelope } },
  },
  async (c, { params }) => {
    const acting = await requireAccount(c);
    const partnerId = libraryOwner(acting);
    const w = await visibleToCustomer(c, acting, params.id);
    if (!w || !partnerId) throw notFound("Workout not found");
    const db = c.get("db");
    const day = today();
    // The visibility rule above (a join, kept out of batches: drizzle maps batched rows by column
    // name), then everything the page needs in one D1 round trip.
    const [variantRows, lines, plan, sessionRows, itemRows, fileRows, prereqRows, entry, rating] = await db.batch([
      variantsQuery(db, [w.id], day),
      pricingLinesQuery(db, [w.id]),
      planInForceQuery(db, acting.account.id, day),
      ...sessionQueries(db, w.id),
      prerequisitesQuery(db, w.id),
      db
        .select({ priority: libraryEntries.priority })
        .from(libraryEntries)
        .where(and(eq(libraryEntries.accountId, partnerId), eq(libraryEntries.workoutId, w.id)))
        .limit(1),
      db.select({ average: avg(reviews.rating), count: count() }).from(reviews).where(reviewsOfPartner(partnerId, w.id)),
    ]);
    const variants = chooseVariants(variantRows, partnerId, [w]);
    const prices = priceMap(acting, [w], variants, lines, plan, day);
    const sessions = sessionDtos(sessionRows, itemRows, fileRows);
    const prereqs = prerequisiteDtos(prereqRows);
    const visibleDate = (d: { startDate: string | null; endDate: string | null }) => (!d.startDate || d.startDate <= day) && (!d.endDate || d.endDate >= day);
    return c.json({
      ...itemOf(w, entry[0]?.priority ?? w.priority, prices.get(w.id) ?? null),
      description: w.description,
      format: w.format,
      greatFor: w.greatFor,
      featuredMedia: w.featuredMedia.map((m) => ({ type: m.type, url: m.url, alt: m.alt ?? null })),
      variantId: variants.get(w.id)!.id,
      sessions: sessions.map((s) => ({
        ...s,
        // Customers see partner-side action items only on their jobs, never here.
        actionItems: s.actionItems.filter((a) => a.assigneeType === "customer" && visibleDate(a)),
        attachments: s.attachments.filter(visibleDate),
      })),
      prerequisites: prereqs.filter(visibleDate),
      rating: { average: rating[0]?.average === null || rating[0]?.average === undefined ? null : Math.round(Number(rating[0].average) * 10) / 10, count: rating[0]?.count ?? 0 },
    });
  },
);
