import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO } from "../../db/seed";
import { LAST_ATTEMPT } from "../../worker/domain/flows";
import { weakestCategories } from "../../worker/domain/recommendations";
import { clearIsolateCaches } from "../../worker/http/isolate-cache";
import { apiAs } from "./auth";
import { capturedQueue, directory, failingD1, first, moveContosoToFirstShard, runFlows, second, undoFabrikamRelink } from "./flows-setup";
import { d1Figures, warmAnswer } from "./d1-figures";
import { json } from "./helpers";

/**
 * A customer re-linked to a partner on another shard (Fabrikam, Northwind's
 * customer on the first shard, to Contoso on weur-1): what it takes from its
 * new partner, and the parts of its history read where they happened.
 */
const FABRIKAM = DEMO.customers.fabrikam.id;
const NORTHWIND = DEMO.northwind.id;
const CONTOSO = DEMO.contoso.id;
const relinkPath = `/v1/admin/accounts/${FABRIKAM}/assign-parent`;
const cara = () => apiAs("customerAdmin", { accountId: FABRIKAM });

/** Fabrikam's admin links it to Contoso; the Queue's step runs; answers the messages sent. */
async function moveToContoso(bindings: Partial<Env> = {}) {
  const queue = capturedQueue();
  const res = await apiAs("customerAdmin", { accountId: FABRIKAM, bindings: queue.bindings }).post(relinkPath, { tan: DEMO.contoso.tan });
  expect(res.status).toBe(202);
  const result = await runFlows(queue.sent, { bindings });
  clearIsolateCaches();
  return { sent: queue.sent, result };
}

/** Fabrikam's terms on a database: its partner, currency and price group. */
const termsOn = async (db: typeof first) =>
  (
    await db
      .select({ parent: schema.accounts.parentAccountId, currency: schema.accounts.currency, priceGroupId: schema.accounts.priceGroupId })
      .from(schema.accounts)
      .where(eq(schema.accounts.id, FABRIKAM))
  )[0];

afterEach(undoFabrikamRelink);

describe("a customer linked to a partner with another currency", () => {
  it("takes the new partner's currency and no price group across shards, so the new partner's workouts have a price", async () => {
    expect(await termsOn(first)).toMatchObject({ currency: "USD", priceGroupId: expect.any(String) });
    await moveToContoso();
    expect(await termsOn(second)).toEqual({ parent: CONTOSO, currency: "GBP", priceGroupId: null });
    expect(await termsOn(directory)).toMatchObject({ parent: CONTOSO, currency: "GBP" });
    // Contoso prices its own workout in pounds only: the moved customer sees that price and books at it.
    const options = await cara().get(`/v1/bookings/options/${DEMO.workouts.excelForAnalysts}`);
    expect(options.status).toBe(200);
    expect((await json(options)).price).toMatchObject({ kind: "money", currency: "GBP" });
    const sessions = await second
      .select()
      .from(schema.workoutSessions)
      .where(eq(schema.workoutSessions.workoutId, DEMO.workouts.excelForAnalysts))
      .orderBy(schema.workoutSessions.sequence);
    const at = (d: number) => new Date(Date.UTC(2030, 5, 1 + d, 9)).toISOString();
    const booked = await cara().post("/v1/bookings", {
      workoutId: DEMO.workouts.excelForAnalysts,
      mode: "request",
      sessions: sessions.map((x, i) => ({ sessionId: x.id, times: [at(i)] })),
    });
    expect(booked.status, await booked.clone().text()).toBe(201);
    expect(await json(booked)).toMatchObject({ currency: "GBP" });
    expect((await apiAs(null).get(`/v1/bookings/options/${DEMO.workouts.excelForAnalysts}`)).status).toBe(401);
  });

  it("keeps its currency when the move is compensated on its last attempt", async () => {
    const queue = capturedQueue();
    await apiAs("customerAdmin", { accountId: FABRIKAM, bindings: queue.bindings }).post(relinkPath, { tan: DEMO.contoso.tan });
    const SHARD_FIRST = failingD1(env.SHARD_FIRST, /^update "accounts" set "parent_account_id"/);
    await runFlows(queue.sent, { attempts: LAST_ATTEMPT, bindings: { SHARD_FIRST } });
    expect(await termsOn(directory)).toMatchObject({ parent: NORTHWIND, currency: "USD" });
    expect(await termsOn(first)).toMatchObject({ parent: NORTHWIND, currency: "USD" });
  });

  it("takes the new partner's currency and drops the old partner's price group on the same shard, and keeps both when linked again to the same partner", async () => {
    const before = await termsOn(first);
    const again = await cara().post(relinkPath, { tan: DEMO.northwind.tan });
    expect(again.status).toBe(200);
    expect(await termsOn(first)).toEqual(before);
    await moveContosoToFirstShard();
    const res = await cara().post(relinkPath, { tan: DEMO.contoso.tan });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ parentAccountId: CONTOSO, currency: "GBP" });
    expect(await termsOn(first)).toEqual({ parent: CONTOSO, currency: "GBP", priceGroupId: null });
    expect(await termsOn(directory)).toMatchObject({ parent: CONTOSO, currency: "GBP" });
  });

  it("puts its terms back when the directory refuses a link on the same shard", async () => {
    await moveContosoToFirstShard();
    const before = await termsOn(first);
    const DB = failingD1(env.DB, /^update "accounts" set "parent_account_id"/);
    const res = await apiAs("customerAdmin", { accountId: FABRIKAM, bindings: { DB } }).post(relinkPath, { tan: DEMO.contoso.tan });
    expect(res.status).toBe(500);
    expect(await termsOn(first)).toEqual(before);
    expect(await termsOn(directory)).toMatchObject({ parent: NORTHWIND, currency: "USD" });
  });
});

describe("a re-linked customer's recommendations and prerequisites count its former shards' scores", () => {
  type Recs = { basis: string; categories: string[]; workouts: { id: string; category: string }[] };
  /** Fabrikam's scores as its old shard holds them, newest first, as recommendations compare them. */
  const oldScores = async () =>
    (
      await first
        .select({ category: schema.scores.category, score: schema.scores.scorePercent, value: schema.scores.score, createdAt: schema.scores.createdAt })
        .from(schema.scores)
        .where(eq(schema.scores.accountId, FABRIKAM))
    ).sort((a, b) => b.createdAt.localeCompare(a.createdAt));

  it("recommends by the scores it took under its old partner, on the next step and Home; its new partner's view counts only its own", async () => {
    const expected = weakestCategories(await oldScores());
    expect(expected.length).toBeGreaterThan(0);
    await moveToContoso();
    const res = await cara().get("/v1/scores/recommendations");
    expect(res.status).toBe(200);
    const recs = await json<Recs>(res);
    expect(recs).toMatchObject({ basis: "scores", categories: expected });
    expect(recs.workouts.length).toBeGreaterThan(0);
    expect(recs.workouts.every((w) => expected.includes(w.category as never))).toBe(true);

    // Home's "recommended" slot is the same answer.
    const saved = await apiAs("otherPartnerAdmin", { accountId: CONTOSO }).put("/v1/admin/homepage", {
      rows: [
        { isHero: true, slots: [{ itemType: "featuredGroup", heroText: "Welcome", title: "Welcome", subtitle: null }] },
        { isHero: false, type: "carouselSingle", title: "For you", subtitle: "From your scores", slots: [{ itemType: "recommended", workoutIds: [] }] },
      ],
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const home = await json<{ rows: { slots: { workouts: { id: string }[] }[] }[] }>(await cara().get("/v1/homepage"));
    expect(home.rows[0]!.slots[0]!.workouts.map((w) => w.id)).toEqual(recs.workouts.map((w) => w.id));

    // Contoso sees what happened under it only: no score yet, so its featured workouts; Northwind no longer has the customer.
    const details = await apiAs("otherPartnerAdmin", { accountId: CONTOSO }).get(`/v1/admin/dependents/${FABRIKAM}`);
    expect(details.status).toBe(200);
    expect((await json(details)).recommendations).toMatchObject({ basis: "featured", categories: [] });
    expect((await apiAs("partnerAdmin").get(`/v1/admin/dependents/${FABRIKAM}`)).status).toBe(404);
    expect((await apiAs(null).get("/v1/scores/recommendations")).status).toBe(401);
  });

  it("meets a score prerequisite of its new partner's workout with a score taken under its old partner", async () => {
    // The latest of its category is the one that counts.
    const latest = (await oldScores())[0]!;
    await moveToContoso();
    const [rule] = await second
      .insert(schema.prerequisites)
      .values({
        accountId: CONTOSO,
        workoutId: DEMO.workouts.excelForAnalysts,
        type: "score",
        name: "Readiness",
        category: latest.category,
        minimumScore: 0.1,
      })
      .returning();
    const options = async () => (await json(await cara().get(`/v1/bookings/options/${DEMO.workouts.excelForAnalysts}`))).missingPrerequisites;
    expect(await options()).toEqual([]);
    // A minimum above the old score still counts it, and names it.
    await second.update(schema.prerequisites).set({ minimumScore: 99 }).where(eq(schema.prerequisites.id, rule!.id));
    const missing: string[] = await options();
    expect(missing).toHaveLength(1);
    expect(missing[0]!.startsWith("Readiness: a score of at least 99 in ")).toBe(true);
    expect(missing[0]!.endsWith(`(yours is ${latest.value})`)).toBe(true);
  });
});

describe("a re-linked customer's assessments", () => {
  const answerAll = (form: { questions: { id: string }[] }, value: number) => Object.fromEntries(form.questions.map((q) => [q.id, value]));
  const linkOf = async () => await json<{ id: string; token: string }>(await cara().get("/v1/assessments/fitness-score?category=all"));

  it("refuses a link its old partner issued (409, nothing written there); a new link scores under the new partner, read with the old scores", async () => {
    const old = await linkOf();
    await moveToContoso();
    for (const step of ["open", "submit"]) {
      const res = await apiAs("customerAdmin").post(`/v1/assessments/${old.token}/${step}`, step === "submit" ? { answers: {} } : undefined);
      expect(res.status, step).toBe(409);
      expect((await json(res)).error.message).toMatch(/changed provider/);
    }
    expect((await first.select().from(schema.assessments).where(eq(schema.assessments.id, old.id)))[0]).toMatchObject({ status: "pending" });
    expect((await apiAs(null).post(`/v1/assessments/${old.token}/open`)).status).toBe(401);

    const fresh = await linkOf();
    const form = await json<{ questions: { id: string }[] }>(await apiAs("customerAdmin").post(`/v1/assessments/${fresh.token}/open`));
    const done = await apiAs("customerAdmin").post(`/v1/assessments/${fresh.token}/submit`, { answers: answerAll(form, 4) });
    expect(done.status, await done.clone().text()).toBe(200);
    const written = await second.select().from(schema.scores).where(eq(schema.scores.assessmentId, fresh.id));
    expect(written.length).toBeGreaterThan(0);
    expect(written.every((s) => s.partnerAccountId === CONTOSO && s.accountId === FABRIKAM)).toBe(true);
    // The customer reads both partners' scores; Contoso lists its own assessment and scores only.
    const before = await first.select({ id: schema.scores.id }).from(schema.scores).where(eq(schema.scores.accountId, FABRIKAM));
    const mine = await json<{ id: string }[]>(await cara().get("/v1/scores/fitness"));
    expect(mine.map((s) => s.id).sort()).toEqual([...before, ...written].map((s) => s.id).sort());
    const contoso = apiAs("otherPartnerAdmin", { accountId: CONTOSO });
    const assessments = await json<{ id: string }[]>(await contoso.get(`/v1/admin/dependents/${FABRIKAM}/assessments`));
    expect(assessments.map((a) => a.id)).toEqual([fresh.id]);
    const scores = await json<{ id: string }[]>(await contoso.get(`/v1/admin/dependents/${FABRIKAM}/scores`));
    expect(scores.map((s) => s.id).sort()).toEqual(written.map((s) => s.id).sort());
    expect((await apiAs("partnerAdmin").get(`/v1/admin/dependents/${FABRIKAM}/assessments`)).status).toBe(404);
  });

  it("still takes a link of its current partner's (no move, same partner)", async () => {
    const link = await linkOf();
    const res = await apiAs("customerAdmin").post(`/v1/assessments/${link.token}/open`);
    expect(res.status).toBe(200);
  });
});

describe("a re-linked customer's old reviews", () => {
  // A workout Fabrikam booked in the demo's history but never completed, only Northwind's.
  const W = DEMO.workouts.drTabletop;
  const comments = async (who: Parameters<typeof apiAs>[0], id = W, accountId?: string) => {
    const res = await apiAs(who, accountId ? { accountId } : {}).get(`/v1/workouts/${id}/reviews`);
    expect(res.status).toBe(200);
    return ((await json(res)).items as { comment: string }[]).map((r) => r.comment);
  };
  /** Cara reviews W under Northwind after Fabrikam completed it there. */
  async function reviewUnderNorthwind() {
    await first.insert(schema.jobs).values({ accountId: FABRIKAM, partnerAccountId: NORTHWIND, workoutId: W, status: "completed" });
    const res = await cara().post(`/v1/workouts/${W}/reviews`, { rating: 4, comment: "Worth the morning" });
    expect(res.status).toBe(201);
    const [row] = await first.select().from(schema.reviews).where(eq(schema.reviews.workoutId, W));
    expect(row).toMatchObject({ accountId: FABRIKAM, partnerAccountId: NORTHWIND });
  }
  afterEach(async () => {
    await first.delete(schema.reviews).where(eq(schema.reviews.accountId, FABRIKAM));
    await first.delete(schema.jobs).where(eq(schema.jobs.workoutId, W));
  });

  it("stay with the partner they were written under when the reviewer moves to another shard; the new partner's side never reads them", async () => {
    await reviewUnderNorthwind();
    // A review of the workout both partners carry, written under Northwind too.
    const shared = DEMO.sharedWorkoutId;
    expect((await cara().get(`/v1/workouts/${shared}/reviews`)).status).toBe(200);
    const [dan] = await first.select().from(schema.users).where(eq(schema.users.email, "dan@fabrikam.test"));
    await first.insert(schema.reviews).values({ workoutId: shared, accountId: FABRIKAM, userId: dan!.id, rating: 2, comment: "Said under Northwind" });
    await moveToContoso();
    // Northwind and its customers read them as before the move, the rating counting them.
    expect(await comments("partnerAdmin")).toEqual(["Worth the morning"]);
    expect((await json(await apiAs("partnerAdmin").get(`/v1/workouts/${W}`))).rating).toEqual({ average: 4, count: 1 });
    expect(await comments("partnerAdmin", shared)).toEqual(["Said under Northwind"]);
    // Contoso's side (the moved reviewer now among them) reads none of them.
    expect(await comments("otherCustomerAdmin", shared)).toEqual([]);
    expect(await comments("otherPartnerAdmin", shared, CONTOSO)).toEqual([]);
    expect(await comments("customerAdmin", shared, FABRIKAM)).toEqual([]);
    expect((await apiAs(null).get(`/v1/workouts/${W}/reviews`)).status).toBe(401);
  });

  it("stay with the partner they were written under when the reviewer re-links on the same shard", async () => {
    await reviewUnderNorthwind();
    await moveContosoToFirstShard();
    expect((await cara().post(relinkPath, { tan: DEMO.contoso.tan })).status).toBe(200);
    expect(await comments("partnerAdmin")).toEqual(["Worth the morning"]);
    expect((await json(await apiAs("partnerAdmin").get(`/v1/workouts/${W}/reviews`))).count).toBe(1);
  });
});

describe("a re-linked customer's audit trail", () => {
  type Page = { items: { id: string; createdAt: string }[]; nextCursor: string | null };
  /** Fabrikam's entries on one shard, newest first (the id breaking ties), with their partner stamp. */
  const entriesOn = (db: typeof first) =>
    db
      .select({ id: schema.auditEntries.id, partner: schema.auditEntries.partnerAccountId, createdAt: schema.auditEntries.createdAt })
      .from(schema.auditEntries)
      .where(eq(schema.auditEntries.accountId, FABRIKAM));
  const newestFirst = <T extends { id: string; createdAt: string }>(rows: T[]) => {
    const desc = (x: string, y: string) => (x < y ? 1 : x > y ? -1 : 0);
    return [...rows].sort((a, b) => desc(a.createdAt, b.createdAt) || desc(a.id, b.id));
  };

  it("gives the customer's owners its whole trail from both shards, paged across them within the read budget; its new partner only what happened under it", async () => {
    const old = await entriesOn(first);
    expect(old.length).toBeGreaterThan(3);
    expect(old.every((e) => e.partner === NORTHWIND)).toBe(true);
    await moveToContoso();
    const contoso = apiAs("otherPartnerAdmin", { accountId: CONTOSO });
    const granted = await contoso.post("/v1/admin/entitlements/credit", { accountId: FABRIKAM, itemType: "bonus", quantity: 2 });
    expect(granted.status).toBe(201);
    const fresh = await entriesOn(second);
    expect(fresh.length).toBeGreaterThan(0);
    expect(fresh.every((e) => e.partner === CONTOSO)).toBe(true);
    const expected = newestFirst([...old, ...fresh]).map((e) => e.id);

    const res = await warmAnswer(() => cara().get("/v1/admin/audit?limit=100"));
    expect(res.status).toBe(200);
    expect(d1Figures(res).calls).toBeLessThanOrEqual(3);
    expect(d1Figures(res).depth).toBeLessThanOrEqual(2);
    const all = await json<Page>(res);
    if (expected.length <= 100) expect(all.items.map((e) => e.id)).toEqual(expected);

    // A few at a time, the cursor carries across both shards: every entry once, in the same order.
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Page = await json(await cara().get(`/v1/admin/audit?limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`));
      expect(page.items.length).toBeLessThanOrEqual(7);
      paged.push(...page.items.map((e) => e.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toEqual(expected);

    // Contoso reads what happened under it only; Northwind no longer has the customer; a member and no token are refused.
    const theirs = await json<Page>(await contoso.get(`/v1/admin/dependents/${FABRIKAM}/audit?limit=100`));
    expect(theirs.items.map((e) => e.id).sort()).toEqual(fresh.map((e) => e.id).sort());
    expect((await apiAs("partnerAdmin").get(`/v1/admin/dependents/${FABRIKAM}/audit`)).status).toBe(404);
    expect((await apiAs("customerMember", { accountId: FABRIKAM }).get("/v1/admin/audit")).status).toBe(403);
    expect((await apiAs(null).get("/v1/admin/audit")).status).toBe(401);
  });
});
