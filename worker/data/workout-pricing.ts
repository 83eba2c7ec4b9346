/**
 * A workout's prices as its partner writes them: the lines may name only the
 * partner's own customers and price groups, and a save replaces them in one
 * batch, with an audit entry for each customer's or group's price changed.
 */
import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { CreateWorkoutBody } from "../../contract/workouts";
import { accounts, auditEntries, priceGroups, pricingLines } from "../../db/schema";
import type { Db } from "../env";
import { inList, insertRows } from "./bound";
import { customersOfPartner } from "./customers";
import type { Stmt } from "./query";

type PricingIn = z.output<typeof CreateWorkoutBody>["pricing"];

/** Pricing lines may name only the partner's own customers and price groups. */
export async function checkPricing(db: Db, partnerId: string, lines: PricingIn, prefix: string, fields: Record<string, string>) {
  const customerIds = [...new Set(lines.filter((l) => l.priceType === "customer").map((l) => l.customerAccountId!))];
  const groupIds = [...new Set(lines.filter((l) => l.priceType === "customerPriceGroup").map((l) => l.priceGroupId!))];
  const okCustomers = customerIds.length
    ? new Set(
        (
          await db
            .select({ id: accounts.id })
            .from(accounts)
            .where(and(inList(accounts.id, customerIds), customersOfPartner(partnerId)))
        ).map((r) => r.id),
      )
    : new Set<string>();
  const okGroups = groupIds.length
    ? new Set(
        (
          await db
            .select({ id: priceGroups.id })
            .from(priceGroups)
            .where(and(inList(priceGroups.id, groupIds), eq(priceGroups.accountId, partnerId)))
        ).map((r) => r.id),
      )
    : new Set<string>();
  lines.forEach((l, i) => {
    if (l.priceType === "customer" && !okCustomers.has(l.customerAccountId!)) fields[`${prefix}.${i}.customerAccountId`] = "Customer not found";
    if (l.priceType === "customerPriceGroup" && !okGroups.has(l.priceGroupId!)) fields[`${prefix}.${i}.priceGroupId`] = "Price group not found";
  });
}

/**
 * The audit entries of a change to the prices a partner gives one customer or
 * one price group for a workout (its base pricing or a variant's), for the
 * batch that replaces the lines, BEFORE their delete: per line for a customer
 * or group, its price from → to (credits, or minor units and currency), only
 * when it differs; per such line removed, from → none. In the customer's
 * trail for a customer's price, in the partner's own for a group's; named by
 * the workout and the customer or group.
 */
function pricingAudit(db: Db, partnerId: string, workoutId: string, variantId: string | null, lines: PricingIn, userId: string): Stmt[] {
  const ofWorkout = sql`workout_id = ${workoutId} AND account_id = ${partnerId} AND ${variantId ? sql`variant_id = ${variantId}` : sql`variant_id IS NULL`}`;
  const price = (p: string) => sql.raw(`CASE WHEN ${p}.pricing_type = 'value' THEN ${p}.amount || ' ' || ${p}.currency ELSE ${p}.amount END`);
  const kind = (p: string) => sql.raw(`CASE WHEN ${p}.pricing_type = 'value' THEN 'money' ELSE 'number' END`);
  const named = (target: SQL) =>
    sql`(SELECT coalesce(title, name) FROM workouts WHERE id = ${workoutId}) || ' · ' || coalesce((SELECT name FROM accounts WHERE id = ${target}), (SELECT name FROM price_groups WHERE id = ${target}), '')`;
  const entry = (account: SQL, target: SQL, change: SQL) =>
    sql`lower(hex(randomblob(16))), ${account}, NULL, 'priceChanged', 'workout', ${workoutId}, ${userId},
        json_object('name', ${named(target)}, 'field', 'price', 'change', json(${change})), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
  const targeted = lines.filter((l) => l.priceType === "customer" || l.priceType === "customerPriceGroup");
  const keyOf = (l: PricingIn[number]) => `${l.priceType}|${l.priceType === "customer" ? l.customerAccountId : l.priceGroupId}|${l.onPlan ? 1 : 0}`;
  const out: Stmt[] = targeted.map((l) => {
    const target = l.priceType === "customer" ? l.customerAccountId! : l.priceGroupId!;
    const to = l.pricingType === "value" ? `${l.amount} ${l.currency}` : l.amount;
    const account = l.priceType === "customer" ? target : partnerId;
    return db.insert(auditEntries)
      .select(sql`SELECT ${entry(sql`${account}`, sql`${target}`, sql`json_object('kind', ${l.pricingType === "value" ? "money" : "number"}, 'from', old.v, 'to', ${to})`)}
      FROM (SELECT (SELECT ${price("p")} FROM pricing_lines p WHERE ${ofWorkout} AND p.price_type = ${l.priceType}
                      AND coalesce(p.customer_account_id, p.price_group_id) = ${target} AND p.on_plan = ${l.onPlan ? 1 : 0} LIMIT 1) AS v) old
      WHERE old.v IS NULL OR old.v <> ${to}`);
  });
  // The lines kept, as one JSON parameter (D1 binds at most 100 per statement).
  const kept = targeted.map(keyOf);
  out.push(
    db.insert(auditEntries)
      .select(sql`SELECT ${entry(sql.raw("CASE WHEN p.price_type = 'customer' THEN p.customer_account_id ELSE p.account_id END"), sql.raw("coalesce(p.customer_account_id, p.price_group_id)"), sql`json_object('kind', ${kind("p")}, 'from', ${price("p")}, 'to', NULL)`)}
      FROM pricing_lines p WHERE ${ofWorkout} AND p.price_type IN ('customer', 'customerPriceGroup')
        AND (p.price_type || '|' || coalesce(p.customer_account_id, p.price_group_id) || '|' || p.on_plan) NOT IN (SELECT value FROM json_each(${JSON.stringify(kept)}))`),
  );
  return out;
}

export function pricingStatements(db: Db, partnerId: string, workoutId: string, variantId: string | null, lines: PricingIn, userId: string): Stmt[] {
  const del = db
    .delete(pricingLines)
    .where(
      and(
        eq(pricingLines.workoutId, workoutId),
        variantId ? eq(pricingLines.variantId, variantId) : isNull(pricingLines.variantId),
        eq(pricingLines.accountId, partnerId),
      ),
    );
  const out: Stmt[] = [...pricingAudit(db, partnerId, workoutId, variantId, lines, userId), del];
  if (lines.length) {
    out.push(
      ...insertRows(
        db,
        pricingLines,
        lines.map((l) => ({
          accountId: partnerId,
          workoutId,
          variantId,
          name: l.name,
          priceType: l.priceType,
          customerAccountId: l.priceType === "customer" ? l.customerAccountId : null,
          priceGroupId: l.priceType === "customerPriceGroup" ? l.priceGroupId : null,
          pricingType: l.pricingType,
          onPlan: l.onPlan,
          currency: l.currency,
          amount: l.amount,
          startDate: l.startDate,
          endDate: l.endDate,
        })),
      ),
    );
  }
  return out;
}
