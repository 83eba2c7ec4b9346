import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { apiAs, multipart, PNG, tokenFor } from "./auth";
import { publishNow, runFlows } from "./flows-setup";
import { shardDbOf } from "./databases";
import { call, json } from "./helpers";
import { nth } from "../present";

const db = drizzle(env.DB, { schema });
const NW = DEMO.northwind.id;
const CT = DEMO.contoso.id;

let skuN = 0;
export const newWorkout = (over: Record<string, unknown> = {}) => ({
  name: "Teams Telephony",
  sku: `T-${Date.now()}-${++skuN}`,
  type: "workshop",
  category: "commsAndConnectivity",
  difficulty: "beginner",
  title: "Teams Telephony",
  subtitle: "Calls without desk phones",
  totalMinutes: 90,
  maxAttendees: 8,
  sessions: [
    {
      name: "Set up",
      shortSummary: "Numbers and policies",
      lengthMinutes: 45,
      actionItems: [{ assigneeType: "customer", stage: "beforeSession", name: "List users" }],
    },
    { name: "Go live", lengthMinutes: 45 },
  ],
  pricing: [
    { name: "On plan", priceType: "allCustomers", pricingType: "unit", onPlan: true, currency: "USD", amount: 2 },
    { name: "Off plan", priceType: "allCustomers", pricingType: "value", currency: "USD", amount: 120000 },
  ],
  deliveryPartners: [{ partnerTan: DEMO.northwind.tan, selectionPercent: 100 }],
  ...over,
});

async function create(over: Record<string, unknown> = {}) {
  const res = await apiAs("partnerAdmin").post("/v1/admin/workouts", newWorkout(over));
  expect(res.status).toBe(201);
  return json(res);
}

describe("library list", () => {
  it("lists the partner's library by priority, filters by category and search, and pages with a cursor", async () => {
    const token = await tokenFor("partnerAdmin");
    const all = await json(await apiAs(token).get("/v1/admin/workouts?limit=100"));
    expect(all.items.length).toBeGreaterThanOrEqual(12);
    expect(all.items.every((i: { own: boolean }) => i.own)).toBe(true);
    const priorities = all.items.map((i: { priority: number }) => i.priority);
    expect([...priorities].sort((a, b) => b - a)).toEqual(priorities);
    const ai = await json(await apiAs(token).get("/v1/admin/workouts?category=aiAndAutomation"));
    expect(ai.items.length).toBeGreaterThan(0);
    expect(ai.items.every((i: { category: string }) => i.category === "aiAndAutomation")).toBe(true);
    const found = await json(await apiAs(token).get("/v1/admin/workouts?q=copilot"));
    expect(found.items.map((i: { id: string }) => i.id)).toContain(DEMO.sharedWorkoutId);
    const first = await json(await apiAs(token).get("/v1/admin/workouts?limit=5"));
    expect(first.items).toHaveLength(5);
    const second = await json(await apiAs(token).get(`/v1/admin/workouts?limit=5&cursor=${first.nextCursor}`));
    expect(second.items[0].id).toBe(all.items[5].id);
    const byName = await json(await apiAs(token).get("/v1/admin/workouts?sort=name&limit=100"));
    const names = byName.items.map((i: { name: string }) => i.name);
    expect([...names].sort()).toEqual(names);
  });

  it("answers 400 for a bad query, 401 without a token, 403 for a member or a customer", async () => {
    expect((await apiAs("partnerAdmin").get("/v1/admin/workouts?category=nope")).status).toBe(400);
    expect((await apiAs("partnerAdmin").get("/v1/admin/workouts?cursor=%%%")).status).toBe(400);
    expect((await apiAs(null).get("/v1/admin/workouts")).status).toBe(401);
    expect((await apiAs("partnerMember").get("/v1/admin/workouts")).status).toBe(403);
    expect((await apiAs("customerAdmin").get("/v1/admin/workouts")).status).toBe(403);
  });

  it("shows Contoso's library, not Northwind's own-only workouts", async () => {
    const items = (await json(await apiAs("otherPartnerAdmin").get("/v1/admin/workouts?limit=100"))).items;
    const ids = items.map((i: { id: string }) => i.id);
    expect(ids).toContain(DEMO.sharedWorkoutId);
    expect(ids).not.toContain(DEMO.workouts.dashboards);
    expect(items.find((i: { id: string }) => i.id === DEMO.sharedWorkoutId).own).toBe(false);
  });
});

describe("create, read, update", () => {
  it("creates a draft with sessions, action items, pricing, a delivery partner and a first variant", async () => {
    const w = await create();
    expect(w).toMatchObject({ status: "draft", own: true, totalMinutes: 90, priority: 100 });
    expect(w.sessions.map((s: { sequence: number; name: string }) => [s.sequence, s.name])).toEqual([
      [1, "Set up"],
      [2, "Go live"],
    ]);
    expect(w.sessions[0].actionItems[0].name).toBe("List users");
    expect(w.pricing).toHaveLength(2);
    expect(w.deliveryPartners[0]).toMatchObject({ partnerTan: DEMO.northwind.tan, name: "Northwind Learning", valid: true });
    expect(w.variants).toHaveLength(1);
    const read = await json(await apiAs("partnerAdmin").get(`/v1/admin/workouts/${w.id}`));
    expect(read.id).toBe(w.id);
  });

  it("refuses sessions that do not add up, an unknown TAN, missing fields, a duplicate SKU; writes nothing", async () => {
    const token = await tokenFor("partnerAdmin");
    const before = (await db.select().from(schema.workouts)).length;
    const bad = await apiAs(token).post("/v1/admin/workouts", newWorkout({ totalMinutes: 60, deliveryPartners: [{ partnerTan: "000001" }] }));
    expect(bad.status).toBe(400);
    const { error } = await json(bad);
    expect(error.fields).toMatchObject({
      sessions: "Session length does not match total workout length",
      "deliveryPartners.0.partnerTan": "Invalid Partner TAN",
    });
    const missing = await json(await apiAs(token).post("/v1/admin/workouts", { sessions: [] }));
    expect(missing.error.fields).toMatchObject({ name: "Required", sku: "Required", title: "Required", category: "Required" });
    const long = await json(
      await apiAs(token).post("/v1/admin/workouts", newWorkout({ sessions: [{ name: "x", shortSummary: "y".repeat(161), lengthMinutes: 90 }] })),
    );
    expect(long.error.fields["sessions.0.shortSummary"]).toBeDefined();
    const dup = await apiAs(token).post("/v1/admin/workouts", newWorkout({ sku: "NW-AI-101" }));
    expect((await json(dup)).error.fields.sku).toBe("Value already exists");
    const otherCustomer = await apiAs(token).post(
      "/v1/admin/workouts",
      newWorkout({
        pricing: [{ name: "x", priceType: "customer", customerAccountId: DEMO.customers.harbour.id, pricingType: "value", currency: "USD", amount: 1 }],
      }),
    );
    expect((await json(otherCustomer)).error.fields["pricing.0.customerAccountId"]).toBe("Customer not found");
    expect((await db.select().from(schema.workouts)).length).toBe(before);
  });

  it("updates sections, keeps session ids, and refuses a session total that does not match", async () => {
    const token = await tokenFor("partnerAdmin");
    const w = await create();
    const [s1, s2] = w.sessions;
    const ok = await apiAs(token).put(`/v1/admin/workouts/${w.id}`, {
      sessions: [
        { id: s2.id, name: "Go live first", lengthMinutes: 30 },
        { id: s1.id, name: "Set up", lengthMinutes: 30 },
        { name: "Review", lengthMinutes: 30 },
      ],
      visibility: { operator: "and", conditions: [{ field: "industry", comparator: "in", values: ["manufacturing"] }] },
    });
    expect(ok.status).toBe(200);
    const updated = await json(ok);
    expect(updated.sessions.map((s: { id: string }) => s.id).slice(0, 2)).toEqual([s2.id, s1.id]);
    expect(updated.sessions).toHaveLength(3);
    expect(updated.visibility.conditions[0].values).toEqual(["manufacturing"]);
    const mismatch = await apiAs(token).put(`/v1/admin/workouts/${w.id}`, { sessions: [{ name: "Only", lengthMinutes: 10 }] });
    expect(mismatch.status).toBe(400);
    expect((await json(mismatch)).error.fields.sessions).toBe("Session length does not match total workout length");
    const details = await apiAs(token).put(`/v1/admin/workouts/${w.id}`, { details: { ...newWorkout({ sku: w.sku }), totalMinutes: 120 } });
    expect((await json(details)).error.fields.sessions).toBe("Session length does not match total workout length");
    const stored = await db.select().from(schema.workoutSessions).where(eq(schema.workoutSessions.workoutId, w.id));
    expect(stored).toHaveLength(3);
  });

  it("refuses a session sent twice (its sequence number is its place in the list) with 'Invalid sequence position', changing nothing", async () => {
    const token = await tokenFor("partnerAdmin");
    const w = await create();
    const [s1, s2] = w.sessions;
    const before = await db.select().from(schema.workoutSessions).where(eq(schema.workoutSessions.workoutId, w.id));
    const twice = await apiAs(token).put(`/v1/admin/workouts/${w.id}`, {
      sessions: [
        { id: s1.id, name: "Set up", lengthMinutes: 30 },
        { id: s2.id, name: "Go live", lengthMinutes: 30 },
        { id: s1.id, name: "Set up again", lengthMinutes: 30 },
      ],
    });
    expect(twice.status).toBe(400);
    expect((await json(twice)).error.fields).toEqual({ "sessions.2.id": "Invalid sequence position" });
    expect(await db.select().from(schema.workoutSessions).where(eq(schema.workoutSessions.workoutId, w.id))).toEqual(before);
    const created = await apiAs(token).post(
      "/v1/admin/workouts",
      newWorkout({
        sessions: [
          { id: s1.id, name: "A", lengthMinutes: 45 },
          { id: s1.id, name: "B", lengthMinutes: 45 },
        ],
      }),
    );
    expect((await json(created)).error.fields).toEqual({ "sessions.1.id": "Invalid sequence position" });
    // New sessions (no id) each take the next place.
    const fresh = await apiAs(token).put(`/v1/admin/workouts/${w.id}`, {
      sessions: [
        { name: "One", lengthMinutes: 45 },
        { name: "Two", lengthMinutes: 45 },
      ],
    });
    expect((await json(fresh)).sessions.map((s: { sequence: number; name: string }) => [s.sequence, s.name])).toEqual([
      [1, "One"],
      [2, "Two"],
    ]);
    expect((await apiAs(null).put(`/v1/admin/workouts/${w.id}`, { sessions: [] })).status).toBe(401);
  });

  it("refuses a start before today on every dated row (pricing, delivery partners, prerequisites, sessions), keeping a stored start as it was", async () => {
    const token = await tokenFor("partnerAdmin");
    const past = "2000-01-01";
    const refused = await apiAs(token).post(
      "/v1/admin/workouts",
      newWorkout({
        sessions: [
          { name: "Set up", lengthMinutes: 45, startDate: past },
          { name: "Go live", lengthMinutes: 45 },
        ],
        pricing: [{ name: "Old", priceType: "allCustomers", pricingType: "unit", currency: "USD", amount: 2, startDate: past }],
        deliveryPartners: [{ partnerTan: DEMO.northwind.tan, selectionPercent: 100, startDate: past }],
      }),
    );
    expect(refused.status).toBe(400);
    expect((await json(refused)).error.fields).toMatchObject({
      "sessions.0.startDate": "Start date cannot be before today",
      "pricing.0.startDate": "Start date cannot be before today",
      "deliveryPartners.0.startDate": "Start date cannot be before today",
    });

    // A row stored with a past start (the demo's history) stays editable as it is; a new past start is refused.
    const w = await create();
    await db.update(schema.pricingLines).set({ startDate: past }).where(eq(schema.pricingLines.workoutId, w.id));
    const line = { name: "On plan", priceType: "allCustomers", pricingType: "unit", onPlan: true, currency: "USD", amount: 3 };
    const kept = await apiAs(token).put(`/v1/admin/workouts/${w.id}`, { pricing: [{ ...line, startDate: past }] });
    expect(kept.status).toBe(200);
    const moved = await apiAs(token).put(`/v1/admin/workouts/${w.id}`, { pricing: [{ ...line, startDate: "2000-06-01" }] });
    expect((await json(moved)).error?.fields["pricing.0.startDate"], "a changed past start").toBe("Start date cannot be before today");
    const prereq = await apiAs(token).put(`/v1/admin/workouts/${w.id}`, {
      prerequisites: [{ type: "workout", name: "First", requiredWorkoutId: DEMO.workouts.copilotFoundations, startDate: past }],
    });
    expect(prereq.status, JSON.stringify(await prereq.clone().json())).toBe(400);
    expect((await json(prereq)).error.fields["prerequisites.0.startDate"], "a prerequisite's past start").toBe("Start date cannot be before today");
    const today = new Date().toISOString().slice(0, 10);
    const fromToday = await apiAs(token).put(`/v1/admin/workouts/${w.id}`, { pricing: [{ ...line, startDate: today }] });
    expect(fromToday.status).toBe(200);
  });

  it("answers 404 for another partner's workout, 403 to a partner that only added it, 401 without a token", async () => {
    const ct = await tokenFor("otherPartnerAdmin");
    expect((await apiAs(ct).get(`/v1/admin/workouts/${DEMO.workouts.dashboards}`)).status).toBe(404);
    expect((await apiAs(ct).put(`/v1/admin/workouts/${DEMO.workouts.dashboards}`, { visibility: null })).status).toBe(404);
    expect((await apiAs(ct).get(`/v1/admin/workouts/${DEMO.sharedWorkoutId}`)).status).toBe(200);
    expect((await apiAs(ct).put(`/v1/admin/workouts/${DEMO.sharedWorkoutId}`, { visibility: null })).status).toBe(403);
    expect((await apiAs(null).get(`/v1/admin/workouts/${DEMO.sharedWorkoutId}`)).status).toBe(401);
    expect((await apiAs("partnerAdmin").get("/v1/admin/workouts/not-a-uuid")).status).toBe(400);
  });
});

describe("library status", () => {
  it("moves draft → complete → available → archived → draft, and refuses other moves with 409", async () => {
    const token = await tokenFor("partnerAdmin");
    const w = await create();
    const to = (status: string) => apiAs(token).post(`/v1/admin/workouts/${w.id}/status`, { status });
    expect((await to("available")).status).toBe(409);
    expect((await json(await to("complete"))).status).toBe("complete");
    expect((await json(await to("available"))).status).toBe("available");
    expect((await json(await to("archived"))).status).toBe("archived");
    expect((await json(await to("draft"))).status).toBe("draft");
    expect((await to("bogus")).status).toBe(400);
  });

  it("refuses to complete a workout without sessions (missing fields)", async () => {
    const token = await tokenFor("partnerAdmin");
    const w = await create({ sessions: [] });
    const res = await apiAs(token).post(`/v1/admin/workouts/${w.id}/status`, { status: "complete" });
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields.sessions).toBe("Required");
  });

  it("is 404 for another partner's workout and 403 for a member", async () => {
    expect((await apiAs("otherPartnerAdmin").post(`/v1/admin/workouts/${DEMO.workouts.dashboards}/status`, { status: "archived" })).status).toBe(404);
    expect((await apiAs("partnerMember").post(`/v1/admin/workouts/${DEMO.workouts.dashboards}/status`, { status: "archived" })).status).toBe(403);
    const entry = await db
      .select()
      .from(schema.libraryEntries)
      .where(and(eq(schema.libraryEntries.accountId, NW), eq(schema.libraryEntries.workoutId, DEMO.workouts.dashboards)));
    expect(nth(entry, 0).status).toBe("available");
  });
});

describe("adding a listed workout", () => {
  it("lists another partner's listed workouts and adds one as a draft; twice is 409; a private one is 404", async () => {
    const nw = await tokenFor("partnerAdmin");
    const ct = await tokenFor("otherPartnerAdmin");
    const listed = await create({ partnerVisibility: "listed" });
    const hidden = await create({ partnerVisibility: "private" });
    // The catalogue is published through the flow queue.
    await publishNow([listed.id, hidden.id]);
    const offer = await json(await apiAs(ct).get("/v1/admin/workouts/listed"));
    const ids = offer.map((w: { id: string }) => w.id);
    expect(ids).toContain(listed.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(DEMO.sharedWorkoutId);
    const added = await apiAs(ct).post(`/v1/admin/workouts/${listed.id}/library`);
    expect(added.status).toBe(201);
    expect(await json(added)).toMatchObject({ own: false, status: "draft" });
    expect((await apiAs(ct).post(`/v1/admin/workouts/${listed.id}/library`)).status).toBe(409);
    expect((await apiAs(ct).post(`/v1/admin/workouts/${hidden.id}/library`)).status).toBe(404);
    expect((await apiAs(nw).post(`/v1/admin/workouts/${hidden.id}/library`)).status).toBe(409);
    expect((await apiAs(null).post(`/v1/admin/workouts/${listed.id}/library`)).status).toBe(401);
    const rows = await db.select().from(schema.libraryEntries).where(eq(schema.libraryEntries.workoutId, hidden.id));
    expect(rows).toHaveLength(1);
  });
});

describe("what another partner sees of a listed workout", () => {
  it("never carries the author's customer prices or hidden delivery partners, in the workout, the variants or the add answer", async () => {
    const nw = await tokenFor("partnerAdmin");
    const ct = await tokenFor("otherPartnerAdmin");
    const fabrikam = DEMO.customers.fabrikam.id;
    const secret = [
      { name: "Fabrikam deal", priceType: "customer", customerAccountId: fabrikam, pricingType: "value", currency: "USD", amount: 4242 },
      {
        name: "Enterprise deal",
        priceType: "customerPriceGroup",
        priceGroupId: DEMO.northwind.priceGroupId,
        pricingType: "value",
        currency: "USD",
        amount: 4343,
      },
    ];
    const w = await create({
      partnerVisibility: "listed",
      allowPartnerVariants: true,
      pricing: [...newWorkout().pricing, ...secret],
      deliveryPartners: [
        { partnerTan: DEMO.northwind.tan, selectionPercent: 100, visibleToPartners: true },
        { partnerTan: DEMO.contoso.tan, name: "Hidden subcontractor", selectionPercent: 0, visibleToPartners: false },
      ],
    });
    const variant = await apiAs(nw).post(`/v1/admin/workouts/${w.id}/variants`, {
      name: "Enterprise",
      locale: "enUS",
      customPricing: true,
      pricing: [{ name: "Public", priceType: "allCustomers", pricingType: "value", currency: "USD", amount: 100 }, ...secret],
      deliveryPartners: [
        { partnerTan: DEMO.northwind.tan, selectionPercent: 100, visibleToPartners: true },
        { partnerTan: DEMO.contoso.tan, name: "Hidden subcontractor", selectionPercent: 0, visibleToPartners: false },
      ],
    });
    expect(variant.status).toBe(201);
    await publishNow([w.id]);
    // The author still sees all of it.
    const authorView = await json(await apiAs(nw).get(`/v1/admin/workouts/${w.id}/variants`));
    expect(JSON.stringify(authorView)).toContain(fabrikam);
    expect(JSON.stringify(authorView)).toContain("Hidden subcontractor");

    const added = await apiAs(ct).post(`/v1/admin/workouts/${w.id}/library`);
    expect(added.status).toBe(201);
    const answers = [
      await json(added),
      await json(await apiAs(ct).get(`/v1/admin/workouts/${w.id}`)),
      await json(await apiAs(ct).get(`/v1/admin/workouts/${w.id}/variants`)),
      await json(await apiAs(ct).get(`/v1/admin/workouts/${w.id}/variants/${(await json(variant)).id}`)),
    ];
    for (const answer of answers) {
      const text = JSON.stringify(answer);
      expect(text).not.toContain(fabrikam);
      expect(text).not.toContain(DEMO.northwind.priceGroupId);
      expect(text).not.toContain("Hidden subcontractor");
      expect(text).not.toContain(`"amount":4242`);
      expect(text).not.toContain(`"amount":4343`);
    }
    const [workout, , variants] = answers;
    expect(workout.pricing.map((l: { priceType: string }) => l.priceType)).toEqual(["allCustomers", "allCustomers"]);
    const enterprise = variants.find((v: { name: string }) => v.name === "Enterprise");
    expect(enterprise.pricing.map((l: { amount: number }) => l.amount)).toEqual([100]);
    expect(enterprise.deliveryPartners).toHaveLength(1);
  });
});

describe("delivery partner TAN check", () => {
  it("answers valid with the name, or invalid", async () => {
    const token = await tokenFor("partnerAdmin");
    expect(await json(await apiAs(token).get(`/v1/admin/workouts/delivery-partners/check?tan=${DEMO.contoso.tan}`))).toEqual({
      valid: true,
      name: "Contoso Skills",
    });
    expect(await json(await apiAs(token).get("/v1/admin/workouts/delivery-partners/check?tan=12"))).toEqual({ valid: false, name: null });
    expect((await apiAs(null).get("/v1/admin/workouts/delivery-partners/check?tan=123456")).status).toBe(401);
    expect((await apiAs("customerAdmin").get("/v1/admin/workouts/delivery-partners/check?tan=123456")).status).toBe(403);
  });
});

describe("variants", () => {
  it("lists, creates and updates variants with custom pricing; refuses dates out of order", async () => {
    const token = await tokenFor("partnerAdmin");
    const w = await create();
    const list = await json(await apiAs(token).get(`/v1/admin/workouts/${w.id}/variants`));
    expect(list).toHaveLength(1);
    const body = {
      name: "UK",
      locale: "enGB",
      availableFrom: null,
      availableTo: null,
      customPricing: true,
      pricing: [{ name: "UK price", priceType: "allCustomers", pricingType: "value", currency: "GBP", amount: 9000 }],
      deliveryPartners: [{ partnerTan: DEMO.contoso.tan, selectionPercent: 50 }],
    };
    const created = await apiAs(token).post(`/v1/admin/workouts/${w.id}/variants`, body);
    expect(created.status).toBe(201);
    const v = await json(created);
    expect(v).toMatchObject({ name: "UK", customPricing: true, own: true });
    expect(v.pricing[0].amount).toBe(9000);
    expect(v.deliveryPartners[0].name).toBe("Contoso Skills");
    const updated = await json(await apiAs(token).put(`/v1/admin/workouts/${w.id}/variants/${v.id}`, { ...body, name: "United Kingdom" }));
    expect(updated.name).toBe("United Kingdom");
    expect((await json(await apiAs(token).get(`/v1/admin/workouts/${w.id}/variants/${v.id}`))).name).toBe("United Kingdom");
    const bad = await apiAs(token).post(`/v1/admin/workouts/${w.id}/variants`, { ...body, availableFrom: "2099-02-01", availableTo: "2099-01-01" });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields.availableTo).toBe("End date cannot be before start date");
    const past = await apiAs(token).post(`/v1/admin/workouts/${w.id}/variants`, { ...body, availableFrom: "2000-01-01" });
    expect((await json(past)).error.fields.availableFrom).toBe("Start date cannot be before today");
  });

  it("lets a partner that added a workout allowing variants make its own, and hides variants across tenants", async () => {
    const ct = await tokenFor("otherPartnerAdmin");
    const res = await apiAs(ct).post(`/v1/admin/workouts/${DEMO.sharedWorkoutId}/variants`, {
      name: "Contoso UK",
      locale: "enGB",
      pricing: [],
      deliveryPartners: [],
    });
    expect(res.status).toBe(201);
    const v = await json(res);
    const nwList = await json(await apiAs("partnerAdmin").get(`/v1/admin/workouts/${DEMO.sharedWorkoutId}/variants`));
    expect(nwList.map((x: { id: string }) => x.id)).not.toContain(v.id);
    expect((await apiAs("partnerAdmin").get(`/v1/admin/workouts/${DEMO.sharedWorkoutId}/variants/${v.id}`)).status).toBe(404);
    // The author's variant is readable but not editable by Contoso.
    const authorVariant = DEMO.variants.copilotFoundations;
    expect(
      (await apiAs(ct).put(`/v1/admin/workouts/${DEMO.sharedWorkoutId}/variants/${authorVariant}`, { name: "x", pricing: [], deliveryPartners: [] })).status,
    ).toBe(403);
    expect((await apiAs(ct).get(`/v1/admin/workouts/${DEMO.workouts.dashboards}/variants`)).status).toBe(404);
    expect((await apiAs(null).get(`/v1/admin/workouts/${DEMO.workouts.dashboards}/variants`)).status).toBe(401);
  });
});

describe("attachments", () => {
  it("uploads a file privately, serves it to the partner and to a customer who can see the workout, never publicly", async () => {
    const token = await tokenFor("partnerAdmin");
    const w = DEMO.workouts.copilotFoundations;
    const session = (await json(await apiAs(token).get(`/v1/admin/workouts/${w}`))).sessions[0];
    const pdf = new File(["%PDF-1.4\n%test\n"], "Team guide (v2).txt", { type: "application/pdf" });
    const res = await apiAs(token).post(
      `/v1/admin/workouts/${w}/sessions/${session.id}/attachments`,
      multipart({ type: "document", category: "resource", description: "Guide" }, { file: pdf }),
    );
    expect(res.status).toBe(201);
    const a = await json(res);
    expect(a.fileUri).toBe(`/v1/workouts/${w}/attachments/${a.id}/file`);
    const row = await db.select().from(schema.sessionAttachments).where(eq(schema.sessionAttachments.id, a.id));
    expect(nth(row, 0).fileKey).toMatch(/^private\/workouts\//);
    expect((await call(`/files/${nth(row, 0).fileKey}`)).status).toBe(404);
    const own = await apiAs(token).get(a.fileUri);
    expect(own.status).toBe(200);
    expect(own.headers.get("Content-Type")).toBe("application/pdf");
    // The uploader's name, made safe for the header, with the extension the bytes prove.
    expect(own.headers.get("Content-Disposition")).toBe('attachment; filename="Team guide _v2_.pdf"');
    expect((await apiAs("customerMember").get(a.fileUri)).status).toBe(200);
    expect((await call(a.fileUri)).status).toBe(401);
    // Contoso (on another shard) lists Copilot Foundations: once the upload is published and its copy refreshed,
    // the copy's attachment names the author's stored file, served to Contoso's customers and to Contoso.
    await runFlows(await publishNow([w]));
    const contoso = await shardDbOf(CT);
    const copied = await contoso.select().from(schema.sessionAttachments).where(eq(schema.sessionAttachments.id, a.id));
    expect(copied.map((r) => r.fileKey)).toEqual([nth(row, 0).fileKey]);
    const theirs = await apiAs("otherCustomerAdmin").get(a.fileUri);
    expect(theirs.status).toBe(200);
    expect(await theirs.text()).toBe("%PDF-1.4\n%test\n");
    expect((await apiAs("otherPartnerAdmin").get(a.fileUri)).status).toBe(200);
    const del = await apiAs(token).delete(`/v1/admin/workouts/${w}/attachments/${a.id}`);
    expect(del.status).toBe(204);
    expect((await apiAs(token).get(a.fileUri)).status).toBe(404);
    // The author's file is gone for every copy at once, before the copy is refreshed; then the copy drops the row.
    expect((await apiAs("otherCustomerAdmin").get(a.fileUri)).status).toBe(404);
    await runFlows(await publishNow([w]));
    expect(await contoso.select().from(schema.sessionAttachments).where(eq(schema.sessionAttachments.id, a.id))).toEqual([]);
  });

  it("refuses a file of another type (415), nothing at all (400), another partner (404)", async () => {
    const token = await tokenFor("partnerAdmin");
    const w = DEMO.workouts.dashboards;
    const session = (await json(await apiAs(token).get(`/v1/admin/workouts/${w}`))).sessions[0];
    const path = `/v1/admin/workouts/${w}/sessions/${session.id}/attachments`;
    const exe = new Blob(["MZ\x90\x00"], { type: "application/pdf" });
    expect((await apiAs(token).post(path, multipart({ type: "document" }, { file: exe }))).status).toBe(415);
    expect((await apiAs(token).post(path, multipart({ type: "document" }))).status).toBe(400);
    expect((await apiAs(token).post(path, multipart({ type: "nope" }, { file: PNG }))).status).toBe(400);
    expect((await apiAs("otherPartnerAdmin").post(path, multipart({ type: "image" }, { file: PNG }))).status).toBe(404);
    expect((await apiAs(null).post(path, multipart({ type: "image" }, { file: PNG }))).status).toBe(401);
    const rows = await db.select().from(schema.sessionAttachments).where(eq(schema.sessionAttachments.sessionId, session.id));
    expect(rows.filter((r) => r.fileKey)).toHaveLength(0);
  });

  it("serves a customer an attachment's file only within the attachment's dates, as the catalogue shows it; the partner always", async () => {
    const token = await tokenFor("partnerAdmin");
    const w = DEMO.workouts.copilotFoundations;
    const session = (await json(await apiAs(token).get(`/v1/admin/workouts/${w}`))).sessions[0];
    const path = `/v1/admin/workouts/${w}/sessions/${session.id}/attachments`;
    const later = await json(await apiAs(token).post(path, multipart({ type: "image", startDate: "2099-01-01" }, { file: PNG })));
    const now = await json(await apiAs(token).post(path, multipart({ type: "image" }, { file: PNG })));
    const customer = await tokenFor("customerMember");
    const page = await json(await apiAs(customer).get(`/v1/workouts/${w}`));
    const shown = page.sessions.flatMap((s: { attachments: { id: string }[] }) => s.attachments.map((a) => a.id));
    expect(shown).toContain(now.id);
    expect(shown).not.toContain(later.id);
    expect((await apiAs(customer).get(now.fileUri)).status).toBe(200);
    expect((await apiAs(customer).get(later.fileUri)).status).toBe(404);
    expect((await apiAs(token).get(later.fileUri)).status).toBe(200);
  });

  it("takes a WebP file only with its whole RIFF signature, as image uploads do", async () => {
    const token = await tokenFor("partnerAdmin");
    const w = DEMO.workouts.dashboards;
    const session = (await json(await apiAs(token).get(`/v1/admin/workouts/${w}`))).sessions[0];
    const path = `/v1/admin/workouts/${w}/sessions/${session.id}/attachments`;
    const webp = (head: string) => new File([new TextEncoder().encode(`${head}\x24\x00\x00\x00WEBPVP8 `)], "picture.webp", { type: "image/webp" });
    expect((await apiAs(token).post(path, multipart({ type: "image" }, { file: webp("RIXX") }))).status).toBe(415);
    const ok = await apiAs(token).post(path, multipart({ type: "image" }, { file: webp("RIFF") }));
    expect(ok.status).toBe(201);
    expect((await apiAs(token).get((await json(ok)).fileUri)).headers.get("Content-Type")).toBe("image/webp");
  });

  it("a customer of another partner cannot read a Northwind-only workout's file", async () => {
    const token = await tokenFor("partnerAdmin");
    const w = DEMO.workouts.dashboards;
    const session = (await json(await apiAs(token).get(`/v1/admin/workouts/${w}`))).sessions[0];
    const a = await json(await apiAs(token).post(`/v1/admin/workouts/${w}/sessions/${session.id}/attachments`, multipart({ type: "image" }, { file: PNG })));
    expect((await apiAs("otherCustomerAdmin").get(a.fileUri)).status).toBe(404);
    expect((await apiAs("otherPartnerAdmin").get(a.fileUri)).status).toBe(404);
    void CT;
  });
});
