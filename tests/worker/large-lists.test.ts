import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { apiAs } from "./auth";
import { json } from "./helpers";
import { first, nth } from "../present";

/**
 * D1 binds at most 100 parameters per statement: every list must answer with
 * more than 100 rows behind it, and writes of many child rows must succeed.
 * Rows are seeded one statement each (a batch), so the seeding itself stays
 * under the limit.
 */
const db = drizzle(env.DB, { schema });
const NW = DEMO.northwind.id;
const FABRIKAM = DEMO.customers.fabrikam.id;
const MANY = 105;
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

type Insertable = Parameters<typeof db.batch>[0][number];
const seed = (stmts: Insertable[]) => db.batch(stmts as [Insertable, ...Insertable[]]);

const workoutIds = range(MANY).map(() => crypto.randomUUID());

beforeAll(async () => {
  // Many available workouts in Northwind's library, each with an open variant.
  await seed(
    workoutIds.flatMap((id, i) => [
      db.insert(schema.workouts).values({
        id,
        accountId: NW,
        name: `Bulk ${i}`,
        sku: `BULK-${i}`,
        type: "workshop",
        category: "productivityAndCollaboration",
        difficulty: "beginner",
        title: `Bulk ${i}`,
      }),
      db.insert(schema.libraryEntries).values({ accountId: NW, workoutId: id, status: "available", priority: 1 }),
      db.insert(schema.workoutVariants).values({ workoutId: id, accountId: NW, name: "Standard" }),
      db
        .insert(schema.pricingLines)
        .values({ accountId: NW, workoutId: id, name: "All", priceType: "allCustomers", pricingType: "value", currency: "USD", amount: 100 + i }),
    ]),
  );
});

describe("lists over more than 100 rows", () => {
  it("pages bookings (customer) and jobs (partner) of 100 at a time", async () => {
    const session = first(await db.select().from(schema.workoutSessions).where(eq(schema.workoutSessions.workoutId, DEMO.workouts.modernMeetings)));
    const jobIds = range(MANY).map(() => crypto.randomUUID());
    await seed(
      jobIds.flatMap((id) => [
        db.insert(schema.jobs).values({ id, accountId: FABRIKAM, partnerAccountId: NW, workoutId: DEMO.workouts.modernMeetings, status: "awaitingScheduling" }),
        db.insert(schema.jobLines).values({ accountId: FABRIKAM, jobId: id, sessionId: session.id, sequence: 1, status: "awaitingScheduling" }),
      ]),
    );
    const bookings = await apiAs("customerAdmin").get("/v1/bookings?limit=99");
    expect(bookings.status).toBe(200);
    expect((await json(bookings)).items).toHaveLength(99);
    const jobs = await apiAs("partnerAdmin").get("/v1/jobs?limit=100");
    expect(jobs.status).toBe(200);
    const page = await json(jobs);
    expect(page.items).toHaveLength(100);
    expect(page.items.every((j: { lines: unknown[] }) => j.lines.length >= 1)).toBe(true);
  });

  it("lists 101 featured groups with their items", async () => {
    const groups = range(101).map(() => crypto.randomUUID());
    await seed(
      groups.flatMap((id, i) => [
        db.insert(schema.featuredGroups).values({ id, accountId: NW, title: `Group ${String(i).padStart(3, "0")}` }),
        db.insert(schema.featuredGroupItems).values({ accountId: NW, featuredGroupId: id, workoutId: nth(workoutIds, i % MANY), sequence: 1 }),
      ]),
    );
    const res = await apiAs("partnerAdmin").get("/v1/admin/featured-groups");
    expect(res.status).toBe(200);
    const list = await json(res);
    expect(list.length).toBeGreaterThanOrEqual(101);
    expect(list.filter((g: { items: unknown[] }) => g.items.length === 1).length).toBeGreaterThanOrEqual(101);
  });

  it("answers a catalogue page of 100 and the library list of 100", async () => {
    const page = await apiAs("customerAdmin").get("/v1/workouts?limit=100");
    expect(page.status).toBe(200);
    const body = await json(page);
    expect(body.items).toHaveLength(100);
    expect(body.items.filter((w: { price: unknown }) => w.price !== null).length).toBeGreaterThan(90);
    const library = await apiAs("partnerAdmin").get("/v1/admin/workouts?limit=100");
    expect(library.status).toBe(200);
    expect((await json(library)).items).toHaveLength(100);
  });

  it("lists scores with their entries, and orphaned scores, over 100 of each", async () => {
    const scoreIds = range(MANY).map(() => crypto.randomUUID());
    const orphanIds = range(MANY).map(() => crypto.randomUUID());
    const at = new Date().toISOString();
    await seed([
      ...scoreIds.flatMap((id) => [
        db.insert(schema.scores).values({ id, accountId: FABRIKAM, partnerAccountId: NW, category: "strategy", score: 3, scorePercent: 60 }),
        db.insert(schema.scoreEntries).values({ scoreId: id, accountId: FABRIKAM, value: 3, submittedAt: at }),
      ]),
      ...orphanIds.flatMap((id) => [
        db.insert(schema.scores).values({ id, accountId: null, partnerAccountId: NW, category: "strategy", score: 3, scorePercent: 60 }),
        db.insert(schema.scoreEntries).values({ scoreId: id, accountId: null, assesseeEmail: "someone@nowhere.test", value: 3, submittedAt: at }),
      ]),
    ]);
    const scores = await apiAs("customerAdmin").get("/v1/scores/fitness?category=all&includeEntries=true");
    expect(scores.status).toBe(200);
    const list = await json(scores);
    expect(list.length).toBeGreaterThan(MANY);
    const orphaned = await apiAs("partnerAdmin").get("/v1/admin/scores/fitness/orphaned");
    expect(orphaned.status).toBe(200);
    expect((await json(orphaned)).length).toBeGreaterThan(MANY);
  });

  it("lists over 100 saved items, dependents and team members", async () => {
    expect((await apiAs("customerMember").get("/v1/admin/saved-items")).status).toBe(200);
    const dan = first(await db.select().from(schema.users).where(eq(schema.users.email, "dan@fabrikam.test")));
    const userIds = range(MANY).map(() => crypto.randomUUID());
    await seed([
      ...workoutIds.map((workoutId, i) => db.insert(schema.savedItems).values({ accountId: FABRIKAM, userId: dan.id, workoutId, sequence: 100 + i })),
      ...range(MANY).map((i) => db.insert(schema.accounts).values({ type: "customer", name: `Bulk customer ${i}`, parentAccountId: NW })),
      ...userIds.flatMap((id, i) => [
        db.insert(schema.users).values({ id, authId: `bulk-${id}`, email: `bulk-${i}@northwind.test` }),
        db.insert(schema.accountUsers).values({ accountId: NW, userId: id, email: `bulk-${i}@northwind.test`, name: `Bulk ${i}` }),
      ]),
    ]);
    const saved = await apiAs("customerMember").get("/v1/admin/saved-items");
    expect(saved.status).toBe(200);
    expect((await json(saved)).length).toBeGreaterThanOrEqual(MANY);
    const dependents = await apiAs("partnerAdmin").get("/v1/admin/dependents?limit=100");
    expect(dependents.status).toBe(200);
    expect((await json(dependents)).items).toHaveLength(100);
    const members = await apiAs("partnerAdmin").get("/v1/admin/account-users");
    expect(members.status).toBe(200);
    expect((await json(members)).items.length).toBeGreaterThan(MANY);
  });
});

describe("writes of many child rows", () => {
  it("saves a featured group of 50 workouts", async () => {
    const res = await apiAs("partnerAdmin").post("/v1/admin/featured-groups", { title: "Fifty", workoutIds: workoutIds.slice(0, 50) });
    expect(res.status).toBe(201);
    expect((await json(res)).items).toHaveLength(50);
  });

  it("saves a workout with 100 pricing lines for distinct customers and sessions with many action items", async () => {
    const customers = range(100).map(() => crypto.randomUUID());
    await seed(customers.map((id, i) => db.insert(schema.accounts).values({ id, type: "customer", name: `Priced ${i}`, parentAccountId: NW })));
    const res = await apiAs("partnerAdmin").post("/v1/admin/workouts", {
      name: "Big",
      sku: `BIG-${Date.now()}`,
      type: "workshop",
      category: "strategy",
      difficulty: "beginner",
      title: "Big",
      totalMinutes: 60,
      sessions: range(2).map((s) => ({
        name: `Session ${s}`,
        lengthMinutes: 30,
        actionItems: range(50).map((i) => ({ assigneeType: "customer", stage: "beforeSession", name: `Item ${s}.${i}` })),
      })),
      pricing: customers.map((id, i) => ({
        name: `Deal ${i}`,
        priceType: "customer",
        customerAccountId: id,
        pricingType: "value",
        currency: "USD",
        amount: 1000 + i,
      })),
    });
    expect(res.status).toBe(201);
    const w = await json(res);
    expect(w.pricing).toHaveLength(100);
    expect(w.sessions.map((s: { actionItems: unknown[] }) => s.actionItems.length)).toEqual([50, 50]);
  });
});
