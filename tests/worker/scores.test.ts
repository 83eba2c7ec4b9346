import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { apiAs, tokenFor } from "./auth";
import { json } from "./helpers";
import { first } from "../present";

const db = drizzle(env.DB, { schema });
const PATH = "/v1/scores/summary";

describe("GET v1/scores/summary", () => {
  it("answers the customer's overall score, completed workouts, balance and month streak", async () => {
    const token = await tokenFor("customerMember");
    const before = await json(await apiAs(token).get(PATH));
    // Seeded: Fabrikam's latest scores are AI 84, data 61, security 64, productivity 55: 66 overall.
    expect(before).toMatchObject({ name: DEMO.northwind.platformName, fitScoreVariant: "round", score: 66, customScoreString: null });
    expect(before.workouts.remaining).toBeGreaterThan(0);

    // A job completed this month: one more completed workout, and a streak of at least one month.
    const job = first(
      await db
        .insert(schema.jobs)
        .values({ accountId: DEMO.customers.fabrikam.id, partnerAccountId: DEMO.northwind.id, workoutId: DEMO.workouts.dashboards, status: "completed" })
        .returning(),
    );
    const session = first(await db.select().from(schema.workoutSessions).limit(1));
    const now = new Date().toISOString();
    await db.insert(schema.jobLines).values({
      accountId: DEMO.customers.fabrikam.id,
      jobId: job.id,
      sessionId: session.id,
      sequence: 1,
      status: "completed",
      scheduledAt: now,
      completedAt: now,
    });
    const after = await json(await apiAs(token).get(PATH));
    expect(after.workouts.completed).toBe(before.workouts.completed + 1);
    expect(after.workouts.streak).toBeGreaterThanOrEqual(1);
  });

  it("is the caller's own account only: another customer sees its own figures; a partner, a spoofed account and no token are refused", async () => {
    const harbour = await json(await apiAs("otherCustomerAdmin").get(PATH));
    expect(harbour).toMatchObject({ score: null, workouts: { completed: 0, streak: 0 } });
    expect((await apiAs("partnerAdmin").get(PATH)).status).toBe(403);
    expect((await apiAs("customerMember", { accountId: DEMO.customers.harbour.id }).get(PATH)).status).toBe(403);
    expect((await apiAs(null).get(PATH)).status).toBe(401);
    const bad = await apiAs("customerMember", { accountId: "not-an-id" }).get(PATH);
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields["X-Account-Id"]).toBe("Not a valid UUID");
  });
});

describe("GET v1/scores/fitness", () => {
  it("lists the account's scores by category, with entries on request", async () => {
    const token = await tokenFor("customerAdmin");
    const all = await json(await apiAs(token).get("/v1/scores/fitness"));
    // Newest first: AI improved from 68 to 84 over the seeded year.
    const ai = all.filter((s: { category: string }) => s.category === "aiAndAutomation");
    expect(ai.map((s: { scorePercent: number }) => s.scorePercent)).toEqual([84, 78, 72, 68]);
    expect(ai[3]).toMatchObject({ id: DEMO.scores.fabrikamAi, entryCount: 2 });
    expect(ai[0].entries).toBeUndefined();
    const withEntries = await json(await apiAs(token).get("/v1/scores/fitness?category=aiAndAutomation&includeEntries=true"));
    expect(withEntries.every((s: { category: string }) => s.category === "aiAndAutomation")).toBe(true);
    expect(withEntries[3].entries.map((e: { assesseeName: string }) => e.assesseeName).sort()).toEqual(["Dana Whitfield", "Omar Haddad"]);
    expect(await json(await apiAs(token).get("/v1/scores/fitness?category=strategy"))).toEqual([]);
  });

  it("refuses a bad category, another tenant's account and no token; never shows another customer's or an orphaned score", async () => {
    const bad = await apiAs("customerAdmin").get("/v1/scores/fitness?category=cardio");
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields.category).toBeTruthy();
    expect(await json(await apiAs("otherCustomerAdmin").get("/v1/scores/fitness"))).toEqual([]);
    // Northwind's orphaned security score belongs to no account: the partner's own list does not show it.
    expect(await json(await apiAs("partnerAdmin").get("/v1/scores/fitness"))).toEqual([]);
    expect((await apiAs("customerAdmin", { accountId: DEMO.customers.harbour.id }).get("/v1/scores/fitness")).status).toBe(403);
    expect((await apiAs(null).get("/v1/scores/fitness")).status).toBe(401);
  });
});

describe("submitted scores with no customer", () => {
  const ORPHANED = "/v1/admin/scores/fitness/orphaned";
  const ASSOCIATE = "/v1/admin/scores/fitness/associate-assessment";
  const post = (who: Parameters<typeof tokenFor>[0], body: unknown) => apiAs(who).post(ASSOCIATE, body);

  it("lists the partner's orphaned scores only, to partners only", async () => {
    const list = await json(await apiAs("partnerMember").get(ORPHANED));
    expect(list).toEqual([expect.objectContaining({ category: "securityAndContinuity", scorePercent: 50 })]);
    expect(list[0].entryCount).toBeGreaterThanOrEqual(1);
    expect(await json(await apiAs("otherPartnerAdmin").get(ORPHANED))).toEqual([]);
    expect((await apiAs("customerAdmin").get(ORPHANED)).status).toBe(403);
    expect((await apiAs(null).get(ORPHANED)).status).toBe(401);
  });

  it("assigns one to the partner's own customer only; it then counts for that customer and is gone from the list", async () => {
    const [orphan] = await json(await apiAs("partnerAdmin").get(ORPHANED));
    const bad = await post("partnerAdmin", { scoreId: orphan.id, accountId: "x" });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields.accountId).toBe("Not a valid UUID");
    const notMine = await post("partnerAdmin", { scoreId: orphan.id, accountId: DEMO.customers.harbour.id });
    expect(notMine.status).toBe(400);
    expect((await json(notMine)).error.fields.accountId).toBe("Not one of your customers");
    expect((await post("otherPartnerAdmin", { scoreId: orphan.id, accountId: DEMO.customers.harbour.id })).status).toBe(404);
    expect((await post("partnerMember", { scoreId: orphan.id, accountId: DEMO.customers.fabrikam.id })).status).toBe(403);
    expect((await apiAs("partnerAdmin").get(ORPHANED)).status).toBe(200);
    expect(await json(await apiAs("partnerAdmin").get(ORPHANED))).toHaveLength(1);

    const ok = await post("partnerAdmin", { scoreId: orphan.id, accountId: DEMO.customers.fabrikam.id });
    expect(ok.status).toBe(200);
    expect(await json(ok)).toMatchObject({ id: orphan.id, category: "securityAndContinuity", scorePercent: 50 });
    expect(await json(await apiAs("partnerAdmin").get(ORPHANED))).toEqual([]);
    const fabrikam = await json(await apiAs("customerAdmin").get("/v1/scores/fitness?category=securityAndContinuity"));
    // It keeps its own (old) date, so it joins Fabrikam's security history rather than leading it.
    expect(fabrikam.map((s: { id: string }) => s.id)).toContain(orphan.id);
    const audit = await db.select().from(schema.auditEntries);
    expect(audit.some((a) => a.code === "fitnessScoreUpdated" && a.subjectId === orphan.id)).toBe(true);
    expect((await post("partnerAdmin", { scoreId: orphan.id, accountId: DEMO.customers.fabrikam.id })).status).toBe(404);
  });
});
