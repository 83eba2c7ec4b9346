import { Hono } from "hono";
import { VariantBody, VariantDto, VariantParams, WorkoutIdParam } from "../../contract/workouts";
import { createVariant, updateVariant, variantOf, variantsOf } from "../data/variants";
import { publishLater } from "../flows/queue";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";
import { errorResponses } from "../http/responses";

/** Variants of a workout in the partner's library: locale, dates, custom pricing, delivery partners. */
export const workoutVariantsApi = new Hono<AppEnv>();

const errors = errorResponses({ 403: "Not a partner owner or admin, or not the variant's owner", 404: "Absent, or not in the caller's library" });

endpoint(
  workoutVariantsApi,
  "/v1",
  {
    method: "get",
    path: "/admin/workouts/{id}/variants",
    summary: "The workout's variants the caller may see (the author's and its own)",
    tags: ["workouts"],
    auth: "partnerAdmin",
    params: WorkoutIdParam,
    responses: { 200: { description: "The variants", schema: VariantDto.array() }, ...errors },
  },
  async (c, { params }, scope) => c.json(await variantsOf(c.get("db"), scope, params.id)),
);

endpoint(
  workoutVariantsApi,
  "/v1",
  {
    method: "post",
    path: "/admin/workouts/{id}/variants",
    summary: "Create a variant (the author, or a partner that added a workout allowing partner variants)",
    tags: ["workouts"],
    auth: "partnerAdmin",
    params: WorkoutIdParam,
    body: VariantBody,
    responses: { 201: { description: "The variant", schema: VariantDto }, ...errors },
  },
  async (c, { params, body }, scope) => {
    const variant = await createVariant(c.get("db"), c.get("directory"), scope, params.id, body);
    await publishLater(c.env, c.get("shard").name, params.id);
    return c.json(variant, 201);
  },
);

endpoint(
  workoutVariantsApi,
  "/v1",
  {
    method: "get",
    path: "/admin/workouts/{id}/variants/{variantId}",
    summary: "One variant",
    tags: ["workouts"],
    auth: "partnerAdmin",
    params: VariantParams,
    responses: { 200: { description: "The variant", schema: VariantDto }, ...errors },
  },
  async (c, { params }, scope) => c.json(await variantOf(c.get("db"), scope, params.id, params.variantId)),
);

endpoint(
  workoutVariantsApi,
  "/v1",
  {
    method: "put",
    path: "/admin/workouts/{id}/variants/{variantId}",
    summary: "Update a variant the caller owns (details, custom pricing, delivery partners)",
    tags: ["workouts"],
    auth: "partnerAdmin",
    params: VariantParams,
    body: VariantBody,
    responses: { 200: { description: "The variant", schema: VariantDto }, ...errors },
  },
  async (c, { params, body }, scope) => {
    const variant = await updateVariant(c.get("db"), c.get("directory"), scope, params.id, params.variantId, body);
    await publishLater(c.env, c.get("shard").name, params.id);
    return c.json(variant);
  },
);
