import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { authed, tokenFor } from "./auth";
import { call, json } from "./helpers";

const db = drizzle(env.DB, { schema });
const PATH = "/v1/scores/summary";

describe("GET v1/scores/summary", () => {
  it("answers the customer's overall score, completed workouts, balance and month streak", async () => {
    const token = await tokenFor("customerMember");
    const before = await json(await call(PATH, authed(token)));
    // Seeded: Fabrikam's AI score is 68 %.
    expect(before).toMatchObject({ name: "TechFIT", fitScoreVariant: "round", score: 68 });
    expect(before.workouts.remaining).toBeGreaterThan(0);

    // A job completed this month: one more completed workout, and a streak of at least one month.
    const [job] = await db
      .insert(schema.jobs)
      .values({ accountId: DEMO.customers.fabrikam.id, partnerAccountId: DEMO.northwind.id, workoutId: DEMO.workouts.dashboards, status: "completed" })
      .returning();
    const [session] = await db.select().from(schema.workoutSessions).limit(1);
    const now = new Date().toISOString();
    await db.insert(schema.jobLines).values({ accountId: DEMO.customers.fabrikam.id, jobId: job.id, sessionId: session.id, sequence: 1, status: "completed", scheduledAt: now, completedAt: now });
    const after = await json(await call(PATH, authed(token)));
    expect(after.workouts.completed).toBe(before.workouts.completed + 1);
    expect(after.workouts.streak).toBeGreaterThanOrEqual(1);
  });

  it("is the caller's own account only: another customer sees its own figures; a partner, a spoofed account and no token are refused", async () => {
    const harbour = await json(await call(PATH, authed(await tokenFor("otherCustomerAdmin"))));
    expect(harbour).toMatchObject({ score: null, workouts: { completed: 0, streak: 0 } });
    expect((await call(PATH, authed(await tokenFor("partnerAdmin")))).status).toBe(403);
    expect((await call(PATH, authed(await tokenFor("customerMember"), { accountId: DEMO.customers.harbour.id }))).status).toBe(403);
    expect((await call(PATH)).status).toBe(401);
    const bad = await call(PATH, authed(await tokenFor("customerMember"), { accountId: "not-an-id" }));
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields["X-Account-Id"]).toBe("Not a valid UUID");
  });
});
