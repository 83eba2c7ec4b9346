/**
 * A workout as its partners read it: sessions with their action items and
 * attachments, prerequisites, and the pricing, delivery partners and variants
 * the viewing partner may see (worker/domain/workout-view.ts decides which).
 */
import { asc, eq } from "drizzle-orm";
import type { AttachmentDto, DeliveryPartnerDto, PricingLineDto, VariantDto, WorkoutDto } from "../../contract/workouts";
import {
  deliveryPartners,
  prerequisites,
  pricingLines,
  sessionActionItems,
  sessionAttachments,
  workoutSessions,
  workoutVariants,
  type LibraryEntry,
  type Workout,
} from "../../db/schema";
import { partnerView } from "../domain/workout-view";
import type { Db } from "../env";

/** Private R2 prefix of session attachments (served only through the access-checked download). */
export const ATTACHMENT_PREFIX = "private/workouts";
export const attachmentFileUri = (workoutId: string, attachmentId: string) => `/v1/workouts/${workoutId}/attachments/${attachmentId}/file`;

export function pricingDto(l: typeof pricingLines.$inferSelect): PricingLineDto {
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

export function deliveryDto(d: typeof deliveryPartners.$inferSelect): DeliveryPartnerDto {
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

export function attachmentDto(a: typeof sessionAttachments.$inferSelect): AttachmentDto {
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
export async function loadCommercial(db: Db, workout: Workout, viewerId: string) {
  const [variants, lines, partners] = await db.batch([
    db.select().from(workoutVariants).where(eq(workoutVariants.workoutId, workout.id)).orderBy(asc(workoutVariants.createdAt)),
    db.select().from(pricingLines).where(eq(pricingLines.workoutId, workout.id)).orderBy(asc(pricingLines.createdAt)),
    db.select().from(deliveryPartners).where(eq(deliveryPartners.workoutId, workout.id)).orderBy(asc(deliveryPartners.createdAt)),
  ]);
  const view = partnerView(viewerId, workout.accountId, { variants, pricing: lines, deliveryPartners: partners });
  return {
    pricing: view.pricing.map(pricingDto),
    deliveryPartners: view.deliveryPartners.map(deliveryDto),
    variants: view.variants.map(({ variant: v, pricing, deliveryPartners: dps }): VariantDto => ({
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
    })),
  };
}

/** Variants the partner may see: the author's and its own, each filtered like the base workout. */
export async function loadVariants(db: Db, workout: Workout, viewerId: string): Promise<VariantDto[]> {
  return (await loadCommercial(db, workout, viewerId)).variants;
}

/** The whole workout as the partner `partnerId` sees it in its library (three reads at once). */
export async function workoutDto(db: Db, partnerId: string, workout: Workout, entry: LibraryEntry): Promise<WorkoutDto> {
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
    defaultLocation: workout.defaultLocation ?? null,
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
