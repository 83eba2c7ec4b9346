import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { tokenFor } from "./auth";
import { call, json } from "./helpers";

const db = drizzle(env.DB, { schema });
type Who = Parameters<typeof tokenFor>[0];
const send = async (who: Who | null, path: string, method = "GET", body?: unknown) => {
  const headers: Record<string, string> = body === undefined ? {} : { "Content-Type": "application/json" };
  if (who) headers.Authorization = `Bearer ${await tokenFor(who)}`;
  return call(`/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
};

describe("price groups", () => {
  it("lists, creates, updates and deletes the partner's groups", async () => {
    const seeded = await json(await send("partnerAdmin", "/admin/price-groups"));
    expect(seeded).toEqual([expect.objectContaining({ id: DEMO.northwind.priceGroupId, name: "Enterprise", customerCount: 1 })]);
    const created = await send("partnerAdmin", "/admin/price-groups", "POST", { name: "Schools", description: "Education pricing" });
    expect(created.status).toBe(201);
    const g = await json(created);
    expect(g).toMatchObject({ name: "Schools", customerCount: 0 });
    const updated = await json(await send("partnerAdmin", `/admin/price-groups/${g.id}`, "PUT", { name: "Schools and colleges" }));
    expect(updated).toMatchObject({ name: "Schools and colleges", description: "Education pricing" });
    const cleared = await json(await send("partnerAdmin", `/admin/price-groups/${g.id}`, "PUT", { name: "Schools and colleges", description: null }));
    expect(cleared.description).toBeNull();
    expect((await send("partnerAdmin", `/admin/price-groups/${g.id}`, "DELETE")).status).toBe(204);
    expect((await send("partnerAdmin", `/admin/price-groups/${g.id}`, "DELETE")).status).toBe(404);
  });

  it("refuses an empty or duplicate name (400, nothing written), other partners (404), members (403), no token (401)", async () => {
    const before = (await db.select().from(schema.priceGroups)).length;
    expect((await json(await send("partnerAdmin", "/admin/price-groups", "POST", { name: " " }))).error.fields.name).toBe("Required");
    expect((await json(await send("partnerAdmin", "/admin/price-groups", "POST", { name: "Enterprise" }))).error.fields.name).toBe("Value already exists");
    expect((await send("otherPartnerAdmin", `/admin/price-groups/${DEMO.northwind.priceGroupId}`, "PUT", { name: "Hijack" })).status).toBe(404);
    expect((await send("otherPartnerAdmin", `/admin/price-groups/${DEMO.northwind.priceGroupId}`, "DELETE")).status).toBe(404);
    expect((await send("partnerMember", "/admin/price-groups", "POST", { name: "X" })).status).toBe(403);
    expect((await send("customerAdmin", "/admin/price-groups")).status).toBe(403);
    expect((await send(null, "/admin/price-groups")).status).toBe(401);
    expect((await db.select().from(schema.priceGroups)).length).toBe(before);
    const kept = await db.select().from(schema.priceGroups).where(eq(schema.priceGroups.id, DEMO.northwind.priceGroupId));
    expect(kept[0].name).toBe("Enterprise");
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
    const created = await send("partnerAdmin", "/admin/featured-groups", "POST", body);
    expect(created.status).toBe(201);
    const g = await json(created);
    expect(g.items.map((i: { workoutId: string; sequence: number }) => [i.workoutId, i.sequence])).toEqual([
      [DEMO.workouts.phishingResilience, 1],
      [DEMO.workouts.drTabletop, 2],
    ]);
    const updated = await json(await send("partnerAdmin", `/admin/featured-groups/${g.id}`, "PUT", { ...body, workoutIds: [DEMO.workouts.drTabletop, DEMO.workouts.phishingResilience] }));
    expect(updated.items.map((i: { workoutId: string }) => i.workoutId)).toEqual([DEMO.workouts.drTabletop, DEMO.workouts.phishingResilience]);
    expect((await json(await send("partnerAdmin", `/admin/featured-groups/${g.id}`))).title).toBe("Security month");
    const all = await json(await send("partnerAdmin", "/admin/featured-groups"));
    expect(all.map((x: { id: string }) => x.id)).toContain(DEMO.northwind.featuredGroupId);
    expect((await send("partnerAdmin", `/admin/featured-groups/${g.id}`, "DELETE")).status).toBe(204);
    expect((await send("partnerAdmin", `/admin/featured-groups/${g.id}`)).status).toBe(404);
  });

  it("refuses no workouts, a workout outside the library, dates out of order or in the past (400, nothing written)", async () => {
    const before = (await db.select().from(schema.featuredGroups)).length;
    const none = await json(await send("partnerAdmin", "/admin/featured-groups", "POST", { ...body, workoutIds: [] }));
    expect(none.error.fields.workoutIds).toBe("Add at least one workout");
    const foreign = await json(await send("partnerAdmin", "/admin/featured-groups", "POST", { ...body, workoutIds: [DEMO.workouts.excelForAnalysts] }));
    expect(foreign.error.fields["workoutIds.0"]).toBe("Workout not found");
    const order = await json(await send("partnerAdmin", "/admin/featured-groups", "POST", { ...body, startDate: "2099-02-01", endDate: "2099-01-01" }));
    expect(order.error.fields.endDate).toBe("End date cannot be before start date");
    const past = await json(await send("partnerAdmin", "/admin/featured-groups", "POST", { ...body, startDate: "2001-01-01" }));
    expect(past.error.fields.startDate).toBe("Start date cannot be before today");
    const missing = await json(await send("partnerAdmin", "/admin/featured-groups", "POST", { workoutIds: [DEMO.workouts.drTabletop] }));
    expect(missing.error.fields.title).toBe("Required");
    expect((await db.select().from(schema.featuredGroups)).length).toBe(before);
  });

  it("keeps tenants apart: 404 for another partner's group, 403 for members and customers, 401 without a token", async () => {
    const id = DEMO.northwind.featuredGroupId;
    expect((await send("otherPartnerAdmin", `/admin/featured-groups/${id}`)).status).toBe(404);
    expect((await send("otherPartnerAdmin", `/admin/featured-groups/${id}`, "PUT", body)).status).toBe(404);
    expect((await send("otherPartnerAdmin", `/admin/featured-groups/${id}`, "DELETE")).status).toBe(404);
    expect((await send("partnerMember", "/admin/featured-groups", "POST", body)).status).toBe(403);
    expect((await send("customerAdmin", "/admin/featured-groups")).status).toBe(403);
    expect((await send(null, "/admin/featured-groups")).status).toBe(401);
    const kept = await db.select().from(schema.featuredGroupItems).where(eq(schema.featuredGroupItems.featuredGroupId, id));
    expect(kept).toHaveLength(3);
  });
});
