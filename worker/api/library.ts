import { Hono } from "hono";
import { LibraryPage, LibraryQuery, ListedWorkout, TanCheck, TanQuery } from "../../contract/workouts";
import { libraryPage, listedWorkouts, partnerNameByTan } from "../data/library";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";
import { errorResponses } from "../http/responses";

/**
 * The partner's workout library as a list (its own and added workouts, each
 * with its status and priority), the workouts other partners list for it to
 * add, and the live check of a delivery partner's TAN. Mounted before the
 * workouts router: its fixed paths come before /admin/workouts/{id}.
 */
export const libraryApi = new Hono<AppEnv>();

const errors = errorResponses({ 403: "Not a partner owner or admin" });

endpoint(
  libraryApi,
  "/v1",
  {
    method: "get",
    path: "/admin/workouts",
    summary: "The partner's workout library (filter, category, status, sort; cursor pages)",
    tags: ["workouts"],
    auth: "partnerAdmin",
    query: LibraryQuery,
    responses: { 200: { description: "A page of the library", schema: LibraryPage }, ...errors },
  },
  async (c, { query }, scope) => {
    const { page, nextCursor } = await libraryPage(c.get("db"), scope, query);
    return c.json({
      items: page.map(({ workout: w, entry, authorName }) => ({
        id: w.id,
        name: w.name,
        sku: w.sku,
        title: w.title,
        type: w.type,
        category: w.category,
        difficulty: w.difficulty,
        totalMinutes: w.totalMinutes,
        status: entry.status,
        priority: entry.priority,
        partnerVisibility: w.partnerVisibility,
        own: w.accountId === scope.account.id,
        authorName,
        updatedAt: w.updatedAt,
      })),
      nextCursor,
    });
  },
);

endpoint(
  libraryApi,
  "/v1",
  {
    method: "get",
    path: "/admin/workouts/listed",
    summary: "Workouts other partners list, not yet in the caller's library",
    tags: ["workouts"],
    auth: "partnerAdmin",
    responses: { 200: { description: "The workouts", schema: ListedWorkout.array() }, ...errors },
  },
  async (c, _input, scope) => c.json(await listedWorkouts(c.get("directory"), c.get("db"), scope)),
);

/** Live TAN check of a delivery partner ("Pending validation", "Invalid Partner TAN" on the form). */
endpoint(
  libraryApi,
  "/v1",
  {
    method: "get",
    path: "/admin/workouts/delivery-partners/check",
    summary: "Whether a TAN names a partner, and its name",
    tags: ["workouts"],
    auth: "partnerAdmin",
    query: TanQuery,
    responses: { 200: { description: "The answer", schema: TanCheck }, ...errors },
  },
  async (c, { query }) => {
    if (!/^\d{6}$/.test(query.tan)) return c.json({ valid: false, name: null });
    const name = await partnerNameByTan(c.get("directory"), query.tan);
    return c.json({ valid: name !== null, name });
  },
);
