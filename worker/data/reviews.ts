import { and, desc, eq, type SQL } from "drizzle-orm";
import type { ReviewBody, ReviewDto } from "../../contract/catalogue";
import type { z } from "zod";
import { MESSAGES } from "../../contract/messages";
import { jobs, reviews, users } from "../../db/schema";
import type { Db } from "../env";
import type { AccountScope } from "../http/endpoint";
import { conflict, forbidden } from "../http/errors";
import { partnerOf } from "../domain/accounts";
import { libraryOwner } from "./visibility";

/**
 * Whose reviews a reader sees: those written by members of the customers of
 * one partner while they were its customers (the reader's partner for a
 * customer, the partner itself for a partner previewing its library): a
 * review stays with the partner it was written under, also once its reviewer
 * re-links elsewhere (docs/decisions/2026-11-27-relinked-reviews.md). Another
 * partner's customers' names and words never cross over, even on a workout
 * both partners carry; the average and count are taken over the same rows.
 */
export function reviewsOfPartner(partnerId: string, workoutId: string): SQL {
  return and(eq(reviews.workoutId, workoutId), eq(reviews.partnerAccountId, partnerId))!;
}

/** A customer whose account has a completed job of the workout (one review per person). */
export async function hasCompleted(db: Db, scope: AccountScope, workoutId: string) {
  if (scope.account.type !== "customer") return false;
  const row = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.accountId, scope.account.id), eq(jobs.workoutId, workoutId), eq(jobs.status, "completed")))
    .limit(1);
  return Boolean(row[0]);
}

/** The reviews the caller may read of a workout (newest first, at most 200) and their average. */
export async function reviewsFor(db: Db, scope: AccountScope, workoutId: string) {
  // Whose customers' reviews the caller reads: its partner's (a customer) or its own (a partner).
  const partnerId = libraryOwner(scope);
  if (!partnerId) return { items: [] as ReviewDto[], average: null };
  const rows = await db
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
    mine: r.userId === scope.user.id,
    createdAt: r.createdAt,
  }));
  const average = items.length ? Math.round((items.reduce((n, r) => n + r.rating, 0) / items.length) * 10) / 10 : null;
  return { items, average };
}

/** The caller's review of a workout it may see: only after its account completed it, once per person (409). */
export async function addReview(db: Db, scope: AccountScope, workoutId: string, review: z.output<typeof ReviewBody>): Promise<ReviewDto> {
  if (!(await hasCompleted(db, scope, workoutId))) throw forbidden("Only members of a customer that completed this workout can review it");
  const inserted = await db
    .insert(reviews)
    .values({
      workoutId,
      accountId: scope.account.id,
      partnerAccountId: partnerOf(scope.account),
      userId: scope.user.id,
      rating: review.rating,
      comment: review.comment,
    })
    .onConflictDoNothing()
    .returning();
  const [added] = inserted;
  if (!added) throw conflict(MESSAGES.alreadyExists);
  const { items } = await reviewsFor(db, scope, workoutId);
  return items.find((r) => r.id === added.id)!;
}
