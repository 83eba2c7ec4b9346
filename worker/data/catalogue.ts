import { and, asc, avg, count, desc, eq, gte, isNull, lte, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { inList } from "./bound";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { CatalogueItem, CataloguePage, CatalogueQuery, CatalogueWorkout, PriceDto } from "../../contract/catalogue";
import type { Category } from "../../contract/enums";
import { libraryEntries, planEntries, pricingLines, reviews, workoutVariants, workouts, type Workout } from "../../db/schema";
import { priceCustomer, workoutPrice } from "../domain/pricing";
import { chooseVariants } from "../domain/visibility";
import type { Db } from "../env";
import type { Acting } from "../identity/context";
import { after, decodeCursor, encodeCursor } from "./cursor";
import { batch, contains, inDate, today, type Stmt } from "./query";
import { reviewsOfPartner } from "./reviews";
import { libraryOwner, passes, variantInDate, variantsQuery, visibleWhere } from "./visibility";
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
export function catalogueWhere(partnerId: string, day: string, f: CataloguePageFilter): SQL {
  return and(visibleWhere(partnerId, day), catalogueFilter(f))!;
}

type CataloguePageFilter = { category?: Category; q?: string; cursor?: [number, string] | null };

/** A catalogue page's own filters (category, search, from the cursor on), beside the visibility rule. */
function catalogueFilter(f: CataloguePageFilter): SQL | undefined {
  const conds: (SQL | undefined)[] = [];
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
  return and(...conds);
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

/** A set of the catalogue's workouts described in SQL: `where` beside the catalogue's rule, at most `limit` rows read (highest priority first). */
export type CatalogueSetSql = { where: SQL | undefined; limit: number };

type ListRow = Awaited<ReturnType<typeof catalogueListQuery>>[number];
type VariantRow = typeof workoutVariants.$inferSelect;

/** The ids a list read answers: the same filter, order and limit, as a subquery (its column is `workout_id`). */
const listIdsQuery = (db: Db, where: SQL, limit: number) =>
  db
    .select({ workoutId: libraryEntries.workoutId })
    .from(libraryEntries)
    .innerJoin(workouts, eq(workouts.id, libraryEntries.workoutId))
    .where(where)
    .orderBy(desc(libraryEntries.priority), asc(libraryEntries.workoutId))
    .limit(limit);

/**
 * The reads of several sets of visible workouts, for ONE D1 batch: each
 * set's list read (the SQL half of the catalogue's rule and the set's own
 * filter), the in-date variants of every workout those reads answer (the
 * reads again, as a subquery) and, for a customer, their pricing lines and
 * its plan in force. `answer` takes the batch's results of these statements
 * (in order) and gives each set's rows as read, those the caller may see
 * (the rule's code half) in read order, and the catalogue item of a row with
 * its price.
 */
export function catalogueSetReads(db: Db, acting: Acting, partnerId: string, day: string, sets: CatalogueSetSql[]) {
  const where = (set: CatalogueSetSql) => and(visibleWhere(partnerId, day), set.where)!;
  // A workout one of the list reads answers (ORs, not a UNION: D1 allows few terms in a compound select).
  const read = (column: SQLiteColumn) => or(...sets.map((set) => sql`${column} in ${listIdsQuery(db, where(set), set.limit)}`))!;
  const customer = acting.account.type === "customer";
  const statements: Stmt[] = [
    ...sets.map((set) => catalogueListQuery(db, where(set), set.limit)),
    db
      .select()
      .from(workoutVariants)
      .where(and(read(workoutVariants.workoutId), variantInDate(day)))
      .orderBy(asc(workoutVariants.createdAt)),
    ...(customer ? [db.select().from(pricingLines).where(read(pricingLines.workoutId)), planInForceQuery(db, acting.account.id, day)] : []),
  ];
  const answer = (results: readonly unknown[]) => {
    const read = sets.map((_, i) => results[i] as ListRow[]);
    const rows = read.map((found) => found.filter((r) => passes(acting, r.workout)));
    const list = [...new Map(rows.flat().map((r) => [r.workout.id, r.workout])).values()];
    const variants = chooseVariants(results[sets.length] as VariantRow[], partnerId, list);
    const prices = customer
      ? priceMap(acting, list, variants, results[sets.length + 1] as (typeof pricingLines.$inferSelect)[], results[sets.length + 2] as { id: string }[], day)
      : new Map<string, PriceDto>();
    return { read, rows, item: (r: ListRow) => itemOf(r.workout, r.priority, prices.get(r.workout.id) ?? null) };
  };
  return { statements, answer };
}

/**
 * Several sets of visible workouts at once (Home's named workouts and each of
 * its categories): the list reads, the variants and the prices of all of them
 * in ONE D1 batch, however many sets (catalogueSetReads).
 */
export async function visibleCatalogueSets(db: Db, acting: Acting, filters: CatalogueFilter[]): Promise<CatalogueItem[][]> {
  const partnerId = libraryOwner(acting);
  const asked = filters.flatMap((f, i) => (("ids" in f ? f.ids.length > 0 : f.categories.length > 0) ? [{ f, i }] : []));
  const out: CatalogueItem[][] = filters.map(() => []);
  if (!partnerId || asked.length === 0) return out;
  const reads = catalogueSetReads(
    db,
    acting,
    partnerId,
    today(),
    // The visibility expression is evaluated in code: a category's read takes a little more than it needs, bounded.
    asked.map(({ f }) =>
      "ids" in f
        ? { where: inList(workouts.id, f.ids), limit: f.ids.length }
        : { where: inList(workouts.category, f.categories), limit: categoryReadSize(f.limit) },
    ),
  );
  const { rows, item } = reads.answer(await batch(db, reads.statements));
  asked.forEach(({ f, i }, n) => {
    let found = rows[n] ?? [];
    if ("ids" in f) {
      const at = new Map(f.ids.map((id, k) => [id, k]));
      found = [...found].sort((a, b) => (at.get(a.workout.id) ?? 0) - (at.get(b.workout.id) ?? 0));
    } else found = found.slice(0, f.limit);
    out[i] = found.map(item);
  });
  return out;
}

/** How many rows a category's read takes to show `limit` of them (the visibility expression drops some in code). */
export const categoryReadSize = (limit: number) => Math.min(200, limit * 3 + 8);

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
  const found: { priority: number; workoutId: string; item: CatalogueItem }[] = [];
  let exhausted = false;
  let leftover = false;
  // Each round reads its rows with their variants and prices in one D1 batch; the first round usually fills the page.
  for (let round = 0; round < 5 && found.length < query.limit && !exhausted; round++) {
    const batchSize = Math.min(200, (query.limit - found.length) * 2 + 8);
    const reads = catalogueSetReads(db, acting, partnerId, day, [
      { where: catalogueFilter({ category: query.category, q: query.q, cursor }), limit: batchSize },
    ]);
    const { read, item } = reads.answer(await batch(db, reads.statements));
    const rows = read[0] ?? [];
    if (rows.length < batchSize) exhausted = true;
    for (const [i, r] of rows.entries()) {
      cursor = [r.priority, r.workout.id];
      if (passes(acting, r.workout)) found.push({ priority: r.priority, workoutId: r.workout.id, item: item(r) });
      if (found.length === query.limit) {
        leftover = i < rows.length - 1;
        break;
      }
    }
  }
  const page = found.slice(0, query.limit);
  const last = page[page.length - 1];
  const more = found.length === query.limit && last && (!exhausted || leftover);
  return {
    items: page.map((r) => r.item),
    nextCursor: more ? encodeCursor([last.priority, last.workoutId]) : null,
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
