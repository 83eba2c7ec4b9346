import { Hono } from "hono";
import { ReviewBody, ReviewDto, ReviewsDto } from "../../contract/catalogue";
import { WorkoutIdParam } from "../../contract/workouts";
import { visibleWorkout } from "../data/visibility";
import { addReview, hasCompleted, reviewsFor } from "../data/reviews";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";
import { notFound } from "../http/errors";
import { errorResponses } from "../http/responses";

/** Reviews of a workout the caller may see in the catalogue; members of a customer that completed it write one each. */
export const reviewsApi = new Hono<AppEnv>();

const errors = errorResponses({ 404: "Absent, or a workout the caller may not see" });

endpoint(
  reviewsApi,
  "/v1",
  {
    method: "get",
    path: "/workouts/{id}/reviews",
    summary: "Reviews of a workout the caller may see: the average, the list, and whether the caller may add one",
    tags: ["catalogue"],
    auth: "account",
    params: WorkoutIdParam,
    responses: { 200: { description: "The reviews", schema: ReviewsDto }, ...errors },
  },
  async (c, { params }, scope) => {
    const db = c.get("db");
    if (!(await visibleWorkout(db, scope, params.id))) throw notFound("Workout not found");
    const { items, average } = await reviewsFor(db, scope, params.id);
    const canReview = !items.some((r) => r.mine) && (await hasCompleted(db, scope, params.id));
    return c.json({ average, count: items.length, items, canReview });
  },
);

endpoint(
  reviewsApi,
  "/v1",
  {
    method: "post",
    path: "/workouts/{id}/reviews",
    summary: "Leave a rating (1–5) and comment: a member of a customer that completed the workout, once per person",
    tags: ["catalogue"],
    auth: "account",
    params: WorkoutIdParam,
    body: ReviewBody,
    responses: {
      201: { description: "The review", schema: ReviewDto },
      ...errors,
      ...errorResponses({ 403: "The caller's account has not completed the workout", 409: "The caller already reviewed it" }),
    },
  },
  async (c, { params, body }, scope) => {
    const db = c.get("db");
    if (!(await visibleWorkout(db, scope, params.id))) throw notFound("Workout not found");
    return c.json(await addReview(db, scope, params.id, body), 201);
  },
);
