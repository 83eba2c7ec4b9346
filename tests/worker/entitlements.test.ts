import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { apiAs, tokenFor } from "./auth";
import { call, json } from "./helpers";
import { first } from "../present";
import { withoutPublishedHours } from "./published-hours";
import { shardDbOf } from "./databases";

withoutPublishedHours();

const db = drizzle(env.DB, { schema });
const FABRIKAM = DEMO.customers.fabrikam;
const NORTHWIND = DEMO.northwind.id;

const linesOf = async (accountId: string) => (await shardDbOf(accountId)).select().from(schema.creditLines).where(eq(schema.creditLines.accountId, accountId));

describe("GET v1/entitlements", () => {
  it("answers the acting account's plan, credit entries with nested lines and the balance", async () => {
    const res = await apiAs("customerMember", { accountId: FABRIKAM.id }).get("/v1/entitlements");
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.balance).toBeGreaterThanOrEqual(0);
    expect(body.currentPlan).toMatchObject({ id: FABRIKAM.planEntryId, planName: "Learning Plus", commitmentTerm: "annual" });
    expect(body.creditEntries[0]).toMatchObject({ id: FABRIKAM.creditEntryId, refreshPeriod: "annual" });
    expect(body.creditEntries[0].lines[0]).toMatchObject({ itemType: "planAdjustment", quantity: DEMO.credits, source: "plan" });
  });

  it("answers 401 without a token and 403 for an account the caller is not in", async () => {
    expect((await call("/v1/entitlements")).status).toBe(401);
    expect((await apiAs("otherCustomerAdmin", { accountId: FABRIKAM.id }).get("/v1/entitlements")).status).toBe(403);
  });
});

describe("POST v1/admin/entitlements/credit", () => {
  it("adds a bonus and a negative plan adjustment to the customer's current credit entry", async () => {
    const token = await tokenFor("partnerAdmin");
    const alpine = DEMO.customers.alpine.id;
    const before = (await json(await apiAs("partnerAdmin", { accountId: NORTHWIND }).get("/v1/entitlements"))).balance;
    expect(before).toBe(0);
    const bonus = await apiAs(token, { accountId: NORTHWIND }).post("/v1/admin/entitlements/credit", {
      accountId: alpine,
      itemType: "bonus",
      quantity: 3,
      context: "Welcome gift",
    });
    expect(bonus.status).toBe(201);
    const b = await json(bonus);
    expect(b).toMatchObject({
      creditEntryId: DEMO.customers.alpine.creditEntryId,
      line: { itemType: "bonus", source: "partner", updateType: "increase", quantity: 3, context: "Welcome gift" },
    });
    const minus = await json(
      await apiAs(token, { accountId: NORTHWIND }).post("/v1/admin/entitlements/credit", { accountId: alpine, itemType: "planAdjustment", quantity: -2 }),
    );
    expect(minus.balance).toBe(b.balance - 2);
    expect(minus.line.updateType).toBe("decrease");
  });

  it("answers 400 for a zero, fractional or negative bonus quantity and unknown types, writing nothing", async () => {
    const token = await tokenFor("partnerAdmin");
    const tailspin = DEMO.customers.tailspin.id;
    const before = (await linesOf(tailspin)).length;
    for (const body of [
      { accountId: tailspin, itemType: "bonus", quantity: 0 },
      { accountId: tailspin, itemType: "bonus", quantity: 1.5 },
      { accountId: tailspin, itemType: "bonus", quantity: -1 },
      { accountId: tailspin, itemType: "consumption", quantity: 1 },
      { accountId: "nope", itemType: "bonus", quantity: 1 },
    ]) {
      const res = await apiAs(token, { accountId: NORTHWIND }).post("/v1/admin/entitlements/credit", body);
      expect(res.status).toBe(400);
      expect(Object.keys((await json(res)).error.fields).length).toBeGreaterThan(0);
    }
    const q = await json(
      await apiAs(token, { accountId: NORTHWIND }).post("/v1/admin/entitlements/credit", { accountId: tailspin, itemType: "bonus", quantity: -1 }),
    );
    expect(q.error.fields.quantity).toBe("Invalid quantity");
    expect((await linesOf(tailspin)).length).toBe(before);
  });

  it("answers 401, 403 to a partner member and to a customer, and 404 for another partner's customer", async () => {
    const body = { accountId: DEMO.customers.harbour.id, itemType: "bonus", quantity: 5 };
    const before = (await linesOf(DEMO.customers.harbour.id)).length;
    expect((await apiAs(null, { accountId: NORTHWIND }).post("/v1/admin/entitlements/credit", body)).status).toBe(401);
    expect((await apiAs("partnerMember", { accountId: NORTHWIND }).post("/v1/admin/entitlements/credit", { ...body, accountId: FABRIKAM.id })).status).toBe(
      403,
    );
    expect((await apiAs("customerAdmin", { accountId: FABRIKAM.id }).post("/v1/admin/entitlements/credit", { ...body, accountId: FABRIKAM.id })).status).toBe(
      403,
    );
    expect((await apiAs("partnerAdmin", { accountId: NORTHWIND }).post("/v1/admin/entitlements/credit", body)).status).toBe(404);
    expect((await linesOf(DEMO.customers.harbour.id)).length).toBe(before);
  });
});

describe("the balance never goes below zero", () => {
  const balanceOf = async (accountId: string) => (await linesOf(accountId)).reduce((n, l) => n + l.quantity, 0);
  const entriesOf = async (accountId: string) =>
    (await shardDbOf(accountId)).select().from(schema.creditEntries).where(eq(schema.creditEntries.accountId, accountId));

  it("refuses a negative plan adjustment larger than the balance with 409, writing nothing; down to exactly zero is allowed", async () => {
    const token = await tokenFor("partnerAdmin");
    const tailspin = DEMO.customers.tailspin.id;
    await apiAs(token, { accountId: NORTHWIND }).post("/v1/admin/entitlements/credit", { accountId: tailspin, itemType: "bonus", quantity: 2 });
    const balance = await balanceOf(tailspin);
    const [lines, entries] = [(await linesOf(tailspin)).length, (await entriesOf(tailspin)).length];
    const res = await apiAs(token, { accountId: NORTHWIND }).post("/v1/admin/entitlements/credit", {
      accountId: tailspin,
      itemType: "planAdjustment",
      quantity: -(balance + 1),
    });
    expect(res.status).toBe(409);
    const body = await json(res);
    expect(body.error.message).toBe(`This adjustment would take the balance below zero (the balance is ${balance}).`);
    expect(body.error.fields.quantity).toBe("The balance cannot go below zero");
    expect((await linesOf(tailspin)).length).toBe(lines);
    expect((await entriesOf(tailspin)).length).toBe(entries);
    const zero = await apiAs(token, { accountId: NORTHWIND }).post("/v1/admin/entitlements/credit", {
      accountId: tailspin,
      itemType: "planAdjustment",
      quantity: -balance,
    });
    expect(zero.status).toBe(201);
    expect((await json(zero)).balance).toBe(0);
  });

  it("refuses the adjustment without creating the fallback credit entry when the customer has none in force", async () => {
    const token = await tokenFor("partnerAdmin");
    const alpine = DEMO.customers.alpine.id;
    await db.update(schema.creditEntries).set({ endDate: "2020-01-01", startDate: "2019-01-01" }).where(eq(schema.creditEntries.accountId, alpine));
    const [lines, entries] = [(await linesOf(alpine)).length, (await entriesOf(alpine)).length];
    const res = await apiAs(token, { accountId: NORTHWIND }).post("/v1/admin/entitlements/credit", {
      accountId: alpine,
      itemType: "planAdjustment",
      quantity: -10000,
    });
    expect(res.status).toBe(409);
    expect((await linesOf(alpine)).length).toBe(lines);
    expect((await entriesOf(alpine)).length).toBe(entries);
  });

  it("parallel negative adjustments and bookings consuming credits share the last credits: none slips under zero", async () => {
    const workout = DEMO.workouts.copilotFoundations;
    const sessions = await db
      .select()
      .from(schema.workoutSessions)
      .where(eq(schema.workoutSessions.workoutId, workout))
      .orderBy(schema.workoutSessions.sequence);
    for (let round = 0; round < 4; round++) {
      const left = await balanceOf(FABRIKAM.id);
      await db.insert(schema.creditLines).values({
        accountId: FABRIKAM.id,
        creditEntryId: FABRIKAM.creditEntryId,
        source: "partner",
        itemType: "planAdjustment",
        updateType: left > 4 ? "decrease" : "increase",
        quantity: 4 - left,
        enteredAt: new Date().toISOString(),
        context: "Test: leave four credits",
      });
      const partner = await tokenFor("partnerAdmin");
      const customer = await tokenFor("customerAdmin");
      const at = (d: number, h: number) => new Date(Date.UTC(2031, 0, 1 + d + round * 4, h)).toISOString();
      const results = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          i % 2
            ? apiAs(partner, { accountId: NORTHWIND }).post("/v1/admin/entitlements/credit", {
                accountId: FABRIKAM.id,
                itemType: "planAdjustment",
                quantity: -1,
              })
            : apiAs(customer, { accountId: FABRIKAM.id }).post("/v1/bookings", {
                workoutId: workout,
                mode: "request",
                sessions: sessions.map((s, k) => ({ sessionId: s.id, times: [at(k, 8 + i)] })),
              }),
        ),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((x) => x === 201)).toHaveLength(4);
      expect(statuses.filter((x) => x === 409)).toHaveLength(12);
      expect(await balanceOf(FABRIKAM.id)).toBe(0);
    }
  }, 120_000);
});

describe("plan cancel and change", () => {
  it("lists the partner's plans", async () => {
    const res = await apiAs("partnerAdmin", { accountId: NORTHWIND }).get("/v1/admin/entitlements/plans");
    expect((await json(res)).items).toEqual([expect.objectContaining({ id: DEMO.northwind.planId, credits: DEMO.credits })]);
    expect((await apiAs("customerAdmin", { accountId: FABRIKAM.id }).get("/v1/admin/entitlements/plans")).status).toBe(403);
  });

  it("refuses a cancellation before the earliest end date, and accepts one on or after it", async () => {
    const token = await tokenFor("partnerAdmin");
    const entry = DEMO.customers.tailspin.planEntryId;
    const early = await apiAs(token, { accountId: NORTHWIND }).post(`/v1/admin/entitlements/plans/${entry}/cancel`, { endDate: "2025-06-30" });
    expect(early.status).toBe(400);
    expect((await json(early)).error.fields.endDate).toBe("A plan cannot be canceled before its minimum end date");
    const bad = await apiAs(token, { accountId: NORTHWIND }).post(`/v1/admin/entitlements/plans/${entry}/cancel`, { endDate: "2025-13-45" });
    expect((await json(bad)).error.fields.endDate).toBe("Invalid date");
    const past = await apiAs(token, { accountId: NORTHWIND }).post(`/v1/admin/entitlements/plans/${entry}/cancel`, {
      endDate: new Date(Date.now() - 86400000).toISOString().slice(0, 10),
    });
    expect(past.status).toBe(400);
    const ok = await apiAs(token, { accountId: NORTHWIND }).post(`/v1/admin/entitlements/plans/${entry}/cancel`, { endDate: "2030-12-31" });
    expect(ok.status).toBe(200);
    expect(await json(ok)).toMatchObject({ endDate: "2030-12-31", renewalDate: null });
  });

  it("refuses a change that starts before the current period ends, and starts the new plan after it", async () => {
    const token = await tokenFor("partnerAdmin");
    const entry = DEMO.customers.fabrikam.planEntryId;
    const today = new Date().toISOString().slice(0, 10);
    const early = await apiAs(token, { accountId: NORTHWIND }).post(`/v1/admin/entitlements/plans/${entry}/change`, {
      planId: DEMO.northwind.planId,
      startDate: today,
    });
    expect(early.status).toBe(400);
    expect((await json(early)).error.fields.startDate).toBe("A plan change cannot start before the current subscription period ends");
    const later = `${Number(today.slice(0, 4)) + 2}-01-01`;
    const ok = await apiAs(token, { accountId: NORTHWIND }).post(`/v1/admin/entitlements/plans/${entry}/change`, {
      planId: DEMO.northwind.planId,
      startDate: later,
    });
    expect(ok.status).toBe(201);
    expect(await json(ok)).toMatchObject({ startDate: later, planId: DEMO.northwind.planId });
    const old = await db.select().from(schema.planEntries).where(eq(schema.planEntries.id, entry));
    expect(first(old).endDate! < later).toBe(true);
  });

  it("answers 404 for another partner's customer's plan or another partner's plan, 401 and 403", async () => {
    const token = await tokenFor("partnerAdmin");
    const harbourEntry = DEMO.customers.harbour.planEntryId;
    expect((await apiAs(token, { accountId: NORTHWIND }).post(`/v1/admin/entitlements/plans/${harbourEntry}/cancel`, { endDate: "2030-12-31" })).status).toBe(
      404,
    );
    expect(
      (
        await apiAs(token, { accountId: NORTHWIND }).post(`/v1/admin/entitlements/plans/${DEMO.customers.alpine.planEntryId}/change`, {
          planId: DEMO.contoso.planId,
          startDate: "2099-01-01",
        })
      ).status,
    ).toBe(404);
    expect((await apiAs(null, { accountId: NORTHWIND }).post(`/v1/admin/entitlements/plans/${harbourEntry}/cancel`, { endDate: "2030-12-31" })).status).toBe(
      401,
    );
    expect(
      (
        await apiAs("partnerMember", { accountId: NORTHWIND }).post(`/v1/admin/entitlements/plans/${DEMO.customers.alpine.planEntryId}/cancel`, {
          endDate: "2030-12-31",
        })
      ).status,
    ).toBe(403);
    const row = await (await shardDbOf(DEMO.customers.harbour.id)).select().from(schema.planEntries).where(eq(schema.planEntries.id, harbourEntry));
    expect(first(row).endDate).toBe("2030-12-31");
    expect(first(row).renewalDate).not.toBeNull();
  });
});
