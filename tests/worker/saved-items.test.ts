import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { type DemoUserKey } from "../../db/seed";
import { apiAs } from "./auth";
import { json } from "./helpers";
import { nth } from "../present";

const db = drizzle(env.DB, { schema });
const PATH = "/v1/admin/saved-items";
const W = DEMO.workouts;

const titles = async (who: DemoUserKey) => (await json(await apiAs(who).get(PATH))).map((i: { title: string }) => i.title);

describe("saved items (My List)", () => {
  it("saves workouts the customer may see, in order, per user; a second save is 409", async () => {
    expect(await json(await apiAs("customerAdmin").get(PATH))).toEqual([]);
    const first = await apiAs("customerAdmin").post(PATH, { workoutId: W.copilotFoundations });
    expect(first.status).toBe(201);
    expect(await json(first)).toMatchObject({ sequence: 0, workoutId: W.copilotFoundations, title: "Copilot Foundations", category: "aiAndAutomation" });
    expect((await apiAs("customerAdmin").post(PATH, { workoutId: W.dataLiteracy })).status).toBe(201);
    expect((await apiAs("customerAdmin").post(PATH, { workoutId: W.powerAutomate })).status).toBe(201);
    expect(await titles("customerAdmin")).toEqual(["Copilot Foundations", "Data Literacy Essentials", "Automating Everyday Workflows"]);
    const again = await apiAs("customerAdmin").post(PATH, { workoutId: W.copilotFoundations });
    expect(again.status).toBe(409);
    // Another member of the same account has a list of their own.
    expect(await json(await apiAs("customerMember").get(PATH))).toEqual([]);
  });

  it("moves an item and the others close up; the path and body must name the same item", async () => {
    const list = await json(await apiAs("customerAdmin").get(PATH));
    const last = list[2];
    const moved = await apiAs("customerAdmin").put(`${PATH}/${last.id}`, { id: last.id, sequence: 0 });
    expect(moved.status).toBe(200);
    expect((await json(moved)).map((i: { title: string; sequence: number }) => [i.sequence, i.title])).toEqual([
      [0, "Automating Everyday Workflows"],
      [1, "Copilot Foundations"],
      [2, "Data Literacy Essentials"],
    ]);
    const mismatch = await apiAs("customerAdmin").put(`${PATH}/${last.id}`, { id: list[0].id, sequence: 1 });
    expect(mismatch.status).toBe(400);
    expect((await json(mismatch)).error.fields.id).toBeTruthy();
    // A position outside the list's (0 … 2 here), or not a whole one: "Invalid sequence position", and nothing moves.
    for (const sequence of [-1, 3, 40, 1.5]) {
      const bad = await apiAs("customerAdmin").put(`${PATH}/${last.id}`, { id: last.id, sequence });
      expect(bad.status, `position ${sequence}`).toBe(400);
      expect((await json(bad)).error.fields).toEqual({ sequence: "Invalid sequence position" });
    }
    expect(await titles("customerAdmin")).toEqual(["Automating Everyday Workflows", "Copilot Foundations", "Data Literacy Essentials"]);
    // The last position is one of the list's.
    const toEnd = await apiAs("customerAdmin").put(`${PATH}/${last.id}`, { id: last.id, sequence: 2 });
    expect(toEnd.status).toBe(200);
    expect(await titles("customerAdmin")).toEqual(["Copilot Foundations", "Data Literacy Essentials", "Automating Everyday Workflows"]);
    await apiAs("customerAdmin").put(`${PATH}/${last.id}`, { id: last.id, sequence: 0 });
  });

  it("refuses bad input, a workout the caller may not see, and callers without a token", async () => {
    const before = (await db.select().from(schema.savedItems)).length;
    const bad = await apiAs("customerAdmin").post(PATH, { workoutId: "nope" });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields.workoutId).toBe("Not a valid UUID");
    // Data Literacy is only in Northwind's library: Harbour (Contoso's customer) may not see it.
    expect((await apiAs("otherCustomerAdmin").post(PATH, { workoutId: W.dataLiteracy })).status).toBe(404);
    expect((await apiAs(null).get(PATH)).status).toBe(401);
    expect((await apiAs(null).post(PATH, { workoutId: W.dataLiteracy })).status).toBe(401);
    expect((await db.select().from(schema.savedItems)).length).toBe(before);
  });

  it("never lets another user or account read, move or remove an item", async () => {
    const item = nth(await json<{ id: string }[]>(await apiAs("customerAdmin").get(PATH)), 0);
    expect((await apiAs("customerMember").put(`${PATH}/${item.id}`, { id: item.id, sequence: 2 })).status).toBe(404);
    expect((await apiAs("customerMember").delete(`${PATH}/${item.id}`)).status).toBe(404);
    expect((await apiAs("otherPartnerAdmin").delete(`${PATH}/${item.id}`)).status).toBe(404);
    // A spoofed account header: Cara is not a member of Harbour.
    const spoofed = await apiAs("customerAdmin", { accountId: DEMO.customers.harbour.id }).delete(`${PATH}/${item.id}`);
    expect(spoofed.status).toBe(403);
    expect(await titles("customerAdmin")).toHaveLength(3);
  });

  it("a partner saves from its own library; removing answers 204 and the item is gone", async () => {
    const saved = await apiAs("partnerAdmin").post(PATH, { workoutId: W.dashboards });
    expect(saved.status).toBe(201);
    const { id } = await json(saved);
    const del = await apiAs("partnerAdmin").delete(`${PATH}/${id}`);
    expect(del.status).toBe(204);
    expect(await json(await apiAs("partnerAdmin").get(PATH))).toEqual([]);
    expect((await apiAs("partnerAdmin").delete(`${PATH}/${id}`)).status).toBe(404);
  });
});

describe("saved items under concurrent changes", () => {
  const sequences = async () =>
    (await json(await apiAs("customerMember").get(PATH))).map((i: { sequence: number }) => i.sequence).sort((a: number, b: number) => a - b);

  it("parallel saves take distinct positions, and parallel moves always leave the positions 0..n-1", async () => {
    const catalogue = await json(await apiAs("customerMember").get("/v1/workouts"));
    const ids: string[] = catalogue.items.map((w: { id: string }) => w.id);
    expect(ids.length).toBeGreaterThanOrEqual(3);
    const saves = await Promise.all(ids.map((workoutId) => apiAs("customerMember").post(PATH, { workoutId })));
    expect(saves.map((r) => r.status)).toEqual(ids.map(() => 201));
    expect(await sequences()).toEqual(ids.map((_, i) => i));
    const items: { id: string }[] = await json(await apiAs("customerMember").get(PATH));
    for (let round = 0; round < 4; round++) {
      const moves = await Promise.all(
        Array.from({ length: 16 }, (_, i) => {
          const item = nth(items, (i * 7 + round) % items.length);
          return apiAs("customerMember").put(`${PATH}/${item.id}`, { id: item.id, sequence: (i * 5 + round) % items.length });
        }),
      );
      expect(moves.map((r) => r.status)).toEqual(moves.map(() => 200));
      expect(await sequences()).toEqual(items.map((_, i) => i));
    }
  }, 60_000);
});
