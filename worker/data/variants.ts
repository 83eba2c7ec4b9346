/**
 * Variants of a workout in the partner's library: the author's and the
 * partner's own (locale, dates, custom pricing, delivery partners). A partner
 * other than the author may make its own only when the workout allows partner
 * variants, and edits only its own.
 */
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { MESSAGES } from "../../contract/messages";
import type { VariantBody, VariantDto } from "../../contract/workouts";
import { workoutVariants } from "../../db/schema";
import type { Db } from "../env";
import type { PartnerScope } from "../http/endpoint";
import { forbidden, invalid, notFound } from "../http/errors";
import { inLibrary } from "./library";
import { batch, today } from "./query";
import { loadVariants } from "./workout-read";
import { bumpVersion } from "./publication";
import { checkPricing, pricingStatements } from "./workout-pricing";
import { checkStartDates, partnerStatements, resolveTans, storedStarts } from "./workout-writes";

type VariantIn = z.output<typeof VariantBody>;

/** The workout's variants the partner may see. */
export async function variantsOf(db: Db, scope: PartnerScope, workoutId: string): Promise<VariantDto[]> {
  const { workout } = await inLibrary(db, scope, workoutId);
  return loadVariants(db, workout, scope.account.id);
}

/** One of them; any other is 404. */
export async function variantOf(db: Db, scope: PartnerScope, workoutId: string, variantId: string): Promise<VariantDto> {
  const found = (await variantsOf(db, scope, workoutId)).find((v) => v.id === variantId);
  if (!found) throw notFound("Variant not found");
  return found;
}

async function checkVariant(
  db: Db,
  directory: Db,
  partnerId: string,
  day: string,
  body: VariantIn,
  stored: { workoutId: string; variantId: string; availableFrom: string | null } | null,
) {
  const fields: Record<string, string> = {};
  if (body.availableFrom && body.availableFrom !== stored?.availableFrom && body.availableFrom < day) fields.availableFrom = MESSAGES.startBeforeToday;
  const none = { pricing: new Set<string>(), deliveryPartners: new Set<string>(), prerequisites: new Set<string>(), sessions: new Set<string>() };
  checkStartDates(body, stored ? await storedStarts(db, stored.workoutId, stored.variantId) : none, day, fields);
  await checkPricing(db, partnerId, body.pricing, "pricing", fields);
  const byTan = await resolveTans(directory, body.deliveryPartners, "deliveryPartners", fields);
  if (Object.keys(fields).length) throw invalid(fields);
  return byTan;
}

/** Creates the partner's variant of a workout in its library; answers it. */
export async function createVariant(db: Db, directory: Db, scope: PartnerScope, workoutId: string, body: VariantIn): Promise<VariantDto> {
  const partnerId = scope.account.id;
  const { workout } = await inLibrary(db, scope, workoutId);
  if (workout.accountId !== partnerId && !workout.allowPartnerVariants) throw forbidden("This workout does not allow partner variants");
  const byTan = await checkVariant(db, directory, partnerId, today(), body, null);
  const id = crypto.randomUUID();
  await batch(db, [
    db.insert(workoutVariants).values({
      id,
      workoutId: workout.id,
      accountId: partnerId,
      name: body.name,
      locale: body.locale,
      availableFrom: body.availableFrom,
      availableTo: body.availableTo,
      customPricing: body.customPricing,
      partnerVisibility: body.partnerVisibility,
    }),
    ...pricingStatements(db, partnerId, workout.id, id, body.pricing, scope.user.id),
    ...partnerStatements(db, partnerId, workout.id, id, body.deliveryPartners, byTan),
    bumpVersion(db, workout.id, partnerId),
  ]);
  return (await loadVariants(db, workout, partnerId)).find((v) => v.id === id)!;
}

/** Updates a variant the partner owns (the author's variant is read-only to others: 403). */
export async function updateVariant(db: Db, directory: Db, scope: PartnerScope, workoutId: string, variantId: string, body: VariantIn): Promise<VariantDto> {
  const partnerId = scope.account.id;
  const { workout } = await inLibrary(db, scope, workoutId);
  const rows = await db
    .select()
    .from(workoutVariants)
    .where(and(eq(workoutVariants.id, variantId), eq(workoutVariants.workoutId, workout.id)))
    .limit(1);
  const variant = rows[0];
  if (!variant || (variant.accountId !== partnerId && variant.accountId !== workout.accountId)) throw notFound("Variant not found");
  if (variant.accountId !== partnerId) throw forbidden("Only the variant's owner can edit it");
  const byTan = await checkVariant(db, directory, partnerId, today(), body, {
    workoutId: workout.id,
    variantId: variant.id,
    availableFrom: variant.availableFrom,
  });
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
      .where(and(eq(workoutVariants.id, variant.id), eq(workoutVariants.accountId, partnerId))),
    ...pricingStatements(db, partnerId, workout.id, variant.id, body.pricing, scope.user.id),
    ...partnerStatements(db, partnerId, workout.id, variant.id, body.deliveryPartners, byTan),
    bumpVersion(db, workout.id, partnerId),
  ]);
  return (await loadVariants(db, workout, partnerId)).find((v) => v.id === variant.id)!;
}
