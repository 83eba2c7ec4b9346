import { and, asc, desc, eq, notInArray, or, sql } from "drizzle-orm";
import { inList } from "./bound";
import type { CustomerDetailsDto, RecommendedWorkoutDto } from "../../contract/customers";
import { featuredGroupItems, featuredGroups, jobs, libraryEntries, scores, workouts, type Workout } from "../../db/schema";
import { weakestCategories } from "../domain/recommendations";
import type { Db } from "../env";
import type { Account } from "../identity/context";
import { today } from "./query";
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
  const customerId = customer.id;
  const scoreRows = await db
    .select({ category: scores.category, score: scores.scorePercent, createdAt: scores.createdAt })
    .from(scores)
    .where(and(eq(scores.accountId, customerId), eq(scores.partnerAccountId, partnerId)))
    .orderBy(desc(scores.createdAt));
  const categories = weakestCategories(scoreRows);
  const bookedRows = await db
    .selectDistinct({ workoutId: jobs.workoutId })
    .from(jobs)
    .where(and(eq(jobs.accountId, customerId), notInArray(jobs.status, ["completed", "cancelled"])));
  const booked = new Set(bookedRows.map((r) => r.workoutId));
  const pick = {
    id: workouts.id,
    name: workouts.name,
    subtitle: workouts.subtitle,
    category: workouts.category,
    icon: workouts.icon,
    visibility: workouts.visibility,
  };
  // Only what the customer's catalogue shows today: the one rule's SQL half in the read, its expression in code.
  const day = today();
  const shown = <T extends { id: string; visibility: Workout["visibility"] }>(rows: T[]) => rows.filter((w) => !booked.has(w.id) && customerSees(customer, w));
  const dto = ({ id, name, subtitle, category, icon }: RecommendedWorkoutDto): RecommendedWorkoutDto => ({ id, name, subtitle, category, icon });
  if (categories.length > 0) {
    const found = await db
      .select(pick)
      .from(libraryEntries)
      .innerJoin(workouts, eq(workouts.id, libraryEntries.workoutId))
      .where(and(visibleWhere(partnerId, day), inList(workouts.category, categories)))
      .orderBy(desc(libraryEntries.priority), asc(workouts.name))
      .limit(60);
    const list = shown(found).slice(0, 6).map(dto);
    if (list.length > 0) return { basis: "scores", categories, workouts: list };
  }
  const featured = await db
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
  const seen = new Set<string>();
  const list: RecommendedWorkoutDto[] = [];
  for (const w of shown(featured)) {
    if (seen.has(w.id)) continue;
    seen.add(w.id);
    list.push(dto(w));
  }
  return { basis: "featured", categories: [], workouts: list.slice(0, 6) };
}
