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
import { PLAN_MESSAGES } from "../../contract/entitlements";
import { MESSAGES } from "../../contract/messages";
import { accounts, creditEntries, creditLines, planEntries, plans } from "../../db/schema";
import { adjustmentLine, balanceOf, canCancelOn, canChangeFrom, dayBefore } from "../domain/credits";
import type { Db } from "../env";
import type { PartnerAdminScope } from "../http/endpoint";
import { conflict, invalid, notFound } from "../http/errors";
import { audit, auditStatement, creditLineAudit } from "./audit";
import { creditBalance, ledgerBalance } from "./credits";
import { customerOf, customersOfPartner } from "./customers";
import { firstGrant, newPlanEntry, offeredPlan, planEntryDto, planLabel } from "./plans";
import { onEachShard, theRow, today } from "./query";
import { d1Of, errorText, raw, runBatch, type Statements } from "./statements";

/** The plan in force on a day: started, not ended, latest start first. */
export function currentPlanOf(entries: PlanEntryDto[], on = today()): PlanEntryDto | null {
  return entries.filter((p) => p.startDate <= on && (!p.endDate || p.endDate >= on)).sort((a, b) => b.startDate.localeCompare(a.startDate))[0] ?? null;
}

/**
 * An account's plan entries, credit entries with their lines, and balance:
 * the account's whole history, or (`partnerId`, a partner reading its
 * customer) only what was written while the customer was under that partner.
 */
export async function entitlementsOf(db: Db, accountId: string, partnerId?: string, history: Db[] | Promise<Db[]> = []): Promise<EntitlementsDto> {
  // One D1 round trip per shard for the three independent reads, the shards side by side.
  const read = async (shard: Db) => entitlementsFrom(await shard.batch(entitlementReads(shard, accountId, partnerId)));
  const [own, before] = await Promise.all([read(db), onEachShard(history, read)]);
  return withHistory(own, before);
}

/**
 * The entitlements on the account's shard with its history on the shards it
 * lived on before a re-link (docs/decisions/2026-11-27-relinked-history.md):
 * every plan entry and credit entry, newest first; the balance and the plan in
 * force are the current shard's (what a booking there draws on).
 */
function withHistory(own: EntitlementsDto, before: EntitlementsDto[]): EntitlementsDto {
  if (!before.length) return own;
  const newestFirst = <T extends { startDate: string }>(rows: T[]) => rows.sort((a, b) => b.startDate.localeCompare(a.startDate));
  return {
    ...own,
    planEntries: newestFirst([own, ...before].flatMap((e) => e.planEntries)),
    creditEntries: newestFirst([own, ...before].flatMap((e) => e.creditEntries)),
  };
}

/** The three reads behind `entitlementsOf`, for a batch of the caller's (`entitlementsFrom` answers their rows). */
export function entitlementReads(db: Db, accountId: string, partnerId?: string) {
  const under = (column: typeof planEntries.partnerAccountId | typeof creditEntries.partnerAccountId | typeof creditLines.partnerAccountId) =>
    partnerId ? eq(column, partnerId) : undefined;
  return [
    db
      .select({ entry: planEntries, plan: { priceAmount: plans.priceAmount, currency: plans.currency } })
      .from(planEntries)
      .leftJoin(plans, eq(plans.id, planEntries.planId))
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
  ] as const;
}

type Reads = ReturnType<typeof entitlementReads>;
type EntitlementRows = readonly [Awaited<Reads[0]>, Awaited<Reads[1]>, Awaited<Reads[2]>];

/** The entitlements of the rows `entitlementReads` answered. */
export function entitlementsFrom([planRows, entryRows, lineRows]: EntitlementRows): EntitlementsDto {
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
  const planEntryDtos = planRows.map((r) => planEntryDto(r.entry, r.plan));
  return { balance: balanceOf(lineRows), currentPlan: currentPlanOf(planEntryDtos), planEntries: planEntryDtos, creditEntries: entries };
}

/** A plan entry of one of the acting partner's customers written under that partner; anything else answers 404. */
async function dependentPlanEntry(db: Db, partnerId: string, planEntryId: string) {
  const rows = await db
    .select({ entry: planEntries, plan: { priceAmount: plans.priceAmount, currency: plans.currency } })
    .from(planEntries)
    .innerJoin(accounts, eq(accounts.id, planEntries.accountId))
    .leftJoin(plans, eq(plans.id, planEntries.planId))
    .where(and(eq(planEntries.id, planEntryId), eq(planEntries.partnerAccountId, partnerId), customersOfPartner(partnerId)))
    .limit(1);
  if (!rows[0]) throw notFound("Plan entry not found");
  return rows[0];
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
    // The balance before and after the line, as the transaction sees it.
    creditLineAudit("creditsAdjusted", {
      id: lineId,
      accountId: customer.id,
      partnerAccountId: scope.account.id,
      quantity: line.quantity,
      context: line.context,
      userId: scope.user.id,
    }),
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
  const { entry, plan } = await dependentPlanEntry(db, scope.account.id, planEntryId);
  if (!canCancelOn(body.endDate, entry.earliestEndDate)) throw invalid({ endDate: PLAN_MESSAGES.cancelTooEarly }, PLAN_MESSAGES.cancelTooEarly);
  if (body.endDate < entry.startDate) throw invalid({ endDate: "End date cannot be before start date" });
  // A plan is not ended in the past.
  // Plans run on UTC days (docs/decisions/2026-11-27-plans-run-on-utc-days.md).
  if (body.endDate < today()) throw invalid({ endDate: MESSAGES.invalidDate });
  await runBatch(
    d1Of(db),
    audit([db.update(planEntries).set({ endDate: body.endDate, renewalDate: null }).where(eq(planEntries.id, entry.id))], {
      accountId: entry.accountId,
      partnerAccountId: scope.account.id,
      code: "planEnded",
      subjectType: "planEntry",
      subjectId: entry.id,
      userId: scope.user.id,
      name: planLabel(entry),
      change: { kind: "date", from: entry.endDate, to: body.endDate },
    }),
  );
  const updated = await db.select().from(planEntries).where(eq(planEntries.id, entry.id));
  return planEntryDto(theRow(updated, "cancelled plan"), plan);
}

/**
 * Changes a customer's plan to another of the partner's plans from
 * `startDate` (not before the current subscription period ends): the old plan
 * ends the day before; the new one starts with its credit entry and allowance.
 */
export async function changePlan(db: Db, scope: PartnerAdminScope, planEntryId: string, body: z.output<typeof ChangePlanBody>): Promise<PlanEntryDto> {
  const { entry } = await dependentPlanEntry(db, scope.account.id, planEntryId);
  const plan = await offeredPlan(db, scope.account.id, body.planId);
  if (!canChangeFrom(body.startDate, entry, today())) throw invalid({ startDate: PLAN_MESSAGES.changeTooEarly }, PLAN_MESSAGES.changeTooEarly);
  const next = newPlanEntry(plan, entry.accountId, body.startDate);
  // The new plan's credits come on its first day (worker/data/plan-renewals.ts), not before it starts.
  await runBatch(d1Of(db), [
    db
      .update(planEntries)
      .set({ endDate: dayBefore(body.startDate), renewalDate: null })
      .where(eq(planEntries.id, entry.id)),
    db.insert(planEntries).values({ ...next, partnerAccountId: scope.account.id }),
    ...firstGrant(plan, next, scope.user.id),
    auditStatement({
      accountId: entry.accountId,
      partnerAccountId: scope.account.id,
      code: "planChanged",
      subjectType: "planEntry",
      subjectId: next.id,
      userId: scope.user.id,
      change: { kind: "name", from: planLabel(entry), to: planLabel(plan) },
    }),
  ]);
  const created = await db.select().from(planEntries).where(eq(planEntries.id, next.id));
  return planEntryDto(theRow(created, "created plan"), plan);
}
