import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { apiAs } from "./auth";
import { resetSecondShard, second, workoutBody } from "./flows-setup";
import { json } from "./helpers";

/**
 * Partner numbers are looked up in the directory, whichever shard the partner
 * is on: Contoso, on weur-1, names Northwind (on the first shard) by its TAN.
 */
const contoso = () => apiAs("otherPartnerAdmin", { accountId: DEMO.contoso.id });

afterEach(resetSecondShard);

describe("partner numbers across shards", () => {
  it("checks another shard's partner number in the directory", async () => {
    const res = await contoso().get(`/v1/admin/workouts/delivery-partners/check?tan=${DEMO.northwind.tan}`);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ valid: true, name: DEMO.northwind.name });
    expect(await json(await contoso().get("/v1/admin/workouts/delivery-partners/check?tan=000001"))).toEqual({ valid: false, name: null });
  });

  it("names a delivery partner on another shard by its TAN, with a reference copy of its routing row on the author's shard", async () => {
    const res = await contoso().post("/v1/admin/workouts", workoutBody({ deliveryPartners: [{ partnerTan: DEMO.northwind.tan, selectionPercent: 100 }] }));
    expect(res.status).toBe(201);
    const { id } = await json(res);
    const [entry] = await second.select().from(schema.deliveryPartners).where(eq(schema.deliveryPartners.workoutId, id));
    expect(entry).toMatchObject({ partnerTan: DEMO.northwind.tan, partnerAccountId: DEMO.northwind.id, name: DEMO.northwind.name });
    const [copy] = await second.select().from(schema.accounts).where(eq(schema.accounts.id, DEMO.northwind.id));
    expect(copy).toMatchObject({ type: "partner", tan: DEMO.northwind.tan, shard: "first", parentAccountId: null });
    // The workout reads back with its delivery partner named, from its own shard.
    const read = await json(await contoso().get(`/v1/admin/workouts/${id}`));
    expect(read.deliveryPartners[0]).toMatchObject({ partnerTan: DEMO.northwind.tan, name: DEMO.northwind.name, valid: true });
  });

  it("refuses an unknown TAN (400 on the field) and writes nothing", async () => {
    const held = async () => (await second.select({ id: schema.workouts.id }).from(schema.workouts)).map((w) => w.id).sort();
    const before = await held();
    expect(before.length).toBeGreaterThan(0);
    const res = await contoso().post("/v1/admin/workouts", workoutBody({ deliveryPartners: [{ partnerTan: "000001", selectionPercent: 100 }] }));
    expect(res.status).toBe(400);
    expect(JSON.stringify(await json(res))).toContain("deliveryPartners.0.partnerTan");
    expect(await held()).toEqual(before);
  });
});
