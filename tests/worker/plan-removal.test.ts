/**
 * A plan's loose ends: a partner deletes a plan no customer is on, and a plan
 * in use is retired instead (no new starts or changes to it; its customers
 * keep it); a cancelled plan's unused credits expire after its last day.
 */
import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import worker from "../../worker/index";
import { addMonths } from "../../worker/domain/plan-periods";
import { apiAs, newNorthwindCustomer } from "./auth";
import { call, json } from "./helpers";
import { first } from "../present";
import { shardDbOf } from "./databases";

const db = drizzle(env.DB, { schema });
const partner = () => apiAs("partnerAdmin", { accountId: DEMO.northwind.id });
const today = () => new Date().toISOString().slice(0, 10);
const PLAN = { planName: "Team Monthly", commitmentTerm: "monthly", credits: 4, refreshPeriod: "monthly", priceAmount: null, currency: null };

async function newPlan(body: Record<string, unknown> = {}) {
  const res = await partner().post("/v1/admin/entitlements/plans", { ...PLAN, variantName: `v-${crypto.randomUUID().slice(0, 6)}`, ...body });
  expect(res.status).toBe(201);
  return json<{ id: string }>(res);
}
const startOn = (accountId: string, planId: string, startDate = today()) =>
  partner().post("/v1/admin/entitlements/plan-entries", { accountId, planId, startDate });
const planRow = async (id: string) => (await db.select().from(schema.plans).where(eq(schema.plans.id, id)))[0];
/** The plan's entries about its removal (its creation and edits are recorded too). */
const auditOf = async (id: string) =>
  (
    await db
      .select()
      .from(schema.auditEntries)
      .where(and(eq(schema.auditEntries.subjectType, "plan"), eq(schema.auditEntries.subjectId, id)))
  ).filter((e) => e.code === "planRetired" || e.code === "planDeleted");
const linesOf = async (accountId: string) => (await shardDbOf(accountId)).select().from(schema.creditLines).where(eq(schema.creditLines.accountId, accountId));
const balanceOf = async (accountId: string) => (await linesOf(accountId)).reduce((sum, l) => sum + l.quantity, 0);
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
async function cronOn(day: string) {
  const queue = { sendBatch: async () => undefined } as unknown as Queue;
  await worker.scheduled(createScheduledController({ cron: "*/10 * * * *", scheduledTime: new Date(`${day}T09:00:00Z`) }), { ...env, MAIL_QUEUE: queue });
}

describe("DELETE v1/admin/entitlements/plans/{planId}", () => {
  it("deletes a plan no customer is on, with its audit entry", async () => {
    const plan = await newPlan();
    const res = await partner().delete(`/v1/admin/entitlements/plans/${plan.id}`);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ outcome: "deleted" });
    expect(await planRow(plan.id)).toBeUndefined();
    expect((await auditOf(plan.id)).map((e) => e.code)).toEqual(["planDeleted"]);
  });

  it("retires a plan in use: no new starts or changes to it, its customer keeps it and its renewals; deleted once nobody is on it", async () => {
    const plan = await newPlan();
    const onIt = await newNorthwindCustomer();
    const entry = await json(await startOn(onIt.id, plan.id));
    const res = await partner().delete(`/v1/admin/entitlements/plans/${plan.id}`);
    expect(await json(res)).toEqual({ outcome: "retired" });
    expect((await planRow(plan.id))?.retiredAt).toEqual(expect.any(String));
    const listed = await json(await partner().get("/v1/admin/entitlements/plans"));
    expect(listed.items.find((p: { id: string }) => p.id === plan.id)).toMatchObject({ retired: true });
    // Deleting it again while in use changes nothing and writes no second entry.
    expect(await json(await partner().delete(`/v1/admin/entitlements/plans/${plan.id}`))).toEqual({ outcome: "retired" });
    expect((await auditOf(plan.id)).map((e) => e.code)).toEqual(["planRetired"]);

    // Not offered for new starts, nor as a change.
    const other = await newNorthwindCustomer();
    const refused = await startOn(other.id, plan.id);
    expect(refused.status).toBe(409);
    expect(await db.select().from(schema.planEntries).where(eq(schema.planEntries.accountId, other.id))).toEqual([]);
    const elsewhere = await newPlan();
    const otherEntry = await json(await startOn(other.id, elsewhere.id));
    expect((await partner().post(`/v1/admin/entitlements/plans/${otherEntry.id}/change`, { planId: plan.id, startDate: addMonths(today(), 1) })).status).toBe(
      409,
    );

    // The customer on it keeps it: renewed and refreshed on its day.
    await cronOn(addMonths(today(), 1));
    expect(first(await db.select().from(schema.planEntries).where(eq(schema.planEntries.id, entry.id)))).toMatchObject({ planId: plan.id, endDate: null });
    expect((await linesOf(onIt.id)).filter((l) => l.quantity > 0)).toHaveLength(2);

    // Changed to another plan, nobody is on it from then: deleted.
    const next = await newPlan();
    // (Renewed, its current period runs a month on: the change starts after it.)
    expect((await partner().post(`/v1/admin/entitlements/plans/${entry.id}/change`, { planId: next.id, startDate: addMonths(today(), 2) })).status).toBe(201);
    // Its last day passes.
    await db.update(schema.planEntries).set({ endDate: "2000-01-01" }).where(eq(schema.planEntries.id, entry.id));
    expect(await json(await partner().delete(`/v1/admin/entitlements/plans/${plan.id}`))).toEqual({ outcome: "deleted" });
    expect(first(await db.select().from(schema.planEntries).where(eq(schema.planEntries.id, entry.id)))).toMatchObject({
      planId: null,
      planName: "Team Monthly",
    });
  });

  it("answers 404 for another partner's plan, 400 for a bad id, 401 without a token, 403 to a member or a customer; nothing is removed", async () => {
    const plan = await newPlan();
    const path = `/v1/admin/entitlements/plans/${plan.id}`;
    expect((await apiAs("otherPartnerAdmin", { accountId: DEMO.contoso.id }).delete(path)).status).toBe(404);
    expect((await partner().delete("/v1/admin/entitlements/plans/nope")).status).toBe(400);
    expect((await call(path, { method: "DELETE" })).status).toBe(401);
    expect((await apiAs("partnerMember", { accountId: DEMO.northwind.id }).delete(path)).status).toBe(403);
    expect((await apiAs("customerAdmin", { accountId: DEMO.customers.fabrikam.id }).delete(path)).status).toBe(403);
    expect(await planRow(plan.id)).toMatchObject({ retiredAt: null });
    expect(await auditOf(plan.id)).toEqual([]);
  });
});

describe("a cancelled plan's unused credits", () => {
  it("expire with a ledger line after its last day, once however often the cron runs", async () => {
    const customer = await newNorthwindCustomer();
    const plan = await newPlan();
    const entry = await json(await startOn(customer.id, plan.id));
    await partner().post("/v1/admin/entitlements/credit", { accountId: customer.id, itemType: "planAdjustment", quantity: -1, context: "Used" });
    const end = entry.earliestEndDate ?? today();
    expect((await partner().post(`/v1/admin/entitlements/plans/${entry.id}/cancel`, { endDate: end })).status).toBe(200);
    // On its last day the credits are still there.
    await cronOn(end);
    const before = await balanceOf(customer.id);
    expect(before).toBeGreaterThan(0);
    const after = dayAfter(end);
    await Promise.all([cronOn(after), cronOn(after)]);
    await cronOn(after);
    expect(await balanceOf(customer.id)).toBe(0);
    const expiry = (await linesOf(customer.id)).filter((l) => l.context?.startsWith("Unused credits expired at the end of the plan"));
    expect(expiry).toHaveLength(1);
    expect(first(expiry)).toMatchObject({ source: "plan", itemType: "planAdjustment", updateType: "decrease", quantity: -before });
  });

  it("carry over to the next plan on a plan change", async () => {
    const customer = await newNorthwindCustomer();
    const entry = await json(await startOn(customer.id, (await newPlan()).id));
    const startDate = addMonths(today(), 1);
    expect((await partner().post(`/v1/admin/entitlements/plans/${entry.id}/change`, { planId: (await newPlan({ credits: 7 })).id, startDate })).status).toBe(
      201,
    );
    await cronOn(startDate);
    await cronOn(dayAfter(startDate));
    expect((await linesOf(customer.id)).some((l) => l.context?.startsWith("Unused credits expired at the end of the plan"))).toBe(false);
    expect(await balanceOf(customer.id)).toBe(11);
  });
});
