import type { PriceType } from "../../contract/enums";

/**
 * What a partner may see of a workout's commercial rows (base pricing, base
 * delivery partners, variants with their own pricing and delivery partners).
 *
 * - The owner of a row sees it whole: the author its base lines and its
 *   variants, a partner that added the workout its own variants.
 * - Anyone else sees a pricing line only when it is for all customers (a line
 *   for one customer or a customer price group names the owner's customers
 *   and their prices), and a delivery partner only when it is marked visible
 *   to partners.
 * - Variants: the author's and the viewer's own, never a third partner's;
 *   rows of a variant the viewer may not see are dropped with it.
 *
 * Every answer that carries a workout or a variant to a partner goes through
 * `partnerView`, so the rule lives here only.
 */
export type ViewPricingLine = { accountId: string; variantId: string | null; priceType: PriceType };
export type ViewDeliveryPartner = { accountId: string; variantId: string | null; visibleToPartners: boolean };
export type ViewVariant = { id: string; accountId: string };

export function seesPricingLine(viewerId: string, line: ViewPricingLine): boolean {
  return line.accountId === viewerId || line.priceType === "allCustomers";
}

export function seesDeliveryPartner(viewerId: string, entry: ViewDeliveryPartner): boolean {
  return entry.accountId === viewerId || entry.visibleToPartners;
}

export function seesVariant(viewerId: string, authorId: string, variant: ViewVariant): boolean {
  return variant.accountId === viewerId || variant.accountId === authorId;
}

export type WorkoutParts<V extends ViewVariant, L extends ViewPricingLine, D extends ViewDeliveryPartner> = {
  variants: V[];
  pricing: L[];
  deliveryPartners: D[];
};

export type WorkoutView<V, L, D> = {
  /** Base rows (no variant). */
  pricing: L[];
  deliveryPartners: D[];
  /** Visible variants, each with its own visible rows. */
  variants: { variant: V; pricing: L[]; deliveryPartners: D[] }[];
};

/** The part of a workout (by `authorId`) that the partner `viewerId` may see. */
export function partnerView<V extends ViewVariant, L extends ViewPricingLine, D extends ViewDeliveryPartner>(
  viewerId: string,
  authorId: string,
  parts: WorkoutParts<V, L, D>,
): WorkoutView<V, L, D> {
  const lines = parts.pricing.filter((l) => seesPricingLine(viewerId, l));
  const partners = parts.deliveryPartners.filter((d) => seesDeliveryPartner(viewerId, d));
  return {
    pricing: lines.filter((l) => l.variantId === null),
    deliveryPartners: partners.filter((d) => d.variantId === null),
    variants: parts.variants
      .filter((v) => seesVariant(viewerId, authorId, v))
      .map((variant) => ({
        variant,
        pricing: lines.filter((l) => l.variantId === variant.id),
        deliveryPartners: partners.filter((d) => d.variantId === variant.id),
      })),
  };
}
