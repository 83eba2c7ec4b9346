import { and, asc, avg, count, desc, eq, gt, inArray, isNull, lt, lte, gte, or, sql, type SQL } from "drizzle-orm";
import type { Context } from "hono";
import { Hono } from "hono";
import { CatalogueItem, CataloguePage, CatalogueQuery, CatalogueWorkout, type PriceDto } from "../../contract/catalogue";
import { ErrorEnvelope } from "../../contract/errors";
import { WorkoutIdParam } from "../../contract/workouts";
import type { Category } from "../../contract/enums";
import { libraryEntries, planEntries, pricingLines, reviews, workoutVariants, workouts, type Workout } from "../../db/schema";
import { choosePrice, effectiveLines } from "../domain/pricing";
import { isVisible } from "../domain/visibility";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";
import { invalid, notFound } from "../http/errors";
import { requireAccount, type Acting } from "../identity/context";
import { prerequisiteDtos, prerequisitesQuery, sessionDtos, sessionQueries, registerCustomerVisibility, today } from "./workouts";

export const catalogueApi = new Hono<AppEnv>();
type C = Context<AppEnv>;
type Db = AppEnv["Variables"]["db"];

const errors = {
  400: { description: "Invalid input, with the fields that failed", schema: ErrorEnvelope },
  401: { description: "No or bad token", schema: ErrorEnvelope },
  403: { description: "Not a member of the account in X-Account-Id", schema: ErrorEnvelope },
};

/** Whose library the caller browses: a customer's partner, or a partner's own (preview). */
function libraryOwner(acting: Acting): string | null {
  return acting.account.type === "partner" ? acting.account.id : acting.account.parentAccountId;
}

const likeEscape = (q: string) => `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/**
 * The SQL half of DESIGN §6's rule: the partner's library has the workout
 * `available` and one of its variants (the author's or the partner's own)
 * includes today. The visibility expression is evaluated afterwards, in code.
 */
function visibleWhere(partnerId: string, day: string): SQL {
  return and(
    eq(libraryEntries.accountId, partnerId),
    eq(libraryEntries.status, "available"),
    sql`exists (select 1 from ${workoutVariants} where ${workoutVariants.workoutId} = ${libraryEntries.workoutId}
      and ${workoutVariants.accountId} in (${workouts.accountId}, ${partnerId})
      and (${workoutVariants.availableFrom} is null or ${workoutVariants.availableFrom} <= ${day})
      and (${workoutVariants.availableTo} is null or ${workoutVariants.availableTo} >= ${day}))`,
  )!;
}

function subjectOf(acting: Acting) {
  const a = acting.account;
  return { priceGroupId: a.priceGroupId, industry: a.industry, size: a.size, location: a.location };
}

/** The catalogue page read (exported for the bench's query plans). */
export function catalogueListQuery(db: Db, where: SQL, limit: number) {
  return db
    .select({ workout: workouts, priority: libraryEntries.priority })
    .from(libraryEntries)
    .innerJoin(workouts, eq(workouts.id, libraryEntries.workoutId))
    .where(where)
    .orderBy(desc(libraryEntries.priority), asc(libraryEntries.workoutId))
    .limit(limit);
}

/** The filters of a catalogue page, as SQL (exported for the bench's query plans). */
export function catalogueWhere(partnerId: string, day: string, f: { category?: Category; q?: string; cursor?: [number, string] | null }): SQL {
  const conds: (SQL | undefined)[] = [visibleWhere(partnerId, day)];
  if (f.category) conds.push(eq(workouts.category, f.category));
  if (f.q) {
    const p = likeEscape(f.q);
    conds.push(sql`(${workouts.title} like ${p} escape '\\' or ${workouts.subtitle} like ${p} escape '\\' or ${workouts.name} like ${p} escape '\\')`);
  }
  if (f.cursor) {
    const [p, id] = f.cursor;
    conds.push(or(lt(libraryEntries.priority, p), and(eq(libraryEntries.priority, p), gt(libraryEntries.workoutId, id))));
  }
  return and(...conds)!;
}

/** Partners preview their own library without a customer's expression. */
const passes = (acting: Acting, w: Workout) => acting.account.type === "partner" || isVisible(w.visibility, subjectOf(acting));

/** Whether the caller (a customer) may see the workout at all: the whole rule of DESIGN §6. */
export async function visibleToCustomer(c: C, acting: Acting, workoutId: string): Promise<Workout | null> {
  const partnerId = libraryOwner(acting);
  if (!partnerId) return null;
  const rows = await visibleQuery(c.get("db"), partnerId, workoutId, today());
  const w = rows[0]?.workout;
  return w && passes(acting, w) ? w : null;
}

/**
 * Which of these workouts the customer's catalogue shows today: the whole
 * rule of DESIGN §6 (library available, a variant in date, the visibility
 * expression), for callers other than the customer itself, such as its
 * partner's recommendations.
 */
export async function visibleToAccount(db: Db, customer: Acting["account"], workoutIds: string[]): Promise<Set<string>> {
  const partnerId = customer.type === "customer" ? customer.parentAccountId : null;
  if (!partnerId || !workoutIds.length) return new Set();
  const rows = await db
    .select({ workout: workouts })
    .from(libraryEntries)
    .innerJoin(workouts, eq(workouts.id, libraryEntries.workoutId))
    .where(and(inArray(libraryEntries.workoutId, workoutIds), visibleWhere(partnerId, today())));
  const subject = { priceGroupId: customer.priceGroupId, industry: customer.industry, size: customer.size, location: customer.location };
  return new Set(rows.filter((r) => isVisible(r.workout.visibility, subject)).map((r) => r.workout.id));
}

const visibleQuery = (db: Db, partnerId: string, workoutId: string, day: string) =>
  db
    .select({ workout: workouts, priority: libraryEntries.priority })
    .from(libraryEntries)
    .innerJoin(workouts, eq(workouts.id, libraryEntries.workoutId))
    .where(and(eq(libraryEntries.workoutId, workoutId), visibleWhere(partnerId, day)))
    .limit(1);

registerCustomerVisibility(async (c, acting, id) => Boolean(await visibleToCustomer(c, acting, id)));

/** The in-date variants of the listed workouts (all owners; `chooseVariants` keeps the right one). */
function variantsQuery(db: Db, ids: string[], day: string) {
  return db
    .select()
    .from(workoutVariants)
    .where(
      and(
        inArray(workoutVariants.workoutId, ids),
        or(isNull(workoutVariants.availableFrom), lte(workoutVariants.availableFrom, day)),
        or(isNull(workoutVariants.availableTo), gte(workoutVariants.availableTo, day)),
      ),
    )
    .orderBy(asc(workoutVariants.createdAt));
}

/** The variant a booking would use today: the partner's own in-date variant first, then the author's. */
async function variantsFor(c: C, partnerId: string, list: Workout[], day: string) {
  if (!list.length) return new Map<string, typeof workoutVariants.$inferSelect>();
  const rows = await variantsQuery(
    c.get("db"),
    list.map((w) => w.id),
    day,
  );
  return chooseVariants(rows, partnerId, list);
}

function chooseVariants(rows: (typeof workoutVariants.$inferSelect)[], partnerId: string, list: Workout[]) {
  const authorOf = new Map(list.map((w) => [w.id, w.accountId]));
  const chosen = new Map<string, (typeof rows)[number]>();
  for (const v of rows) {
    const mine = v.accountId === partnerId;
    const author = v.accountId === authorOf.get(v.workoutId);
    if (!mine && !author) continue;
    const current = chosen.get(v.workoutId);
    if (!current || (mine && current.accountId !== partnerId)) chosen.set(v.workoutId, v);
  }
  return chosen;
}

const pricingLinesQuery = (db: Db, ids: string[]) => db.select().from(pricingLines).where(inArray(pricingLines.workoutId, ids));
const planInForceQuery = (db: Db, accountId: string, day: string) =>
  db
    .select({ id: planEntries.id })
    .from(planEntries)
    .where(and(eq(planEntries.accountId, accountId), lte(planEntries.startDate, day), or(isNull(planEntries.endDate), gte(planEntries.endDate, day))))
    .limit(1);

/** The price of each workout for the caller (null for partners previewing, or when no line applies). */
async function pricesFor(c: C, acting: Acting, list: Workout[], variants: Map<string, typeof workoutVariants.$inferSelect>, day: string) {
  if (!list.length || acting.account.type !== "customer") return new Map<string, PriceDto>();
  const db = c.get("db");
  const [lines, plan] = await db.batch([
    pricingLinesQuery(
      db,
      list.map((w) => w.id),
    ),
    planInForceQuery(db, acting.account.id, day),
  ]);
  return priceMap(acting, list, variants, lines, plan, day);
}

function priceMap(
  acting: Acting,
  list: Workout[],
  variants: Map<string, typeof workoutVariants.$inferSelect>,
  lines: (typeof pricingLines.$inferSelect)[],
  plan: { id: string }[],
  day: string,
) {
  const out = new Map<string, PriceDto>();
  if (acting.account.type !== "customer") return out;
  const customer = { id: acting.account.id, priceGroupId: acting.account.priceGroupId, currency: acting.account.currency, onPlan: Boolean(plan[0]) };
  for (const w of list) {
    const variant = variants.get(w.id) ?? null;
    // Base lines are the author's; a variant's custom lines are its owner's.
    const own = lines.filter((l) => l.workoutId === w.id && (l.variantId ? l.variantId === variant?.id : l.accountId === w.accountId));
    const chosen = choosePrice(effectiveLines(own, variant), customer, day);
    out.set(w.id, chosen ? (chosen.kind === "credits" ? { kind: "credits", amount: chosen.amount } : { kind: "money", amount: chosen.amount, currency: chosen.currency }) : null);
  }
  return out;
}

function itemOf(w: Workout, priority: number, price: PriceDto): CatalogueItem {
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
    priority,
    price,
  };
}

/**
 * Catalogue pages, per isolate, for a few seconds (like the tenant cache): a
 * page is the same for one customer account and query until something
 * changes, and a partner's change shows within PAGE_TTL_MS. Keyed by the
 * customer account (its price group, industry, size, location and currency
 * live on the row, so its updatedAt is in the key), the day and the query.
 */
const PAGE_TTL_MS = 5_000;
const PAGE_CACHE_MAX = 1_000;
const pageCache = new Map<string, { until: number; page: CataloguePage }>();
function remember(key: string, page: CataloguePage) {
  if (pageCache.size >= PAGE_CACHE_MAX) pageCache.delete(pageCache.keys().next().value!);
  pageCache.set(key, { until: Date.now() + PAGE_TTL_MS, page });
}

function decodeCursor(raw: string | undefined): [number, string] | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(atob(raw)) as unknown;
    if (Array.isArray(v) && typeof v[0] === "number" && typeof v[1] === "string") return [v[0], v[1]];
  } catch {
    /* fall through */
  }
  throw invalid({ cursor: "Invalid cursor" });
}

endpoint(
  catalogueApi,
  "/v1",
  {
    method: "get",
    path: "/workouts",
    summary: "The workouts the caller's customer account may see (by category and search), highest priority first",
    tags: ["catalogue"],
    auth: "account",
    query: CatalogueQuery,
    responses: { 200: { description: "A page of workouts", schema: CataloguePage }, ...errors },
  },
  async (c, { query }) => {
    const acting = await requireAccount(c);
    const partnerId = libraryOwner(acting);
    if (!partnerId) return c.json({ items: [], nextCursor: null });
    const day = today();
    const key = `${acting.account.id}|${acting.account.updatedAt}|${day}|${new URL(c.req.url).search}`;
    const cached = pageCache.get(key);
    if (cached && cached.until > Date.now()) return c.json(cached.page);
    let cursor = decodeCursor(query.cursor);
    const found: { workout: Workout; priority: number }[] = [];
    let exhausted = false;
    let leftover = false;
    // The expression is evaluated in code; fetch until the page is full (bounded).
    for (let round = 0; round < 5 && found.length < query.limit && !exhausted; round++) {
      const batchSize = Math.min(200, (query.limit - found.length) * 2 + 8);
      const where = catalogueWhere(partnerId, day, { category: query.category, q: query.q, cursor });
      const rows = await catalogueListQuery(c.get("db"), where, batchSize);
      if (rows.length < batchSize) exhausted = true;
      for (let i = 0; i < rows.length; i++) {
        const r = rows[i];
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
    const variants = await variantsFor(c, partnerId, list, day);
    const prices = await pricesFor(c, acting, list, variants, day);
    const last = page[page.length - 1];
    const more = found.length === query.limit && last && (!exhausted || leftover);
    const answer: CataloguePage = {
      items: page.map((r) => itemOf(r.workout, r.priority, prices.get(r.workout.id) ?? null)),
      nextCursor: more ? btoa(JSON.stringify([last.priority, last.workout.id])).replace(/=+$/, "") : null,
    };
    remember(key, answer);
    return c.json(answer);
  },
);

endpoint(
  catalogueApi,
  "/v1",
  {
    method: "get",
    path: "/workouts/{id}",
    summary: "A workout the caller may see: details, sessions, prerequisites, price and rating; anything else is 404",
    tags: ["catalogue"],
    auth: "account",
    params: WorkoutIdParam,
    responses: { 200: { description: "The workout", schema: CatalogueWorkout }, ...errors, 404: { description: "Absent or not visible", schema: ErrorEnvelope } },
  },
  async (c, { params }) => {
    const acting = await requireAccount(c);
    const partnerId = libraryOwner(acting);
    if (!partnerId) throw notFound("Workout not found");
    const db = c.get("db");
    const day = today();
    // The visibility rule first (a join: drizzle maps batched rows by column name, so joins with shared
    // column names stay out of batches), then everything the page needs in one D1 round trip.
    const visible = await visibleQuery(db, partnerId, params.id, day);
    const w = visible[0]?.workout;
    if (!w || !passes(acting, w)) throw notFound("Workout not found");
    const [variantRows, lines, plan, sessionRows, itemRows, fileRows, prereqRows, rating] = await db.batch([
      variantsQuery(db, [params.id], day),
      pricingLinesQuery(db, [params.id]),
      planInForceQuery(db, acting.account.id, day),
      ...sessionQueries(db, params.id),
      prerequisitesQuery(db, params.id),
      db.select({ average: avg(reviews.rating), count: count() }).from(reviews).where(eq(reviews.workoutId, params.id)),
    ]);
    const variants = chooseVariants(variantRows, partnerId, [w]);
    const prices = priceMap(acting, [w], variants, lines, plan, day);
    const sessions = sessionDtos(sessionRows, itemRows, fileRows);
    const prereqs = prerequisiteDtos(prereqRows);
    const entry = [{ priority: visible[0].priority }];
    const visibleDate = (d: { startDate: string | null; endDate: string | null }) => (!d.startDate || d.startDate <= day) && (!d.endDate || d.endDate >= day);
    return c.json({
      ...itemOf(w, entry[0]?.priority ?? w.priority, prices.get(w.id) ?? null),
      description: w.description,
      format: w.format,
      greatFor: w.greatFor,
      featuredMedia: w.featuredMedia.map((m) => ({ type: m.type, url: m.url, alt: m.alt ?? null })),
      variantId: variants.get(w.id)!.id,
      sessions: sessions.map((s) => ({
        ...s,
        // Customers see partner-side action items only on their jobs, never here.
        actionItems: s.actionItems.filter((a) => a.assigneeType === "customer" && visibleDate(a)),
        attachments: s.attachments.filter(visibleDate),
      })),
      prerequisites: prereqs.filter(visibleDate),
      rating: { average: rating[0]?.average === null || rating[0]?.average === undefined ? null : Math.round(Number(rating[0].average) * 10) / 10, count: rating[0]?.count ?? 0 },
    });
  },
);
