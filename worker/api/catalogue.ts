import { Hono } from "hono";
import { CataloguePage, CatalogueQuery, CatalogueWorkout } from "../../contract/catalogue";
import { WorkoutIdParam } from "../../contract/workouts";
import { cataloguePage, catalogueWorkout } from "../data/catalogue";
import { libraryOwner } from "../data/visibility";
import { today } from "../data/query";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";
import { notFound } from "../http/errors";
import { errorResponses } from "../http/responses";
import { isolateCache } from "../http/isolate-cache";

/**
 * The catalogue: the workouts a customer account may see (its partner's
 * library by the one visibility rule in worker/data/catalogue.ts), and a
 * partner's preview of its own library. Client side: features/workouts.
 */
export const catalogueApi = new Hono<AppEnv>();

const errors = errorResponses({ 403: "Not a member of the account in X-Account-Id" });

/**
 * Catalogue pages, per isolate, for a few seconds (like the tenant cache): a
 * page is the same for one customer account and query until something
 * changes, and a partner's change shows within PAGE_TTL_MS. Keyed by the
 * customer account (its price group, industry, size, location and currency
 * live on the row, so its updatedAt is in the key), the day and the query.
 */
const PAGE_TTL_MS = 5_000;
const PAGE_CACHE_MAX = 1_000;
const pageCache = isolateCache<string, { until: number; page: CataloguePage }>(PAGE_CACHE_MAX);
function remember(key: string, page: CataloguePage) {
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
  async (c, { query }, scope) => {
    if (!libraryOwner(scope)) return c.json({ items: [], nextCursor: null });
    const key = `${scope.account.id}|${scope.account.updatedAt}|${today()}|${new URL(c.req.url).search}`;
    const cached = pageCache.get(key);
    if (cached && cached.until > Date.now()) return c.json(cached.page);
    const page = await cataloguePage(c.get("db"), scope, query);
    remember(key, page);
    return c.json(page);
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
    responses: {
      200: { description: "The workout", schema: CatalogueWorkout },
      ...errors,
      ...errorResponses({ 404: "Absent or not visible" }),
    },
  },
  async (c, { params }, scope) => {
    const workout = await catalogueWorkout(c.get("db"), scope, params.id);
    if (!workout) throw notFound("Workout not found");
    return c.json(workout);
  },
);
