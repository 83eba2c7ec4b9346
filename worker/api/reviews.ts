import { and, desc, eq } from "drizzle-orm";
import type { Context } from "hono";
import { Hono } from "hono";
import { ReviewBody, ReviewDto, ReviewsDto } from "../../contract/catalogue";
import { ErrorEnvelope } from "../../contract/errors";
import { MESSAGES } from "../../contract/messages";
import { WorkoutIdParam } from "../../contract/workouts";
import { jobs, reviews, users } from "../../db/schema";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";
import { conflict, forbidden, notFound } from "../http/errors";
import { requireAccount, type Acting } from "../identity/context";
import { reviewsOfPartner } from "../data/reviews";
import { visibleToCustomer } from "./catalogue";

export const reviewsApi = new Hono<AppEnv>();

const errors = {
  400: { description: "Invalid input, with the fields that failed", schema: ErrorEnvelope },
  401: { description: "No or bad token", schema: ErrorEnvelope },
  404: { description: "Absent, or a workout the caller may not see", schema: ErrorEnvelope },
};

/** A customer whose account has a completed job of the workout (one review per person). */
async function completed(c: Context<AppEnv>, acting: Acting, workoutId: string) {
  if (acting.account.type !== "customer") return false;
  const row = await c
    .get("db")
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.accountId, acting.account.id), eq(jobs.workoutId, workoutId), eq(jobs.status, "completed")))
    .limit(1);
  return Boolean(row[0]);
}

/** Whose customers' reviews the caller reads: its partner's (a customer) or its own (a partner). */
const readerPartner = (acting: Acting) => (acting.account.type === "partner" ? acting.account.id : acting.account.parentAccountId);

async function list(c: Context<AppEnv>, acting: Acting, workoutId: string) {
  const partnerId = readerPartner(acting);
  if (!partnerId) return { items: [] as ReviewDto[], average: null };
  const rows = await c
    .get("db")
    .select({ review: reviews, firstName: users.firstName, lastName: users.lastName })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(reviewsOfPartner(partnerId, workoutId))
    .orderBy(desc(reviews.createdAt))
    .limit(200);
  const items: ReviewDto[] = rows.map(({ review: r, firstName, lastName }) => ({
    id: r.id,
    rating: r.rating,
    comment: r.comment,
    // First name and initial only: reviews are read by other customers of the partner.
    authorName: [firstName, lastName ? `${lastName[0]}.` : null].filter(Boolean).join(" ") || "—",
    mine: r.userId === acting.user.id,
    createdAt: r.createdAt,
  }));
  const average = items.length ? Math.round((items.reduce((n, r) => n + r.rating, 0) / items.length) * 10) / 10 : null;
  return { items, average };
}

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
  async (c, { params }) => {
    const acting = await requireAccount(c);
    if (!(await visibleToCustomer(c, acting, params.id))) throw notFound("Workout not found");
    const { items, average } = await list(c, acting, params.id);
    const canReview = !items.some((r) => r.mine) && (await completed(c, acting, params.id));
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
      403: { description: "The caller's account has not completed the workout", schema: ErrorEnvelope },
      409: { description: "The caller already reviewed it", schema: ErrorEnvelope },
    },
  },
  async (c, { params, body }) => {
    const acting = await requireAccount(c);
    if (!(await visibleToCustomer(c, acting, params.id))) throw notFound("Workout not found");
    if (!(await completed(c, acting, params.id))) throw forbidden("Only members of a customer that completed this workout can review it");
    const inserted = await c
      .get("db")
      .insert(reviews)
      .values({ workoutId: params.id, accountId: acting.account.id, userId: acting.user.id, rating: body.rating, comment: body.comment })
      .onConflictDoNothing()
      .returning();
    if (!inserted[0]) throw conflict(MESSAGES.alreadyExists);
    const { items } = await list(c, acting, params.id);
    return c.json(items.find((r) => r.id === inserted[0].id)!, 201);
  },
);
