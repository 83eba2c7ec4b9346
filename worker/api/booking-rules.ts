import { and, asc, eq, gte, isNull, lte, or, sql } from "drizzle-orm";
import { inList } from "../data/bound";
import type { BookingOptions } from "../../contract/bookings";
import {
  accounts,
  deliveryPartners,
  libraryEntries,
  planEntries,
  pricingLines,
  slots,
  workoutSessions,
  workoutVariants,
  workouts,
} from "../../db/schema";
import { drawDeliveryPartner } from "../domain/jobs";
import { choosePrice, effectiveLines } from "../domain/pricing";
import { isVisible } from "../domain/visibility";
import type { Db } from "../env";
import { conflict, notFound } from "../http/errors";
import type { Account } from "../identity/context";

/** What booking needs to know about a workout a customer may book. */
export type Bookable = {
  workout: typeof workouts.$inferSelect;
  variant: typeof workoutVariants.$inferSelect | null;
  sessions: (typeof workoutSessions.$inferSelect)[];
  price: BookingOptions["price"];
  pricingLineId: string | null;
};

export const today = () => new Date().toISOString().slice(0, 10);

/**
 * The workout as the customer may book it, by the catalogue's rule:
 * in its partner's library and available, the visibility
 * expression true for this customer, and a variant in date (the partner's
 * own first, then the author's). Anything else is "not found", exactly like
 * a missing workout.
 */
export async function bookableWorkout(db: Db, customer: Account, workoutId: string, variantId?: string): Promise<Bookable> {
  if (customer.type !== "customer" || !customer.parentAccountId) throw notFound("Workout not found");
  const partnerId = customer.parentAccountId;
  const day = today();
  const [row] = await db
    .select({ workout: workouts })
    .from(libraryEntries)
    .innerJoin(workouts, eq(workouts.id, libraryEntries.workoutId))
    .where(and(eq(libraryEntries.accountId, partnerId), eq(libraryEntries.workoutId, workoutId), eq(libraryEntries.status, "available")))
    .limit(1);
  const subject = { priceGroupId: customer.priceGroupId, industry: customer.industry, size: customer.size, location: customer.location };
  if (!row || !isVisible(row.workout.visibility, subject)) throw notFound("Workout not found");
  const variants = await db
    .select()
    .from(workoutVariants)
    .where(
      and(
        eq(workoutVariants.workoutId, workoutId),
        inList(workoutVariants.accountId, [partnerId, row.workout.accountId]),
        variantId ? eq(workoutVariants.id, variantId) : undefined,
        or(isNull(workoutVariants.availableFrom), lte(workoutVariants.availableFrom, day)),
        or(isNull(workoutVariants.availableTo), gte(workoutVariants.availableTo, day)),
      ),
    )
    .orderBy(asc(workoutVariants.createdAt));
  const variant = variants.find((v) => v.accountId === partnerId) ?? variants[0];
  if (!variant) throw notFound("Workout not found");
  const sessions = await db.select().from(workoutSessions).where(eq(workoutSessions.workoutId, workoutId)).orderBy(asc(workoutSessions.sequence));
  const { price, pricingLineId } = await priceFor(db, customer, row.workout, variant);
  return { workout: row.workout, variant, sessions, price, pricingLineId };
}

/**
 * The price the catalogue shows (worker/domain/pricing.ts): the most specific
 * line in date, credits when the customer has a plan in force, money in its
 * currency otherwise. Base lines are the author's; a variant with custom
 * pricing has its own.
 */
export async function priceFor(db: Db, customer: Account, workout: typeof workouts.$inferSelect, variant: typeof workoutVariants.$inferSelect) {
  const day = today();
  const [lines, plan] = await Promise.all([
    db.select().from(pricingLines).where(eq(pricingLines.workoutId, workout.id)),
    db
      .select({ id: planEntries.id })
      .from(planEntries)
      .where(and(eq(planEntries.accountId, customer.id), lte(planEntries.startDate, day), or(isNull(planEntries.endDate), gte(planEntries.endDate, day))))
      .limit(1),
  ]);
  const own = lines.filter((l) => (l.variantId ? l.variantId === variant.id : l.accountId === workout.accountId));
  const chosen = choosePrice(effectiveLines(own, variant), { id: customer.id, priceGroupId: customer.priceGroupId, currency: customer.currency, onPlan: Boolean(plan[0]) }, day);
  if (!chosen) return { price: null, pricingLineId: null };
  return {
    price: chosen.kind === "credits" ? { kind: "credits" as const, amount: chosen.amount, currency: null } : { kind: "money" as const, amount: chosen.amount, currency: chosen.currency },
    pricingLineId: chosen.lineId,
  };
}


/** The workout's delivery partners (the variant's own entries first), resolved to accounts. */
export async function deliveryCandidates(db: Db, workoutId: string, variantId: string | null) {
  const rows = await db
    .select({ entry: deliveryPartners, account: { id: accounts.id } })
    .from(deliveryPartners)
    .leftJoin(accounts, and(eq(accounts.tan, deliveryPartners.partnerTan), eq(accounts.type, "partner")))
    .where(and(eq(deliveryPartners.workoutId, workoutId), or(isNull(deliveryPartners.variantId), variantId ? eq(deliveryPartners.variantId, variantId) : undefined)));
  const own = rows.filter((r) => r.entry.variantId);
  return (own.length ? own : rows)
    .map((r) => ({ id: r.entry.partnerAccountId ?? r.account?.id ?? "", selectionPercent: r.entry.selectionPercent, startDate: r.entry.startDate, endDate: r.entry.endDate }))
    .filter((c) => c.id);
}

export async function drawPartner(db: Db, bookable: Bookable): Promise<string> {
  const chosen = drawDeliveryPartner(await deliveryCandidates(db, bookable.workout.id, bookable.variant?.id ?? null), today());
  if (!chosen) throw conflict("No delivery partner is available for this workout");
  return chosen.id;
}

/** Open slots (seats left, in the future) of a workout's active delivery partners, per session. */
export async function openSlots(db: Db, bookable: Bookable) {
  const candidates = (await deliveryCandidates(db, bookable.workout.id, bookable.variant?.id ?? null)).map((c) => c.id);
  if (!candidates.length) return [];
  return db
    .select({ slot: slots, partnerName: accounts.name })
    .from(slots)
    .innerJoin(accounts, eq(accounts.id, slots.partnerAccountId))
    .where(
      and(
        eq(slots.workoutId, bookable.workout.id),
        inList(slots.partnerAccountId, candidates),
        gte(slots.startsAt, new Date().toISOString()),
        sql`${slots.seatsTaken} < ${slots.capacity}`,
      ),
    )
    .orderBy(asc(slots.startsAt));
}

export function slotDto(slot: typeof slots.$inferSelect, partnerName: string, lengthMinutes: number) {
  return {
    id: slot.id,
    workoutId: slot.workoutId,
    sessionId: slot.sessionId,
    startsAt: slot.startsAt,
    endsAt: new Date(Date.parse(slot.startsAt) + lengthMinutes * 60_000).toISOString(),
    capacity: slot.capacity,
    seatsTaken: slot.seatsTaken,
    partnerName,
  };
}
