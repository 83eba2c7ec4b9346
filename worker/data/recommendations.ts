import { and, asc, desc, eq, notInArray, or, sql } from "drizzle-orm";
import type { CustomerDetailsDto, RecommendedWorkoutDto } from "../../contract/customers";
import { featuredGroupItems, featuredGroups, jobs, libraryEntries, scores, workouts, type Workout } from "../../db/schema";
import { Category } from "../../contract/enums";
import { weakestCategories } from "../domain/recommendations";
import type { Db } from "../env";
import type { Account } from "../identity/context";
import { formerRecord, withFormerScores, type FormerRecord } from "./former-record";
import { batch, today, type Stmt } from "./query";
import { customerSees, visibleWhere } from "./visibility";

/**
 * Recommendations: the workouts the customer's catalogue shows (the one rule
 * of ./visibility.ts) in the categories where it scores lowest (its latest
 * score per category); before any score exists, or when none is shown, those
 * of the partner's current featured groups. A workout the customer has
 * booked and not yet taken (a job neither completed nor cancelled) is never
 * recommended; one taken before may be again.
 */
export async function recommendations(
  db: Db,
  partnerId: string,
  customer: Account,
  source: ScoreSource = { mine: true },
): Promise<CustomerDetailsDto["recommendations"]> {
  const reads = recommendationReads(db, partnerId, customer.id, !source.mine);
  // The former shards side by side with the batch: no more depth for a customer that moved, no call for one that did not.
  const history = !source.mine ? [] : typeof source.history === "function" ? source.history() : (source.history ?? []);
  const [results, former] = await Promise.all([batch(db, reads.statements), formerRecord(history, customer.id)]);
  return reads.answer(results, customer, former);
}

/**
 * Whose scores decide (docs/decisions/2026-11-27-relinked-recommendations.md):
 * the customer's own reads take all its scores and open bookings, with those on
 * the shards it lived on before a re-link (`history`, or how to find them
 * when the read happens); a partner's view of the customer (its details, the
 * builder's preview) only the scores under it.
 */
export type ScoreSource = { mine: true; history?: Db[] | Promise<Db[]> | (() => Promise<Db[]>) } | { mine: false };

/** What a recommendation shows of a workout, and what decides it (the visibility expression; the library's priority, aliased apart for a batch). */
const pick = {
  id: workouts.id,
  name: workouts.name,
  subtitle: workouts.subtitle,
  category: workouts.category,
  icon: workouts.icon,
  visibility: workouts.visibility,
};
/** How many of a category's workouts the choice looks at (the visibility expression and open bookings drop some in code). */
const CANDIDATES = 60;

/**
 * The reads of the customer's recommendations, for ONE D1 batch with
 * others: its scores under the partner, the workouts it has booked and not
 * taken, the visible workouts of each category by priority (its weakest are
 * known only from its scores, so every category is read, at most CANDIDATES
 * each) and those of the partner's current featured groups. `answer` takes
 * the batch's results of these statements, in order.
 */
export function recommendationReads(db: Db, partnerId: string, customerId: string, underPartner = true) {
  const day = today();
  const scoreRead = db
    .select({ category: scores.category, score: scores.scorePercent, createdAt: scores.createdAt })
    .from(scores)
    .where(and(eq(scores.accountId, customerId), underPartner ? eq(scores.partnerAccountId, partnerId) : undefined))
    .orderBy(desc(scores.createdAt));
  const bookedRead = db
    .selectDistinct({ workoutId: jobs.workoutId })
    .from(jobs)
    .where(and(eq(jobs.accountId, customerId), notInArray(jobs.status, ["completed", "cancelled"])));
  const featuredRead = db
    .select({ ...pick, sequence: featuredGroupItems.sequence })
    .from(featuredGroupItems)
    .innerJoin(featuredGroups, eq(featuredGroups.id, featuredGroupItems.featuredGroupId))
    .innerJoin(workouts, eq(workouts.id, featuredGroupItems.workoutId))
    .innerJoin(libraryEntries, and(eq(libraryEntries.workoutId, workouts.id), eq(libraryEntries.accountId, partnerId)))
    .where(
      and(
        eq(featuredGroups.accountId, partnerId),
        visibleWhere(partnerId, day),
        or(sql`${featuredGroups.startDate} is null`, sql`${featuredGroups.startDate} <= ${day}`),
        or(sql`${featuredGroups.endDate} is null`, sql`${featuredGroups.endDate} >= ${day}`),
      ),
    )
    .orderBy(asc(featuredGroups.title), asc(featuredGroupItems.sequence))
    .limit(12);
  const categoryReads = Category.map((c) =>
    db
      .select({ ...pick, priority: sql<number>`${libraryEntries.priority}`.mapWith(Number).as("library_priority") })
      .from(libraryEntries)
      .innerJoin(workouts, eq(workouts.id, libraryEntries.workoutId))
      .where(and(visibleWhere(partnerId, day), eq(workouts.category, c)))
      .orderBy(desc(libraryEntries.priority), asc(workouts.name))
      .limit(CANDIDATES),
  );
  const statements: Stmt[] = [scoreRead, bookedRead, featuredRead, ...categoryReads];
  type Results = [Awaited<typeof scoreRead>, Awaited<typeof bookedRead>, Awaited<typeof featuredRead>, ...Awaited<(typeof categoryReads)[number]>[]];
  const answer = (results: readonly unknown[], customer: Account, former?: FormerRecord): CustomerDetailsDto["recommendations"] => {
    const [scoreRows, bookedRows, featured, ...byCategory] = results as unknown as Results;
    const formerScores = (former?.scores ?? []).map((s) => ({ category: s.category, score: s.scorePercent, createdAt: s.createdAt }));
    const categories = weakestCategories(withFormerScores(scoreRows, formerScores));
    const booked = new Set([...bookedRows.map((r) => r.workoutId), ...(former?.open ?? [])]);
    // Only what the customer's catalogue shows today: the one rule's SQL half in the read, its expression in code.
    const shown = <T extends { id: string; visibility: Workout["visibility"] }>(rows: T[]) =>
      rows.filter((w) => !booked.has(w.id) && customerSees(customer, w));
    const dto = ({ id, name, subtitle, category, icon }: RecommendedWorkoutDto): RecommendedWorkoutDto => ({ id, name, subtitle, category, icon });
    if (categories.length > 0) {
      // The weakest categories' workouts by priority, then name, as one read of them all would order them.
      const found = categories
        .flatMap((c) => byCategory[Category.indexOf(c)] ?? [])
        .sort((a, b) => b.priority - a.priority || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
        .slice(0, CANDIDATES);
      const list = shown(found).slice(0, 6).map(dto);
      if (list.length > 0) return { basis: "scores", categories, workouts: list };
    }
    const seen = new Set<string>();
    const list: RecommendedWorkoutDto[] = [];
    for (const w of shown(featured)) {
      if (seen.has(w.id)) continue;
      seen.add(w.id);
      list.push(dto(w));
    }
    return { basis: "featured", categories: [], workouts: list.slice(0, 6) };
  };
  return { statements, answer };
}
