import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { apiAs } from "./auth";
import { json } from "./helpers";
import { first } from "../present";

const db = drizzle(env.DB, { schema });

describe("price groups", () => {
  it("lists, creates, updates and deletes the partner's groups", async () => {
    const seeded = await json(await apiAs("partnerAdmin").get("/v1/admin/price-groups"));
    expect(seeded).toEqual([expect.objectContaining({ id: DEMO.northwind.priceGroupId, name: "Enterprise", customerCount: 1 })]);
    const created = await apiAs("partnerAdmin").post("/v1/admin/price-groups", { name: "Schools", description: "Education pricing" });
    expect(created.status).toBe(201);
    const g = await json(created);
    expect(g).toMatchObject({ name: "Schools", customerCount: 0 });
    const updated = await json(await apiAs("partnerAdmin").put(`/v1/admin/price-groups/${g.id}`, { name: "Schools and colleges" }));
    expect(updated).toMatchObject({ name: "Schools and colleges", description: "Education pricing" });
    const cleared = await json(await apiAs("partnerAdmin").put(`/v1/admin/price-groups/${g.id}`, { name: "Schools and colleges", description: null }));
    expect(cleared.description).toBeNull();
    expect((await apiAs("partnerAdmin").delete(`/v1/admin/price-groups/${g.id}`)).status).toBe(204);
    expect((await apiAs("partnerAdmin").delete(`/v1/admin/price-groups/${g.id}`)).status).toBe(404);
  });

  it("refuses an empty or duplicate name (400, nothing written), other partners (404), members (403), no token (401)", async () => {
    const before = (await db.select().from(schema.priceGroups)).length;
    expect((await json(await apiAs("partnerAdmin").post("/v1/admin/price-groups", { name: " " }))).error.fields.name).toBe("Required");
    expect((await json(await apiAs("partnerAdmin").post("/v1/admin/price-groups", { name: "Enterprise" }))).error.fields.name).toBe("Value already exists");
    expect((await apiAs("otherPartnerAdmin").put(`/v1/admin/price-groups/${DEMO.northwind.priceGroupId}`, { name: "Hijack" })).status).toBe(404);
    expect((await apiAs("otherPartnerAdmin").delete(`/v1/admin/price-groups/${DEMO.northwind.priceGroupId}`)).status).toBe(404);
    expect((await apiAs("partnerMember").post("/v1/admin/price-groups", { name: "X" })).status).toBe(403);
    expect((await apiAs("customerAdmin").get("/v1/admin/price-groups")).status).toBe(403);
    expect((await apiAs(null).get("/v1/admin/price-groups")).status).toBe(401);
    expect((await db.select().from(schema.priceGroups)).length).toBe(before);
    const kept = await db.select().from(schema.priceGroups).where(eq(schema.priceGroups.id, DEMO.northwind.priceGroupId));
    expect(first(kept).name).toBe("Enterprise");
  });
});

describe("featured groups", () => {
  const body = {
    title: "Security month",
    subtitle: "Stay safe",
    startDate: null,
    endDate: null,
    workoutIds: [DEMO.workouts.phishingResilience, DEMO.workouts.drTabletop],
  };

  it("creates with ordered items, reorders on update, deletes", async () => {
    const created = await apiAs("partnerAdmin").post("/v1/admin/featured-groups", body);
    expect(created.status).toBe(201);
    const g = await json(created);
    expect(g.items.map((i: { workoutId: string; sequence: number }) => [i.workoutId, i.sequence])).toEqual([
      [DEMO.workouts.phishingResilience, 1],
      [DEMO.workouts.drTabletop, 2],
    ]);
    const updated = await json(
      await apiAs("partnerAdmin").put(`/v1/admin/featured-groups/${g.id}`, {
        ...body,
        workoutIds: [DEMO.workouts.drTabletop, DEMO.workouts.phishingResilience],
      }),
    );
    expect(updated.items.map((i: { workoutId: string }) => i.workoutId)).toEqual([DEMO.workouts.drTabletop, DEMO.workouts.phishingResilience]);
    expect((await json(await apiAs("partnerAdmin").get(`/v1/admin/featured-groups/${g.id}`))).title).toBe("Security month");
    const all = await json(await apiAs("partnerAdmin").get("/v1/admin/featured-groups"));
    expect(all.map((x: { id: string }) => x.id)).toContain(DEMO.northwind.featuredGroupId);
    expect((await apiAs("partnerAdmin").delete(`/v1/admin/featured-groups/${g.id}`)).status).toBe(204);
    expect((await apiAs("partnerAdmin").get(`/v1/admin/featured-groups/${g.id}`)).status).toBe(404);
  });

  it("refuses no workouts, a workout outside the library or listed twice, dates out of order or in the past (400, nothing written)", async () => {
    const before = (await db.select().from(schema.featuredGroups)).length;
    const none = await json(await apiAs("partnerAdmin").post("/v1/admin/featured-groups", { ...body, workoutIds: [] }));
    expect(none.error.fields.workoutIds).toBe("Add at least one workout");
    const foreign = await json(await apiAs("partnerAdmin").post("/v1/admin/featured-groups", { ...body, workoutIds: [DEMO.workouts.excelForAnalysts] }));
    expect(foreign.error.fields["workoutIds.0"]).toBe("Workout not found");
    const order = await json(await apiAs("partnerAdmin").post("/v1/admin/featured-groups", { ...body, startDate: "2099-02-01", endDate: "2099-01-01" }));
    expect(order.error.fields.endDate).toBe("End date cannot be before start date");
    const past = await json(await apiAs("partnerAdmin").post("/v1/admin/featured-groups", { ...body, startDate: "2001-01-01" }));
    expect(past.error.fields.startDate).toBe("Start date cannot be before today");
    const twice = await json(
      await apiAs("partnerAdmin").post("/v1/admin/featured-groups", {
        ...body,
        workoutIds: [DEMO.workouts.drTabletop, DEMO.workouts.phishingResilience, DEMO.workouts.drTabletop],
      }),
    );
    expect(twice.error.fields, "a workout listed twice holds two places").toEqual({ "workoutIds.2": "Invalid sequence position" });
    const missing = await json(await apiAs("partnerAdmin").post("/v1/admin/featured-groups", { workoutIds: [DEMO.workouts.drTabletop] }));
    expect(missing.error.fields.title).toBe("Required");
    expect((await db.select().from(schema.featuredGroups)).length).toBe(before);
  });

  it("keeps tenants apart: 404 for another partner's group, 403 for members and customers, 401 without a token", async () => {
    const id = DEMO.northwind.featuredGroupId;
    expect((await apiAs("otherPartnerAdmin").get(`/v1/admin/featured-groups/${id}`)).status).toBe(404);
    expect((await apiAs("otherPartnerAdmin").put(`/v1/admin/featured-groups/${id}`, body)).status).toBe(404);
    expect((await apiAs("otherPartnerAdmin").delete(`/v1/admin/featured-groups/${id}`)).status).toBe(404);
    expect((await apiAs("partnerMember").post("/v1/admin/featured-groups", body)).status).toBe(403);
    expect((await apiAs("customerAdmin").get("/v1/admin/featured-groups")).status).toBe(403);
    expect((await apiAs(null).get("/v1/admin/featured-groups")).status).toBe(401);
    const kept = await db.select().from(schema.featuredGroupItems).where(eq(schema.featuredGroupItems.featuredGroupId, id));
    expect(kept).toHaveLength(3);
  });
});
