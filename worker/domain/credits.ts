/**
 * The credit ledger: each movement is a signed line; planAdjustment
 * and bonus lines add, consumption lines subtract, and a cancellation writes a
 * compensating line. "Workouts remaining" is the balance: the sum of the signed
 * quantities. Pure functions, unit-tested without a database.
 */
import { PERIOD_MONTHS } from "../../contract/entitlements";
import type { CreditLineSource, CreditLineType, CreditUpdateType } from "../../contract/enums";
import { addMonths, dayAfter, dayBefore, periodContaining } from "./plan-periods";

export type LedgerLine = { quantity: number };

/** Sum of the signed quantities. */
export function balanceOf(lines: readonly LedgerLine[]): number {
  return lines.reduce((sum, l) => sum + l.quantity, 0);
}

/** The direction a line records, from its signed quantity. */
export function updateTypeOf(quantity: number): CreditUpdateType {
  return quantity < 0 ? "decrease" : "increase";
}

export type NewLedgerLine = {
  source: CreditLineSource;
  itemType: CreditLineType;
  updateType: CreditUpdateType;
  quantity: number;
  context: string | null;
};

/**
 * A partner's manual adjustment: a plan adjustment may add or remove credits,
 * a bonus only adds. Throws a RangeError for a quantity that is zero, not an
 * integer, or negative for a bonus.
 */
export function adjustmentLine(itemType: "planAdjustment" | "bonus", quantity: number, context: string | null = null): NewLedgerLine {
  if (!Number.isInteger(quantity) || quantity === 0) throw new RangeError("Invalid quantity");
  if (itemType === "bonus" && quantity < 0) throw new RangeError("Invalid quantity");
  return { source: "partner", itemType, updateType: updateTypeOf(quantity), quantity, context };
}

/** A booking consumes `credits` (a positive number of credits): a negative consumption line. */
export function consumptionLine(credits: number, context: string | null = null): NewLedgerLine {
  if (!Number.isInteger(credits) || credits <= 0) throw new RangeError("Invalid quantity");
  return { source: "booking", itemType: "consumption", updateType: "decrease", quantity: -credits, context };
}

/** The compensating line of a cancelled booking: gives back what its lines consumed (nothing if already returned). */
export function compensationLine(jobLines: readonly LedgerLine[], context: string | null = null): NewLedgerLine | null {
  const net = balanceOf(jobLines);
  if (net >= 0) return null;
  return { source: "cancellation", itemType: "consumption", updateType: "increase", quantity: -net, context };
}

/** Whether `credits` can be consumed from a balance without going below zero. */
export function canConsume(balance: number, credits: number): boolean {
  return credits >= 0 && balance - credits >= 0;
}

/** A commitment term after `date` (month ends clamp: worker/domain/plan-periods.ts). */
export function addTerm(date: string, term: "annual" | "monthly"): string {
  return addMonths(date, PERIOD_MONTHS[term]);
}

export { dayBefore };

/**
 * The end of the subscription period that contains `today` (exclusive: the
 * first day of the next period): periods of the commitment term counted from
 * the plan's start. Before the start, the first period's end.
 */
export function currentPeriodEnd(startDate: string, term: "annual" | "monthly", today: string): string {
  const period = periodContaining(startDate, PERIOD_MONTHS[term], today);
  return period ? dayAfter(period.end) : addTerm(startDate, term);
}

/** A plan cannot be cancelled before its earliest (minimum) end date. */
export function canCancelOn(endDate: string, earliestEndDate: string | null): boolean {
  return !earliestEndDate || endDate >= earliestEndDate;
}

/** A plan change cannot start before the current subscription period ends. */
export function canChangeFrom(
  startDate: string,
  plan: { startDate: string; commitmentTerm: "annual" | "monthly"; renewalDate: string | null },
  today: string,
): boolean {
  const periodEnd = plan.renewalDate && plan.renewalDate > today ? plan.renewalDate : currentPeriodEnd(plan.startDate, plan.commitmentTerm, today);
  return startDate >= periodEnd;
}
