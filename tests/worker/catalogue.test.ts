import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { apiAs, tokenFor } from "./auth";
import { json } from "./helpers";

const db = drizzle(env.DB, { schema });
const ids = (page: { items: { id: string }[] }) => page.items.map((i) => i.id);

/** A Northwind workout, available in its library, with one variant in date and base pricing. */
async function publish(over: Partial<typeof schema.workouts.$inferInsert> = {}, variant: Partial<typeof schema.workoutVariants.$inferInsert> = {}) {
  const id = crypto.randomUUID();
  await db.insert(schema.workouts).values({
    id,
    accountId: DEMO.northwind.id,
    name: "Catalogue probe",
    sku: `CP-${id.slice(0, 8)}`,
    type: "workshop",
    category: "strategy",
    difficulty: "beginner",
    title: `Catalogue probe ${id.slice(0, 4)}`,
    totalMinutes: 60,
    ...over,
  });
  await db.insert(schema.libraryEntries).values({ accountId: DEMO.northwind.id, workoutId: id, status: "available", priority: over.priority ?? 100 });
  await db
    .insert(schema.workoutVariants)
    .values({ workoutId: id, accountId: DEMO.northwind.id, name: "Standard", availableFrom: "2020-01-01", availableTo: "2099-12-31", ...variant });
  return id;
}

describe("GET /v1/workouts (the catalogue)", () => {
  it("lists what the customer's partner has available, highest priority first, with the price", async () => {
    const page = await json(await apiAs("customerMember").get("/v1/workouts?limit=100"));
    const list = ids(page);
    expect(list).toContain(DEMO.workouts.copilotFoundations);
    expect(list).not.toContain(DEMO.draftWorkoutId);
    expect(list).not.toContain(DEMO.archivedWorkoutId);
    expect(list).not.toContain(DEMO.workouts.excelForAnalysts); // Contoso's
    const priorities = page.items.map((i: { priority: number }) => i.priority);
    expect([...priorities].sort((a, b) => b - a)).toEqual(priorities);
    // Fabrikam is on plan: the on-plan credit line wins.
    expect(page.items.find((i: { id: string }) => i.id === DEMO.workouts.copilotFoundations).price).toEqual({ kind: "credits", amount: 1 });
  });

  it("filters by category and search, and pages with a cursor", async () => {
    const ai = await json(await apiAs("customerAdmin").get("/v1/workouts?category=aiAndAutomation"));
    expect(ai.items.length).toBeGreaterThan(0);
    expect(ai.items.every((i: { category: string }) => i.category === "aiAndAutomation")).toBe(true);
    const q = await json(await apiAs("customerAdmin").get("/v1/workouts?q=copilot"));
    expect(ids(q)).toEqual([DEMO.workouts.copilotFoundations]);
    const all = ids(await json(await apiAs("customerAdmin").get("/v1/workouts?limit=100")));
    const first = await json(await apiAs("customerAdmin").get("/v1/workouts?limit=3"));
    const second = await json(await apiAs("customerAdmin").get(`/v1/workouts?limit=3&cursor=${first.nextCursor}`));
    expect([...ids(first), ...ids(second)]).toEqual(all.slice(0, 6));
  });

  it("shows Contoso's customers Contoso's library (with the listed Copilot Foundations), not Northwind's own", async () => {
    const list = ids(await json(await apiAs("otherCustomerAdmin").get("/v1/workouts?limit=100")));
    expect(list).toContain(DEMO.sharedWorkoutId);
    expect(list).toContain(DEMO.workouts.excelForAnalysts);
    expect(list).not.toContain(DEMO.workouts.dashboards);
  });

  it("answers 400 for a bad category or cursor, 401 without a token", async () => {
    expect((await apiAs("customerAdmin").get("/v1/workouts?category=cooking")).status).toBe(400);
    expect((await apiAs("customerAdmin").get("/v1/workouts?cursor=@@")).status).toBe(400);
    expect((await apiAs(null).get("/v1/workouts")).status).toBe(401);
  });
});

describe("visibility", () => {
  it("a visible workout is readable; the other partner's customer, an archived one, one out of date and one outside the expression are 404", async () => {
    const visible = await publish();
    const archived = await publish();
    await db.update(schema.libraryEntries).set({ status: "archived" }).where(eq(schema.libraryEntries.workoutId, archived));
    const outOfDate = await publish({}, { availableFrom: "2020-01-01", availableTo: "2021-01-01" });
    const future = await publish({}, { availableFrom: "2098-01-01", availableTo: null });
    const manufacturingOnly = await publish({
      visibility: { operator: "and", conditions: [{ field: "industry", comparator: "in", values: ["manufacturing"] }] },
    });
    const notEnterprise = await publish({
      visibility: { operator: "or", conditions: [{ field: "priceGroup", comparator: "notIn", values: [DEMO.northwind.priceGroupId] }] },
    });

    const read = (who: Parameters<typeof tokenFor>[0], id: string) =>
      apiAs(who)
        .get(`/v1/workouts/${id}`)
        .then((r) => r.status);
    expect(await read("customerMember", visible)).toBe(200);
    expect(await read("otherCustomerAdmin", visible)).toBe(404);
    expect(await read("customerMember", archived)).toBe(404);
    expect(await read("customerMember", outOfDate)).toBe(404);
    expect(await read("customerMember", future)).toBe(404);
    expect(await read("customerMember", manufacturingOnly)).toBe(200); // Fabrikam is manufacturing
    expect(await read("customerMember", notEnterprise)).toBe(404); // Fabrikam is in Enterprise
    expect(await read("customerMember", crypto.randomUUID())).toBe(404);

    const list = ids(await json(await apiAs("customerMember").get("/v1/workouts?category=strategy&limit=100")));
    expect(list).toContain(visible);
    expect(list).toContain(manufacturingOnly);
    for (const hidden of [archived, outOfDate, future, notEnterprise]) expect(list).not.toContain(hidden);
    const other = ids(await json(await apiAs("otherCustomerAdmin").get("/v1/workouts?category=strategy&limit=100")));
    expect(other).not.toContain(visible);
  });

  it("answers the detail with sessions, prerequisites, headlines and the money price off plan", async () => {
    const res = await apiAs("customerAdmin").get(`/v1/workouts/${DEMO.workouts.copilotFoundations}`);
    expect(res.status).toBe(200);
    const w = await json(res);
    expect(w).toMatchObject({
      id: DEMO.workouts.copilotFoundations,
      format: "onlineInstructorLed",
      totalMinutes: 120,
      maxAttendees: 12,
      difficulty: "beginner",
    });
    expect(w.sessions).toHaveLength(2);
    expect(w.greatFor).toContain("allUsers");
    expect(w.rating).toEqual({ average: null, count: 0 });
    await db.delete(schema.planEntries).where(eq(schema.planEntries.accountId, DEMO.customers.fabrikam.id));
    const off = await json(await apiAs("customerAdmin").get(`/v1/workouts/${DEMO.workouts.copilotFoundations}`));
    expect(off.price).toEqual({ kind: "money", amount: 95000, currency: "USD" });
    // A line for Fabrikam alone is more specific than the all-customers line.
    await db.insert(schema.pricingLines).values({
      accountId: DEMO.northwind.id,
      workoutId: DEMO.workouts.copilotFoundations,
      priceType: "customer",
      customerAccountId: DEMO.customers.fabrikam.id,
      name: "Fabrikam",
      pricingType: "value",
      currency: "USD",
      amount: 80000,
    });
    expect((await json(await apiAs("customerAdmin").get(`/v1/workouts/${DEMO.workouts.copilotFoundations}`))).price).toEqual({
      kind: "money",
      amount: 80000,
      currency: "USD",
    });
    const lines = await db
      .select()
      .from(schema.pricingLines)
      .where(and(eq(schema.pricingLines.workoutId, DEMO.workouts.copilotFoundations), eq(schema.pricingLines.priceType, "customer")));
    expect(lines).toHaveLength(1);
  });

  it("answers 401 without a token and 400 for a bad id", async () => {
    expect((await apiAs(null).get(`/v1/workouts/${DEMO.workouts.copilotFoundations}`)).status).toBe(401);
    expect((await apiAs("customerAdmin").get("/v1/workouts/nope")).status).toBe(400);
  });
});
