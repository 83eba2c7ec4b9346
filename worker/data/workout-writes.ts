/**
 * Writing a workout of the partner's own library: the checks of its child
 * rows (pricing may name only the partner's own customers and groups,
 * delivery partners by TAN, prerequisites from its library) and one D1 batch
 * that replaces each section given.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import { MESSAGES } from "../../contract/messages";
import { INVALID_PARTNER_TAN, type CreateWorkoutBody, type UpdateWorkoutBody } from "../../contract/workouts";
import {
  deliveryPartners,
  libraryEntries,
  prerequisites,
  pricingLines,
  sessionActionItems,
  workoutSessions,
  workoutVariants,
  workouts,
  type Account,
} from "../../db/schema";
import { startsNotBeforeToday } from "../../contract/start-dates";
import type { Db } from "../env";
import type { PartnerScope } from "../http/endpoint";
import { invalid } from "../http/errors";
import { inList, insertRows, notInList } from "./bound";
import { authored, checkSessionTotal, storedSessions } from "./library";
import { partnersByTan, referenceCopies } from "./partner-numbers";
import { bumpVersion } from "./publication";
import { batch, today, type Stmt } from "./query";
import { checkPricing, pricingStatements } from "./workout-pricing";

type PricingIn = z.output<typeof CreateWorkoutBody>["pricing"];
type PartnersIn = z.output<typeof CreateWorkoutBody>["deliveryPartners"];
type SessionsIn = z.output<typeof CreateWorkoutBody>["sessions"];
type PrereqsIn = z.output<typeof CreateWorkoutBody>["prerequisites"];

/**
 * Resolves delivery partners' TANs to partner accounts, in the directory
 * (./partner-numbers.ts); unknown TANs are "Invalid Partner TAN".
 */
export async function resolveTans(directory: Db, partners: PartnersIn, prefix: string, fields: Record<string, string>) {
  const byTan = await partnersByTan(
    directory,
    partners.map((p) => p.partnerTan),
  );
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

// ─── Statements that write child rows ────────────────────────────────────────

export function partnerStatements(
  db: Db,
  partnerId: string,
  workoutId: string,
  variantId: string | null,
  list: PartnersIn,
  byTan: Map<string, Account>,
): Stmt[] {
  const out: Stmt[] = [
    // The delivery partners' rows, for the entries' foreign key and the booking's one batch (./partner-numbers.ts).
    ...referenceCopies(db, [...new Set(list.map((p) => byTan.get(p.partnerTan)!))]),
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
      ...insertRows(
        db,
        deliveryPartners,
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
      ...insertRows(
        db,
        prerequisites,
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

type DatedLists = { pricing?: PricingIn; deliveryPartners?: PartnersIn; prerequisites?: PrereqsIn; sessions?: SessionsIn };
type StoredStarts = Record<keyof DatedLists, Set<string>>;
const NOTHING_STORED: StoredStarts = { pricing: new Set(), deliveryPartners: new Set(), prerequisites: new Set(), sessions: new Set() };

/** The start dates the stored rows of a workout (variantId null) or of one of its variants already have, per list. */
export async function storedStarts(db: Db, workoutId: string, variantId: string | null): Promise<StoredStarts> {
  const dates = (rows: { startDate: string | null }[]) => new Set(rows.flatMap((r) => (r.startDate ? [r.startDate] : [])));
  const [pricing, partners, prereqs, sessions] = await Promise.all([
    db
      .select({ startDate: pricingLines.startDate })
      .from(pricingLines)
      .where(and(eq(pricingLines.workoutId, workoutId), variantId ? eq(pricingLines.variantId, variantId) : isNull(pricingLines.variantId))),
    db
      .select({ startDate: deliveryPartners.startDate })
      .from(deliveryPartners)
      .where(and(eq(deliveryPartners.workoutId, workoutId), variantId ? eq(deliveryPartners.variantId, variantId) : isNull(deliveryPartners.variantId))),
    variantId ? [] : db.select({ startDate: prerequisites.startDate }).from(prerequisites).where(eq(prerequisites.workoutId, workoutId)),
    variantId ? [] : db.select({ startDate: workoutSessions.startDate }).from(workoutSessions).where(eq(workoutSessions.workoutId, workoutId)),
  ]);
  return { pricing: dates(pricing), deliveryPartners: dates(partners), prerequisites: dates(prereqs), sessions: dates(sessions) };
}

/** "Start cannot be before today" on every dated list a save replaces (a start the list already had is kept). */
export function checkStartDates(lists: DatedLists, stored: StoredStarts, day: string, fields: Record<string, string>): void {
  for (const key of ["pricing", "deliveryPartners", "prerequisites", "sessions"] as const) {
    const rows = lists[key];
    if (rows) startsNotBeforeToday(rows, stored[key], key, day, fields);
  }
}

async function skuTaken(db: Db, partnerId: string, sku: string) {
  const dup = await db
    .select({ id: workouts.id })
    .from(workouts)
    .where(and(eq(workouts.accountId, partnerId), eq(workouts.sku, sku)))
    .limit(1);
  return Boolean(dup[0]);
}

/** Creates a workout as a draft of the partner's library, with a first variant; answers its id. */
export async function createWorkout(db: Db, directory: Db, scope: PartnerScope, body: z.output<typeof CreateWorkoutBody>): Promise<string> {
  const { account } = scope;
  const fields: Record<string, string> = {};
  checkSessionTotal(body.sessions, body.totalMinutes, fields);
  await checkPricing(db, account.id, body.pricing, "pricing", fields);
  const byTan = await resolveTans(directory, body.deliveryPartners, "deliveryPartners", fields);
  await checkPrerequisites(db, account.id, null, body.prerequisites, fields);
  const day = today();
  checkStartDates(body, NOTHING_STORED, day, fields);
  if (body.variant?.availableFrom && body.variant.availableFrom < day) fields["variant.availableFrom"] = MESSAGES.startBeforeToday;
  if (await skuTaken(db, account.id, body.sku)) fields.sku = MESSAGES.alreadyExists;
  if (Object.keys(fields).length) throw invalid(fields);

  const id = crypto.randomUUID();
  const variant = body.variant ?? {
    name: "Standard",
    locale: account.language,
    availableFrom: day,
    availableTo: null,
    customPricing: false,
    partnerVisibility: body.partnerVisibility,
  };
  await batch(db, [
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
      defaultLocation: body.defaultLocation ?? null,
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
    ...pricingStatements(db, account.id, id, null, body.pricing, scope.user.id),
    ...partnerStatements(db, account.id, id, null, body.deliveryPartners, byTan),
  ]);
  return id;
}

/** Updates sections of a workout the partner authored; each section given replaces the stored one. */
export async function updateWorkout(db: Db, directory: Db, scope: PartnerScope, workoutId: string, body: z.output<typeof UpdateWorkoutBody>): Promise<void> {
  const { account } = scope;
  const { workout } = await authored(db, scope, workoutId);
  const fields: Record<string, string> = {};
  const existingSessions = await storedSessions(db, workout.id);
  const total = body.details?.totalMinutes ?? workout.totalMinutes;
  checkSessionTotal(body.sessions ?? existingSessions, total, fields);
  if (body.pricing) await checkPricing(db, account.id, body.pricing, "pricing", fields);
  const byTan = body.deliveryPartners ? await resolveTans(directory, body.deliveryPartners, "deliveryPartners", fields) : new Map<string, Account>();
  if (body.prerequisites) await checkPrerequisites(db, account.id, workout.id, body.prerequisites, fields);
  checkStartDates(body, await storedStarts(db, workout.id, null), today(), fields);
  if (body.details && body.details.sku !== workout.sku && (await skuTaken(db, account.id, body.details.sku))) fields["details.sku"] = MESSAGES.alreadyExists;
  if (Object.keys(fields).length) throw invalid(fields);

  // Every change is a new version, published to the catalogue (./publication.ts).
  const stmts: Stmt[] = [bumpVersion(db, workout.id, account.id)];
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
  stmts.unshift(
    db
      .update(workouts)
      .set(set)
      .where(and(eq(workouts.id, workout.id), eq(workouts.accountId, account.id))),
  );
  if (body.sessions) stmts.push(...sessionStatements(db, account.id, workout.id, body.sessions, new Set(existingSessions.map((s) => s.id))));
  if (body.prerequisites) stmts.push(...prerequisiteStatements(db, account.id, workout.id, body.prerequisites));
  if (body.pricing) stmts.push(...pricingStatements(db, account.id, workout.id, null, body.pricing, scope.user.id));
  if (body.deliveryPartners) stmts.push(...partnerStatements(db, account.id, workout.id, null, body.deliveryPartners, byTan));
  await batch(db, stmts);
}
