import { and, asc, desc, eq, or, sql } from "drizzle-orm";
import { inList } from "./bound";
import type { CustomerDetailsDto, RecommendedWorkoutDto } from "../../contract/customers";
import { featuredGroupItems, featuredGroups, libraryEntries, scores, workouts } from "../../db/schema";
import { weakestCategories } from "../domain/recommendations";
import type { Db } from "../env";
import type { Account } from "../identity/context";
import { today } from "./query";
import { visibleToAccount } from "./visibility";

/**
 * Recommendations: the partner's available workouts in the categories where
 * the customer scores lowest (its latest score per category); before any
 * score exists, the workouts of the partner's current featured groups.
 */
export async function recommendations(db: Db, partnerId: string, customer: Account): Promise<CustomerDetailsDto["recommendations"]> {
  const customerId = customer.id;
  const scoreRows = await db
    .select({ category: scores.category, score: scores.scorePercent, createdAt: scores.createdAt })
    .from(scores)
    .where(eq(scores.accountId, customerId))
    .orderBy(desc(scores.createdAt));
  const categories = weakestCategories(scoreRows);
  const pick = {
    id: workouts.id,
    name: workouts.name,
    subtitle: workouts.subtitle,
    category: workouts.category,
    icon: workouts.icon,
  };
  if (categories.length > 0) {
    let found: RecommendedWorkoutDto[] = await db
      .select(pick)
      .from(libraryEntries)
      .innerJoin(workouts, eq(workouts.id, libraryEntries.workoutId))
      .where(and(eq(libraryEntries.accountId, partnerId), eq(libraryEntries.status, "available"), inList(workouts.category, categories)))
      .orderBy(desc(libraryEntries.priority), asc(workouts.name))
      .limit(60);
    const visible = await visibleToAccount(
      db,
      customer,
      found.map((w) => w.id),
    );
    found = found.filter((w) => visible.has(w.id)).slice(0, 6);
    if (found.length > 0) return { basis: "scores", categories, workouts: found };
  }
  const on = today();
  const featured = await db
    .select({ ...pick, sequence: featuredGroupItems.sequence })
    .from(featuredGroupItems)
    .innerJoin(featuredGroups, eq(featuredGroups.id, featuredGroupItems.featuredGroupId))
    .innerJoin(workouts, eq(workouts.id, featuredGroupItems.workoutId))
    .innerJoin(libraryEntries, and(eq(libraryEntries.workoutId, workouts.id), eq(libraryEntries.accountId, partnerId)))
    .where(
      and(
        eq(featuredGroups.accountId, partnerId),
        eq(libraryEntries.status, "available"),
        or(sql`${featuredGroups.startDate} is null`, sql`${featuredGroups.startDate} <= ${on}`),
        or(sql`${featuredGroups.endDate} is null`, sql`${featuredGroups.endDate} >= ${on}`),
      ),
    )
    .orderBy(asc(featuredGroups.title), asc(featuredGroupItems.sequence))
    .limit(12);
  const visible = await visibleToAccount(
    db,
    customer,
    featured.map((w) => w.id),
  );
  const seen = new Set<string>();
  const list: RecommendedWorkoutDto[] = [];
  for (const { sequence: _sequence, ...w } of featured) {
    if (seen.has(w.id) || !visible.has(w.id)) continue;
    seen.add(w.id);
    list.push(w);
  }
  return { basis: "featured", categories: [], workouts: list.slice(0, 6) };
}
