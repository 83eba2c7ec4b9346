import { Hono } from "hono";
import { z } from "zod";
import { MoveItemBody, SaveItemBody, SavedItemDto, SavedItemIdParam } from "../../contract/saved";
import { savedItemsOf } from "../data/saved-items";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";
import { invalid } from "../http/errors";
import { errorResponses } from "../http/responses";

/**
 * My List (`v1/admin/saved-items`): each signed-in user keeps an ordered list
 * of workouts per account. Only what the caller may see can be saved (a
 * customer: its catalogue; a partner: its library); another user's or another
 * account's items are "not found".
 */
export const savedItemsApi = new Hono<AppEnv>();

const errors = errorResponses({ 403: "Not a member of the account in X-Account-Id" });
const missing = errorResponses({ 404: "Not this user's item in this account" });

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
  async (c, _input, scope) => c.json(await savedItemsOf(c.get("db"), scope).list()),
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
      ...errorResponses({ 404: "A workout the caller may not see", 409: "Already saved" }),
    },
  },
  async (c, { body }, scope) => c.json(await savedItemsOf(c.get("db"), scope).save(body.workoutId), 201),
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
  async (c, { params, body }, scope) => {
    if (body.id !== params.id) throw invalid({ id: "Does not match the item in the path" });
    return c.json(await savedItemsOf(c.get("db"), scope).move(params.id, body.sequence));
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
  async (c, { params }, scope) => {
    await savedItemsOf(c.get("db"), scope).remove(params.id);
    return c.body(null, 204);
  },
);
