/**
 * Plans renew and their credits refresh on the calendar of
 * worker/domain/plan-periods.ts, written by the cron trigger (and, for a
 * plan that starts today, by the request that starts it).
 *
 * Each refresh period of a plan entry is ONE credit entry, keyed by
 * (plan entry, period start) in a unique index, so a period is granted once
 * whatever the number of runs, retries or runs at once: in one batch the
 * period's entry is inserted unless the key is taken, and its ledger lines
 * (the allowance, and the expiry of what the previous period left unused)
 * are written only if the entry that holds the key is the one this run
 * wrote. A renewal moves the plan entry's renewal date by compare-and-set
 * on the date it read, so it too happens once.
 *
 * Each run reads only the entries due, through their dates' indexes: the
 * renewals by the renewal date, the refreshes by the next refresh
 * (`next_refresh_date`, moved on by every grant), so neither grows with the
 * plans in force; an entry whose plan stopped (its customer left the plan's
 * partner) is settled the first time a run meets it.
 */
import { and, asc, eq, exists, gte, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { RefreshPeriod } from "../../contract/enums";
import { accounts, creditEntries, planEntries, plans } from "../../db/schema";
import { creditPeriodMonths, dayAfter, periodContaining, renewal } from "../domain/plan-periods";
import type { Db } from "../env";
import { auditStatement, BY_SYSTEM } from "./audit";
import { ledgerBalance } from "./credits";
import { outsidePartners } from "./quiet-partners";
import { NO_MORE_REFRESHES, settleStatements, settling, stillUnderPlansPartner } from "./plan-settling";
import { planLabel } from "./plans";
import { d1Of, raw, runBatch, type Statement } from "./statements";

/** At most this many renewals and this many refreshes per run; the next run takes the rest. */
const PER_RUN = 100;

/**
 * Plans that ended within this many days are looked at for the expiry of
 * their unused credits (through the index on the end date): two months
 * without a run (the longest a plan's period is skipped by a late run: one
 * month's, and the month it ended in) are caught up, and the ended plans of
 * every year before are not read again on every run.
 */
export const ENDED_LOOKBACK_DAYS = 62;

/**
 * The statement that moves a plan entry's next refresh on to `next`, never
 * back (two runs at once, or a run and a start, agree on the later day) and
 * never off NO_MORE_REFRESHES.
 */
const nextRefreshStatement = (planEntryId: string, next: string): Statement =>
  raw(sql`UPDATE plan_entries SET next_refresh_date = ${next}
    WHERE id = ${planEntryId} AND (next_refresh_date IS NULL OR next_refresh_date < ${next})`);

/** What a period's grant needs to know of the plan entry and its plan. */
export type PeriodGrant = {
  planEntryId: string;
  accountId: string;
  planName: string;
  variantName: string;
  refreshPeriod: RefreshPeriod;
  credits: number;
  /** The period (YYYY-MM-DD, `end` its last day), cut at the plan's end. */
  period: { start: string; end: string };
  /** The partner's user who started the plan, or null for the cron. */
  userId: string | null;
};

/**
 * The statements that grant one refresh period, once: the period's credit
 * entry (unless the plan entry already has one from that day), the expiry of
 * the previous period's unused credits (what is left on its entry, never
 * more than the balance) and the plan's allowance. To run in one batch,
 * after the plan entry's own insert when there is one.
 */
export function periodGrantStatements(g: PeriodGrant, enteredAt = new Date().toISOString()): Statement[] {
  const entryId = crypto.randomUUID();
  const [expiryId, allowanceId] = [crypto.randomUUID(), crypto.randomUUID()];
  const ours = sql`EXISTS (SELECT 1 FROM credit_entries WHERE id = ${entryId})`;
  const ledger = sql`(SELECT coalesce(sum(quantity), 0) FROM credit_lines WHERE account_id = ${g.accountId})`;
  // A period's credits belong to the partner the plan was given under, even after the customer moved on.
  const partner = sql`(SELECT partner_account_id FROM plan_entries WHERE id = ${g.planEntryId})`;
  const statements = [
    sql`INSERT INTO credit_entries (id, account_id, partner_account_id, plan_entry_id, plan_name, variant_name, start_date, end_date, refresh_period)
        SELECT ${entryId}, ${g.accountId}, ${partner}, ${g.planEntryId}, ${g.planName}, ${g.variantName}, ${g.period.start}, ${g.period.end}, ${g.refreshPeriod}
        WHERE EXISTS (SELECT 1 FROM plan_entries WHERE id = ${g.planEntryId})
        ON CONFLICT (plan_entry_id, start_date) DO NOTHING`,
    sql`INSERT INTO credit_lines (id, account_id, partner_account_id, credit_entry_id, source, item_type, update_type, quantity, entered_at, context)
        SELECT ${expiryId}, ${g.accountId}, ${partner}, prev.id, 'plan', 'planAdjustment', 'decrease', -prev.unused, ${enteredAt},
               'Unused credits expired at the refresh of ' || ${g.period.start}
        FROM (SELECT ce.id AS id,
                     min(max((SELECT coalesce(sum(quantity), 0) FROM credit_lines WHERE credit_entry_id = ce.id), 0), max(${ledger}, 0)) AS unused
              FROM credit_entries ce
              WHERE ce.plan_entry_id = ${g.planEntryId} AND ce.start_date < ${g.period.start}
              ORDER BY ce.start_date DESC LIMIT 1) prev
        WHERE prev.unused > 0 AND ${ours}`,
    sql`INSERT INTO credit_lines (id, account_id, partner_account_id, credit_entry_id, source, item_type, update_type, quantity, entered_at, context, created_by_user_id)
        SELECT ${allowanceId}, ${g.accountId}, ${partner}, ${entryId}, 'plan', 'planAdjustment', 'increase', ${g.credits}, ${enteredAt},
               ${`${g.planName} allowance, ${g.period.start} to ${g.period.end}`}, ${g.userId}
        WHERE ${g.credits} > 0 AND ${ours}`,
  ].map(raw);
  // Each line that this batch wrote has its audit entry, after it (so the balance it shows includes it).
  const name = planLabel(g);
  return [
    ...statements.slice(0, 2),
    ledgerLineAudit({ code: "creditsExpired", accountId: g.accountId, lineId: expiryId, userId: g.userId, name }),
    ...statements.slice(2),
    ledgerLineAudit({ code: "creditsRefreshed", accountId: g.accountId, lineId: allowanceId, userId: g.userId, name }),
    // The cron looks at the entry again the day after this period (and, if the plan ended with it, finds it ended once).
    nextRefreshStatement(g.planEntryId, dayAfter(g.period.end)),
  ];
}

export { BY_SYSTEM } from "./audit";
export { NO_MORE_REFRESHES };

/**
 * The audit entry of a ledger line a plan's period wrote (its allowance, or
 * the expiry of unused credits): the balance before and after the line, as
 * the batch sees it, written only if the line was (so once, like the line).
 * By the partner's user who started the plan, or the system for the cron.
 */
function ledgerLineAudit(e: {
  code: "creditsRefreshed" | "creditsExpired";
  accountId: string;
  lineId: string;
  userId: string | null;
  name: string;
}): Statement {
  const quantity = sql`(SELECT quantity FROM credit_lines WHERE id = ${e.lineId})`;
  return auditStatement({
    accountId: e.accountId,
    code: e.code,
    subjectType: "creditLine",
    subjectId: e.lineId,
    userId: e.userId,
    data: e.userId ? {} : BY_SYSTEM,
    name: e.name,
    change: sql`json_object('kind', 'credits', 'from', ${ledgerBalance(e.accountId)} - ${quantity}, 'to', ${ledgerBalance(e.accountId)})`,
    onlyIf: sql`EXISTS (SELECT 1 FROM credit_lines WHERE id = ${e.lineId})`,
  });
}

/** The period of a plan entry that contains `day`, cut at the plan's end; null before its start or after its end. */
export function grantPeriod(
  entry: { startDate: string; endDate: string | null; commitmentTerm: "annual" | "monthly" },
  refreshPeriod: RefreshPeriod,
  day: string,
): { start: string; end: string } | null {
  if (entry.endDate && entry.endDate < day) return null;
  const period = periodContaining(entry.startDate, creditPeriodMonths({ commitmentTerm: entry.commitmentTerm, refreshPeriod }), day);
  if (!period) return null;
  return { start: period.start, end: entry.endDate && entry.endDate < period.end ? entry.endDate : period.end };
}

/** Renews the plan entries whose renewal date has come: the next renewal and a new minimum term, once each; settles those that stopped. */
async function renewDue(db: Db, day: string, quiet: readonly string[]): Promise<number> {
  const due = await db
    .select({ entry: planEntries, under: stillUnderPlansPartner, ...settling })
    .from(planEntries)
    .leftJoin(plans, eq(plans.id, planEntries.planId))
    .leftJoin(accounts, eq(accounts.id, planEntries.accountId))
    .where(and(lte(planEntries.renewalDate, day), outsidePartners(planEntries.accountId, quiet)))
    // The longest due first, in the order of the index on the renewal date.
    .orderBy(asc(planEntries.renewalDate))
    .limit(PER_RUN);
  const statements = due.flatMap(({ entry, under, ...stopped }) => {
    if (!under) return settleStatements({ entry, ...stopped }, entry.renewalDate!);
    const next = renewal(entry, day);
    return [
      raw(sql`UPDATE plan_entries SET renewal_date = ${next.renewalDate}, earliest_end_date = ${next.earliestEndDate}, updated_at = ${new Date().toISOString()}
        WHERE id = ${entry.id} AND renewal_date = ${entry.renewalDate}`),
      // The renewal's entry, by the system: written only by the run whose compare-and-set moved the date (a renewal from a date happens once).
      auditStatement({
        accountId: entry.accountId,
        code: "planRenewed",
        subjectType: "planEntry",
        subjectId: entry.id,
        userId: null,
        data: BY_SYSTEM,
        name: planLabel(entry),
        change: { kind: "date", from: entry.renewalDate, to: next.renewalDate },
        onlyIf: sql`EXISTS (SELECT 1 FROM plan_entries WHERE id = ${entry.id} AND renewal_date IS ${next.renewalDate})
          AND NOT EXISTS (SELECT 1 FROM audit_entries WHERE code = 'planRenewed' AND subject_type = 'planEntry' AND subject_id = ${entry.id}
                            AND json_extract(data, '$.change.from') = ${entry.renewalDate})`,
      }),
    ];
  });
  await runBatch(d1Of(db), statements);
  return due.length;
}

/**
 * The plan entries the refresh looks at on `day`, through the index on
 * (next refresh, end date): those whose next refresh has come (the longest
 * due first), and those not dated yet (written before the column) that are
 * in force or start later, each set read by its own range, so neither the
 * entries dated later nor the undated ones that ended are read.
 */
function refreshCandidates(db: Db, day: string, quiet: readonly string[]) {
  const read = (where: SQL | undefined) =>
    db
      .select({
        entry: planEntries,
        plan: { credits: plans.credits, refreshPeriod: plans.refreshPeriod },
        under: stillUnderPlansPartner,
        ...settling,
        // A credit entry of this plan covers the day already (a start's own grant, or a period granted before).
        covered: exists(
          db
            .select({ one: sql`1` })
            .from(creditEntries)
            .where(
              and(
                eq(creditEntries.planEntryId, planEntries.id),
                lte(creditEntries.startDate, day),
                or(isNull(creditEntries.endDate), gte(creditEntries.endDate, day)),
              ),
            ),
        ).mapWith(Boolean),
      })
      .from(planEntries)
      .leftJoin(plans, eq(plans.id, planEntries.planId))
      .leftJoin(accounts, eq(accounts.id, planEntries.accountId))
      .where(and(where, outsidePartners(planEntries.accountId, quiet)))
      .orderBy(asc(planEntries.nextRefreshDate))
      .limit(PER_RUN);
  // Side by side, not in one batch: D1's batch reads a join's columns of the same name as one.
  return Promise.all([
    read(lte(planEntries.nextRefreshDate, day)),
    read(and(isNull(planEntries.nextRefreshDate), isNull(planEntries.endDate))),
    read(and(isNull(planEntries.nextRefreshDate), gte(planEntries.endDate, day))),
  ]);
}

/**
 * Grants the current period of every plan entry whose next refresh has come
 * and whose credits have not been granted for it yet, and moves its next
 * refresh on (granted or not); an entry that has ended, or stopped, is
 * settled, and one that starts later is dated on its start. Each is read
 * once per period, not on every run.
 */
async function refreshDue(db: Db, day: string, quiet: readonly string[]): Promise<number> {
  const due = (await refreshCandidates(db, day, quiet)).flat();
  const enteredAt = new Date().toISOString();
  // Entries only dated or settled (nothing granted): one batch for them all.
  const dated: Statement[] = [];
  for (const { entry, plan, under, covered, ...stopped } of due) {
    const period = plan && under ? grantPeriod(entry, plan.refreshPeriod, day) : null;
    if (!plan || !under) dated.push(...settleStatements({ entry, ...stopped }));
    // Not started yet: looked at on its first day; else ended: no refresh to come.
    else if (!period) dated.push(nextRefreshStatement(entry.id, entry.startDate > day ? entry.startDate : NO_MORE_REFRESHES));
    else if (covered) dated.push(nextRefreshStatement(entry.id, dayAfter(period.end)));
    else {
      const grant = {
        planEntryId: entry.id,
        accountId: entry.accountId,
        planName: entry.planName,
        variantName: entry.variantName,
        refreshPeriod: plan.refreshPeriod,
        credits: plan.credits,
        period,
        userId: null,
      };
      // One batch per grant: a failure leaves the others granted, and the next run retries it.
      await runBatch(d1Of(db), periodGrantStatements(grant, enteredAt));
    }
  }
  await runBatch(d1Of(db), dated);
  return due.length;
}

/** The credit entry a plan entry's last period granted. */
const lastPeriodOf = (planEntryId: SQL) =>
  sql`(SELECT ce.id FROM credit_entries ce WHERE ce.plan_entry_id = ${planEntryId} ORDER BY ce.start_date DESC LIMIT 1)`;

/**
 * The expiry of what an ended plan's last period left unused (never more
 * than the balance), as one ledger line on that period's credit entry: once,
 * since the line itself is what marks the period expired.
 */
function endExpiryStatements(e: { planEntryId: string; accountId: string; name: string; endDate: string }, enteredAt: string): Statement[] {
  const last = lastPeriodOf(sql`${e.planEntryId}`);
  const lineId = crypto.randomUUID();
  const line = sql`INSERT INTO credit_lines (id, account_id, partner_account_id, credit_entry_id, source, item_type, update_type, quantity, entered_at, context)
      SELECT ${lineId}, ce.account_id, ce.partner_account_id, ce.id, 'plan', 'planAdjustment', 'decrease', -unused, ${enteredAt},
             ${`Unused credits expired at the end of the plan (${e.endDate})`}
      FROM (SELECT ce.account_id, ce.partner_account_id, ce.id,
                   min(max((SELECT coalesce(sum(quantity), 0) FROM credit_lines WHERE credit_entry_id = ce.id), 0),
                       max((SELECT coalesce(sum(quantity), 0) FROM credit_lines WHERE account_id = ce.account_id), 0)) AS unused
            FROM credit_entries ce WHERE ce.id = ${last}) ce
      WHERE unused > 0
        AND NOT EXISTS (SELECT 1 FROM credit_lines l WHERE l.credit_entry_id = ce.id AND l.source = 'plan' AND l.update_type = 'decrease')`;
  return [raw(line), ledgerLineAudit({ code: "creditsExpired", accountId: e.accountId, lineId, userId: null, name: e.name })];
}

/**
 * Plans that have ended (cancelled: the end date has passed, and no plan
 * follows the next day, as a plan change's does): the credits their last
 * period left unused expire with a ledger line, once however often it runs.
 * A changed plan's credits carry over to the plan that follows it.
 */
async function expireEnded(db: Db, day: string, quiet: readonly string[]): Promise<number> {
  // Raw SQL with its own aliases: the subqueries name the outer plan entry as `pe`.
  const last = lastPeriodOf(sql`pe.id`);
  const ended = await db.all<{ planEntryId: string; accountId: string; planName: string; variantName: string; endDate: string }>(sql`
    SELECT pe.id AS planEntryId, pe.account_id AS accountId, pe.plan_name AS planName, pe.variant_name AS variantName, pe.end_date AS endDate FROM plan_entries pe
    WHERE pe.end_date >= date(${day}, ${`-${ENDED_LOOKBACK_DAYS} day`}) AND pe.end_date < ${day} AND ${outsidePartners(sql`pe.account_id`, quiet) ?? sql`1`}
      AND NOT EXISTS (SELECT 1 FROM plan_entries nx WHERE nx.account_id = pe.account_id AND nx.id <> pe.id AND nx.start_date = date(pe.end_date, '+1 day'))
      AND (SELECT coalesce(sum(quantity), 0) FROM credit_lines WHERE credit_entry_id = ${last}) > 0
      AND (SELECT coalesce(sum(quantity), 0) FROM credit_lines WHERE account_id = pe.account_id) > 0
      AND NOT EXISTS (SELECT 1 FROM credit_lines l WHERE l.credit_entry_id = ${last} AND l.source = 'plan' AND l.update_type = 'decrease')
    ORDER BY pe.end_date LIMIT ${PER_RUN}`);
  const enteredAt = new Date().toISOString();
  await runBatch(
    d1Of(db),
    ended.flatMap((e) => endExpiryStatements({ ...e, name: planLabel(e) }, enteredAt)),
  );
  return ended.length;
}

/**
 * The cron trigger's plan work for the UTC day of `now`: renewals first (so
 * a renewed plan's new term is granted in the same run), then the refreshes,
 * then the expiry of what ended plans left. The plans of the partners in
 * `quiet` (moving to another shard) wait for the first run after the move.
 */
export async function renewPlans(db: Db, now = new Date(), quiet: readonly string[] = []): Promise<{ renewed: number; refreshed: number; expired: number }> {
  const day = now.toISOString().slice(0, 10);
  const renewed = await renewDue(db, day, quiet);
  const refreshed = await refreshDue(db, day, quiet);
  const expired = await expireEnded(db, day, quiet);
  return { renewed, refreshed, expired };
}
