import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, count, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import type { AuditPage } from "../../contract/audit";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import worker from "../../worker/index";
import { addMonths } from "../../worker/domain/plan-periods";
import { NO_MORE_REFRESHES } from "../../worker/data/plan-renewals";
import { apiAs, newNorthwindCustomer } from "./auth";
import { assignParent } from "./flows-setup";
import { call, json } from "./helpers";
import { first } from "../present";
import { shardDbOf } from "./databases";

const db = drizzle(env.DB, { schema });
const NORTHWIND = DEMO.northwind.id;
const partner = () => apiAs("partnerAdmin", { accountId: NORTHWIND });
const today = () => new Date().toISOString().slice(0, 10);

const PLAN = {
  planName: "Team Monthly",
  variantName: "4 workouts",
  commitmentTerm: "monthly",
  credits: 4,
  refreshPeriod: "monthly",
  priceAmount: 9900,
  currency: "USD",
};
const plansCount = async () => first(await db.select({ n: count() }).from(schema.plans)).n;
// An account's rows on its shard; `writtenUnder`: on that partner's shard, where they stay after the account moved on (a re-link across shards).
const entriesOf = async (accountId: string, writtenUnder = accountId) =>
  (await shardDbOf(writtenUnder)).select().from(schema.planEntries).where(eq(schema.planEntries.accountId, accountId));
const creditEntriesOf = async (accountId: string, writtenUnder = accountId) =>
  (await shardDbOf(writtenUnder)).select().from(schema.creditEntries).where(eq(schema.creditEntries.accountId, accountId));
const linesOf = async (accountId: string, writtenUnder = accountId) =>
  (await shardDbOf(writtenUnder)).select().from(schema.creditLines).where(eq(schema.creditLines.accountId, accountId));
const balanceOf = async (accountId: string) => (await linesOf(accountId)).reduce((sum, l) => sum + l.quantity, 0);

async function newPlan(body: Record<string, unknown> = {}) {
  const res = await partner().post("/v1/admin/entitlements/plans", { ...PLAN, variantName: `v-${crypto.randomUUID().slice(0, 6)}`, ...body });
  expect(res.status).toBe(201);
  return json<{ id: string; credits: number }>(res);
}

/** An audit entry the cron wrote: by the system, about `subjectId`. */
const expectedEntry = (code: string, subjectId: string | undefined) => ({
  code,
  subjectId,
  bySystem: true,
  by: null,
  id: expect.any(String),
  subjectType: expect.any(String),
  subject: expect.any(String),
  category: null,
  reason: null,
  field: null,
  createdAt: expect.any(String),
});

/** The Worker's cron trigger, as Cloudflare calls it, at `day` (09:00 UTC). */
async function cronOn(day: string) {
  const queue = { sendBatch: async () => undefined } as unknown as Queue;
  await worker.scheduled(createScheduledController({ cron: "*/10 * * * *", scheduledTime: new Date(`${day}T09:00:00Z`) }), { ...env, MAIL_QUEUE: queue });
}

describe("the partner's plans (Admin → Plans)", () => {
  it("adds a plan to the catalogue and changes it", async () => {
    const res = await partner().post("/v1/admin/entitlements/plans", PLAN);
    expect(res.status).toBe(201);
    const plan = await json(res);
    expect(plan).toMatchObject({ ...PLAN, id: expect.any(String) });
    const listed = await json(await partner().get("/v1/admin/entitlements/plans"));
    expect(listed.items.map((p: { id: string }) => p.id)).toContain(plan.id);

    const changed = await partner().put(`/v1/admin/entitlements/plans/${plan.id}`, { ...PLAN, credits: 6, priceAmount: null });
    expect(changed.status).toBe(200);
    expect(await json(changed)).toMatchObject({ id: plan.id, credits: 6, priceAmount: null, currency: null });
    const row = first(await db.select().from(schema.plans).where(eq(schema.plans.id, plan.id)));
    expect(row).toMatchObject({ accountId: NORTHWIND, credits: 6, priceAmount: null });
  });

  it("refuses invalid input with 400 and its fields, writing nothing", async () => {
    const before = await plansCount();
    const bad = await partner().post("/v1/admin/entitlements/plans", {
      ...PLAN,
      planName: "",
      credits: -1,
      commitmentTerm: "monthly",
      refreshPeriod: "annual",
    });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields).toMatchObject({
      planName: "Required",
      credits: "Invalid quantity",
    });
    const longer = await partner().post("/v1/admin/entitlements/plans", { ...PLAN, refreshPeriod: "quarterly" });
    expect((await json(longer)).error.fields).toEqual({ refreshPeriod: "Credits cannot refresh less often than the plan renews" });
    const noCurrency = await partner().post("/v1/admin/entitlements/plans", { ...PLAN, currency: null });
    expect((await json(noCurrency)).error.fields).toEqual({ currency: "Choose the currency of the price" });
    const twice = await partner().post("/v1/admin/entitlements/plans", { ...PLAN, planName: "Learning Plus", variantName: `Annual ${DEMO.credits}` });
    expect(twice.status).toBe(400);
    expect((await json(twice)).error.fields).toEqual({ variantName: "Value already exists" });
    expect(await plansCount()).toBe(before);

    const badPut = await partner().put(`/v1/admin/entitlements/plans/${DEMO.northwind.planId}`, { ...PLAN, credits: 1.5 });
    expect(badPut.status).toBe(400);
    expect(first(await db.select().from(schema.plans).where(eq(schema.plans.id, DEMO.northwind.planId))).credits).toBe(DEMO.credits);
  });

  it("answers 401 without a token, 403 to a partner's member or a customer, 404 for another partner's plan", async () => {
    const before = await plansCount();
    expect((await apiAs(null, { accountId: NORTHWIND }).post("/v1/admin/entitlements/plans", PLAN)).status).toBe(401);
    expect((await apiAs("partnerMember", { accountId: NORTHWIND }).post("/v1/admin/entitlements/plans", PLAN)).status).toBe(403);
    expect((await apiAs("customerAdmin", { accountId: DEMO.customers.fabrikam.id }).post("/v1/admin/entitlements/plans", PLAN)).status).toBe(403);
    expect((await apiAs(null, { accountId: NORTHWIND }).put(`/v1/admin/entitlements/plans/${DEMO.northwind.planId}`, PLAN)).status).toBe(401);
    expect((await apiAs("partnerMember", { accountId: NORTHWIND }).put(`/v1/admin/entitlements/plans/${DEMO.northwind.planId}`, PLAN)).status).toBe(403);
    expect((await partner().put(`/v1/admin/entitlements/plans/${DEMO.contoso.planId}`, PLAN)).status).toBe(404);
    expect((await partner().put(`/v1/admin/entitlements/plans/${crypto.randomUUID()}`, PLAN)).status).toBe(404);
    expect(await plansCount()).toBe(before);
    expect(first(await (await shardDbOf(DEMO.contoso.id)).select().from(schema.plans).where(eq(schema.plans.id, DEMO.contoso.planId))).planName).toBe(
      "Learning Plus",
    );
  });
});

describe("POST v1/admin/entitlements/plan-entries: a customer's first plan", () => {
  it("starts a plan today with its first credits, which the customer sees as workouts remaining", async () => {
    const customer = await newNorthwindCustomer();
    const plan = await newPlan();
    const res = await partner().post("/v1/admin/entitlements/plan-entries", { accountId: customer.id, planId: plan.id, startDate: today() });
    expect(res.status).toBe(201);
    expect(await json(res)).toMatchObject({
      planId: plan.id,
      startDate: today(),
      endDate: null,
      renewalDate: addMonths(today(), 1),
      commitmentTerm: "monthly",
    });
    const mine = await json(await apiAs(customer.token, { accountId: customer.id }).get("/v1/entitlements"));
    expect(mine.balance).toBe(4);
    // The customer is shown the plan's price per term as the partner set it.
    expect(mine.currentPlan).toMatchObject({ planId: plan.id, price: { amount: 9900, currency: "USD" } });
    expect(mine.creditEntries).toHaveLength(1);
    expect(mine.creditEntries[0].lines).toEqual([expect.objectContaining({ source: "plan", itemType: "planAdjustment", quantity: 4 })]);
    const details = await json(await partner().get(`/v1/admin/dependents/${customer.id}`));
    expect(details).toMatchObject({ creditBalance: 4, plan: { planId: plan.id } });
  });

  it("starts a later plan without credits until its first day, and refuses a second plan from the same time with 409", async () => {
    const customer = await newNorthwindCustomer();
    const plan = await newPlan();
    const start = addMonths(today(), 2);
    expect((await partner().post("/v1/admin/entitlements/plan-entries", { accountId: customer.id, planId: plan.id, startDate: start })).status).toBe(201);
    expect(await balanceOf(customer.id)).toBe(0);
    expect(await creditEntriesOf(customer.id)).toHaveLength(0);
    // Two starts at once, and one later: one plan at a time.
    const again = await Promise.all(
      [today(), addMonths(start, 3)].map((startDate) =>
        partner().post("/v1/admin/entitlements/plan-entries", { accountId: customer.id, planId: plan.id, startDate }),
      ),
    );
    for (const r of again) {
      expect(r.status).toBe(409);
      expect((await json(r)).error.fields.startDate).toBe("This customer already has a plan from that date. Change or cancel it instead.");
    }
    expect(await entriesOf(customer.id)).toHaveLength(1);
    // On its first day, the cron grants the plan's credits.
    await cronOn(start);
    expect(await balanceOf(customer.id)).toBe(4);
  });

  it("gives one plan when two starts race", async () => {
    const customer = await newNorthwindCustomer();
    const plan = await newPlan();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => partner().post("/v1/admin/entitlements/plan-entries", { accountId: customer.id, planId: plan.id, startDate: today() })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await entriesOf(customer.id)).toHaveLength(1);
    expect(await balanceOf(customer.id)).toBe(4);
  });

  it("refuses invalid input with 400 and its fields, writing nothing", async () => {
    const customer = await newNorthwindCustomer();
    const plan = await newPlan();
    const past = await partner().post("/v1/admin/entitlements/plan-entries", { accountId: customer.id, planId: plan.id, startDate: "2020-01-01" });
    expect(past.status).toBe(400);
    expect((await json(past)).error.fields).toEqual({ startDate: "Start date cannot be before today" });
    const bad = await partner().post("/v1/admin/entitlements/plan-entries", { accountId: "nope", startDate: "2026-02-30" });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields).toMatchObject({ accountId: "Not a valid UUID", planId: "Required", startDate: "Invalid date" });
    expect(await entriesOf(customer.id)).toHaveLength(0);
    expect(await linesOf(customer.id)).toHaveLength(0);
  });

  it("answers 404 for another partner's customer or plan, 401 without a token and 403 to a member or a customer", async () => {
    const customer = await newNorthwindCustomer();
    const plan = await newPlan();
    const harbour = DEMO.customers.harbour.id;
    const start = (who: Parameters<typeof apiAs>[0], accountId: string, body: Record<string, unknown>) =>
      apiAs(who, { accountId }).post("/v1/admin/entitlements/plan-entries", { startDate: "2031-01-01", ...body });
    expect((await start("partnerAdmin", NORTHWIND, { accountId: harbour, planId: plan.id })).status).toBe(404);
    expect((await start("partnerAdmin", NORTHWIND, { accountId: customer.id, planId: DEMO.contoso.planId })).status).toBe(404);
    expect((await start(null, NORTHWIND, { accountId: customer.id, planId: plan.id })).status).toBe(401);
    expect((await start("partnerMember", NORTHWIND, { accountId: customer.id, planId: plan.id })).status).toBe(403);
    expect((await start(customer.token, customer.id, { accountId: customer.id, planId: plan.id })).status).toBe(403);
    expect(await entriesOf(customer.id)).toHaveLength(0);
    expect((await entriesOf(harbour)).map((e) => e.id)).toEqual([DEMO.customers.harbour.planEntryId]);
  });
});

describe("the cron trigger renews plans and refreshes credits", () => {
  it("grants each period once, expiring what the last one left, and renews once, however often it runs", async () => {
    const customer = await newNorthwindCustomer();
    const plan = await newPlan();
    const start = today();
    const entry = await json(await partner().post("/v1/admin/entitlements/plan-entries", { accountId: customer.id, planId: plan.id, startDate: start }));
    // One credit of the first month is spent (a partner's adjustment stands in for a booking).
    await partner().post("/v1/admin/entitlements/credit", { accountId: customer.id, itemType: "planAdjustment", quantity: -1, context: "Used" });
    expect(await balanceOf(customer.id)).toBe(3);

    // The same day: nothing is due.
    await cronOn(start);
    expect(await creditEntriesOf(customer.id)).toHaveLength(1);

    // A month on: renewed and refreshed, by two runs at once and a third after.
    const next = addMonths(start, 1);
    await Promise.all([cronOn(next), cronOn(next)]);
    await cronOn(next);
    const renewed = first(await entriesOf(customer.id));
    expect(renewed).toMatchObject({ id: entry.id, renewalDate: addMonths(start, 2), earliestEndDate: expect.any(String) });
    expect(renewed.earliestEndDate! < addMonths(start, 2)).toBe(true);
    const periods = await creditEntriesOf(customer.id);
    expect(periods.map((p) => p.startDate).sort()).toEqual([start, next]);
    const lines = await linesOf(customer.id);
    expect(lines.filter((l) => l.source === "plan" && l.quantity > 0)).toHaveLength(2);
    expect(lines.filter((l) => l.source === "plan" && l.quantity < 0).map((l) => l.quantity)).toEqual([-3]);
    // The month's allowance, nothing carried over.
    expect(await balanceOf(customer.id)).toBe(4);

    // Two months on, after a missed month: the current period only, once.
    const later = addMonths(start, 3);
    await cronOn(later);
    await cronOn(later);
    expect((await creditEntriesOf(customer.id)).map((p) => p.startDate).sort()).toEqual([start, next, later]);
    expect(await balanceOf(customer.id)).toBe(4);
    expect(first(await entriesOf(customer.id)).renewalDate).toBe(addMonths(start, 4));
    // Several cron runs, each on every shard (worker/cron.ts): more than the default 5 s on a busy machine.
  }, 15_000);

  it("writes one audit entry, by the system, for each renewal, refresh and expiry, however often the cron runs", async () => {
    const customer = await newNorthwindCustomer();
    const plan = await newPlan();
    const start = today();
    const entry = await json(await partner().post("/v1/admin/entitlements/plan-entries", { accountId: customer.id, planId: plan.id, startDate: start }));
    await partner().post("/v1/admin/entitlements/credit", { accountId: customer.id, itemType: "planAdjustment", quantity: -1, context: "Used" });
    const next = addMonths(start, 1);
    await Promise.all([cronOn(next), cronOn(next)]);
    await cronOn(next);
    type Entry = { code: string; subjectId: string; change: unknown; by: string | null; bySystem: boolean };
    const trail = async () => (await json<{ items: Entry[] }>(await partner().get(`/v1/admin/dependents/${customer.id}/audit?limit=100`))).items;
    // The cron's entries (by the system), in the order of their codes: entries of one batch may share their instant.
    const scheduled = (items: Entry[]) => items.filter((e) => e.bySystem).sort((a, b) => a.code.localeCompare(b.code));
    const lines = await linesOf(customer.id);
    const refreshLine = lines.find((l) => l.source === "plan" && l.quantity > 0 && l.createdByUserId === null);
    const expiryLine = lines.find((l) => l.source === "plan" && l.quantity < 0);
    // The renewal, the expiry of the first month's 3 unused credits and the new month's 4: once each.
    expect(scheduled(await trail())).toEqual([
      { ...expectedEntry("creditsExpired", expiryLine?.id), change: { kind: "credits", from: 3, to: 0 } },
      { ...expectedEntry("creditsRefreshed", refreshLine?.id), change: { kind: "credits", from: 0, to: 4 } },
      { ...expectedEntry("planRenewed", entry.id), change: { kind: "date", from: next, to: addMonths(start, 2) } },
    ]);
    // The plan is cancelled and ends: its last period's credits expire once, by the system.
    const cancelled = await partner().post(`/v1/admin/entitlements/plans/${entry.id}/cancel`, { endDate: addMonths(start, 2) });
    expect(cancelled.status).toBe(200);
    const after = addMonths(start, 3);
    await Promise.all([cronOn(after), cronOn(after)]);
    await cronOn(after);
    const expiries = scheduled(await trail()).filter((e) => e.code === "creditsExpired");
    expect(expiries).toHaveLength(2);
    expect(await balanceOf(customer.id)).toBe(0);
    expect(first(expiries)).toMatchObject({ bySystem: true, by: null, change: { kind: "credits", to: 0 } });
    // The plan's start wrote its first period's entry by the partner's user, not the system.
    const started = (await trail()).filter((e) => e.code === "creditsRefreshed" && !e.bySystem);
    expect(started).toHaveLength(1);
    expect(first(started).by).toBeTruthy();
  }, 20_000);

  it("runs the plan step alone at a given instant through /dev/cron/plans, in development on the product's host only", async () => {
    const customer = await newNorthwindCustomer();
    const plan = await newPlan({ credits: 5 });
    await partner().post("/v1/admin/entitlements/plan-entries", { accountId: customer.id, planId: plan.id, startDate: today() });
    await partner().post("/v1/admin/entitlements/credit", { accountId: customer.id, itemType: "planAdjustment", quantity: -2, context: "Used" });
    const time = `${addMonths(today(), 1)}T09:00:00Z`;
    const production = { APP_ENV: "production", MAIN_HOST: "techfit.example", MAIN_ORIGIN: "https://techfit.example" };
    expect((await call(`https://techfit.example/dev/cron/plans?time=${time}`, { method: "POST", bindings: production })).status).toBe(404);
    expect((await call(`/dev/cron/plans?time=${time}`, { method: "POST", host: DEMO.northwind.domain })).status).toBe(404);
    expect((await call("/dev/cron/plans?time=soon", { method: "POST" })).status).toBe(400);
    expect(await balanceOf(customer.id)).toBe(3);
    const run = await call(`/dev/cron/plans?time=${time}`, { method: "POST" });
    expect(run.status).toBe(200);
    expect(await json(run)).toMatchObject({ refreshed: expect.any(Number) });
    await call(`/dev/cron/plans?time=${time}`, { method: "POST" });
    // The month's allowance, once: what was left expired.
    expect(await balanceOf(customer.id)).toBe(5);
    expect((await creditEntriesOf(customer.id)).map((e) => e.startDate).sort()).toEqual([today(), addMonths(today(), 1)]);
  });

  it("stops a plan whose customer moved to another partner; its credits stay stamped with the partner that gave them, and the new partner can start its own", async () => {
    const customer = await newNorthwindCustomer();
    const plan = await newPlan();
    const start = today();
    const entry = await json(await partner().post("/v1/admin/entitlements/plan-entries", { accountId: customer.id, planId: plan.id, startDate: start }));
    // Contoso is on another shard: the link goes through the Queue (202), its step run here.
    const moved = await assignParent(customer.token, customer.id, DEMO.contoso.tan);
    expect(moved.status).toBe(202);
    const next = addMonths(start, 1);
    await cronOn(next);
    // Its history stays on Northwind's shard: the plan was not renewed there, nothing was granted after the move,
    // and it is settled: no renewal and no refresh to come, so no later run reads it again.
    expect(first(await entriesOf(customer.id, NORTHWIND))).toMatchObject({ id: entry.id, renewalDate: null, nextRefreshDate: NO_MORE_REFRESHES });
    expect((await creditEntriesOf(customer.id, NORTHWIND)).map((p) => [p.startDate, p.partnerAccountId])).toEqual([[start, NORTHWIND]]);
    expect((await linesOf(customer.id, NORTHWIND)).every((l) => l.partnerAccountId === NORTHWIND)).toBe(true);
    // Nor on Contoso's: the new partner's shard starts the customer with no plan and no credits.
    expect(await entriesOf(customer.id)).toEqual([]);
    expect(await creditEntriesOf(customer.id)).toEqual([]);

    // Settling is in Northwind's own trail, by the system, once however often the cron runs; Contoso's trail has none.
    await cronOn(next);
    const settledIn = async (who: "partnerAdmin" | "otherPartnerAdmin", accountId: string) =>
      (await json<AuditPage>(await apiAs(who, { accountId }).get("/v1/admin/audit?limit=100"))).items.filter(
        (e) => e.code === "planSettled" && e.subjectId === entry.id,
      );
    const settled = await settledIn("partnerAdmin", NORTHWIND);
    expect(settled).toEqual([
      { ...expectedEntry("planSettled", entry.id), subjectType: "planEntry", change: { kind: "date", from: entry.renewalDate, to: null } },
    ]);
    expect(first(settled).subject).toMatch(/^.+ · New Co /);
    expect(await settledIn("otherPartnerAdmin", DEMO.contoso.id)).toEqual([]);
    // Written on Northwind's shard (where the plan was), not on the customer's new one.
    const onShard = async (shardOf: string) =>
      (await shardDbOf(shardOf))
        .select({ accountId: schema.auditEntries.accountId })
        .from(schema.auditEntries)
        .where(and(eq(schema.auditEntries.code, "planSettled"), eq(schema.auditEntries.subjectId, entry.id)));
    expect(await onShard(NORTHWIND)).toEqual([{ accountId: NORTHWIND }]);
    expect(await onShard(DEMO.contoso.id)).toEqual([]);

    // The new partner sees no plan and may start one of its own.
    const contoso = apiAs("otherPartnerAdmin", { accountId: DEMO.contoso.id });
    const own = await contoso.post("/v1/admin/entitlements/plans", { ...PLAN, variantName: "contoso" });
    expect(own.status).toBe(201);
    const started = await contoso.post("/v1/admin/entitlements/plan-entries", { accountId: customer.id, planId: (await json(own)).id, startDate: next });
    expect(started.status, await started.clone().text()).toBe(201);
  });

  it("stops at the plan's end: no renewal after a cancellation, no credits after the last day", async () => {
    const customer = await newNorthwindCustomer();
    const plan = await newPlan({ commitmentTerm: "annual", refreshPeriod: "quarterly", credits: 10 });
    const start = today();
    const entry = await json(await partner().post("/v1/admin/entitlements/plan-entries", { accountId: customer.id, planId: plan.id, startDate: start }));
    const end = addMonths(start, 12);
    const cancelled = await partner().post(`/v1/admin/entitlements/plans/${entry.id}/cancel`, { endDate: end });
    expect(cancelled.status).toBe(200);
    for (const months of [3, 6, 9, 12, 15]) await cronOn(addMonths(start, months));
    const periods = (await creditEntriesOf(customer.id)).map((p) => p.startDate).sort();
    expect(periods).toEqual([start, addMonths(start, 3), addMonths(start, 6), addMonths(start, 9), addMonths(start, 12)]);
    expect(first(await entriesOf(customer.id)).renewalDate).toBeNull();
    // The last period is the plan's last day alone.
    const last = (await creditEntriesOf(customer.id)).find((p) => p.startDate === end);
    expect(last).toMatchObject({ endDate: end });
  });

  it("grants a changed plan's credits on its first day, not when the change is made", async () => {
    const customer = await newNorthwindCustomer();
    const first4 = await newPlan();
    const bigger = await newPlan({ credits: 7 });
    const entry = await json(await partner().post("/v1/admin/entitlements/plan-entries", { accountId: customer.id, planId: first4.id, startDate: today() }));
    const startDate = addMonths(today(), 1);
    const res = await partner().post(`/v1/admin/entitlements/plans/${entry.id}/change`, { planId: bigger.id, startDate });
    expect(res.status).toBe(201);
    expect(await balanceOf(customer.id)).toBe(4);
    await cronOn(startDate);
    await cronOn(startDate);
    const lines = await linesOf(customer.id);
    expect(lines.filter((l) => l.source === "plan" && l.quantity > 0).map((l) => l.quantity)).toEqual([4, 7]);
    // The old plan ended the day before: it is neither renewed nor refreshed.
    expect((await entriesOf(customer.id)).find((e) => e.id === entry.id)).toMatchObject({ renewalDate: null });
    expect(await balanceOf(customer.id)).toBe(11);
  });
});
