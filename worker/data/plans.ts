/**
 * A partner's plan catalogue (Admin → Plans) and starting a plan for one of
 * its customers. Every read and write is scoped to the acting partner:
 * another partner's plan or customer answers 404, like a missing one.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  PLAN_MESSAGES,
  type PlanBody,
  type PlanDto,
  type PlanEntryDto,
  type PlanList,
  type PlanRemoval,
  type StartPlanBody,
} from "../../contract/entitlements";
import { MESSAGES } from "../../contract/messages";
import { planEntries, plans, type Plan, type PlanEntry } from "../../db/schema";
import { firstTerm } from "../domain/plan-periods";
import type { Db } from "../env";
import type { PartnerAdminScope } from "../http/endpoint";
import { conflict, invalid, notFound } from "../http/errors";
import { audit, auditStatement, fieldChanges, type AuditWrite } from "./audit";
import { customerOf } from "./customers";
import { grantPeriod, periodGrantStatements } from "./plan-renewals";
import { theRow, today } from "./query";
import { auditWhen } from "./audit";
import { d1Of, errorText, raw, runBatch } from "./statements";

/** A plan as the audit trail names it: its name and variant. */
export const planLabel = (p: Pick<Plan, "planName" | "variantName">) => (p.variantName ? `${p.planName} (${p.variantName})` : p.planName);

/** A customer's plan entry as the API answers it. */
export const planEntryDto = (p: PlanEntry, plan: Pick<Plan, "priceAmount" | "currency"> | null): PlanEntryDto => ({
  id: p.id,
  planId: p.planId,
  planName: p.planName,
  variantName: p.variantName,
  commitmentTerm: p.commitmentTerm,
  startDate: p.startDate,
  endDate: p.endDate,
  earliestEndDate: p.earliestEndDate,
  renewalDate: p.renewalDate,
  price: plan?.priceAmount != null && plan.currency ? { amount: plan.priceAmount, currency: plan.currency } : null,
});

const planDto = (p: Plan): PlanDto => ({
  id: p.id,
  planName: p.planName,
  variantName: p.variantName,
  commitmentTerm: p.commitmentTerm,
  credits: p.credits,
  refreshPeriod: p.refreshPeriod,
  priceAmount: p.priceAmount,
  currency: p.currency,
  retired: p.retiredAt !== null,
});

/** The partner's plan catalogue, by name and variant. */
export async function partnerPlans(db: Db, scope: PartnerAdminScope): Promise<z.output<typeof PlanList>> {
  const rows = await db.select().from(plans).where(eq(plans.accountId, scope.account.id)).orderBy(asc(plans.planName), asc(plans.variantName));
  return { items: rows.map(planDto) };
}

/** One of the acting partner's plans still offered: a retired one is 409 (no new starts or changes to it). */
export async function offeredPlan(db: Db, partnerId: string, planId: string): Promise<Plan> {
  const plan = await partnerPlan(db, partnerId, planId);
  if (plan.retiredAt) throw conflict(PLAN_MESSAGES.retired, { planId: PLAN_MESSAGES.retired });
  return plan;
}

/** One of the acting partner's plans; another partner's, or none, is 404. */
export async function partnerPlan(db: Db, partnerId: string, planId: string): Promise<Plan> {
  const [plan] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.id, planId), eq(plans.accountId, partnerId)))
    .limit(1);
  if (!plan) throw notFound("Plan not found");
  return plan;
}

/** A name and variant the partner already uses: 400 on the variant ("Value already exists"). */
const nameTaken = (err: unknown) => /UNIQUE constraint failed: plans\.account_id, plans\.plan_name, plans\.variant_name/i.test(errorText(err));

/** Adds a plan to the partner's catalogue. */
/** An entry of the partner's own trail about one of its plans. */
const planEntryOfPartner = (scope: PartnerAdminScope, planId: string, entry: Pick<AuditWrite, "code" | "name" | "change">): AuditWrite => ({
  accountId: scope.account.id,
  partnerAccountId: scope.account.id,
  subjectType: "plan",
  subjectId: planId,
  userId: scope.user.id,
  ...entry,
});

export async function createPlan(db: Db, scope: PartnerAdminScope, body: z.output<typeof PlanBody>): Promise<PlanDto> {
  const id = crypto.randomUUID();
  try {
    await runBatch(
      d1Of(db),
      audit(
        [db.insert(plans).values({ ...body, id, accountId: scope.account.id })],
        planEntryOfPartner(scope, id, { code: "planCreated", change: { kind: "name", from: null, to: planLabel(body) } }),
      ),
    );
    return planDto(theRow(await db.select().from(plans).where(eq(plans.id, id)), "created plan"));
  } catch (err) {
    if (!nameTaken(err)) throw err;
    throw invalid({ variantName: MESSAGES.alreadyExists });
  }
}

/**
 * Changes one of the partner's plans. Customers already on it keep their
 * name, term and dates; the next refreshes grant its new allowance.
 */
export async function updatePlan(db: Db, scope: PartnerAdminScope, planId: string, body: z.output<typeof PlanBody>): Promise<PlanDto> {
  const before = await partnerPlan(db, scope.account.id, planId);
  try {
    await runBatch(
      d1Of(db),
      audit(
        [
          db
            .update(plans)
            .set(body)
            .where(and(eq(plans.id, planId), eq(plans.accountId, scope.account.id))),
        ],
        ...planEdits(scope, planId, before, body),
      ),
    );
    return planDto(theRow(await db.select().from(plans).where(eq(plans.id, planId)), "updated plan"));
  } catch (err) {
    if (!nameTaken(err)) throw err;
    throw invalid({ variantName: MESSAGES.alreadyExists });
  }
}

/** A plan's price per term as the trail keeps it ("<minor units> <currency>"), or null when it is not sold for money. */
const priceOf = (p: Pick<Plan, "priceAmount" | "currency">) =>
  p.priceAmount === null || p.priceAmount === undefined || !p.currency ? null : `${p.priceAmount} ${p.currency}`;

/** The entries of a plan's edit: one per field that changed, from → to, under the plan's new name. */
function planEdits(scope: PartnerAdminScope, planId: string, before: Plan, body: z.output<typeof PlanBody>): AuditWrite[] {
  const base = planEntryOfPartner(scope, planId, { code: "planEdited", name: planLabel(body) });
  return fieldChanges(base, [
    { field: "planName", kind: "name", from: before.planName, to: body.planName },
    { field: "variantName", kind: "name", from: before.variantName, to: body.variantName },
    { field: "commitmentTerm", kind: "term", from: before.commitmentTerm, to: body.commitmentTerm },
    { field: "credits", kind: "number", from: before.credits, to: body.credits },
    { field: "refreshPeriod", kind: "period", from: before.refreshPeriod, to: body.refreshPeriod },
    { field: "price", kind: "money", from: priceOf(before), to: priceOf({ priceAmount: body.priceAmount ?? null, currency: body.currency ?? null }) },
  ]);
}

/** A new plan entry on `plan` from `startDate`: one commitment term, renewing after it. */
export function newPlanEntry(plan: Plan, accountId: string, startDate: string) {
  return {
    id: crypto.randomUUID(),
    accountId,
    planId: plan.id,
    planName: plan.planName,
    variantName: plan.variantName,
    commitmentTerm: plan.commitmentTerm,
    startDate,
    ...firstTerm(startDate, plan.commitmentTerm),
    // The cron looks at it for its credits on its first day (a start today is granted, and moved on, by its own batch).
    nextRefreshDate: startDate,
  };
}

/**
 * The statements that grant a new plan entry's first period when it starts
 * today (a later start is granted by the cron on its day); none otherwise.
 */
export function firstGrant(plan: Plan, entry: ReturnType<typeof newPlanEntry>, userId: string | null, day = today()) {
  const period = entry.startDate <= day ? grantPeriod({ ...entry, endDate: null }, plan.refreshPeriod, day) : null;
  if (!period) return [];
  return periodGrantStatements({
    planEntryId: entry.id,
    accountId: entry.accountId,
    planName: plan.planName,
    variantName: plan.variantName,
    refreshPeriod: plan.refreshPeriod,
    credits: plan.credits,
    period,
    userId,
  });
}

/**
 * Starts one of the partner's plans for one of its customers from
 * `startDate` (today or later). A customer has one plan at a time: one that
 * is open-ended or runs on or after `startDate` is a plan change instead
 * (409), checked inside the insert so two starts at once give one plan. A
 * plan starting today gets its first credits at once; a later one on its day.
 */
export async function startPlan(db: Db, scope: PartnerAdminScope, body: z.output<typeof StartPlanBody>): Promise<PlanEntryDto> {
  const customer = await customerOf(db, scope, body.accountId);
  const plan = await offeredPlan(db, scope.account.id, body.planId);
  const day = today();
  // Not before the product's day: a plan's dates are days of the UTC calendar its credits and the cron run on,
  // so a plan started "today" is in force, with its credits, at once (docs/decisions/2026-11-27-plans-run-on-utc-days.md).
  if (body.startDate < day) throw invalid({ startDate: MESSAGES.startBeforeToday });
  const entry = newPlanEntry(plan, customer.id, body.startDate);
  await runBatch(d1Of(db), [
    raw(sql`INSERT INTO plan_entries (id, account_id, plan_id, plan_name, variant_name, commitment_term, start_date, earliest_end_date, renewal_date, next_refresh_date)
        SELECT ${entry.id}, ${entry.accountId}, ${entry.planId}, ${entry.planName}, ${entry.variantName}, ${entry.commitmentTerm}, ${entry.startDate},
               ${entry.earliestEndDate}, ${entry.renewalDate}, ${entry.nextRefreshDate}
        WHERE NOT EXISTS (SELECT 1 FROM plan_entries WHERE account_id = ${entry.accountId} AND partner_account_id = ${scope.account.id}
                            AND (end_date IS NULL OR end_date >= ${entry.startDate}))
          AND EXISTS (SELECT 1 FROM plans WHERE id = ${plan.id} AND retired_at IS NULL)`),
    ...firstGrant(plan, entry, scope.user.id, day),
    // Only when the guarded insert above wrote the entry.
    auditStatement({
      accountId: customer.id,
      partnerAccountId: scope.account.id,
      code: "planStarted",
      subjectType: "planEntry",
      subjectId: entry.id,
      userId: scope.user.id,
      change: { kind: "name", from: null, to: planLabel(plan) },
      onlyIf: sql`EXISTS (SELECT 1 FROM plan_entries WHERE id = ${entry.id})`,
    }),
  ]);
  const [created] = await db.select().from(planEntries).where(eq(planEntries.id, entry.id));
  if (!created) throw conflict(PLAN_MESSAGES.alreadyOnPlan, { startDate: PLAN_MESSAGES.alreadyOnPlan });
  return planEntryDto(created, plan);
}

/**
 * Removes one of the partner's plans: deleted when no customer is on it
 * (today or from a later day; ended plan entries keep their copied name),
 * else retired: no new starts or changes to it, while its customers keep it,
 * renewing, until changed. Decided inside the batch, with its audit entry.
 */
export async function removePlan(db: Db, scope: PartnerAdminScope, planId: string): Promise<PlanRemoval> {
  const plan = await partnerPlan(db, scope.account.id, planId);
  const now = new Date().toISOString();
  const inUse = sql`EXISTS (SELECT 1 FROM plan_entries WHERE plan_id = ${plan.id} AND (end_date IS NULL OR end_date >= ${today()}))`;
  const entry = { accountId: scope.account.id, partnerAccountId: scope.account.id, subjectType: "plan", subjectId: plan.id, userId: scope.user.id };
  const data = { planName: plan.planName, variantName: plan.variantName };
  await runBatch(d1Of(db), [
    // Retired now (not before), or deleted: each entry only when its change happens in this batch.
    auditWhen({ ...entry, code: "planRetired", data }, sql`${inUse} AND EXISTS (SELECT 1 FROM plans WHERE id = ${plan.id} AND retired_at IS NULL)`),
    auditWhen({ ...entry, code: "planDeleted", data }, sql`NOT ${inUse} AND EXISTS (SELECT 1 FROM plans WHERE id = ${plan.id})`),
    raw(sql`UPDATE plans SET retired_at = coalesce(retired_at, ${now}), updated_at = ${now} WHERE id = ${plan.id} AND ${inUse}`),
    raw(sql`DELETE FROM plans WHERE id = ${plan.id} AND NOT ${inUse}`),
  ]);
  const [left] = await db.select({ id: plans.id }).from(plans).where(eq(plans.id, plan.id));
  return { outcome: left ? "retired" : "deleted" };
}
