import { and, asc, eq, max } from "drizzle-orm";
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
 * SPEC §7 `v1/admin/saved-items` (My List): each signed-in user keeps an
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
    const [last] = await db.select({ n: max(savedItems.sequence) }).from(savedItems).where(mine(acting));
    const inserted = await db
      .insert(savedItems)
      .values({ accountId: acting.account.id, userId: acting.user.id, workoutId: body.workoutId, sequence: (last?.n ?? -1) + 1 })
      .onConflictDoNothing()
      .returning({ id: savedItems.id });
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
    const list = await listOf(c, acting);
    const from = list.findIndex((i) => i.id === params.id);
    if (from < 0) throw notFound("Saved item not found");
    const [moved] = list.splice(from, 1);
    list.splice(Math.min(body.sequence, list.length), 0, moved);
    const changed = list.map((item, sequence) => ({ item, sequence })).filter(({ item, sequence }) => item.sequence !== sequence);
    if (changed.length) {
      const [first, ...rest] = changed.map(({ item, sequence }) => db.update(savedItems).set({ sequence }).where(and(eq(savedItems.id, item.id), mine(acting))));
      await db.batch([first, ...rest]);
    }
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
