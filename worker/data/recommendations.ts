import { and, asc, desc, eq, notInArray, or, sql } from "drizzle-orm";
import type { CustomerDetailsDto, RecommendedWorkoutDto } from "../../contract/customers";
import { featuredGroupItems, featuredGroups, jobs, libraryEntries, scores, workouts, type Workout } from "../../db/schema";
import { Category } from "../../contract/enums";
import { weakestCategories } from "../domain/recommendations";
import type { Db } from "../env";
import type { Account } from "../identity/context";
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
export async function recommendations(db: Db, partnerId: string, customer: Account): Promise<CustomerDetailsDto["recommendations"]> {
  const reads = recommendationReads(db, partnerId, customer.id);
  return reads.answer(await batch(db, reads.statements), customer);
}

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
export function recommendationReads(db: Db, partnerId: string, customerId: string) {
  const day = today();
  const scoreRead = db
    .select({ category: scores.category, score: scores.scorePercent, createdAt: scores.createdAt })
    .from(scores)
    .where(and(eq(scores.accountId, customerId), eq(scores.partnerAccountId, partnerId)))
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
  const answer = (results: readonly unknown[], customer: Account): CustomerDetailsDto["recommendations"] => {
    const [scoreRows, bookedRows, featured, ...byCategory] = results as unknown as Results;
    const categories = weakestCategories(scoreRows);
    const booked = new Set(bookedRows.map((r) => r.workoutId));
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
