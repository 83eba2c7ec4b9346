import { and, asc, avg, count, desc, eq, gte, isNull, lte, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { inList } from "./bound";
import type { CatalogueItem, CataloguePage, CatalogueQuery, CatalogueWorkout, PriceDto } from "../../contract/catalogue";
import type { Category } from "../../contract/enums";
import { libraryEntries, planEntries, pricingLines, reviews, workoutVariants, workouts, type Workout } from "../../db/schema";
import { priceCustomer, workoutPrice } from "../domain/pricing";
import { chooseVariants } from "../domain/visibility";
import type { Db } from "../env";
import type { Acting } from "../identity/context";
import { after, decodeCursor, encodeCursor } from "./cursor";
import { batch, contains, inDate, today } from "./query";
import { reviewsOfPartner } from "./reviews";
import { libraryOwner, passes, variantsQuery, visibleWhere } from "./visibility";
import { releasedAttachments } from "../domain/attachments";
import { prerequisiteDtos, prerequisitesQuery, sessionDtos, sessionQueries } from "./workout-read";
import type { z } from "zod";

/**
 * The catalogue items built from the one rule of who may see a workout
 * (./visibility.ts): the catalogue router's pages and Home's sets read
 * workouts for a reader through here.
 */

/** The catalogue page read (exported for the bench's query plans). */
export function catalogueListQuery(db: Db, where: SQL, limit: number) {
  return (
    db
      // In a D1 batch rows are mapped by column name: the library's priority gets its own name beside the workout's.
      .select({ workout: workouts, priority: sql<number>`${libraryEntries.priority}`.mapWith(Number).as("library_priority") })
      .from(libraryEntries)
      .innerJoin(workouts, eq(workouts.id, libraryEntries.workoutId))
      .where(where)
      .orderBy(desc(libraryEntries.priority), asc(libraryEntries.workoutId))
      .limit(limit)
  );
}

/** The filters of a catalogue page, as SQL (exported for the bench's query plans). */
export function catalogueWhere(partnerId: string, day: string, f: { category?: Category; q?: string; cursor?: [number, string] | null }): SQL {
  const conds: (SQL | undefined)[] = [visibleWhere(partnerId, day)];
  if (f.category) conds.push(eq(workouts.category, f.category));
  if (f.q) conds.push(contains([workouts.title, workouts.subtitle, workouts.name], f.q));
  if (f.cursor) {
    conds.push(
      after(
        [
          { column: libraryEntries.priority, dir: "desc" },
          { column: libraryEntries.workoutId, dir: "asc" },
        ],
        f.cursor,
      ),
    );
  }
  return and(...conds)!;
}

/** The variant each listed workout shows a customer of `partnerId` today (one read). */
export async function variantsFor(db: Db, partnerId: string, list: Workout[], day: string) {
  if (!list.length) return new Map<string, typeof workoutVariants.$inferSelect>();
  const rows = await variantsQuery(
    db,
    list.map((w) => w.id),
    day,
  );
  return chooseVariants(rows, partnerId, list);
}

export const pricingLinesQuery = (db: Db, ids: string[]) => db.select().from(pricingLines).where(inList(pricingLines.workoutId, ids));

/** The customer's plan entry in force on `day`, if any (values or, in a reusable batch, placeholders): on plan, credit prices apply. */
export const planInForceQuery = (db: Db, accountId: string | Placeholder, day: string | Placeholder) =>
  db
    .select({ id: planEntries.id })
    .from(planEntries)
    .where(and(eq(planEntries.accountId, accountId), lte(planEntries.startDate, day), or(isNull(planEntries.endDate), gte(planEntries.endDate, day))))
    .limit(1);

/** The price of each workout for the caller, from its pricing lines and whether a plan is in force (null: no line applies). */
export function priceMap(
  acting: Acting,
  list: Workout[],
  variants: Map<string, typeof workoutVariants.$inferSelect>,
  lines: (typeof pricingLines.$inferSelect)[],
  plan: { id: string }[],
  day: string,
) {
  const out = new Map<string, PriceDto>();
  if (acting.account.type !== "customer") return out;
  const customer = priceCustomer(acting.account, Boolean(plan[0]));
  for (const w of list) {
    const chosen = workoutPrice(w, variants.get(w.id) ?? null, lines, customer, day);
    out.set(
      w.id,
      chosen
        ? chosen.kind === "credits"
          ? { kind: "credits", amount: chosen.amount }
          : { kind: "money", amount: chosen.amount, currency: chosen.currency }
        : null,
    );
  }
  return out;
}

/** The price of each workout for the caller (nothing for partners previewing). */
export async function pricesFor(db: Db, acting: Acting, list: Workout[], variants: Map<string, typeof workoutVariants.$inferSelect>, day: string) {
  if (!list.length || acting.account.type !== "customer") return new Map<string, PriceDto>();
  const [lines, plan] = await db.batch([
    pricingLinesQuery(
      db,
      list.map((w) => w.id),
    ),
    planInForceQuery(db, acting.account.id, day),
  ]);
  return priceMap(acting, list, variants, lines, plan, day);
}

export function itemOf(w: Workout, priority: number, price: PriceDto): CatalogueItem {
  return {
    id: w.id,
    title: w.title,
    subtitle: w.subtitle,
    category: w.category,
    type: w.type,
    difficulty: w.difficulty,
    totalMinutes: w.totalMinutes,
    maxAttendees: w.maxAttendees,
    icon: w.icon,
    image: imageOf(w),
    priority,
    price,
  };
}

/** The first featured image with a URL, for the workout's cards. */
function imageOf(w: Workout): CatalogueItem["image"] {
  const m = w.featuredMedia.find((x) => x.type === "image" && x.url);
  return m?.url ? { url: m.url, alt: m.alt ?? null } : null;
}

/**
 * Catalogue items the caller may see, by the catalogue's one rule (the SQL
 * half and the visibility expression), with their prices: the workouts named
 * in `ids` (in that order), or the highest-priority ones of `categories`.
 * Other areas (the homepage) show workouts through this, never by their own
 * query.
 */
export async function visibleCatalogueItems(db: Db, acting: Acting, filter: CatalogueFilter): Promise<CatalogueItem[]> {
  return (await visibleCatalogueSets(db, acting, [filter]))[0] ?? [];
}

/** Named workouts (answered in that order), or up to `limit` of some categories by priority. */
export type CatalogueFilter = { ids: string[] } | { categories: Category[]; limit: number };

/**
 * Several sets of visible workouts at once (Home's named workouts and each of
 * its categories): the list reads go in one D1 batch, then the variants and
 * prices of all of them are read once. Three round trips however many sets.
 */
export async function visibleCatalogueSets(db: Db, acting: Acting, filters: CatalogueFilter[]): Promise<CatalogueItem[][]> {
  const partnerId = libraryOwner(acting);
  const wanted = filters.map((f) => ("ids" in f ? f.ids.length > 0 : f.categories.length > 0));
  if (!partnerId || !wanted.some(Boolean)) return filters.map(() => []);
  const day = today();
  const reads = filters.flatMap((f, i) => {
    if (!wanted[i]) return [];
    const where = and(visibleWhere(partnerId, day), "ids" in f ? inList(workouts.id, f.ids) : inList(workouts.category, f.categories))!;
    // The expression is evaluated in code: read a little more than needed, bounded.
    return [catalogueListQuery(db, where, "ids" in f ? f.ids.length : Math.min(200, f.limit * 3 + 8))];
  });
  const [one, ...more] = reads;
  const results = one && more.length === 0 ? [await one] : await batch(db, reads);
  let next = 0;
  const sets = filters.map((f, i) => {
    if (!wanted[i]) return [];
    const rows = (results[next++] as Awaited<ReturnType<typeof catalogueListQuery>> | undefined) ?? [];
    let found = rows.filter((r) => passes(acting, r.workout));
    if ("ids" in f) {
      const at = new Map(f.ids.map((id, n) => [id, n]));
      found.sort((a, b) => (at.get(a.workout.id) ?? 0) - (at.get(b.workout.id) ?? 0));
    } else found = found.slice(0, f.limit);
    return found;
  });
  const list = [...new Map(sets.flat().map((r) => [r.workout.id, r.workout])).values()];
  const variants = await variantsFor(db, partnerId, list, day);
  const prices = await pricesFor(db, acting, list, variants, day);
  return sets.map((found) => found.map((r) => itemOf(r.workout, r.priority, prices.get(r.workout.id) ?? null)));
}

/**
 * A page of the catalogue for the caller, highest priority first. The
 * visibility expression is evaluated in code, so rows are read in rounds
 * (bounded) until the page is full.
 */
export async function cataloguePage(db: Db, acting: Acting, query: z.output<typeof CatalogueQuery>): Promise<CataloguePage> {
  const partnerId = libraryOwner(acting);
  if (!partnerId) return { items: [], nextCursor: null };
  const day = today();
  let cursor = (decodeCursor(query.cursor, ["number", "string"]) as [number, string] | undefined) ?? null;
  const found: { workout: Workout; priority: number }[] = [];
  let exhausted = false;
  let leftover = false;
  for (let round = 0; round < 5 && found.length < query.limit && !exhausted; round++) {
    const batchSize = Math.min(200, (query.limit - found.length) * 2 + 8);
    const rows = await catalogueListQuery(db, catalogueWhere(partnerId, day, { category: query.category, q: query.q, cursor }), batchSize);
    if (rows.length < batchSize) exhausted = true;
    for (const [i, r] of rows.entries()) {
      cursor = [r.priority, r.workout.id];
      if (passes(acting, r.workout)) found.push(r);
      if (found.length === query.limit) {
        leftover = i < rows.length - 1;
        break;
      }
    }
  }
  const page = found.slice(0, query.limit);
  const list = page.map((r) => r.workout);
  const variants = await variantsFor(db, partnerId, list, day);
  const prices = await pricesFor(db, acting, list, variants, day);
  const last = page[page.length - 1];
  const more = found.length === query.limit && last && (!exhausted || leftover);
  return {
    items: page.map((r) => itemOf(r.workout, r.priority, prices.get(r.workout.id) ?? null)),
    nextCursor: more ? encodeCursor([last.priority, last.workout.id]) : null,
  };
}

/**
 * The catalogue's workout page for the caller: details, sessions (customer
 * action items and attachments within their dates), prerequisites within
 * their dates, the price and the rating; null when the caller may not see it.
 */
export async function catalogueWorkout(db: Db, acting: Acting, workoutId: string): Promise<CatalogueWorkout | null> {
  const partnerId = libraryOwner(acting);
  if (!partnerId) return null;
  const day = today();
  // The visibility rule's SQL half (the catalogue's list read of this one workout, with its library
  // priority) and everything the page needs, in one D1 round trip. What is read of a workout the
  // caller may not see is never answered: null, as for a missing one.
  const [found, variantRows, lines, plan, sessionRows, itemRows, fileRows, prereqRows, rating] = await db.batch([
    catalogueListQuery(db, and(eq(libraryEntries.workoutId, workoutId), visibleWhere(partnerId, day))!, 1),
    variantsQuery(db, [workoutId], day),
    pricingLinesQuery(db, [workoutId]),
    planInForceQuery(db, acting.account.id, day),
    ...sessionQueries(db, workoutId),
    prerequisitesQuery(db, workoutId),
    db
      .select({ average: avg(reviews.rating), count: count() })
      .from(reviews)
      .where(reviewsOfPartner(partnerId, workoutId)),
  ]);
  const row = found[0];
  // The rule's code half: the workout's visibility expression holds for the caller (./visibility.ts passes).
  if (!row || !passes(acting, row.workout)) return null;
  const w = row.workout;
  const variants = chooseVariants(variantRows, partnerId, [w]);
  const prices = priceMap(acting, [w], variants, lines, plan, day);
  const sessions = sessionDtos(sessionRows, itemRows, fileRows);
  const visibleDate = (d: { startDate: string | null; endDate: string | null }) => inDate(d, day);
  const average = rating[0]?.average;
  return {
    ...itemOf(w, row.priority, prices.get(w.id) ?? null),
    description: w.description,
    format: w.format,
    greatFor: w.greatFor,
    featuredMedia: w.featuredMedia.map((m) => ({ type: m.type, url: m.url, alt: m.alt ?? null })),
    variantId: variants.get(w.id)!.id,
    sessions: sessions.map((s) => ({
      ...s,
      // Customers see partner-side action items only on their jobs, never here.
      actionItems: s.actionItems.filter((a) => a.assigneeType === "customer" && visibleDate(a)),
      attachments: releasedAttachments("customer", s.attachments, day),
    })),
    prerequisites: prerequisiteDtos(prereqRows).filter(visibleDate),
    rating: { average: average === null || average === undefined ? null : Math.round(Number(average) * 10) / 10, count: rating[0]?.count ?? 0 },
  };
}
