import type { Currency, PriceType, PricingType } from "../../contract/enums";

/** The fields of a pricing line that the choice reads. */
export type PriceLine = {
  id: string;
  priceType: PriceType;
  customerAccountId: string | null;
  priceGroupId: string | null;
  pricingType: PricingType;
  onPlan: boolean;
  currency: Currency;
  amount: number;
  startDate: string | null;
  endDate: string | null;
};

export type PriceCustomer = {
  id: string;
  priceGroupId: string | null;
  currency: Currency;
  /** Whether the customer has a plan in force today. */
  onPlan: boolean;
};

export type ChosenPrice = { kind: "credits"; amount: number; lineId: string } | { kind: "money"; amount: number; currency: Currency; lineId: string };

const SPECIFICITY: Record<PriceType, number> = { customer: 3, customerPriceGroup: 2, allCustomers: 1 };

/** Whether `line` applies to `customer` on `today` (YYYY-MM-DD); answers its specificity, 0 when it does not. */
export function specificity(line: PriceLine, customer: PriceCustomer, today: string): number {
  if (line.startDate && line.startDate > today) return 0;
  if (line.endDate && line.endDate < today) return 0;
  if (line.priceType === "customer") return line.customerAccountId === customer.id ? SPECIFICITY.customer : 0;
  if (line.priceType === "customerPriceGroup") {
    return customer.priceGroupId && line.priceGroupId === customer.priceGroupId ? SPECIFICITY.customerPriceGroup : 0;
  }
  return SPECIFICITY.allCustomers;
}

function mostSpecific(lines: PriceLine[], customer: PriceCustomer, today: string): PriceLine | null {
  let best: PriceLine | null = null;
  let bestScore = 0;
  for (const line of lines) {
    const score = specificity(line, customer, today);
    // Ties keep the cheaper line, then the first given, so the answer is stable.
    if (score > bestScore || (score === bestScore && score > 0 && best && line.amount < best.amount)) {
      best = line;
      bestScore = score;
    }
  }
  return best;
}

/**
 * The price a customer sees, pure:
 * - on plan: the most specific on-plan credit line ('unit'); if none applies,
 *   the money price below;
 * - otherwise (or as the fallback): the most specific 'value' line in the
 *   customer's currency;
 * - null when no line applies.
 * Lines of another currency never apply to money prices; dates are inclusive.
 */
export function choosePrice(lines: PriceLine[], customer: PriceCustomer, today: string): ChosenPrice | null {
  if (customer.onPlan) {
    const credit = mostSpecific(
      lines.filter((l) => l.onPlan && l.pricingType === "unit"),
      customer,
      today,
    );
    if (credit) return { kind: "credits", amount: credit.amount, lineId: credit.id };
  }
  const money = mostSpecific(
    lines.filter((l) => l.pricingType === "value" && l.currency === customer.currency),
    customer,
    today,
  );
  if (money) return { kind: "money", amount: money.amount, currency: money.currency, lineId: money.id };
  return null;
}

/** A variant's lines replace the base lines when it has custom pricing. */
export function effectiveLines<T extends { variantId: string | null }>(all: T[], variant: { id: string; customPricing: boolean } | null): T[] {
  if (variant?.customPricing) return all.filter((l) => l.variantId === variant.id);
  return all.filter((l) => l.variantId === null);
}

/** A customer account as the price choice reads it, with whether a plan is in force today. */
export function priceCustomer(account: { id: string; priceGroupId: string | null; currency: Currency }, onPlan: boolean): PriceCustomer {
  return { id: account.id, priceGroupId: account.priceGroupId, currency: account.currency, onPlan };
}

/**
 * The price of a workout for a customer, as the catalogue shows it and a
 * booking charges it: of the lines given (any workouts'), the workout's base
 * lines are the author's, a variant's custom lines its owner's; a variant with
 * custom pricing replaces the base lines; then `choosePrice`. Pure.
 */
export function workoutPrice<L extends PriceLine & { workoutId: string; variantId: string | null; accountId: string }>(
  workout: { id: string; accountId: string },
  variant: { id: string; customPricing: boolean } | null,
  lines: readonly L[],
  customer: PriceCustomer,
  today: string,
): ChosenPrice | null {
  const own = lines.filter((l) => l.workoutId === workout.id && (l.variantId ? l.variantId === variant?.id : l.accountId === workout.accountId));
  return choosePrice(effectiveLines(own, variant), customer, today);
}
