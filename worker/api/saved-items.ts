import { and, asc, eq, sql } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { z } from "zod";
import { ErrorEnvelope } from "../../contract/errors";
import { MoveItemBody, SaveItemBody, SavedItemDto, SavedItemIdParam } from "../../contract/saved";
import { savedItems, workouts } from "../../db/schema";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";
import { conflict, invalid, notFound } from "../http/errors";
import { requireAccount, type Acting } from "../identity/context";
import { canReadWorkout } from "./workouts";

/**
 * `v1/admin/saved-items` (My List): each signed-in user keeps an
 * ordered list of workouts per account. Only what the caller may see can be
 * saved (a customer: its catalogue; a partner: its library); another user's
 * or another account's items are "not found".
 */
export const savedItemsApi = new Hono<AppEnv>();
type C = Context<AppEnv>;

const errors = {
  400: { description: "Invalid input, with the fields that failed", schema: ErrorEnvelope },
  401: { description: "No or bad token", schema: ErrorEnvelope },
  403: { description: "Not a member of the account in X-Account-Id", schema: ErrorEnvelope },
};
const missing = { 404: { description: "Not this user's item in this account", schema: ErrorEnvelope } };

const mine = (acting: Acting) => and(eq(savedItems.accountId, acting.account.id), eq(savedItems.userId, acting.user.id));

async function listOf(c: C, acting: Acting): Promise<SavedItemDto[]> {
  const rows = await c
    .get("db")
    .select({ item: savedItems, workout: { title: workouts.title, name: workouts.name, subtitle: workouts.subtitle, category: workouts.category } })
    .from(savedItems)
    .innerJoin(workouts, eq(workouts.id, savedItems.workoutId))
    .where(mine(acting))
    .orderBy(asc(savedItems.sequence), asc(savedItems.createdAt));
  return rows.map(({ item, workout }) => ({
    id: item.id,
    sequence: item.sequence,
    workoutId: item.workoutId,
    title: workout.title || workout.name,
    subtitle: workout.subtitle,
    category: workout.category,
  }));
}

endpoint(
  savedItemsApi,
  "/v1",
  {
    method: "get",
    path: "/admin/saved-items",
    summary: "The caller's saved workouts in the active account, in order",
    tags: ["saved-items"],
    auth: "account",
    responses: { 200: { description: "Saved items", schema: z.array(SavedItemDto) }, ...errors },
  },
  async (c) => c.json(await listOf(c, await requireAccount(c))),
);

endpoint(
  savedItemsApi,
  "/v1",
  {
    method: "post",
    path: "/admin/saved-items",
    summary: "Save a workout (added last)",
    tags: ["saved-items"],
    auth: "account",
    body: SaveItemBody,
    responses: {
      201: { description: "The saved item", schema: SavedItemDto },
      ...errors,
      404: { description: "A workout the caller may not see", schema: ErrorEnvelope },
      409: { description: "Already saved", schema: ErrorEnvelope },
    },
  },
  async (c, { body }) => {
    const acting = await requireAccount(c);
    const db = c.get("db");
    if (!(await canReadWorkout(c, acting, body.workoutId))) {
      throw notFound("Workout not found");
    }
    // One statement: the position is read and taken in the same write, so two saves at once never share it.
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    const { accountId, userId } = { accountId: acting.account.id, userId: acting.user.id };
    const inserted = await db.all<{ id: string }>(sql`INSERT INTO saved_items (id, account_id, user_id, item_type, workout_id, sequence, created_at, updated_at)
      SELECT ${id}, ${accountId}, ${userId}, 'workout', ${body.workoutId}, coalesce(max(sequence), -1) + 1, ${now}, ${now}
      FROM saved_items WHERE account_id = ${accountId} AND user_id = ${userId}
      ON CONFLICT DO NOTHING RETURNING id`);
    if (!inserted[0]) throw conflict("This workout is already in your list", { workoutId: "Value already exists" });
    const item = (await listOf(c, acting)).find((i) => i.id === inserted[0].id)!;
    return c.json(item, 201);
  },
);

endpoint(
  savedItemsApi,
  "/v1",
  {
    method: "put",
    path: "/admin/saved-items/{id}",
    summary: "Move a saved item to another position; answers the whole list",
    tags: ["saved-items"],
    auth: "account",
    params: SavedItemIdParam,
    body: MoveItemBody,
    responses: { 200: { description: "The list in its new order", schema: z.array(SavedItemDto) }, ...errors, ...missing },
  },
  async (c, { params, body }) => {
    if (body.id !== params.id) throw invalid({ id: "Does not match the item in the path" });
    const acting = await requireAccount(c);
    const db = c.get("db");
    // One statement renumbers the whole list from its order at the moment of
    // the write (the item at its new place, the others closing up), so moves
    // made at once apply one after the other and never leave two items on
    // one position.
    const { accountId, userId } = { accountId: acting.account.id, userId: acting.user.id };
    const moved = await db.all<{ id: string }>(sql`UPDATE saved_items SET sequence = o.pos FROM (
        SELECT id, CASE WHEN rn < ${body.sequence} THEN rn ELSE rn + 1 END AS pos FROM (
          SELECT id, row_number() OVER (ORDER BY sequence, created_at, id) - 1 AS rn
          FROM saved_items WHERE account_id = ${accountId} AND user_id = ${userId} AND id <> ${params.id})
        UNION ALL
        SELECT id, min(${body.sequence}, (SELECT count(*) - 1 FROM saved_items WHERE account_id = ${accountId} AND user_id = ${userId}))
        FROM saved_items WHERE id = ${params.id} AND account_id = ${accountId} AND user_id = ${userId}
      ) AS o
      WHERE saved_items.id = o.id AND saved_items.account_id = ${accountId} AND saved_items.user_id = ${userId}
        AND EXISTS (SELECT 1 FROM saved_items WHERE id = ${params.id} AND account_id = ${accountId} AND user_id = ${userId})
      RETURNING saved_items.id`);
    if (!moved.some((r) => r.id === params.id)) throw notFound("Saved item not found");
    return c.json(await listOf(c, acting));
  },
);

endpoint(
  savedItemsApi,
  "/v1",
  {
    method: "delete",
    path: "/admin/saved-items/{id}",
    summary: "Remove a saved item",
    tags: ["saved-items"],
    auth: "account",
    params: SavedItemIdParam,
    responses: { 204: { description: "Removed" }, ...errors, ...missing },
  },
  async (c, { params }) => {
    const acting = await requireAccount(c);
    const gone = await c
      .get("db")
      .delete(savedItems)
      .where(and(eq(savedItems.id, params.id), mine(acting)))
      .returning({ id: savedItems.id });
    if (!gone[0]) throw notFound("Saved item not found");
    return c.body(null, 204);
  },
);
