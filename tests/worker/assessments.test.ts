import { env } from "cloudflare:workers";
import { count, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO, SCORE_DEMO } from "../../db/seed";
import { signLink } from "../../worker/domain/assessment";
import { authSecret } from "../../worker/identity/embedded";
import { apiAs, signUp, tokenFor, type Caller } from "./auth";
import { json } from "./helpers";
import { first } from "../present";
import { assessmentStatus, scoreCameIn } from "./assessment-setup";
import { shardDbOf } from "./databases";
import { clearIsolateCaches } from "../../worker/http/isolate-cache";
import { withClockHeld } from "./clock";

const db = drizzle(env.DB, { schema });
const LINK = "/v1/assessments/fitness-score";
const FABRIKAM = DEMO.customers.fabrikam.id;
type Who = Parameters<typeof tokenFor>[0];

const link = (who: Who, query = "") => apiAs(who).get(`${LINK}${query}`);
const open = (token: string, bearer: Caller = null) => apiAs(bearer).post(`/v1/assessments/${token}/open`);
const submit = (token: string, body: unknown, bearer: Caller = null) => apiAs(bearer).post(`/v1/assessments/${token}/submit`, body);
const counts = async () => ({
  assessments: first(await db.select({ n: count() }).from(schema.assessments)).n,
  scores: first(await db.select({ n: count() }).from(schema.scores)).n,
  entries: first(await db.select({ n: count() }).from(schema.scoreEntries)).n,
  audit: first(await db.select({ n: count() }).from(schema.auditEntries)).n,
});
/** The directory's binding, counting the statements matching `pattern` it is asked to run (sessions included). */
function countingD1(d1: D1Database, pattern: RegExp): D1Database & { calls: number } {
  const state = { calls: 0 };
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(obj, key) {
        if (key === "calls") return state.calls;
        if (key === "prepare")
          return (sql: string) => {
            if (pattern.test(sql)) state.calls++;
            return (obj as unknown as D1Database).prepare(sql);
          };
        if (key === "withSession") return (...args: unknown[]) => wrap((obj as unknown as D1Database).withSession(...(args as [string])));
        const value = Reflect.get(obj, key) as unknown;
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(obj) : value;
      },
    });
  return wrap(d1) as D1Database & { calls: number };
}
/** Answers every question of a form with `value` (1–5). */
const answerAll = (form: { questions: { id: string }[] }, value: number) => Object.fromEntries(form.questions.map((q) => [q.id, value]));

describe("GET v1/assessments/fitness-score", () => {
  it("answers a customer's member a signed link to the whole assessment, or to one category", async () => {
    const res = await link("customerMember");
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({
      category: "all",
      url: expect.stringMatching(new RegExp(`^http://localhost:5173/assessment/[0-9a-f-]{36}\\.${DEMO.northwind.id}\\.[\\w-]{43}$`)),
    });
    expect(new Date(body.expiresAt).getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);
    const [row] = await db.select().from(schema.assessments).where(eq(schema.assessments.id, body.id));
    expect(row).toMatchObject({ accountId: FABRIKAM, partnerAccountId: DEMO.northwind.id, status: "pending" });
    expect(await json(await link("customerMember", "?category=strategy"))).toMatchObject({ category: "strategy" });
  });

  it("refuses a bad category (nothing written), no token, another tenant's account and a partner's member", async () => {
    const before = await counts();
    const bad = await link("customerMember", "?category=cardio");
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields.category).toBeTruthy();
    expect(await counts()).toEqual(before);
    expect((await apiAs(null).get(LINK)).status).toBe(401);
    expect((await apiAs("customerMember", { accountId: DEMO.customers.harbour.id }).get(LINK)).status).toBe(403);
    expect((await link("partnerMember")).status).toBe(403);
    expect(await counts()).toEqual(before);
  });
});

describe("taking the assessment through a customer's link", () => {
  it("opens for the member it was issued to (in progress), finishes with scores for their account (assessed, audited), and only once", async () => {
    const dan = await tokenFor("customerMember");
    const { token, id } = await json(await link("customerMember"));
    const opened = await open(token, dan);
    expect(opened.status).toBe(200);
    const form = await json(opened);
    expect(form).toMatchObject({ status: "inProgress", asksForAssessee: false, partnerName: "Northwind Learning" });
    expect(form.questions).toHaveLength(56);
    expect(await assessmentStatus(id)).toBe("inProgress");

    const answers = answerAll(form, 4);
    answers[form.questions[0].id] = 2;
    const done = await submit(token, { answers }, dan);
    expect(done.status).toBe(200);
    const result = await json(done);
    expect(result.orphaned).toBe(false);
    expect(result.categories).toHaveLength(7);
    expect(result.categories[0]).toMatchObject({ category: "aiAndAutomation", score: 3.8, scorePercent: 75 });
    expect(result.overall).toEqual({ score: 79, scoreName: DEMO.northwind.platformName, customScoreString: "79/100" });
    expect(await assessmentStatus(id)).toBe("assessed");

    const strategy = await json(await apiAs(dan).get("/v1/scores/fitness?category=strategy&includeEntries=true"));
    expect(strategy[0]).toMatchObject({ source: "assessment", scorePercent: 80 });
    expect(strategy[0].entries[0].assesseeName).toBe("Dan Moreau");
    const audit = await db.select().from(schema.auditEntries).where(eq(schema.auditEntries.subjectId, id));
    expect(audit).toEqual([expect.objectContaining({ accountId: FABRIKAM, code: "fitnessScoreUpdated" })]);

    const before = await counts();
    const again = await submit(token, { answers }, dan);
    expect(again.status).toBe(409);
    expect((await open(token, dan)).status).toBe(409);
    expect(await counts()).toEqual(before);
  });

  it("refuses missing answers (400 with fields, nothing written)", async () => {
    const dan = await tokenFor("customerMember");
    const { token } = await json(await link("customerMember", "?category=dataAndInsights"));
    const form = await json(await open(token, dan));
    expect(form.questions).toHaveLength(8);
    const answers = answerAll(form, 3);
    delete answers[form.questions[2].id];
    const before = await counts();
    const res = await submit(token, { answers: { ...answers, [form.questions[0].id]: 9 } }, dan);
    expect(res.status).toBe(400);
    const fields = (await json(res)).error.fields;
    expect(fields[`answers.${form.questions[0].id}`]).toBeTruthy();
    const missing = await submit(token, { answers }, dan);
    expect((await json(missing)).error.fields).toEqual({ [`answers.${form.questions[2].id}`]: "Required" });
    expect(await counts()).toEqual(before);
  });

  it("is bound to its user: someone else, no token, a forged token and an expired link are refused, nothing written", async () => {
    const { token, id } = await json(await link("customerMember"));
    const before = await counts();
    const cara = await tokenFor("customerAdmin");
    const other = await open(token, cara);
    expect(other.status).toBe(403);
    expect((await json(other)).error.message).toBe("This assessment link was issued to someone else");
    expect((await submit(token, { answers: {} }, cara)).status).toBe(403);
    expect((await open(token)).status).toBe(401);
    const forged = `${id}.${"A".repeat(43)}`;
    expect((await open(forged, "customerMember")).status).toBe(404);
    expect((await open("not-a-token", "customerMember")).status).toBe(404);
    expect(await assessmentStatus(id)).toBe("pending");

    // A link signed correctly but past its time.
    const dan = first(await db.select().from(schema.users).where(eq(schema.users.email, "dan@fabrikam.test")));
    const expiredId = crypto.randomUUID();
    const claims = {
      assessmentId: expiredId,
      accountId: FABRIKAM,
      partnerAccountId: DEMO.northwind.id,
      userId: dan.id,
      expiresAt: new Date(Date.now() - 60_000).toISOString(),
    };
    const expiredToken = await signLink(authSecret(env), claims);
    await db.insert(schema.assessments).values({
      id: expiredId,
      accountId: FABRIKAM,
      partnerAccountId: DEMO.northwind.id,
      category: "all",
      token: expiredToken,
      expiresAt: claims.expiresAt,
      createdByUserId: dan.id,
    });
    const expired = await open(expiredToken, "customerMember");
    expect(expired.status).toBe(403);
    expect((await json(expired)).error.message).toBe("This assessment link has expired");
    expect((await counts()).scores).toBe(before.scores);
  });
});

describe("taking the assessment through a partner's link", () => {
  it("needs no sign-in; an unknown taker's scores are orphaned and listed under Submitted Scores, audited on the partner", async () => {
    const { token, id } = await json(await link("partnerAdmin", "?category=securityAndContinuity"));
    const form = await json(await open(token));
    expect(form).toMatchObject({ asksForAssessee: true, partnerName: "Northwind Learning" });
    const before = await counts();
    const noName = await submit(token, { answers: answerAll(form, 2) });
    expect(noName.status).toBe(400);
    expect((await json(noName)).error.fields).toEqual({ assesseeName: "Required", assesseeEmail: "Required" });
    const badMail = await submit(token, { answers: answerAll(form, 2), assesseeName: "Sam Stranger", assesseeEmail: "nope" });
    expect((await json(badMail)).error.fields.assesseeEmail).toBe("Invalid Email");
    expect(await counts()).toEqual(before);

    const res = await submit(token, { answers: answerAll(form, 2), assesseeName: "Sam Stranger", assesseeEmail: "Sam@Unknown.test" });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ orphaned: true, categories: [{ category: "securityAndContinuity", scorePercent: 40 }] });
    const orphans = await json(await apiAs("partnerAdmin").get("/v1/admin/scores/fitness/orphaned"));
    expect(orphans).toContainEqual(expect.objectContaining({ assesseeName: "Sam Stranger", assesseeEmail: "sam@unknown.test", scorePercent: 40 }));
    expect(await json(await apiAs("otherPartnerAdmin").get("/v1/admin/scores/fitness/orphaned"))).toEqual([]);
    const audit = await db.select().from(schema.auditEntries).where(eq(schema.auditEntries.subjectId, id));
    expect(audit).toEqual([expect.objectContaining({ accountId: DEMO.northwind.id, code: "fitnessScoreUpdated" })]);
  });

  it("a typed address attributes nothing: an anonymous taker with a member's address gets the same answer as a stranger, the score waits unassigned", async () => {
    const fabrikamScores = async () => first(await db.select({ n: count() }).from(schema.scores).where(eq(schema.scores.accountId, FABRIKAM))).n;
    const before = await fabrikamScores();
    const answers: Record<string, unknown>[] = [];
    for (const assesseeEmail of ["dan@fabrikam.test", "nobody@unknown.test"]) {
      const { token } = await json(await link("partnerAdmin", "?category=strategy"));
      const form = await json(await open(token));
      expect(form.asksForAssessee).toBe(true);
      const res = await submit(token, { answers: answerAll(form, 5), assesseeName: "Dan", assesseeEmail });
      expect(res.status).toBe(200);
      answers.push(await json(res));
    }
    const [member, stranger] = answers as [Record<string, unknown>, Record<string, unknown>];
    const shape = (a: Record<string, unknown>) => ({ ...a, assessmentId: "", categories: [] });
    expect(shape(member)).toEqual(shape(stranger));
    expect(member.orphaned).toBe(true);
    expect(await fabrikamScores()).toBe(before);
    const orphans = await json(await apiAs("partnerAdmin").get("/v1/admin/scores/fitness/orphaned"));
    expect(orphans).toContainEqual(expect.objectContaining({ assesseeEmail: "dan@fabrikam.test", category: "strategy" }));
  });

  it("gives a signed-in taker with a verified address their customer's scores, named by the session (typed details ignored)", async () => {
    const dan = await tokenFor("customerMember");
    const { token } = await json(await link("partnerAdmin", "?category=strategy"));
    const form = await json(await open(token, dan));
    expect(form.asksForAssessee).toBe(false);
    const res = await submit(token, { answers: answerAll(form, 5), assesseeName: "Someone Else", assesseeEmail: "cara@fabrikam.test" }, dan);
    expect(res.status).toBe(200);
    const result = await json(res);
    expect(result.orphaned).toBe(false);
    const mine = await json(await apiAs("customerAdmin").get("/v1/scores/fitness?category=strategy&includeEntries=true"));
    const score = mine.find((s: { id: string }) => s.id === result.categories[0].scoreId);
    expect(score.entries).toEqual([expect.objectContaining({ assesseeName: "Dan Moreau" })]);
    const [entry] = await db.select().from(schema.scoreEntries).where(eq(schema.scoreEntries.scoreId, score.id));
    expect(entry).toMatchObject({ accountId: FABRIKAM, assesseeEmail: "dan@fabrikam.test" });
  });

  it("does not give another partner's customer a score: that taker is unknown to this partner, signed in or not", async () => {
    const { token } = await json(await link("otherPartnerAdmin", "?category=strategy"));
    const form = await json(await open(token));
    expect(form.partnerName).toBe("Contoso Skills");
    const res = await json(await submit(token, { answers: answerAll(form, 3), assesseeName: "Dan", assesseeEmail: "dan@fabrikam.test" }));
    expect(res.orphaned).toBe(true);
    const dan = await tokenFor("customerMember");
    const signedIn = await json(await link("otherPartnerAdmin", "?category=strategy"));
    const form2 = await json(await open(signedIn.token, dan));
    const res2 = await json(await submit(signedIn.token, { answers: answerAll(form2, 3) }, dan));
    expect(res2.orphaned).toBe(true);
    // Contoso's link, its scores and entries are on Contoso's shard.
    const contoso = await shardDbOf(DEMO.contoso.id);
    const [entry] = await contoso.select().from(schema.scoreEntries).where(eq(schema.scoreEntries.scoreId, res2.categories[0].scoreId));
    expect(entry).toMatchObject({ accountId: null, assesseeEmail: "dan@fabrikam.test", assesseeName: "Dan Moreau" });
  });

  it("opens a partner's link on its partner's shard from the main domain, with at most one directory call to find it", async () => {
    const issued = await json(await link("otherPartnerAdmin", "?category=strategy"));
    expect(issued.token).toContain(`.${DEMO.contoso.id}.`);
    const contoso = await shardDbOf(DEMO.contoso.id);
    expect(await contoso.select({ id: schema.assessments.id }).from(schema.assessments).where(eq(schema.assessments.id, issued.id))).toHaveLength(1);
    // Cold: one look-up of the link's partner in the directory's routing rows; warm: none.
    // Under a held clock, so the cached look-up cannot lapse between the two on a slow machine.
    clearIsolateCaches();
    const directory = countingD1(env.DB, /from "accounts"/i);
    await withClockHeld(async () => {
      const opened = await apiAs(null, { bindings: { DB: directory } }).post(`/v1/assessments/${issued.token}/open`);
      expect(opened.status).toBe(200);
      expect((await json(opened)).partnerName).toBe("Contoso Skills");
      expect(directory.calls).toBe(1);
      const again = await apiAs(null, { bindings: { DB: directory } }).post(`/v1/assessments/${issued.token}/open`);
      expect(again.status).toBe(200);
      expect(directory.calls).toBe(1);
    });
    const [row] = await contoso.select().from(schema.assessments).where(eq(schema.assessments.id, issued.id));
    expect(row).toMatchObject({ status: "inProgress", partnerAccountId: DEMO.contoso.id });
    // A customer's link of Contoso's customer, taken by its member on the main domain without naming the account.
    const finn = await json(await link("otherCustomerAdmin", "?category=strategy"));
    expect(finn.token).toContain(`.${DEMO.contoso.id}.`);
    const finnForm = await open(finn.token, "otherCustomerAdmin");
    expect(finnForm.status).toBe(200);
    const done = await json(await submit(finn.token, { answers: answerAll(await json(finnForm), 4) }, "otherCustomerAdmin"));
    expect(done.orphaned).toBe(false);
    const [scored] = await contoso.select().from(schema.scoreEntries).where(eq(schema.scoreEntries.scoreId, done.categories[0].scoreId));
    expect(scored).toMatchObject({ accountId: DEMO.customers.harbour.id });
  });

  it("is 404 for a link naming an unknown partner, or naming another partner than its own, and for a forged one", async () => {
    const issued = await json(await link("otherPartnerAdmin", "?category=strategy"));
    const unknown = issued.token.replace(DEMO.contoso.id, crypto.randomUUID());
    expect((await open(unknown)).status).toBe(404);
    // Naming Northwind sends the look-up to Northwind's shard, where there is no such link; the signature covers the partner anyway.
    expect((await open(issued.token.replace(DEMO.contoso.id, DEMO.northwind.id))).status).toBe(404);
    expect((await open(`${issued.token.slice(0, -2)}xx`)).status).toBe(404);
    expect((await open(issued.token)).status).toBe(200);
  });

  // Under a held clock: the rate window cannot pass between the attempts on a slow machine.
  it("rate limits opening and finishing links per client address with a 429 in the error envelope", () =>
    withClockHeld(async () => {
      const bindings = { ASSESSMENT_RATE_LIMIT: "3" };
      const from = (ip: string) => apiAs(null, { headers: { "CF-Connecting-IP": ip }, bindings });
      const { token } = await json(await link("partnerAdmin", "?category=strategy"));
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await from("198.51.100.7").post(`/v1/assessments/${token}/open`)).status);
      const refused = await from("198.51.100.7").post(`/v1/assessments/${token}/submit`, { answers: {} });
      expect(statuses).toEqual([200, 200, 200]);
      expect(refused.status).toBe(429);
      expect((await json(refused)).error).toMatchObject({ code: "rate_limited", message: expect.stringMatching(/Too many requests/) });
      // When to try again: the rule's window (a minute).
      expect(refused.headers.get("Retry-After")).toBe("60");
      // Another address is not held back, and an unknown token counts too (no guessing at full speed).
      expect((await from("198.51.100.8").post(`/v1/assessments/${token}/open`)).status).toBe(200);
      for (let i = 0; i < 3; i++) expect((await from("198.51.100.9").post("/v1/assessments/nope/open")).status).toBe(404);
      expect((await from("198.51.100.9").post("/v1/assessments/nope/open")).status).toBe(429);
    }));

  it("a brand-new user with no account cannot get a link", async () => {
    const { token } = await signUp();
    expect((await apiAs(token).get(LINK)).status).toBe(403);
  });
});

describe("POST v1/admin/scores/fitness (manual score)", () => {
  const PATH = "/v1/admin/scores/fitness";
  const post = (who: Who, body: unknown) => apiAs(who).post(PATH, body);

  it("adds a partner's score for its customer, shown to the customer and in the customer's details; audited", async () => {
    const res = await post("partnerAdmin", { accountId: FABRIKAM, category: "commsAndConnectivity", scorePercent: 90 });
    expect(res.status).toBe(201);
    const score = await json(res);
    expect(score).toMatchObject({ category: "commsAndConnectivity", score: 4.5, scorePercent: 90, source: "manual", entryCount: 1 });
    const customerView = await json(await apiAs("customerMember").get("/v1/scores/fitness?category=commsAndConnectivity"));
    // Newest first: the manual score leads the category.
    expect(customerView[0]).toMatchObject({ id: score.id, source: "manual" });
    const details = await json(await apiAs("partnerAdmin").get(`/v1/admin/dependents/${FABRIKAM}/scores`));
    expect(details[0]).toMatchObject({ id: score.id });
    const audit = await db.select().from(schema.auditEntries).where(eq(schema.auditEntries.subjectId, score.id));
    expect(audit).toEqual([expect.objectContaining({ accountId: FABRIKAM, code: "fitnessScoreUpdated" })]);
  });

  it("refuses bad input, another partner's customer, members, customers and no token, writing nothing", async () => {
    const before = await counts();
    const bad = await post("partnerAdmin", { accountId: FABRIKAM, category: "cardio", scorePercent: 101 });
    expect(bad.status).toBe(400);
    expect(Object.keys((await json(bad)).error.fields).sort()).toEqual(["category", "scorePercent"]);
    const notMine = await post("partnerAdmin", { accountId: DEMO.customers.harbour.id, category: "strategy", scorePercent: 50 });
    expect(notMine.status).toBe(400);
    expect((await json(notMine)).error.fields.accountId).toBe("Not one of your customers");
    expect((await post("otherPartnerAdmin", { accountId: FABRIKAM, category: "strategy", scorePercent: 50 })).status).toBe(400);
    expect((await post("partnerMember", { accountId: FABRIKAM, category: "strategy", scorePercent: 50 })).status).toBe(403);
    expect((await post("customerAdmin", { accountId: FABRIKAM, category: "strategy", scorePercent: 50 })).status).toBe(403);
    expect((await apiAs(null).post(PATH, { accountId: FABRIKAM, category: "strategy", scorePercent: 50 })).status).toBe(401);
    expect(await counts()).toEqual(before);
  });
});

describe("the manual score's percent is strict", () => {
  const post = (scorePercent: unknown) =>
    apiAs("partnerAdmin").post("/v1/admin/scores/fitness", {
      accountId: FABRIKAM,
      category: "strategy",
      ...(scorePercent === undefined ? {} : { scorePercent }),
    });

  it("refuses null, text (even a number's), NaN, decimals and anything outside 0–100, writing nothing", async () => {
    const before = await counts();
    const cases: [unknown, string][] = [
      [undefined, "Required"],
      [null, "Required"],
      ["50", "Must be a number"],
      ["", "Must be a number"],
      ["abc", "Must be a number"],
      [Number.NaN, "Required"], // JSON has no NaN: it is sent as null
      [true, "Must be a number"],
      [50.5, "Whole numbers only"],
      [-1, "From 0 to 100"],
      [101, "From 0 to 100"],
    ];
    for (const [value, message] of cases) {
      const res = await post(value);
      expect(res.status, String(value)).toBe(400);
      expect((await json(res)).error.fields.scorePercent, String(value)).toBe(message);
    }
    expect(await counts()).toEqual(before);
  });

  it("takes the ends of the range as given", async () => {
    for (const scorePercent of [0, 100]) {
      const res = await post(scorePercent);
      expect(res.status).toBe(201);
      expect(await json(res)).toMatchObject({ scorePercent, score: scorePercent / 20 });
    }
  });
});

describe("POST v1/admin/scores/fitness/mark-assessed", () => {
  const PATH = "/v1/admin/scores/fitness/mark-assessed";
  const post = (who: Who, body: unknown) => apiAs(who).post(PATH, body);

  it("marks the customer's assessment in progress assessed, audited, once; the other tenant, members, bad ids and no token are refused", async () => {
    const assessmentId = SCORE_DEMO.inProgressAssessmentId;
    const before = await counts();
    expect((await post("otherPartnerAdmin", { assessmentId })).status).toBe(404);
    expect((await post("partnerMember", { assessmentId })).status).toBe(403);
    expect((await post("customerAdmin", { assessmentId })).status).toBe(403);
    const bad = await post("partnerAdmin", { assessmentId: "x" });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.fields.assessmentId).toBe("Not a valid UUID");
    expect((await apiAs(null).post(PATH, { assessmentId })).status).toBe(401);
    expect(await counts()).toEqual(before);
    expect(await assessmentStatus(assessmentId)).toBe("inProgress");

    // Its scores came in (mark-assessed refuses an assessment with none).
    await scoreCameIn(assessmentId);
    const ok = await post("partnerAdmin", { assessmentId });
    expect(ok.status).toBe(200);
    expect(await json(ok)).toMatchObject({ id: assessmentId, status: "assessed" });
    expect(await assessmentStatus(assessmentId)).toBe("assessed");
    const audit = await db.select().from(schema.auditEntries).where(eq(schema.auditEntries.subjectId, assessmentId));
    expect(audit).toEqual([expect.objectContaining({ accountId: FABRIKAM, code: "fitnessScoreUpdated" })]);
    expect((await post("partnerAdmin", { assessmentId })).status).toBe(409);
  });
});

describe("a customer's scores and assessments for its partner", () => {
  it("lists Fabrikam's history and its assessments to Northwind only", async () => {
    const ada = await tokenFor("partnerAdmin");
    const scores = await json(await apiAs(ada).get(`/v1/admin/dependents/${FABRIKAM}/scores`));
    expect(
      scores
        .filter((s: { category: string }) => s.category === "dataAndInsights")
        .map((s: { scorePercent: number }) => s.scorePercent)
        .slice(-3),
    ).toEqual([61, 52, 40]);
    const assessments = await json(await apiAs(ada).get(`/v1/admin/dependents/${FABRIKAM}/assessments`));
    expect(assessments).toContainEqual(expect.objectContaining({ id: SCORE_DEMO.inProgressAssessmentId }));
    for (const path of [`/v1/admin/dependents/${FABRIKAM}/scores`, `/v1/admin/dependents/${FABRIKAM}/assessments`]) {
      expect((await apiAs("otherPartnerAdmin").get(path)).status).toBe(404);
      expect((await apiAs("partnerMember").get(path)).status).toBe(403);
      expect((await apiAs(null).get(path)).status).toBe(401);
    }
    expect((await apiAs(ada).get("/v1/admin/dependents/nope/scores")).status).toBe(400);
  });
});

describe("PUT v1/admin/dependents/{id}/price-group", () => {
  const put = (who: Who, id: string, body: unknown) => apiAs(who).put(`/v1/admin/dependents/${id}/price-group`, body);
  const groupOf = async (id: string) => first(await db.select().from(schema.accounts).where(eq(schema.accounts.id, id))).priceGroupId;
  const other = Object.values(DEMO.customers).find((c) => c.partner === "northwind" && c.id !== FABRIKAM)!.id;

  it("puts the partner's customer into its price group and out again, shown in the details", async () => {
    const ok = await put("partnerAdmin", other, { priceGroupId: DEMO.northwind.priceGroupId });
    expect(ok.status).toBe(200);
    expect(await groupOf(other)).toBe(DEMO.northwind.priceGroupId);
    expect(await json(await apiAs("partnerAdmin").get(`/v1/admin/dependents/${other}`))).toMatchObject({
      priceGroupId: DEMO.northwind.priceGroupId,
    });
    expect((await put("partnerAdmin", other, { priceGroupId: null })).status).toBe(200);
    expect(await groupOf(other)).toBeNull();
  });

  it("refuses another partner's group, another partner, members and no token, changing nothing", async () => {
    const foreign = await put("partnerAdmin", other, { priceGroupId: DEMO.contoso.priceGroupId });
    expect(foreign.status).toBe(400);
    expect((await json(foreign)).error.fields.priceGroupId).toBe("Price group not found");
    expect((await put("partnerAdmin", other, { priceGroupId: "x" })).status).toBe(400);
    expect((await put("otherPartnerAdmin", other, { priceGroupId: DEMO.contoso.priceGroupId })).status).toBe(404);
    expect((await put("partnerMember", other, { priceGroupId: DEMO.northwind.priceGroupId })).status).toBe(403);
    expect((await apiAs(null).put(`/v1/admin/dependents/${other}/price-group`, { priceGroupId: null })).status).toBe(401);
    expect(await groupOf(other)).toBeNull();
  });
});
