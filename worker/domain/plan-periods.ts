/**
 * The calendar of a customer's plan: its terms (renewals) and its refresh
 * periods (when its credits are granted afresh). Both are counted in whole
 * months from the plan's start date, a day past the end of a shorter month
 * falling on that month's last day (a plan started on 31 January refreshes
 * on 28 or 29 February, then 31 March). Pure functions, unit-tested.
 */
import { PERIOD_MONTHS } from "../../contract/entitlements";
import type { CommitmentTerm, RefreshPeriod } from "../../contract/enums";

/** `date` (YYYY-MM-DD) plus `months` calendar months, on the same day of the month or the month's last day. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
}

/** The day before `date` (YYYY-MM-DD). */
export function dayBefore(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** Months between two grants of a plan's credits: its refresh period, else its commitment term. */
export function creditPeriodMonths(plan: { commitmentTerm: CommitmentTerm; refreshPeriod: RefreshPeriod }): number {
  return plan.refreshPeriod === "none" ? PERIOD_MONTHS[plan.commitmentTerm] : PERIOD_MONTHS[plan.refreshPeriod];
}

/**
 * The `months`-long period counted from `startDate` that contains `day`
 * (`end` is its last day), or null before the start. Each period is counted
 * from the start itself, so short months never shift the later ones.
 */
export function periodContaining(startDate: string, months: number, day: string): { start: string; end: string } | null {
  if (day < startDate || months <= 0) return null;
  // A first guess from the month difference, then at most a step back.
  const monthsApart = (Number(day.slice(0, 4)) - Number(startDate.slice(0, 4))) * 12 + Number(day.slice(5, 7)) - Number(startDate.slice(5, 7));
  let k = Math.max(0, Math.floor(monthsApart / months));
  while (k > 0 && addMonths(startDate, k * months) > day) k--;
  while (addMonths(startDate, (k + 1) * months) <= day) k++;
  return { start: addMonths(startDate, k * months), end: dayBefore(addMonths(startDate, (k + 1) * months)) };
}

/** What a new plan entry starting on `startDate` commits to: one term, renewing the day after. */
export function firstTerm(startDate: string, term: CommitmentTerm): { earliestEndDate: string; renewalDate: string } {
  const renewalDate = addMonths(startDate, PERIOD_MONTHS[term]);
  return { earliestEndDate: dayBefore(renewalDate), renewalDate };
}

/**
 * A plan entry renewed on `day`: its next renewal is the first term boundary
 * after `day` (a run that missed renewals catches up in one step), and the
 * new term is its minimum commitment. A plan that ends before that next
 * renewal does not renew again (null).
 */
export function renewal(
  entry: { startDate: string; endDate: string | null; commitmentTerm: CommitmentTerm },
  day: string,
): { renewalDate: string | null; earliestEndDate: string } {
  const months = PERIOD_MONTHS[entry.commitmentTerm];
  const term = periodContaining(entry.startDate, months, day) ?? { start: entry.startDate, end: dayBefore(addMonths(entry.startDate, months)) };
  const next = dayAfter(term.end);
  return { renewalDate: entry.endDate && entry.endDate < next ? null : next, earliestEndDate: term.end };
}

/** The day after `date` (YYYY-MM-DD). */
export function dayAfter(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
