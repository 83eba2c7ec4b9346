import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { apiAs, tokenFor, type Caller } from "./auth";
import { call, json } from "./helpers";

const db = drizzle(env.DB, { schema });
const NORTHWIND = DEMO.northwind.id;
const list = (query = "", who: Caller = "partnerAdmin", accountId: string = NORTHWIND) => apiAs(who, { accountId }).get(`/v1/admin/dependents${query}`);

describe("GET v1/admin/dependents", () => {
  it("lists only the partner's customers, sorted by name, with team size", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.items.map((c: { name: string }) => c.name)).toEqual(["Alpine Ski House", "Fabrikam Manufacturing", "Tailspin Logistics"]);
    expect(body.total).toBe(3);
    expect(body.nextCursor).toBeNull();
    expect(body.items[1]).toMatchObject({ id: DEMO.customers.fabrikam.id, teamSize: 2, industry: "manufacturing" });
  });

  it("searches by name or email, sorts descending and pages with limit and cursor", async () => {
    expect((await json(await list("?search=fabri"))).items.map((c: { id: string }) => c.id)).toEqual([DEMO.customers.fabrikam.id]);
    expect((await json(await list("?search=tailspin.test"))).items).toHaveLength(1);
    expect((await json(await list("?search=harbour"))).items).toHaveLength(0);
    expect((await json(await list("?search=%25"))).items).toHaveLength(0);
    const desc = await json(await list("?order=desc"));
    expect(desc.items[0].name).toBe("Tailspin Logistics");
    const first = await json(await list("?limit=2"));
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toBeTruthy();
    const second = await json(await list(`?limit=2&cursor=${first.nextCursor}`));
    expect(second.items.map((c: { name: string }) => c.name)).toEqual(["Tailspin Logistics"]);
    expect(second.nextCursor).toBeNull();
    const byDate = await json(await list("?sort=createdAt&limit=1"));
    expect(byDate.items).toHaveLength(1);
  });

  it("answers 400 for a bad limit, sort or cursor", async () => {
    for (const q of ["?limit=0", "?limit=1000", "?sort=secret", "?cursor=@@@"]) {
      const res = await list(q);
      expect(res.status).toBe(400);
      expect(Object.keys((await json(res)).error.fields).length).toBeGreaterThan(0);
    }
  });

  it("answers 401, 403 to a customer and to a partner member; partner B sees only its own", async () => {
    expect((await call("/v1/admin/dependents")).status).toBe(401);
    expect((await list("", "customerAdmin", DEMO.customers.fabrikam.id)).status).toBe(403);
    expect((await list("", "partnerMember")).status).toBe(403);
    const contoso = await json(await list("", "otherPartnerAdmin", DEMO.contoso.id));
    expect(contoso.items.map((c: { name: string }) => c.name)).toEqual(["Harbour Health Trust", "Wide World Importers"]);
  });
});

describe("GET v1/admin/dependents: price groups", () => {
  it("shows each customer's price group and filters by a group or by none, with the search and the pages", async () => {
    const all = await json(await list());
    const group = (id: string) => all.items.find((c: { id: string }) => c.id === id).priceGroup;
    expect(group(DEMO.customers.fabrikam.id)).toEqual({ id: DEMO.northwind.priceGroupId, name: "Enterprise" });
    expect(group(DEMO.customers.alpine.id)).toBeNull();

    const inGroup = await json(await list(`?priceGroup=${DEMO.northwind.priceGroupId}`));
    expect(inGroup.items.map((c: { name: string }) => c.name)).toEqual(["Fabrikam Manufacturing"]);
    expect(inGroup.total).toBe(1);
    const none = await json(await list("?priceGroup=none"));
    expect(none.items.map((c: { name: string }) => c.name)).toEqual(["Alpine Ski House", "Tailspin Logistics"]);
    expect(none.total).toBe(2);
    // With the search box and across pages.
    expect((await json(await list("?priceGroup=none&search=tailspin"))).items.map((c: { name: string }) => c.name)).toEqual(["Tailspin Logistics"]);
    expect((await json(await list(`?priceGroup=${DEMO.northwind.priceGroupId}&search=alpine`))).items).toEqual([]);
    const first = await json(await list("?priceGroup=none&limit=1"));
    const second = await json(await list(`?priceGroup=none&limit=1&cursor=${first.nextCursor}`));
    expect([...first.items, ...second.items].map((c: { name: string }) => c.name)).toEqual(["Alpine Ski House", "Tailspin Logistics"]);
    expect(second.nextCursor).toBeNull();
  });

  it("answers 400 for a filter that is neither a group id nor none, and nothing of another partner's group", async () => {
    for (const q of ["?priceGroup=banana", "?priceGroup=", `?priceGroup=${DEMO.northwind.priceGroupId}x`]) {
      const res = await list(q);
      expect(res.status).toBe(400);
      expect((await json(res)).error.fields).toHaveProperty("priceGroup");
    }
    // Contoso's group holds Harbour Health Trust: Northwind's filter by it finds no one, and Contoso's shows its own.
    const foreign = await json(await list(`?priceGroup=${DEMO.contoso.priceGroupId}`));
    expect(foreign).toMatchObject({ items: [], total: 0 });
    const contoso = await json(await list(`?priceGroup=${DEMO.contoso.priceGroupId}`, "otherPartnerAdmin", DEMO.contoso.id));
    expect(contoso.items.map((c: { name: string; priceGroup: { name: string } }) => [c.name, c.priceGroup.name])).toEqual([
      ["Harbour Health Trust", "Public Sector"],
    ]);
  });

  it("answers 401 without a token and 403 to a customer and a partner member", async () => {
    expect((await call("/v1/admin/dependents?priceGroup=none")).status).toBe(401);
    expect((await list("?priceGroup=none", "customerAdmin", DEMO.customers.fabrikam.id)).status).toBe(403);
    expect((await list("?priceGroup=none", "partnerMember")).status).toBe(403);
  });
});

describe("GET v1/admin/dependents/{id}", () => {
  it("answers details, team size, plan, credit balance, bookings and score-based recommendations", async () => {
    const res = await apiAs("partnerAdmin", { accountId: NORTHWIND }).get(`/v1/admin/dependents/${DEMO.customers.fabrikam.id}`);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.account).toMatchObject({ id: DEMO.customers.fabrikam.id, name: DEMO.customers.fabrikam.name });
    expect(body.teamSize).toBe(2);
    // The count the Scores tab shows is the number of scores its list holds.
    const listed = await json(await apiAs("partnerAdmin", { accountId: NORTHWIND }).get(`/v1/admin/dependents/${DEMO.customers.fabrikam.id}/scores`));
    expect(listed.length).toBeGreaterThan(0);
    expect(body.scoreCount).toBe(listed.length);
    expect(body.plan).toMatchObject({ planName: "Learning Plus" });
    expect(body.creditBalance).toBeTypeOf("number");
    expect(body.bookings.byStatus).toHaveProperty("confirmed");
    // Fabrikam's latest scores: AI 84, data 61, security 64, productivity 55: the two lowest lead.
    expect(body.recommendations.basis).toBe("scores");
    expect(body.recommendations.categories).toEqual(["productivityAndCollaboration", "dataAndInsights"]);
    expect(body.recommendations.workouts.length).toBeGreaterThan(0);
    expect(body.recommendations.workouts.every((w: { category: string }) => ["productivityAndCollaboration", "dataAndInsights"].includes(w.category))).toBe(
      true,
    );
  });

  it("recommends only what the customer's catalogue shows (the visibility expression holds)", async () => {
    const path = `/v1/admin/dependents/${DEMO.customers.fabrikam.id}`;
    const before = await json(await apiAs("partnerAdmin", { accountId: NORTHWIND }).get(path));
    const hidden = before.recommendations.workouts[0].id as string;
    // Hidden from Fabrikam's price group: no longer in its catalogue, so no longer recommended.
    await db
      .update(schema.workouts)
      .set({ visibility: { operator: "and", conditions: [{ field: "priceGroup", comparator: "notIn", values: [DEMO.northwind.priceGroupId] }] } })
      .where(eq(schema.workouts.id, hidden));
    const after = await json(await apiAs("partnerAdmin", { accountId: NORTHWIND }).get(path));
    expect(after.recommendations.workouts.map((w: { id: string }) => w.id)).not.toContain(hidden);
    const catalogue = await apiAs("customerAdmin").get(`/v1/workouts/${hidden}`);
    expect(catalogue.status).toBe(404);
    await db.update(schema.workouts).set({ visibility: null }).where(eq(schema.workouts.id, hidden));
  });

  it("never recommends a workout the customer has booked and not yet taken (cancelled or completed bookings do not count)", async () => {
    const path = `/v1/admin/dependents/${DEMO.customers.fabrikam.id}`;
    const ids = async () =>
      (await json(await apiAs("partnerAdmin", { accountId: NORTHWIND }).get(path))).recommendations.workouts.map((w: { id: string }) => w.id);
    const before: string[] = await ids();
    const target = before[0];
    expect(target).toBeDefined();
    const [job] = await db.select().from(schema.jobs).where(eq(schema.jobs.accountId, DEMO.customers.fabrikam.id)).limit(1);
    expect(job).toBeDefined();
    if (!job || !target) return;
    await db.update(schema.jobs).set({ workoutId: target, status: "confirmed" }).where(eq(schema.jobs.id, job.id));
    expect(await ids()).not.toContain(target);
    await db.update(schema.jobs).set({ status: "awaitingConfirmation" }).where(eq(schema.jobs.id, job.id));
    expect(await ids()).not.toContain(target);
    for (const status of ["cancelled", "completed"] as const) {
      await db.update(schema.jobs).set({ status }).where(eq(schema.jobs.id, job.id));
      expect(await ids()).toContain(target);
    }
    await db.update(schema.jobs).set({ workoutId: job.workoutId, status: job.status }).where(eq(schema.jobs.id, job.id));
  });

  it("recommends the partner's featured workouts before any score exists", async () => {
    const body = await json(await apiAs("partnerAdmin", { accountId: NORTHWIND }).get(`/v1/admin/dependents/${DEMO.customers.alpine.id}`));
    expect(body.recommendations.basis).toBe("featured");
    expect(body.recommendations.workouts.map((w: { id: string }) => w.id)).toContain(DEMO.workouts.modernMeetings);
  });

  it("answers 400 for a bad id, 401, 403 to a customer, and 404 for another partner's customer", async () => {
    const token = await tokenFor("partnerAdmin");
    expect((await apiAs(token, { accountId: NORTHWIND }).get("/v1/admin/dependents/nope")).status).toBe(400);
    expect((await call(`/v1/admin/dependents/${DEMO.customers.fabrikam.id}`)).status).toBe(401);
    expect((await apiAs("customerAdmin", { accountId: DEMO.customers.fabrikam.id }).get(`/v1/admin/dependents/${DEMO.customers.fabrikam.id}`)).status).toBe(
      403,
    );
    const other = await apiAs(token, { accountId: NORTHWIND }).get(`/v1/admin/dependents/${DEMO.customers.harbour.id}`);
    expect(other.status).toBe(404);
    expect(JSON.stringify(await json(other))).not.toContain("Harbour");
    void db;
  });
});

describe("searching the partner's customers", () => {
  it("finds a name as typed beyond ASCII and ASCII letters in either case; the user's wildcards are literal", async () => {
    const id = crypto.randomUUID();
    await db.insert(schema.accounts).values({ id, type: "customer", name: "Östra Verkstad 100%", parentAccountId: NORTHWIND, currency: "USD" });
    const found = async (search: string) =>
      (await json(await list(`?search=${encodeURIComponent(search)}`))).items.map((c: { id: string }) => c.id).includes(id) as boolean;
    try {
      expect(await found("Östra")).toBe(true);
      expect(await found("ÖSTRA VERK")).toBe(true);
      expect(await found("100%")).toBe(true);
      expect(await found("1_0")).toBe(false);
      // Another partner's search never reaches it.
      expect((await json(await list(`?search=${encodeURIComponent("Östra")}`, "otherPartnerAdmin", DEMO.contoso.id))).items).toEqual([]);
    } finally {
      await db.delete(schema.accounts).where(eq(schema.accounts.id, id));
    }
  });
});
