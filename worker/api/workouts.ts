import { and, asc, desc, eq, isNull, ne, notExists, or, sql, type SQL } from "drizzle-orm";
import { inList, insertRows, notInList } from "../data/bound";
import { after, decodeCursor, pageOf, type SortKey } from "../data/cursor";
import type { Context } from "hono";
import { Hono } from "hono";
import { ErrorEnvelope } from "../../contract/errors";
import { MESSAGES } from "../../contract/messages";
import {
  CreateWorkoutBody,
  INVALID_PARTNER_TAN,
  LIBRARY_TRANSITIONS,
  LibraryPage,
  LibraryQuery,
  LibraryStatusBody,
  ListedWorkout,
  SESSION_TOTAL_MISMATCH,
  TanCheck,
  TanQuery,
  UpdateWorkoutBody,
  VariantBody,
  VariantDto,
  VariantParams,
  WorkoutDto,
  WorkoutIdParam,
  type AttachmentDto as AttachmentDtoT,
  type DeliveryPartnerDto,
  type PricingLineDto,
  type VariantDto as VariantDtoT,
  type WorkoutDto as WorkoutDtoT,
} from "../../contract/workouts";
import type { z } from "zod";
import {
  accounts,
  deliveryPartners,
  libraryEntries,
  prerequisites,
  priceGroups,
  pricingLines,
  sessionActionItems,
  sessionAttachments,
  workoutSessions,
  workoutVariants,
  workouts,
  type LibraryEntry,
  type Workout,
} from "../../db/schema";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";
import { conflict, forbidden, invalid, notFound } from "../http/errors";
import { partnerView } from "../domain/workout-view";
import { requirePartnerAdmin, type Acting } from "../identity/context";

export const workoutsApi = new Hono<AppEnv>();

export type C = Context<AppEnv>;
type Db = AppEnv["Variables"]["db"];

export const errors = {
  400: { description: "Invalid input, with the fields that failed", schema: ErrorEnvelope },
  401: { description: "No or bad token", schema: ErrorEnvelope },
  403: { description: "Not a partner owner or admin, or not the author", schema: ErrorEnvelope },
  404: { description: "Absent, or not in the caller's library", schema: ErrorEnvelope },
};

export const today = () => new Date().toISOString().slice(0, 10);
const likeEscape = (q: string) => `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** Private R2 prefix of session attachments (served only through the access-checked route below). */
export const ATTACHMENT_PREFIX = "private/workouts";
export const attachmentFileUri = (workoutId: string, attachmentId: string) => `/v1/workouts/${workoutId}/attachments/${attachmentId}/file`;

// ─── Loading ─────────────────────────────────────────────────────────────────

/** The workout and the caller's library entry for it; 404 when it is not in the caller's library. */
export async function inLibrary(c: C, partnerId: string, workoutId: string): Promise<{ workout: Workout; entry: LibraryEntry }> {
  const rows = await c
    .get("db")
    .select({ workout: workouts, entry: libraryEntries })
    .from(libraryEntries)
    .innerJoin(workouts, eq(workouts.id, libraryEntries.workoutId))
    .where(and(eq(libraryEntries.accountId, partnerId), eq(libraryEntries.workoutId, workoutId)))
    .limit(1);
  if (!rows[0]) throw notFound("Workout not found");
  return rows[0];
}

/** The same, for the author only: another partner that added it may read, not edit (403). */
export async function authored(c: C, partnerId: string, workoutId: string) {
  const found = await inLibrary(c, partnerId, workoutId);
  if (found.workout.accountId !== partnerId) throw forbidden("Only the author can edit this workout");
  return found;
}

function pricingDto(l: typeof pricingLines.$inferSelect): PricingLineDto {
  return {
    id: l.id,
    name: l.name,
    priceType: l.priceType,
    customerAccountId: l.customerAccountId,
    priceGroupId: l.priceGroupId,
    pricingType: l.pricingType,
    onPlan: l.onPlan,
    currency: l.currency,
    amount: l.amount,
    startDate: l.startDate,
    endDate: l.endDate,
  };
}

function deliveryDto(d: typeof deliveryPartners.$inferSelect): DeliveryPartnerDto {
  return {
    id: d.id,
    partnerTan: d.partnerTan,
    name: d.name,
    selectionPercent: d.selectionPercent,
    startDate: d.startDate,
    endDate: d.endDate,
    visibleToPartners: d.visibleToPartners,
    valid: d.partnerAccountId !== null,
  };
}

export function attachmentDto(a: typeof sessionAttachments.$inferSelect): AttachmentDtoT {
  return {
    id: a.id,
    sessionId: a.sessionId,
    type: a.type,
    category: a.category,
    description: a.description,
    value: a.value,
    fileUri: a.fileKey ? attachmentFileUri(a.workoutId, a.id) : null,
    startDate: a.startDate,
    endDate: a.endDate,
  };
}

/** The three reads behind `loadSessions`, to run in one batch with others. */
export function sessionQueries(db: Db, workoutId: string) {
  return [
    db.select().from(workoutSessions).where(eq(workoutSessions.workoutId, workoutId)).orderBy(asc(workoutSessions.sequence)),
    db.select().from(sessionActionItems).where(eq(sessionActionItems.workoutId, workoutId)).orderBy(asc(sessionActionItems.createdAt)),
    db.select().from(sessionAttachments).where(eq(sessionAttachments.workoutId, workoutId)).orderBy(asc(sessionAttachments.createdAt)),
  ] as const;
}

/** Sessions of a workout in order, with their action items and attachments (one D1 round trip). */
export async function loadSessions(db: Db, workoutId: string) {
  const [sessions, items, files] = await db.batch(sessionQueries(db, workoutId));
  return sessionDtos(sessions, items, files);
}

export function sessionDtos(
  sessions: (typeof workoutSessions.$inferSelect)[],
  items: (typeof sessionActionItems.$inferSelect)[],
  files: (typeof sessionAttachments.$inferSelect)[],
) {
  return sessions.map((s) => ({
    id: s.id,
    sequence: s.sequence,
    name: s.name,
    shortSummary: s.shortSummary,
    description: s.description,
    icon: s.icon,
    lengthMinutes: s.lengthMinutes,
    startDate: s.startDate,
    endDate: s.endDate,
    actionItems: items
      .filter((i) => i.sessionId === s.id)
      .map((i) => ({
        id: i.id,
        assigneeType: i.assigneeType,
        stage: i.stage,
        name: i.name,
        link: i.link,
        dueOffsetDays: i.dueOffsetDays,
        startDate: i.startDate,
        endDate: i.endDate,
      })),
    attachments: files.filter((f) => f.sessionId === s.id).map(attachmentDto),
  }));
}

export const prerequisitesQuery = (db: Db, workoutId: string) =>
  db.select().from(prerequisites).where(eq(prerequisites.workoutId, workoutId)).orderBy(asc(prerequisites.createdAt));

export async function loadPrerequisites(db: Db, workoutId: string) {
  return prerequisiteDtos(await prerequisitesQuery(db, workoutId));
}

export function prerequisiteDtos(rows: (typeof prerequisites.$inferSelect)[]) {
  return rows.map((p) => ({
    id: p.id,
    type: p.type,
    name: p.name,
    category: p.category,
    requiredWorkoutId: p.requiredWorkoutId,
    minimumScore: p.minimumScore,
    startDate: p.startDate,
    endDate: p.endDate,
  }));
}

/**
 * The workout's base pricing, base delivery partners and variants as the
 * partner `viewerId` may see them (worker/domain/workout-view.ts decides).
 */
async function loadCommercial(db: Db, workout: Workout, viewerId: string) {
  const [variants, lines, partners] = await db.batch([
    db.select().from(workoutVariants).where(eq(workoutVariants.workoutId, workout.id)).orderBy(asc(workoutVariants.createdAt)),
    db.select().from(pricingLines).where(eq(pricingLines.workoutId, workout.id)).orderBy(asc(pricingLines.createdAt)),
    db.select().from(deliveryPartners).where(eq(deliveryPartners.workoutId, workout.id)).orderBy(asc(deliveryPartners.createdAt)),
  ]);
  const view = partnerView(viewerId, workout.accountId, { variants, pricing: lines, deliveryPartners: partners });
  return {
    pricing: view.pricing.map(pricingDto),
    deliveryPartners: view.deliveryPartners.map(deliveryDto),
    variants: view.variants.map(
      ({ variant: v, pricing, deliveryPartners: dps }): VariantDtoT => ({
        id: v.id,
        workoutId: v.workoutId,
        name: v.name,
        locale: v.locale,
        availableFrom: v.availableFrom,
        availableTo: v.availableTo,
        customPricing: v.customPricing,
        partnerVisibility: v.partnerVisibility,
        own: v.accountId === viewerId,
        pricing: pricing.map(pricingDto),
        deliveryPartners: dps.map(deliveryDto),
      }),
    ),
  };
}

/** Variants the partner may see: the author's and its own, each filtered like the base workout. */
async function loadVariants(db: Db, workout: Workout, viewerId: string): Promise<VariantDtoT[]> {
  return (await loadCommercial(db, workout, viewerId)).variants;
}

async function workoutDto(c: C, partnerId: string, workout: Workout, entry: LibraryEntry): Promise<WorkoutDtoT> {
  const db = c.get("db");
  const [sessions, prereqs, commercial] = await Promise.all([
    loadSessions(db, workout.id),
    loadPrerequisites(db, workout.id),
    loadCommercial(db, workout, partnerId),
  ]);
  const own = workout.accountId === partnerId;
  return {
    id: workout.id,
    own,
    status: entry.status,
    libraryPriority: entry.priority,
    name: workout.name,
    sku: workout.sku,
    type: workout.type,
    category: workout.category,
    allowPartnerVariants: workout.allowPartnerVariants,
    totalMinutes: workout.totalMinutes,
    maxAttendees: workout.maxAttendees,
    difficulty: workout.difficulty,
    format: workout.format,
    greatFor: workout.greatFor,
    title: workout.title,
    subtitle: workout.subtitle,
    description: workout.description,
    icon: workout.icon,
    featuredMedia: workout.featuredMedia.map((m) => ({ type: m.type, url: m.url, alt: m.alt ?? null })),
    visibility: workout.visibility ?? null,
    partnerVisibility: workout.partnerVisibility,
    priority: workout.priority,
    sessions,
    prerequisites: prereqs,
    pricing: commercial.pricing,
    deliveryPartners: commercial.deliveryPartners,
    variants: commercial.variants,
    updatedAt: workout.updatedAt,
  };
}

// ─── Checks of the child rows ────────────────────────────────────────────────

type PricingIn = z.output<typeof CreateWorkoutBody>["pricing"];
type PartnersIn = z.output<typeof CreateWorkoutBody>["deliveryPartners"];
type SessionsIn = z.output<typeof CreateWorkoutBody>["sessions"];
type PrereqsIn = z.output<typeof CreateWorkoutBody>["prerequisites"];

/** Pricing lines may name only the partner's own customers and price groups. */
async function checkPricing(db: Db, partnerId: string, lines: PricingIn, prefix: string, fields: Record<string, string>) {
  const customerIds = [...new Set(lines.filter((l) => l.priceType === "customer").map((l) => l.customerAccountId!))];
  const groupIds = [...new Set(lines.filter((l) => l.priceType === "customerPriceGroup").map((l) => l.priceGroupId!))];
  const okCustomers = customerIds.length
    ? new Set(
        (
          await db
            .select({ id: accounts.id })
            .from(accounts)
            .where(and(inList(accounts.id, customerIds), eq(accounts.parentAccountId, partnerId)))
        ).map((r) => r.id),
      )
    : new Set<string>();
  const okGroups = groupIds.length
    ? new Set(
        (await db.select({ id: priceGroups.id }).from(priceGroups).where(and(inList(priceGroups.id, groupIds), eq(priceGroups.accountId, partnerId)))).map(
          (r) => r.id,
        ),
      )
    : new Set<string>();
  lines.forEach((l, i) => {
    if (l.priceType === "customer" && !okCustomers.has(l.customerAccountId!)) fields[`${prefix}.${i}.customerAccountId`] = "Customer not found";
    if (l.priceType === "customerPriceGroup" && !okGroups.has(l.priceGroupId!)) fields[`${prefix}.${i}.priceGroupId`] = "Price group not found";
  });
}

/** Resolves delivery partners' TANs to partner accounts; unknown TANs are "Invalid Partner TAN". */
async function resolveTans(db: Db, partners: PartnersIn, prefix: string, fields: Record<string, string>) {
  const tans = [...new Set(partners.map((p) => p.partnerTan))];
  const found = tans.length
    ? await db
        .select({ id: accounts.id, tan: accounts.tan, name: accounts.name })
        .from(accounts)
        .where(and(inList(accounts.tan, tans), eq(accounts.type, "partner")))
    : [];
  const byTan = new Map(found.map((a) => [a.tan!, a]));
  partners.forEach((p, i) => {
    if (!byTan.has(p.partnerTan)) fields[`${prefix}.${i}.partnerTan`] = INVALID_PARTNER_TAN;
  });
  return byTan;
}

async function checkPrerequisites(db: Db, partnerId: string, workoutId: string | null, list: PrereqsIn, fields: Record<string, string>) {
  const ids = [...new Set(list.filter((p) => p.type === "workout").map((p) => p.requiredWorkoutId!))];
  if (!ids.length) return;
  const ok = new Set(
    (
      await db
        .select({ id: libraryEntries.workoutId })
        .from(libraryEntries)
        .where(and(eq(libraryEntries.accountId, partnerId), inList(libraryEntries.workoutId, ids)))
    ).map((r) => r.id),
  );
  list.forEach((p, i) => {
    if (p.type !== "workout") return;
    if (!ok.has(p.requiredWorkoutId!) || p.requiredWorkoutId === workoutId) fields[`prerequisites.${i}.requiredWorkoutId`] = "Workout not found";
  });
}

function checkSessionTotal(sessions: { lengthMinutes: number }[], totalMinutes: number, fields: Record<string, string>) {
  if (sessions.length === 0) return;
  const sum = sessions.reduce((n, s) => n + s.lengthMinutes, 0);
  if (sum !== totalMinutes) fields.sessions = SESSION_TOTAL_MISMATCH;
}

// ─── Statements that write child rows ────────────────────────────────────────

type Stmt = Parameters<Db["batch"]>[0][number];

function pricingStatements(db: Db, partnerId: string, workoutId: string, variantId: string | null, lines: PricingIn): Stmt[] {
  const del = db
    .delete(pricingLines)
    .where(
      and(
        eq(pricingLines.workoutId, workoutId),
        variantId ? eq(pricingLines.variantId, variantId) : isNull(pricingLines.variantId),
        eq(pricingLines.accountId, partnerId),
      ),
    );
  const out: Stmt[] = [del];
  if (lines.length) {
    out.push(
      ...insertRows(db, pricingLines, 
        lines.map((l) => ({
          accountId: partnerId,
          workoutId,
          variantId,
          name: l.name,
          priceType: l.priceType,
          customerAccountId: l.priceType === "customer" ? l.customerAccountId : null,
          priceGroupId: l.priceType === "customerPriceGroup" ? l.priceGroupId : null,
          pricingType: l.pricingType,
          onPlan: l.onPlan,
          currency: l.currency,
          amount: l.amount,
          startDate: l.startDate,
          endDate: l.endDate,
        })),
      ),
    );
  }
  return out;
}

function partnerStatements(
  db: Db,
  partnerId: string,
  workoutId: string,
  variantId: string | null,
  list: PartnersIn,
  byTan: Map<string, { id: string; name: string }>,
): Stmt[] {
  const out: Stmt[] = [
    db
      .delete(deliveryPartners)
      .where(
        and(
          eq(deliveryPartners.workoutId, workoutId),
          variantId ? eq(deliveryPartners.variantId, variantId) : isNull(deliveryPartners.variantId),
          eq(deliveryPartners.accountId, partnerId),
        ),
      ),
  ];
  if (list.length) {
    out.push(
      ...insertRows(db, deliveryPartners, 
        list.map((p) => {
          const account = byTan.get(p.partnerTan)!;
          return {
            accountId: partnerId,
            workoutId,
            variantId,
            partnerTan: p.partnerTan,
            partnerAccountId: account.id,
            name: p.name ?? account.name,
            selectionPercent: p.selectionPercent,
            startDate: p.startDate,
            endDate: p.endDate,
            visibleToPartners: p.visibleToPartners,
          };
        }),
      ),
    );
  }
  return out;
}

function prerequisiteStatements(db: Db, partnerId: string, workoutId: string, list: PrereqsIn): Stmt[] {
  const out: Stmt[] = [db.delete(prerequisites).where(eq(prerequisites.workoutId, workoutId))];
  if (list.length) {
    out.push(
      ...insertRows(db, prerequisites, 
        list.map((p) => ({
          accountId: partnerId,
          workoutId,
          type: p.type,
          name: p.name,
          category: p.category,
          requiredWorkoutId: p.type === "workout" ? p.requiredWorkoutId : null,
          minimumScore: p.type === "score" ? p.minimumScore : null,
          startDate: p.startDate,
          endDate: p.endDate,
        })),
      ),
    );
  }
  return out;
}

/** Sessions keep their ids (and attachments) when the editor sends them back; others are removed. */
function sessionStatements(db: Db, partnerId: string, workoutId: string, list: SessionsIn, existingIds: Set<string>): Stmt[] {
  const withIds = list.map((s) => ({ ...s, id: s.id && existingIds.has(s.id) ? s.id : crypto.randomUUID(), isNew: !(s.id && existingIds.has(s.id)) }));
  const keep = withIds.filter((s) => !s.isNew).map((s) => s.id);
  const out: Stmt[] = [
    db.delete(sessionActionItems).where(eq(sessionActionItems.workoutId, workoutId)),
    db
      .delete(workoutSessions)
      .where(keep.length ? and(eq(workoutSessions.workoutId, workoutId), notInList(workoutSessions.id, keep)) : eq(workoutSessions.workoutId, workoutId)),
  ];
  withIds.forEach((s, i) => {
    const values = {
      sequence: i + 1,
      name: s.name,
      shortSummary: s.shortSummary,
      description: s.description,
      icon: s.icon,
      lengthMinutes: s.lengthMinutes,
      startDate: s.startDate,
      endDate: s.endDate,
    };
    out.push(
      s.isNew
        ? db.insert(workoutSessions).values({ id: s.id, workoutId, accountId: partnerId, ...values })
        : db
            .update(workoutSessions)
            .set(values)
            .where(and(eq(workoutSessions.id, s.id), eq(workoutSessions.workoutId, workoutId))),
    );
  });
  const items = withIds.flatMap((s) =>
    s.actionItems.map((a) => ({
      accountId: partnerId,
      workoutId,
      sessionId: s.id,
      assigneeType: a.assigneeType,
      stage: a.stage,
      name: a.name,
      link: a.link,
      dueOffsetDays: a.dueOffsetDays,
      startDate: a.startDate,
      endDate: a.endDate,
    })),
  );
  out.push(...insertRows(db, sessionActionItems, items));
  return out;
}

export const batch = (db: Db, stmts: Stmt[]) => db.batch(stmts as [Stmt, ...Stmt[]]);

// ─── Library list ────────────────────────────────────────────────────────────

endpoint(
  workoutsApi,
  "/v1",
  {
    method: "get",
    path: "/admin/workouts",
    summary: "The partner's workout library (filter, category, status, sort; cursor pages)",
    tags: ["workouts"],
    auth: "partnerAdmin",
    query: LibraryQuery,
    responses: { 200: { description: "A page of the library", schema: LibraryPage }, ...errors },
  },
  async (c, { query }) => {
    const { account } = await requirePartnerAdmin(c);
    const conds: (SQL | undefined)[] = [eq(libraryEntries.accountId, account.id)];
    if (query.category) conds.push(eq(workouts.category, query.category));
    if (query.status) conds.push(eq(libraryEntries.status, query.status));
    if (query.q) {
      const p = likeEscape(query.q);
      conds.push(sql`(${workouts.name} like ${p} escape '\\' or ${workouts.title} like ${p} escape '\\' or ${workouts.sku} like ${p} escape '\\')`);
    }
    const keys: SortKey[] =
      query.sort === "name"
        ? [{ column: workouts.name, dir: "asc" }, { column: workouts.id, dir: "asc" }]
        : query.sort === "updated"
          ? [{ column: workouts.updatedAt, dir: "desc" }, { column: workouts.id, dir: "asc" }]
          : [{ column: libraryEntries.priority, dir: "desc" }, { column: workouts.id, dir: "asc" }];
    conds.push(after(keys, decodeCursor(query.cursor, [query.sort === "name" || query.sort === "updated" ? "string" : "number", "string"])));
    const order = keys.map((k) => (k.dir === "asc" ? asc(k.column) : desc(k.column)));
    const rows = await c
      .get("db")
      .select({ workout: workouts, entry: libraryEntries, authorName: accounts.name })
      .from(libraryEntries)
      .innerJoin(workouts, eq(workouts.id, libraryEntries.workoutId))
      .innerJoin(accounts, eq(accounts.id, workouts.accountId))
      .where(and(...conds))
      .orderBy(...order)
      .limit(query.limit + 1);
    const { items: page, nextCursor } = pageOf(rows, query.limit, (r) => [
      query.sort === "name" ? r.workout.name : query.sort === "updated" ? r.workout.updatedAt : r.entry.priority,
      r.workout.id,
    ]);
    return c.json({
      items: page.map(({ workout: w, entry, authorName }) => ({
        id: w.id,
        name: w.name,
        sku: w.sku,
        title: w.title,
        type: w.type,
        category: w.category,
        difficulty: w.difficulty,
        totalMinutes: w.totalMinutes,
        status: entry.status,
        priority: entry.priority,
        partnerVisibility: w.partnerVisibility,
        own: w.accountId === account.id,
        authorName,
        updatedAt: w.updatedAt,
      })),
      nextCursor,
    });
  },
);

/** Workouts of other partners that this partner may add to its library (listed, or limited naming it). */
endpoint(
  workoutsApi,
  "/v1",
  {
    method: "get",
    path: "/admin/workouts/listed",
    summary: "Workouts other partners list, not yet in the caller's library",
    tags: ["workouts"],
    auth: "partnerAdmin",
    responses: { 200: { description: "The workouts", schema: ListedWorkout.array() }, ...errors },
  },
  async (c) => {
    const { account } = await requirePartnerAdmin(c);
    const db = c.get("db");
    const rows = await db
      .select({ workout: workouts, authorName: accounts.name })
      .from(workouts)
      .innerJoin(accounts, eq(accounts.id, workouts.accountId))
      .where(
        and(
          ne(workouts.accountId, account.id),
          or(
            eq(workouts.partnerVisibility, "listed"),
            and(
              eq(workouts.partnerVisibility, "limited"),
              sql`exists (select 1 from ${deliveryPartners} where ${deliveryPartners.workoutId} = ${workouts.id} and ${deliveryPartners.partnerAccountId} = ${account.id})`,
            ),
          ),
          notExists(
            db
              .select({ one: sql`1` })
              .from(libraryEntries)
              .where(and(eq(libraryEntries.accountId, account.id), eq(libraryEntries.workoutId, workouts.id))),
          ),
        ),
      )
      .orderBy(desc(workouts.priority), asc(workouts.title))
      .limit(200);
    return c.json(
      rows.map(({ workout: w, authorName }) => ({
        id: w.id,
        title: w.title,
        category: w.category,
        authorName,
        difficulty: w.difficulty,
        totalMinutes: w.totalMinutes,
      })),
    );
  },
);

/** Live TAN check of a delivery partner ("Pending validation", "Invalid Partner TAN"). */
endpoint(
  workoutsApi,
  "/v1",
  {
    method: "get",
    path: "/admin/workouts/delivery-partners/check",
    summary: "Whether a TAN names a partner, and its name",
    tags: ["workouts"],
    auth: "partnerAdmin",
    query: TanQuery,
    responses: { 200: { description: "The answer", schema: TanCheck }, ...errors },
  },
  async (c, { query }) => {
    await requirePartnerAdmin(c);
    if (!/^\d{6}$/.test(query.tan)) return c.json({ valid: false, name: null });
    const row = await c
      .get("db")
      .select({ name: accounts.name })
      .from(accounts)
      .where(and(eq(accounts.tan, query.tan), eq(accounts.type, "partner")))
      .limit(1);
    return c.json({ valid: Boolean(row[0]), name: row[0]?.name ?? null });
  },
);

// ─── Create, read, update ────────────────────────────────────────────────────

endpoint(
  workoutsApi,
  "/v1",
  {
    method: "post",
    path: "/admin/workouts",
    summary: "Create a workout (draft in the caller's library) with a first variant",
    tags: ["workouts"],
    auth: "partnerAdmin",
    body: CreateWorkoutBody,
    responses: { 201: { description: "The workout", schema: WorkoutDto }, ...errors, 409: { description: "SKU already used", schema: ErrorEnvelope } },
  },
  async (c, { body }) => {
    const { account } = await requirePartnerAdmin(c);
    const db = c.get("db");
    const fields: Record<string, string> = {};
    checkSessionTotal(body.sessions, body.totalMinutes, fields);
    await checkPricing(db, account.id, body.pricing, "pricing", fields);
    const byTan = await resolveTans(db, body.deliveryPartners, "deliveryPartners", fields);
    await checkPrerequisites(db, account.id, null, body.prerequisites, fields);
    if (body.variant?.availableFrom && body.variant.availableFrom < today()) fields["variant.availableFrom"] = MESSAGES.startBeforeToday;
    const dup = await db
      .select({ id: workouts.id })
      .from(workouts)
      .where(and(eq(workouts.accountId, account.id), eq(workouts.sku, body.sku)))
      .limit(1);
    if (dup[0]) fields.sku = MESSAGES.alreadyExists;
    if (Object.keys(fields).length) throw invalid(fields);

    const id = crypto.randomUUID();
    const variant = body.variant ?? { name: "Standard", locale: account.language, availableFrom: today(), availableTo: null, customPricing: false, partnerVisibility: body.partnerVisibility };
    const stmts: Stmt[] = [
      db.insert(workouts).values({
        id,
        accountId: account.id,
        name: body.name,
        sku: body.sku,
        type: body.type,
        category: body.category,
        allowPartnerVariants: body.allowPartnerVariants,
        totalMinutes: body.totalMinutes,
        maxAttendees: body.maxAttendees,
        difficulty: body.difficulty,
        format: body.format,
        greatFor: body.greatFor,
        title: body.title,
        subtitle: body.subtitle,
        description: body.description,
        icon: body.icon,
        featuredMedia: body.featuredMedia.map((m) => ({ type: m.type, url: m.url, alt: m.alt ?? undefined })),
        visibility: body.visibility,
        partnerVisibility: body.partnerVisibility,
        priority: body.priority,
      }),
      db.insert(libraryEntries).values({ accountId: account.id, workoutId: id, status: "draft", priority: body.priority }),
      db.insert(workoutVariants).values({ workoutId: id, accountId: account.id, ...variant }),
      ...sessionStatements(db, account.id, id, body.sessions, new Set()),
      ...prerequisiteStatements(db, account.id, id, body.prerequisites),
      ...pricingStatements(db, account.id, id, null, body.pricing),
      ...partnerStatements(db, account.id, id, null, body.deliveryPartners, byTan),
    ];
    await batch(db, stmts);
    const { workout, entry } = await inLibrary(c, account.id, id);
    return c.json(await workoutDto(c, account.id, workout, entry), 201);
  },
);

endpoint(
  workoutsApi,
  "/v1",
  {
    method: "get",
    path: "/admin/workouts/{id}",
    summary: "A workout of the caller's library, with every section",
    tags: ["workouts"],
    auth: "partnerAdmin",
    params: WorkoutIdParam,
    responses: { 200: { description: "The workout", schema: WorkoutDto }, ...errors },
  },
  async (c, { params }) => {
    const { account } = await requirePartnerAdmin(c);
    const { workout, entry } = await inLibrary(c, account.id, params.id);
    return c.json(await workoutDto(c, account.id, workout, entry));
  },
);

endpoint(
  workoutsApi,
  "/v1",
  {
    method: "put",
    path: "/admin/workouts/{id}",
    summary: "Update sections of a workout (author only); each section given replaces the stored one",
    tags: ["workouts"],
    auth: "partnerAdmin",
    params: WorkoutIdParam,
    body: UpdateWorkoutBody,
    responses: { 200: { description: "The workout", schema: WorkoutDto }, ...errors, 409: { description: "SKU already used" } },
  },
  async (c, { params, body }) => {
    const { account } = await requirePartnerAdmin(c);
    const db = c.get("db");
    const { workout } = await authored(c, account.id, params.id);
    const fields: Record<string, string> = {};
    const existingSessions = await db
      .select({ id: workoutSessions.id, lengthMinutes: workoutSessions.lengthMinutes })
      .from(workoutSessions)
      .where(eq(workoutSessions.workoutId, workout.id));
    const total = body.details?.totalMinutes ?? workout.totalMinutes;
    checkSessionTotal(body.sessions ?? existingSessions, total, fields);
    if (body.pricing) await checkPricing(db, account.id, body.pricing, "pricing", fields);
    const byTan = body.deliveryPartners ? await resolveTans(db, body.deliveryPartners, "deliveryPartners", fields) : new Map();
    if (body.prerequisites) await checkPrerequisites(db, account.id, workout.id, body.prerequisites, fields);
    if (body.details && body.details.sku !== workout.sku) {
      const dup = await db
        .select({ id: workouts.id })
        .from(workouts)
        .where(and(eq(workouts.accountId, account.id), eq(workouts.sku, body.details.sku)))
        .limit(1);
      if (dup[0]) fields["details.sku"] = MESSAGES.alreadyExists;
    }
    if (Object.keys(fields).length) throw invalid(fields);

    const stmts: Stmt[] = [];
    const set: Partial<typeof workouts.$inferInsert> = { updatedAt: new Date().toISOString() };
    if (body.details) {
      const d = body.details;
      Object.assign(set, { ...d, featuredMedia: d.featuredMedia.map((m) => ({ type: m.type, url: m.url, alt: m.alt ?? undefined })) });
      stmts.push(
        db
          .update(libraryEntries)
          .set({ priority: d.priority })
          .where(and(eq(libraryEntries.accountId, account.id), eq(libraryEntries.workoutId, workout.id))),
      );
    }
    if (body.visibility !== undefined) set.visibility = body.visibility;
    stmts.unshift(db.update(workouts).set(set).where(eq(workouts.id, workout.id)));
    if (body.sessions) stmts.push(...sessionStatements(db, account.id, workout.id, body.sessions, new Set(existingSessions.map((s) => s.id))));
    if (body.prerequisites) stmts.push(...prerequisiteStatements(db, account.id, workout.id, body.prerequisites));
    if (body.pricing) stmts.push(...pricingStatements(db, account.id, workout.id, null, body.pricing));
    if (body.deliveryPartners) stmts.push(...partnerStatements(db, account.id, workout.id, null, body.deliveryPartners, byTan));
    await batch(db, stmts);
    const fresh = await inLibrary(c, account.id, workout.id);
    return c.json(await workoutDto(c, account.id, fresh.workout, fresh.entry));
  },
);

// ─── Library status and adding listed workouts ───────────────────────────────

endpoint(
  workoutsApi,
  "/v1",
  {
    method: "post",
    path: "/admin/workouts/{id}/status",
    summary: "Change the workout's status in the caller's library (draft → complete → available → archived → draft)",
    tags: ["workouts"],
    auth: "partnerAdmin",
    params: WorkoutIdParam,
    body: LibraryStatusBody,
    responses: { 200: { description: "The workout", schema: WorkoutDto }, ...errors, 409: { description: "Not an allowed change", schema: ErrorEnvelope } },
  },
  async (c, { params, body }) => {
    const { account } = await requirePartnerAdmin(c);
    const db = c.get("db");
    const { workout, entry } = await inLibrary(c, account.id, params.id);
    if (!LIBRARY_TRANSITIONS[entry.status].includes(body.status)) {
      throw conflict(`A ${entry.status} workout cannot become ${body.status}`, { status: `Not allowed from ${entry.status}` });
    }
    if (body.status === "complete" || body.status === "available") {
      const sessions = await db.select({ lengthMinutes: workoutSessions.lengthMinutes }).from(workoutSessions).where(eq(workoutSessions.workoutId, workout.id));
      const fields: Record<string, string> = {};
      if (sessions.length === 0) fields.sessions = MESSAGES.required;
      else checkSessionTotal(sessions, workout.totalMinutes, fields);
      if (Object.keys(fields).length) throw invalid(fields, MESSAGES.missingFields);
    }
    await db
      .update(libraryEntries)
      .set({ status: body.status })
      .where(and(eq(libraryEntries.id, entry.id), eq(libraryEntries.status, entry.status)));
    const fresh = await inLibrary(c, account.id, workout.id);
    return c.json(await workoutDto(c, account.id, fresh.workout, fresh.entry));
  },
);

endpoint(
  workoutsApi,
  "/v1",
  {
    method: "post",
    path: "/admin/workouts/{id}/library",
    summary: "Add another partner's listed workout to the caller's library (as a draft)",
    tags: ["workouts"],
    auth: "partnerAdmin",
    params: WorkoutIdParam,
    responses: { 201: { description: "The workout", schema: WorkoutDto }, ...errors, 409: { description: "Already in the library", schema: ErrorEnvelope } },
  },
  async (c, { params }) => {
    const { account } = await requirePartnerAdmin(c);
    const db = c.get("db");
    const rows = await db.select().from(workouts).where(eq(workouts.id, params.id)).limit(1);
    const w = rows[0];
    if (!w) throw notFound("Workout not found");
    let allowed = w.accountId !== account.id && w.partnerVisibility === "listed";
    if (!allowed && w.accountId !== account.id && w.partnerVisibility === "limited") {
      const named = await db
        .select({ id: deliveryPartners.id })
        .from(deliveryPartners)
        .where(and(eq(deliveryPartners.workoutId, w.id), eq(deliveryPartners.partnerAccountId, account.id)))
        .limit(1);
      allowed = Boolean(named[0]);
    }
    const existing = await db
      .select({ id: libraryEntries.id })
      .from(libraryEntries)
      .where(and(eq(libraryEntries.accountId, account.id), eq(libraryEntries.workoutId, w.id)))
      .limit(1);
    if (existing[0]) throw conflict(MESSAGES.alreadyExists);
    if (!allowed) throw notFound("Workout not found");
    await db.insert(libraryEntries).values({ accountId: account.id, workoutId: w.id, status: "draft", priority: w.priority });
    const fresh = await inLibrary(c, account.id, w.id);
    return c.json(await workoutDto(c, account.id, fresh.workout, fresh.entry), 201);
  },
);

// ─── Variants ────────────────────────────────────────────────────────────────

endpoint(
  workoutsApi,
  "/v1",
  {
    method: "get",
    path: "/admin/workouts/{id}/variants",
    summary: "The workout's variants the caller may see (the author's and its own)",
    tags: ["workouts"],
    auth: "partnerAdmin",
    params: WorkoutIdParam,
    responses: { 200: { description: "The variants", schema: VariantDto.array() }, ...errors },
  },
  async (c, { params }) => {
    const { account } = await requirePartnerAdmin(c);
    const { workout } = await inLibrary(c, account.id, params.id);
    return c.json(await loadVariants(c.get("db"), workout, account.id));
  },
);

type VariantIn = z.output<typeof VariantBody>;

async function checkVariant(c: C, partnerId: string, body: VariantIn, previousFrom: string | null | undefined) {
  const db = c.get("db");
  const fields: Record<string, string> = {};
  if (body.availableFrom && body.availableFrom !== previousFrom && body.availableFrom < today()) fields.availableFrom = MESSAGES.startBeforeToday;
  await checkPricing(db, partnerId, body.pricing, "pricing", fields);
  const byTan = await resolveTans(db, body.deliveryPartners, "deliveryPartners", fields);
  if (Object.keys(fields).length) throw invalid(fields);
  return byTan;
}

endpoint(
  workoutsApi,
  "/v1",
  {
    method: "post",
    path: "/admin/workouts/{id}/variants",
    summary: "Create a variant (the author, or a partner that added a workout allowing partner variants)",
    tags: ["workouts"],
    auth: "partnerAdmin",
    params: WorkoutIdParam,
    body: VariantBody,
    responses: { 201: { description: "The variant", schema: VariantDto }, ...errors },
  },
  async (c, { params, body }) => {
    const { account } = await requirePartnerAdmin(c);
    const db = c.get("db");
    const { workout } = await inLibrary(c, account.id, params.id);
    if (workout.accountId !== account.id && !workout.allowPartnerVariants) throw forbidden("This workout does not allow partner variants");
    const byTan = await checkVariant(c, account.id, body, undefined);
    const id = crypto.randomUUID();
    await batch(db, [
      db.insert(workoutVariants).values({
        id,
        workoutId: workout.id,
        accountId: account.id,
        name: body.name,
        locale: body.locale,
        availableFrom: body.availableFrom,
        availableTo: body.availableTo,
        customPricing: body.customPricing,
        partnerVisibility: body.partnerVisibility,
      }),
      ...pricingStatements(db, account.id, workout.id, id, body.pricing),
      ...partnerStatements(db, account.id, workout.id, id, body.deliveryPartners, byTan),
    ]);
    const all = await loadVariants(db, workout, account.id);
    return c.json(all.find((v) => v.id === id)!, 201);
  },
);

endpoint(
  workoutsApi,
  "/v1",
  {
    method: "get",
    path: "/admin/workouts/{id}/variants/{variantId}",
    summary: "One variant",
    tags: ["workouts"],
    auth: "partnerAdmin",
    params: VariantParams,
    responses: { 200: { description: "The variant", schema: VariantDto }, ...errors },
  },
  async (c, { params }) => {
    const { account } = await requirePartnerAdmin(c);
    const { workout } = await inLibrary(c, account.id, params.id);
    const found = (await loadVariants(c.get("db"), workout, account.id)).find((v) => v.id === params.variantId);
    if (!found) throw notFound("Variant not found");
    return c.json(found);
  },
);

endpoint(
  workoutsApi,
  "/v1",
  {
    method: "put",
    path: "/admin/workouts/{id}/variants/{variantId}",
    summary: "Update a variant the caller owns (details, custom pricing, delivery partners)",
    tags: ["workouts"],
    auth: "partnerAdmin",
    params: VariantParams,
    body: VariantBody,
    responses: { 200: { description: "The variant", schema: VariantDto }, ...errors },
  },
  async (c, { params, body }) => {
    const { account } = await requirePartnerAdmin(c);
    const db = c.get("db");
    const { workout } = await inLibrary(c, account.id, params.id);
    const rows = await db
      .select()
      .from(workoutVariants)
      .where(and(eq(workoutVariants.id, params.variantId), eq(workoutVariants.workoutId, workout.id)))
      .limit(1);
    const variant = rows[0];
    if (!variant || (variant.accountId !== account.id && variant.accountId !== workout.accountId)) throw notFound("Variant not found");
    if (variant.accountId !== account.id) throw forbidden("Only the variant's owner can edit it");
    const byTan = await checkVariant(c, account.id, body, variant.availableFrom);
    await batch(db, [
      db
        .update(workoutVariants)
        .set({
          name: body.name,
          locale: body.locale,
          availableFrom: body.availableFrom,
          availableTo: body.availableTo,
          customPricing: body.customPricing,
          partnerVisibility: body.partnerVisibility,
        })
        .where(eq(workoutVariants.id, variant.id)),
      ...pricingStatements(db, account.id, workout.id, variant.id, body.pricing),
      ...partnerStatements(db, account.id, workout.id, variant.id, body.deliveryPartners, byTan),
    ]);
    const found = (await loadVariants(db, workout, account.id)).find((v) => v.id === variant.id)!;
    return c.json(found);
  },
);

// ─── Who may read a workout ─────────────────────────────────────────────────

let customerVisible: ((c: C, acting: Acting, id: string) => Promise<boolean>) | null = null;
/** The catalogue registers its visibility check here (it imports this module, so not the other way round). */
export function registerCustomerVisibility(fn: (c: C, acting: Acting, id: string) => Promise<boolean>) {
  customerVisible = fn;
}

/**
 * Whether the caller may read a workout (its attachments, a saved item): a
 * partner whose library holds it, or a customer whose catalogue shows it.
 * Callers answer 404 otherwise.
 */
export async function canReadWorkout(c: C, acting: Acting, workoutId: string): Promise<boolean> {
  if (acting.account.type === "partner") {
    const row = await c
      .get("db")
      .select({ id: libraryEntries.id })
      .from(libraryEntries)
      .where(and(eq(libraryEntries.accountId, acting.account.id), eq(libraryEntries.workoutId, workoutId)))
      .limit(1);
    return Boolean(row[0]);
  }
  return customerVisible ? customerVisible(c, acting, workoutId) : false;
}
