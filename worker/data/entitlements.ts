/**
 * Plans and credits: every account reads its own; a partner's owners and
 * admins adjust their customers' credits and plans (another partner's
 * customer or plan entry is 404, like a missing one).
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type {
  CancelPlanBody,
  ChangePlanBody,
  CreditAdjustmentBody,
  CreditAdjustmentResult,
  CreditEntryDto,
  EntitlementsDto,
  PlanEntryDto,
} from "../../contract/entitlements";
import { PLAN_MESSAGES, type PlanList } from "../../contract/entitlements";
import { accounts, creditEntries, creditLines, planEntries, plans } from "../../db/schema";
import { addTerm, adjustmentLine, balanceOf, canCancelOn, canChangeFrom, dayBefore } from "../domain/credits";
import type { Db } from "../env";
import type { PartnerAdminScope } from "../http/endpoint";
import { conflict, invalid, notFound } from "../http/errors";
import { creditBalance, ledgerBalance } from "./credits";
import { customerOf, customersOfPartner } from "./customers";
import { batch, theRow, today, type Stmt } from "./query";
import { d1Of, errorText, raw, runBatch, type Statements } from "./statements";

const planDto = (p: typeof planEntries.$inferSelect): PlanEntryDto => ({
  id: p.id,
  planId: p.planId,
  planName: p.planName,
  variantName: p.variantName,
  commitmentTerm: p.commitmentTerm,
  startDate: p.startDate,
  endDate: p.endDate,
  earliestEndDate: p.earliestEndDate,
  renewalDate: p.renewalDate,
});

/** The plan in force on a day: started, not ended, latest start first. */
export function currentPlanOf(entries: PlanEntryDto[], on = today()): PlanEntryDto | null {
  return entries.filter((p) => p.startDate <= on && (!p.endDate || p.endDate >= on)).sort((a, b) => b.startDate.localeCompare(a.startDate))[0] ?? null;
}

/**
 * An account's plan entries, credit entries with their lines, and balance:
 * the account's whole history, or (`partnerId`, a partner reading its
 * customer) only what was written while the customer was under that partner.
 */
export async function entitlementsOf(db: Db, accountId: string, partnerId?: string): Promise<EntitlementsDto> {
  const under = (column: typeof planEntries.partnerAccountId | typeof creditEntries.partnerAccountId | typeof creditLines.partnerAccountId) =>
    partnerId ? eq(column, partnerId) : undefined;
  // One D1 round trip for the three independent reads.
  const [planRows, entryRows, lineRows] = await db.batch([
    db
      .select()
      .from(planEntries)
      .where(and(eq(planEntries.accountId, accountId), under(planEntries.partnerAccountId)))
      .orderBy(desc(planEntries.startDate)),
    db
      .select()
      .from(creditEntries)
      .where(and(eq(creditEntries.accountId, accountId), under(creditEntries.partnerAccountId)))
      .orderBy(desc(creditEntries.startDate), desc(creditEntries.createdAt)),
    db
      .select()
      .from(creditLines)
      .where(and(eq(creditLines.accountId, accountId), under(creditLines.partnerAccountId)))
      .orderBy(asc(creditLines.enteredAt), asc(creditLines.createdAt)),
  ]);
  const entries: CreditEntryDto[] = entryRows.map((e) => {
    const lines = lineRows
      .filter((l) => l.creditEntryId === e.id)
      .map((l) => ({
        id: l.id,
        source: l.source,
        itemType: l.itemType,
        updateType: l.updateType,
        quantity: l.quantity,
        enteredAt: l.enteredAt,
        context: l.context,
      }));
    return {
      id: e.id,
      planEntryId: e.planEntryId,
      planName: e.planName,
      variantName: e.variantName,
      startDate: e.startDate,
      endDate: e.endDate,
      refreshPeriod: e.refreshPeriod,
      balance: balanceOf(lines),
      lines,
    };
  });
  const planEntryDtos = planRows.map(planDto);
  return { balance: balanceOf(lineRows), currentPlan: currentPlanOf(planEntryDtos), planEntries: planEntryDtos, creditEntries: entries };
}

/** A plan entry of one of the acting partner's customers written under that partner; anything else answers 404. */
async function dependentPlanEntry(db: Db, partnerId: string, planEntryId: string) {
  const rows = await db
    .select({ entry: planEntries })
    .from(planEntries)
    .innerJoin(accounts, eq(accounts.id, planEntries.accountId))
    .where(and(eq(planEntries.id, planEntryId), eq(planEntries.partnerAccountId, partnerId), customersOfPartner(partnerId)))
    .limit(1);
  if (!rows[0]) throw notFound("Plan entry not found");
  return rows[0].entry;
}

/** The partner's plan catalogue (the plans a customer can change to). */
export async function partnerPlans(db: Db, scope: PartnerAdminScope): Promise<z.output<typeof PlanList>> {
  const rows = await db.select().from(plans).where(eq(plans.accountId, scope.account.id)).orderBy(asc(plans.planName), asc(plans.variantName));
  return {
    items: rows.map((p) => ({
      id: p.id,
      planName: p.planName,
      variantName: p.variantName,
      commitmentTerm: p.commitmentTerm,
      credits: p.credits,
      refreshPeriod: p.refreshPeriod,
      priceAmount: p.priceAmount,
      currency: p.currency,
    })),
  };
}

/**
 * Adds (or, with a plan adjustment, removes) credits of one of the partner's
 * customers. The line goes to the given credit entry, else the customer's
 * current one, else a new "Partner credits" entry; the balance never goes below zero (409).
 */
export async function adjustCredits(db: Db, scope: PartnerAdminScope, body: z.output<typeof CreditAdjustmentBody>): Promise<CreditAdjustmentResult> {
  const customer = await customerOf(db, scope, body.accountId);
  const line = adjustmentLine(body.itemType, body.quantity, body.context ?? null);
  const statements: Statements = [];
  let entryId: string;
  if (body.creditEntryId) {
    const own = await db
      .select({ id: creditEntries.id })
      .from(creditEntries)
      .where(and(eq(creditEntries.id, body.creditEntryId), eq(creditEntries.accountId, customer.id), eq(creditEntries.partnerAccountId, scope.account.id)))
      .limit(1);
    if (!own[0]) throw notFound("Credit entry not found");
    entryId = own[0].id;
  } else {
    const on = today();
    const entries = await db
      .select()
      .from(creditEntries)
      .where(and(eq(creditEntries.accountId, customer.id), eq(creditEntries.partnerAccountId, scope.account.id)))
      .orderBy(desc(creditEntries.startDate));
    const current = entries.find((e) => e.startDate <= on && (!e.endDate || e.endDate >= on)) ?? null;
    if (current) entryId = current.id;
    else {
      entryId = crypto.randomUUID();
      statements.push(
        db.insert(creditEntries).values({
          id: entryId,
          accountId: customer.id,
          partnerAccountId: scope.account.id,
          planName: "Partner credits",
          variantName: "Adjustments",
          startDate: on,
          refreshPeriod: "none",
        }),
      );
    }
  }
  const lineId = crypto.randomUUID();
  const enteredAt = new Date().toISOString();
  // The balance never goes below zero: a negative line is written only if the
  // ledger's sum, read inside the same transaction, still covers it (so a
  // booking consuming credits at the same moment cannot slip under either);
  // otherwise the guard that follows fails the whole batch.
  const statementsToRun: Statements = [
    ...statements,
    raw(sql`INSERT INTO credit_lines (id, account_id, partner_account_id, credit_entry_id, source, item_type, update_type, quantity, entered_at, context, created_by_user_id)
        SELECT ${lineId}, ${customer.id}, ${scope.account.id}, ${entryId}, ${line.source}, ${line.itemType}, ${line.updateType}, ${line.quantity}, ${enteredAt}, ${line.context}, ${scope.user.id}
        WHERE ${line.quantity} >= 0 OR ${ledgerBalance(customer.id)} + ${line.quantity} >= 0`),
    raw(
      sql`UPDATE credit_entries SET plan_name = CASE WHEN EXISTS (SELECT 1 FROM credit_lines WHERE id = ${lineId}) THEN plan_name ELSE NULL END WHERE id = ${entryId}`,
    ),
  ];
  try {
    await runBatch(d1Of(db), statementsToRun);
  } catch (err) {
    if (!/NOT NULL constraint failed: credit_entries\.plan_name/i.test(errorText(err))) throw err;
    const { balance } = await creditBalance(db, customer.id);
    throw conflict(`This adjustment would take the balance below zero (the balance is ${balance}).`, { quantity: "The balance cannot go below zero" });
  }
  return {
    line: { id: lineId, source: line.source, itemType: line.itemType, updateType: line.updateType, quantity: line.quantity, enteredAt, context: line.context },
    creditEntryId: entryId,
    balance: (await creditBalance(db, customer.id)).balance,
  };
}

/** Cancels a customer's plan: it ends on `endDate`, not before its earliest end date nor in the past. */
export async function cancelPlan(db: Db, scope: PartnerAdminScope, planEntryId: string, body: z.output<typeof CancelPlanBody>): Promise<PlanEntryDto> {
  const entry = await dependentPlanEntry(db, scope.account.id, planEntryId);
  if (!canCancelOn(body.endDate, entry.earliestEndDate)) throw invalid({ endDate: PLAN_MESSAGES.cancelTooEarly }, PLAN_MESSAGES.cancelTooEarly);
  if (body.endDate < entry.startDate) throw invalid({ endDate: "End date cannot be before start date" });
  // A plan is not ended in the past.
  if (body.endDate < today()) throw invalid({ endDate: "Invalid date" });
  const updated = await db.update(planEntries).set({ endDate: body.endDate, renewalDate: null }).where(eq(planEntries.id, entry.id)).returning();
  return planDto(theRow(updated, "cancelled plan"));
}

/**
 * Changes a customer's plan to another of the partner's plans from
 * `startDate` (not before the current subscription period ends): the old plan
 * ends the day before; the new one starts with its credit entry and allowance.
 */
export async function changePlan(db: Db, scope: PartnerAdminScope, planEntryId: string, body: z.output<typeof ChangePlanBody>): Promise<PlanEntryDto> {
  const entry = await dependentPlanEntry(db, scope.account.id, planEntryId);
  const found = await db
    .select()
    .from(plans)
    .where(and(eq(plans.id, body.planId), eq(plans.accountId, scope.account.id)))
    .limit(1);
  const plan = found[0];
  if (!plan) throw notFound("Plan not found");
  if (!canChangeFrom(body.startDate, entry, today())) throw invalid({ startDate: PLAN_MESSAGES.changeTooEarly }, PLAN_MESSAGES.changeTooEarly);
  const id = crypto.randomUUID();
  const creditEntryId = crypto.randomUUID();
  const termEnd = addTerm(body.startDate, plan.commitmentTerm);
  const statements: Stmt[] = [
    db
      .update(planEntries)
      .set({ endDate: dayBefore(body.startDate), renewalDate: null })
      .where(eq(planEntries.id, entry.id)),
    db.insert(planEntries).values({
      id,
      accountId: entry.accountId,
      partnerAccountId: scope.account.id,
      planId: plan.id,
      planName: plan.planName,
      variantName: plan.variantName,
      commitmentTerm: plan.commitmentTerm,
      startDate: body.startDate,
      earliestEndDate: dayBefore(termEnd),
      renewalDate: termEnd,
    }),
    db.insert(creditEntries).values({
      id: creditEntryId,
      accountId: entry.accountId,
      partnerAccountId: scope.account.id,
      planEntryId: id,
      planName: plan.planName,
      variantName: plan.variantName,
      startDate: body.startDate,
      refreshPeriod: plan.refreshPeriod,
    }),
  ];
  if (plan.credits > 0) {
    statements.push(
      db.insert(creditLines).values({
        accountId: entry.accountId,
        partnerAccountId: scope.account.id,
        creditEntryId,
        source: "plan",
        itemType: "planAdjustment",
        updateType: "increase",
        quantity: plan.credits,
        enteredAt: new Date().toISOString(),
        context: `${plan.planName} allowance`,
        createdByUserId: scope.user.id,
      }),
    );
  }
  await batch(db, statements);
  const created = await db.select().from(planEntries).where(eq(planEntries.id, id));
  return planDto(theRow(created, "created plan"));
}
