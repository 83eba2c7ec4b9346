import { env } from "cloudflare:workers";
import { count, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO, DEMO_USERS, SCORE_DEMO } from "../../db/seed";
import { apiAs, lastMailTo, tokenFor } from "./auth";
import { json } from "./helpers";
import { first } from "../present";
import { assessmentStatus, scoreCameIn } from "./assessment-setup";

const db = drizzle(env.DB, { schema });
const FABRIKAM = DEMO.customers.fabrikam.id;
const DAN = DEMO_USERS.customerMember.email;
const counts = async () => ({
  assessments: first(await db.select({ n: count() }).from(schema.assessments)).n,
  scores: first(await db.select({ n: count() }).from(schema.scores)).n,
  mail: first(await db.select({ n: count() }).from(schema.mailOutbox)).n,
  audit: first(await db.select({ n: count() }).from(schema.auditEntries)).n,
});
const userIdOf = async (email: string) => first(await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email))).id;

describe("GET v1/admin/dependents/{id}/assessment-recipients", () => {
  const path = `/v1/admin/dependents/${FABRIKAM}/assessment-recipients`;
  it("lists the customer's active members to its partner's owners and admins only", async () => {
    const res = await apiAs("partnerAdmin").get(path);
    expect(res.status).toBe(200);
    const members = await json(res);
    expect(members).toContainEqual({ userId: await userIdOf(DAN), name: "Dan Moreau", email: DAN });
    expect(members.map((m: { email: string }) => m.email)).not.toContain(DEMO_USERS.partnerAdmin.email);
    expect((await apiAs("otherPartnerAdmin").get(path)).status).toBe(404);
    expect((await apiAs("partnerMember").get(path)).status).toBe(403);
    expect((await apiAs("customerAdmin").get(path)).status).toBe(403);
    expect((await apiAs(null).get(path)).status).toBe(401);
    expect((await apiAs("partnerAdmin").get("/v1/admin/dependents/nope/assessment-recipients")).status).toBe(400);
  });
});

describe("POST v1/admin/dependents/{id}/assessment-links", () => {
  const path = `/v1/admin/dependents/${FABRIKAM}/assessment-links`;

  it("mails each chosen member a link of their own, in the partner's branding, that only they can take", async () => {
    const dan = await userIdOf(DAN);
    const res = await apiAs("partnerAdmin").post(path, { category: "strategy", userIds: [dan] });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.sent).toBe(1);
    const row = first(await db.select().from(schema.assessments).where(eq(schema.assessments.id, body.assessmentIds[0])));
    expect(row).toMatchObject({ accountId: FABRIKAM, partnerAccountId: DEMO.northwind.id, category: "strategy", status: "pending", createdByUserId: dan });

    const mail = await lastMailTo(DAN, "fitness assessment");
    expect(mail).toMatchObject({ fromName: DEMO.northwind.platformName, replyTo: DEMO_USERS.partnerAdmin.email, accountId: FABRIKAM });
    expect(mail?.text).toContain("Ada Lovelace asks you to reassess Strategy");
    expect(mail?.html).toContain("Take the assessment");
    const token = decodeURIComponent(mail?.text.match(/\/assessment\/(\S+)/)?.[1] ?? "");
    expect(token).toBe(row.token);

    // Dan opens it (one category's statements); nobody else can.
    const opened = await apiAs(await tokenFor("customerMember")).post(`/v1/assessments/${encodeURIComponent(token)}/open`);
    expect(opened.status).toBe(200);
    expect((await json(opened)).questions.map((q: { category: string }) => q.category)).toEqual(Array(8).fill("strategy"));
    expect((await apiAs("customerAdmin").post(`/v1/assessments/${encodeURIComponent(token)}/open`)).status).toBe(403);
  });

  it("refuses no one chosen, a non-member, a bad category, another partner, members, customers and no token, writing nothing", async () => {
    const dan = await userIdOf(DAN);
    const before = await counts();
    const none = await apiAs("partnerAdmin").post(path, { userIds: [] });
    expect(none.status).toBe(400);
    expect((await json(none)).error.fields.userIds).toBe("Choose at least one person");
    const stranger = await apiAs("partnerAdmin").post(path, { userIds: [dan, await userIdOf(DEMO_USERS.otherCustomerAdmin.email)] });
    expect(stranger.status).toBe(400);
    expect((await json(stranger)).error.fields.userIds).toBe("Not an active member of this customer");
    const badCategory = await apiAs("partnerAdmin").post(path, { category: "cardio", userIds: [dan] });
    expect((await json(badCategory)).error.fields.category).toBeTruthy();
    expect((await apiAs("otherPartnerAdmin").post(path, { userIds: [dan] })).status).toBe(404);
    expect((await apiAs("partnerMember").post(path, { userIds: [dan] })).status).toBe(403);
    expect((await apiAs("customerAdmin").post(path, { userIds: [dan] })).status).toBe(403);
    expect((await apiAs(null).post(path, { userIds: [dan] })).status).toBe(401);
    expect(await counts()).toEqual(before);
  });
});

describe("POST v1/admin/scores/fitness/mark-assessed needs scores", () => {
  const PATH = "/v1/admin/scores/fitness/mark-assessed";
  const assessmentId = SCORE_DEMO.inProgressAssessmentId;

  it("refuses an assessment with no scores (409, nothing written), and marks one whose scores came in", async () => {
    const before = await counts();
    const empty = await apiAs("partnerAdmin").post(PATH, { assessmentId });
    expect(empty.status).toBe(409);
    expect((await json(empty)).error.message).toBe("This assessment has no scores yet");
    expect(await counts()).toEqual(before);
    expect(await assessmentStatus(assessmentId)).toBe("inProgress");

    await scoreCameIn(assessmentId);
    const ok = await apiAs("partnerAdmin").post(PATH, { assessmentId });
    expect(ok.status).toBe(200);
    expect(await json(ok)).toMatchObject({ id: assessmentId, status: "assessed", scoreCount: 1 });
  });
});

describe("GET v1/scores/recommendations", () => {
  it("answers the customer the workouts for its weakest categories; refuses a partner and no token", async () => {
    const res = await apiAs("customerMember").get("/v1/scores/recommendations");
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.basis).toBe("scores");
    expect(body.categories).toHaveLength(2);
    expect(body.workouts.length).toBeGreaterThan(0);
    for (const w of body.workouts) expect(body.categories).toContain(w.category);
    expect((await apiAs("partnerAdmin").get("/v1/scores/recommendations")).status).toBe(403);
    expect((await apiAs(null).get("/v1/scores/recommendations")).status).toBe(401);
  });
});

describe("reassessing one category", () => {
  it("writes a score for that category only: it becomes the latest and the earlier ones stay as history", async () => {
    const dan = await tokenFor("customerMember");
    const history = async () =>
      (await json(await apiAs(dan).get("/v1/scores/fitness?category=dataAndInsights"))).map((s: { scorePercent: number }) => s.scorePercent);
    const earlier = await history();
    const others = first(await db.select({ n: count() }).from(schema.scores).where(eq(schema.scores.category, "strategy"))).n;
    const { token } = await json(await apiAs(dan).get("/v1/assessments/fitness-score?category=dataAndInsights"));
    const form = await json(await apiAs(dan).post(`/v1/assessments/${token}/open`));
    const answers = Object.fromEntries(form.questions.map((q: { id: string }) => [q.id, 5]));
    const done = await apiAs(dan).post(`/v1/assessments/${token}/submit`, { answers });
    expect(done.status).toBe(200);
    expect((await json(done)).categories).toEqual([expect.objectContaining({ category: "dataAndInsights", scorePercent: 100 })]);
    expect(await history()).toEqual([100, ...earlier]);
    expect(first(await db.select({ n: count() }).from(schema.scores).where(eq(schema.scores.category, "strategy"))).n).toBe(others);
  });
});

describe("an e-mail address left empty is Required, never zod's wording", () => {
  it("on a partner's link, an empty or blank address is Required and a wrong one Invalid Email", async () => {
    const { token } = await json(await apiAs("partnerAdmin").get("/v1/assessments/fitness-score?category=strategy"));
    const form = await json(await apiAs(null).post(`/v1/assessments/${token}/open`));
    const answers = Object.fromEntries(form.questions.map((q: { id: string }) => [q.id, 3]));
    for (const [assesseeEmail, message] of [
      ["", "Required"],
      ["   ", "Required"],
      ["nope", "Invalid Email"],
    ]) {
      const res = await apiAs(null).post(`/v1/assessments/${token}/submit`, { answers, assesseeName: "Sam", assesseeEmail });
      expect(res.status).toBe(400);
      expect((await json(res)).error.fields.assesseeEmail).toBe(message);
    }
  });
});
