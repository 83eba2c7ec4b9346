/**
 * Settling the plan entries that stopped: a plan renews and refreshes only
 * while its customer is still under the partner whose plan it is
 * (docs/decisions/2026-11-27-stopped-plans-settled.md); the cron's renewals
 * and refreshes (./plan-renewals.ts) settle an entry found stopped, once,
 * and record it in that partner's own trail when its customer left
 * (docs/decisions/2026-11-27-settled-plans-in-the-partners-trail.md).
 */
import { sql } from "drizzle-orm";
import { accounts, planEntries, plans, type PlanEntry } from "../../db/schema";
import { auditStatement, BY_SYSTEM } from "./audit";
import { planLabel } from "./plans";
import { raw, type Statement } from "./statements";

/**
 * A plan entry's next refresh once none is to come (its plan ended, or its
 * customer left the plan's partner): later than any day, so the cron's
 * range over the next refresh never reaches it again.
 */
export const NO_MORE_REFRESHES = "9999-12-31";

/**
 * A plan renews and refreshes only while its customer is still under the
 * partner whose plan it is (and the plan is still there): a customer that
 * moved to another partner keeps the old plan's history, and the old plan
 * stops. Read as a column of the due entries, not as a join that drops them:
 * an entry found stopped is settled (`settleStatement`), so it is read once.
 */
export const stillUnderPlansPartner = sql<boolean>`(${plans.id} IS NOT NULL AND ${accounts.parentAccountId} IS ${plans.accountId})`.mapWith(Boolean);

/**
 * A stopped plan entry settled: no renewal and no refresh to come, so
 * neither the renewals' nor the refreshes' range over their dates reads it
 * again. `renewalDate`: the date read, compared and set (a renewal or a
 * change meanwhile wins).
 */
const settleStatement = (entryId: string, renewalDate?: string): Statement =>
  raw(sql`UPDATE plan_entries SET renewal_date = NULL, next_refresh_date = ${NO_MORE_REFRESHES}, updated_at = ${new Date().toISOString()}
    WHERE id = ${entryId}${renewalDate ? sql` AND renewal_date = ${renewalDate}` : sql``}`);

/** The partner a plan entry was given under: stamped on the entry, else its plan's (null: neither is known here). */
const plansPartner = sql<string | null>`coalesce(${planEntries.partnerAccountId}, ${plans.accountId})`;

/** What a due entry's read adds for its settling: the partner it was under, whether the customer left it, and the customer's name. */
export const settling = {
  partner: plansPartner,
  left: sql<boolean>`(${accounts.parentAccountId} IS NOT ${plansPartner})`.mapWith(Boolean),
  customer: accounts.name,
};

type Settling = { entry: PlanEntry; partner: string | null; left: boolean; customer: string | null };

/**
 * A stopped entry settled (settleStatement) and, when its customer left the
 * partner it was under (docs/decisions/2026-11-27-settled-plans-in-the-partners-trail.md),
 * the entry `planSettled` in that partner's own trail, by the system: the
 * plan and the customer, the renewal date that will not come. Written by the
 * batch that settled it, once (a plan gone from the catalogue has its
 * deletion's entry already).
 */
export function settleStatements(s: Settling, renewalDate?: string): Statement[] {
  const settle = settleStatement(s.entry.id, renewalDate);
  if (!s.left || !s.partner) return [settle];
  const { entry } = s;
  return [
    settle,
    auditStatement({
      accountId: s.partner,
      partnerAccountId: s.partner,
      code: "planSettled",
      subjectType: "planEntry",
      subjectId: entry.id,
      userId: null,
      data: BY_SYSTEM,
      name: [planLabel(entry), s.customer].filter(Boolean).join(" · "),
      ...(entry.renewalDate ? { change: { kind: "date", from: entry.renewalDate, to: null } as const } : {}),
      onlyIf: sql`EXISTS (SELECT 1 FROM plan_entries WHERE id = ${entry.id} AND renewal_date IS NULL AND next_refresh_date = ${NO_MORE_REFRESHES})
        AND NOT EXISTS (SELECT 1 FROM audit_entries WHERE code = 'planSettled' AND subject_type = 'planEntry' AND subject_id = ${entry.id})`,
    }),
  ];
}
