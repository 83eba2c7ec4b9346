import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { apiAs, type Caller } from "./auth";
import { json } from "./helpers";
import { nth } from "../present";
import { shardDbOf } from "./databases";

const db = drizzle(env.DB, { schema });
// A workout Fabrikam has booked in the demo's history but never completed.
const W = DEMO.workouts.drTabletop;
const post = (who: Caller, body: unknown, id = W) => apiAs(who).post(`/v1/workouts/${id}/reviews`, body);
const list = (who: Caller, id = W) => apiAs(who).get(`/v1/workouts/${id}/reviews`);

describe("reviews", () => {
  it("refuses a review before the customer completed the workout (403), and shows none", async () => {
    expect((await post("customerMember", { rating: 5 })).status).toBe(403);
    const r = await json(await list("customerMember"));
    expect(r).toMatchObject({ average: null, count: 0, items: [], canReview: false });
  });

  it("lets members of a customer that completed it review once each; the tab shows the average", async () => {
    await db.insert(schema.jobs).values({ accountId: DEMO.customers.fabrikam.id, partnerAccountId: DEMO.northwind.id, workoutId: W, status: "completed" });
    expect((await json(await list("customerMember"))).canReview).toBe(true);
    const bad = await post("customerMember", { rating: 7, comment: "x" });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields.rating).toBe("Choose 1 to 5");
    for (const rating of [null, "5", 4.5, 0]) {
      const refused = await post("customerMember", { rating, comment: "x" });
      expect(refused.status, String(rating)).toBe(400);
      expect((await json(refused)).error.fields.rating).toBe("Choose 1 to 5");
    }
    expect((await db.select().from(schema.reviews)).length).toBe(0);
    const first = await post("customerMember", { rating: 5, comment: "Great session" });
    expect(first.status).toBe(201);
    expect(await json(first)).toMatchObject({ rating: 5, comment: "Great session", authorName: "Dan M.", mine: true });
    expect((await post("customerMember", { rating: 1 })).status).toBe(409);
    expect((await post("customerAdmin", { rating: 4 })).status).toBe(201);
    const r = await json(await list("customerAdmin"));
    expect(r).toMatchObject({ average: 4.5, count: 2, canReview: false });
    expect(r.items.map((i: { mine: boolean }) => i.mine).sort()).toEqual([false, true]);
  });

  it("is 404 for a workout the caller may not see, and 401 without a token", async () => {
    expect((await list("otherCustomerAdmin")).status).toBe(404);
    expect((await post("otherCustomerAdmin", { rating: 5 })).status).toBe(404);
    expect((await list("customerMember", DEMO.archivedWorkoutId)).status).toBe(404);
    expect((await list(null)).status).toBe(401);
    expect((await post(null, { rating: 5 })).status).toBe(401);
    const mine = await (
      await shardDbOf(DEMO.customers.harbour.id)
    )
      .select()
      .from(schema.reviews)
      .where(eq(schema.reviews.accountId, DEMO.customers.harbour.id));
    expect(mine).toHaveLength(0);
  });

  it("shows the rating on the workout detail", async () => {
    const w = await json(await apiAs("customerMember").get(`/v1/workouts/${W}`));
    expect(w.rating).toEqual({ average: 4.5, count: 2 });
  });
});

describe("whose reviews a reader sees", () => {
  it("shows the customers of one partner only their partner's customers' reviews of a workout both partners carry", async () => {
    const shared = DEMO.sharedWorkoutId;
    // Both readers may see the workout; their first call creates their user rows.
    expect((await list("customerMember", shared)).status).toBe(200);
    expect((await list("otherCustomerAdmin", shared)).status).toBe(200);
    const userId = async (email: string) => nth(await db.select().from(schema.users).where(eq(schema.users.email, email)), 0).id;
    // A review lives on its reviewer's shard (its customer's partner's), beside the job it follows.
    const northwind = await shardDbOf(DEMO.customers.fabrikam.id);
    const contoso = await shardDbOf(DEMO.customers.harbour.id);
    await northwind.insert(schema.reviews).values({
      workoutId: shared,
      accountId: DEMO.customers.fabrikam.id,
      userId: await userId("dan@fabrikam.test"),
      rating: 1,
      comment: "Northwind side secret",
    });
    // Harbour completed it on Contoso's copy, and its admin reviews it through the API.
    await contoso
      .insert(schema.jobs)
      .values({ accountId: DEMO.customers.harbour.id, partnerAccountId: DEMO.contoso.id, workoutId: shared, status: "completed" });
    expect((await post("otherCustomerAdmin", { rating: 5, comment: "Contoso side words" }, shared)).status).toBe(201);
    const written = await contoso.select().from(schema.reviews).where(eq(schema.reviews.workoutId, shared));
    expect(written.map((r) => r.comment).sort()).toEqual(["Contoso side words"]);
    expect((await northwind.select().from(schema.reviews).where(eq(schema.reviews.workoutId, shared))).map((r) => r.comment)).toEqual([
      "Northwind side secret",
    ]);

    const contosoSide = await json(await list("otherCustomerAdmin", shared));
    expect(contosoSide).toMatchObject({ average: 5, count: 1 });
    expect(contosoSide.items.map((r: { comment: string }) => r.comment)).toEqual(["Contoso side words"]);
    expect(JSON.stringify(contosoSide)).not.toContain("Dan");

    const northwindSide = await json(await list("customerMember", shared));
    expect(northwindSide).toMatchObject({ average: 1, count: 1 });
    expect(northwindSide.items.map((r: { comment: string }) => r.comment)).toEqual(["Northwind side secret"]);

    // Each partner reads its own customers' reviews, and the detail's rating counts the same rows.
    const partnerSide = await json(await list("otherPartnerAdmin", shared));
    expect(partnerSide.items.map((r: { comment: string }) => r.comment)).toEqual(["Contoso side words"]);
    const detail = await json(await apiAs("otherCustomerAdmin").get(`/v1/workouts/${shared}`));
    expect(detail.rating).toEqual({ average: 5, count: 1 });
  });
});
