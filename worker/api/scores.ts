import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { Hono } from "hono";
import { ErrorEnvelope } from "../../contract/errors";
import { AssessmentDto, ManualScoreBody, MarkAssessedBody } from "../../contract/assessments";
import { IdParam } from "../../contract/team";
import { markAssessed } from "../data/assessments";
import { addManualScore, scoresOfCustomer } from "../data/scores";
import { AssociateScoreBody, OrphanedScoreDto, ScoreDto, ScoreSummaryDto, ScoresQuery } from "../../contract/scores";
import { accounts, auditEntries, creditLines, jobLines, jobs, scoreEntries, scores } from "../../db/schema";
import { monthStreak, overallScore } from "../domain/summary";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";
import { requireAccount, requireCustomer, requirePartner, requirePartnerAdmin } from "../identity/context";
import { invalid, notFound } from "../http/errors";

/** Fitness scores (DESIGN §6 Scores). So far: the summary Home shows. */
export const scoresApi = new Hono<AppEnv>();

endpoint(
  scoresApi,
  "/v1",
  {
    method: "get",
    path: "/scores/summary",
    summary: "The active customer's score summary: overall score, workouts completed and remaining, month streak",
    tags: ["scores"],
    auth: "customer",
    responses: {
      200: { description: "The summary", schema: ScoreSummaryDto },
      401: { description: "No or bad token", schema: ErrorEnvelope },
      403: { description: "Not a customer account, or not a member of it", schema: ErrorEnvelope },
    },
  },
  async (c) => {
    const { account } = await requireCustomer(c);
    const db = c.get("db");
    const [done, balance, sessions, scored] = await Promise.all([
      db.select({ n: count() }).from(jobs).where(and(eq(jobs.accountId, account.id), eq(jobs.status, "completed"))),
      db.select({ total: sql<number>`coalesce(sum(${creditLines.quantity}), 0)` }).from(creditLines).where(eq(creditLines.accountId, account.id)),
      db.select({ at: jobLines.completedAt }).from(jobLines).where(and(eq(jobLines.accountId, account.id), isNotNull(jobLines.completedAt))),
      db.select({ category: scores.category, scorePercent: scores.scorePercent, createdAt: scores.createdAt }).from(scores).where(eq(scores.accountId, account.id)),
    ]);
    return c.json({
      name: "TechFIT",
      fitScoreVariant: "round" as const,
      score: overallScore(scored),
      workouts: {
        completed: done[0]?.n ?? 0,
        remaining: Number(balance[0]?.total ?? 0),
        streak: monthStreak(sessions.map((s) => s.at!)),
      },
    } satisfies ScoreSummaryDto);
  },
);

endpoint(
  scoresApi,
  "/v1",
  {
    method: "get",
    path: "/scores/fitness",
    summary: "The active account's fitness scores, newest first, by category (all: no filter), with their entries on request",
    tags: ["scores"],
    auth: "account",
    query: ScoresQuery,
    responses: {
      200: { description: "Scores", schema: z.array(ScoreDto) },
      400: { description: "Invalid input, with the fields that failed", schema: ErrorEnvelope },
      401: { description: "No or bad token", schema: ErrorEnvelope },
      403: { description: "Not a member of the account in X-Account-Id", schema: ErrorEnvelope },
    },
  },
  async (c, { query }) => {
    const { account } = await requireAccount(c);
    const db = c.get("db");
    const rows = await db
      .select({ score: scores, entryCount: count(scoreEntries.id) })
      .from(scores)
      .leftJoin(scoreEntries, eq(scoreEntries.scoreId, scores.id))
      .where(and(eq(scores.accountId, account.id), query.category === "all" ? undefined : eq(scores.category, query.category)))
      .groupBy(scores.id)
      .orderBy(desc(scores.createdAt));
    const entries =
      query.includeEntries === "true" && rows.length
        ? await db
            .select()
            .from(scoreEntries)
            .where(inArray(scoreEntries.scoreId, rows.map((r) => r.score.id)))
            .orderBy(desc(scoreEntries.submittedAt))
        : null;
    return c.json(
      rows.map(({ score: s, entryCount }) => ({
        id: s.id,
        category: s.category,
        score: s.score,
        scorePercent: s.scorePercent,
        source: s.source,
        assessedAt: s.assessedAt,
        createdAt: s.createdAt,
        entryCount,
        ...(entries
          ? { entries: entries.filter((e) => e.scoreId === s.id).map((e) => ({ id: e.id, assesseeName: e.assesseeName, value: e.value, submittedAt: e.submittedAt })) }
          : {}),
      })) satisfies ScoreDto[],
    );
  },
);

const orphaned = (partnerId: string) => and(eq(scores.partnerAccountId, partnerId), isNull(scores.accountId));

endpoint(
  scoresApi,
  "/v1",
  {
    method: "get",
    path: "/admin/scores/fitness/orphaned",
    summary: "The partner's submitted scores with no customer (Submitted Scores), newest first",
    tags: ["scores"],
    auth: "partner",
    responses: {
      200: { description: "Orphaned scores", schema: z.array(OrphanedScoreDto) },
      401: { description: "No or bad token", schema: ErrorEnvelope },
      403: { description: "Not a partner", schema: ErrorEnvelope },
    },
  },
  async (c) => {
    const { account } = await requirePartner(c);
    const db = c.get("db");
    const rows = await db.select().from(scores).where(orphaned(account.id)).orderBy(desc(scores.createdAt));
    const entries = rows.length
      ? await db
          .select()
          .from(scoreEntries)
          .where(inArray(scoreEntries.scoreId, rows.map((r) => r.id)))
          .orderBy(scoreEntries.submittedAt)
      : [];
    return c.json(
      rows.map((s) => {
        const own = entries.filter((e) => e.scoreId === s.id);
        return {
          id: s.id,
          category: s.category,
          score: s.score,
          scorePercent: s.scorePercent,
          assesseeName: own[0]?.assesseeName ?? null,
          assesseeEmail: own[0]?.assesseeEmail ?? null,
          entryCount: own.length,
          createdAt: s.createdAt,
          updatedAt: s.updatedAt,
        };
      }) satisfies OrphanedScoreDto[],
    );
  },
);

endpoint(
  scoresApi,
  "/v1",
  {
    method: "post",
    path: "/admin/scores/fitness/associate-assessment",
    summary: "Assign an orphaned score (and its entries) to one of the partner's customers",
    tags: ["scores"],
    auth: "partnerAdmin",
    body: AssociateScoreBody,
    responses: {
      200: { description: "The score, now the customer's", schema: ScoreDto },
      400: { description: "Invalid input, or not one of the partner's customers", schema: ErrorEnvelope },
      401: { description: "No or bad token", schema: ErrorEnvelope },
      403: { description: "Not a partner owner or admin", schema: ErrorEnvelope },
      404: { description: "No such orphaned score of this partner", schema: ErrorEnvelope },
    },
  },
  async (c, { body }) => {
    const acting = await requirePartnerAdmin(c);
    const db = c.get("db");
    const [score] = await db
      .select()
      .from(scores)
      .where(and(eq(scores.id, body.scoreId), orphaned(acting.account.id)))
      .limit(1);
    if (!score) throw notFound("Score not found");
    const [customer] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.id, body.accountId), eq(accounts.type, "customer"), eq(accounts.parentAccountId, acting.account.id)))
      .limit(1);
    if (!customer) throw invalid({ accountId: "Not one of your customers" });
    const now = new Date().toISOString();
    await db.batch([
      db.update(scores).set({ accountId: customer.id, updatedAt: now }).where(and(eq(scores.id, score.id), isNull(scores.accountId))),
      db.update(scoreEntries).set({ accountId: customer.id, updatedAt: now }).where(eq(scoreEntries.scoreId, score.id)),
      db.insert(auditEntries).values({ accountId: customer.id, code: "fitnessScoreUpdated", subjectType: "score", subjectId: score.id, userId: acting.user.id, data: { assignedBy: acting.account.id } }),
    ]);
    const [entryCount] = await db.select({ n: count() }).from(scoreEntries).where(eq(scoreEntries.scoreId, score.id));
    return c.json({
      id: score.id,
      category: score.category,
      score: score.score,
      scorePercent: score.scorePercent,
      source: score.source,
      assessedAt: score.assessedAt,
      createdAt: score.createdAt,
      entryCount: entryCount?.n ?? 0,
    } satisfies ScoreDto);
  },
);

endpoint(
  scoresApi,
  "/v1",
  {
    method: "post",
    path: "/admin/scores/fitness",
    summary: "A partner's manual score (percent) for one of its customers in one category; audited",
    tags: ["scores"],
    auth: "partnerAdmin",
    body: ManualScoreBody,
    responses: {
      201: { description: "The score", schema: ScoreDto },
      400: { description: "Invalid input, or not one of the partner's customers", schema: ErrorEnvelope },
      401: { description: "No or bad token", schema: ErrorEnvelope },
      403: { description: "Not a partner owner or admin", schema: ErrorEnvelope },
    },
  },
  async (c, { body }, scope) => c.json(await addManualScore(c.get("db"), scope, body), 201),
);

endpoint(
  scoresApi,
  "/v1",
  {
    method: "post",
    path: "/admin/scores/fitness/mark-assessed",
    summary: "Marks one of the partner's (or its customers') assessments assessed; audited",
    tags: ["scores"],
    auth: "partnerAdmin",
    body: MarkAssessedBody,
    responses: {
      200: { description: "The assessment", schema: AssessmentDto },
      400: { description: "Invalid input", schema: ErrorEnvelope },
      401: { description: "No or bad token", schema: ErrorEnvelope },
      403: { description: "Not a partner owner or admin", schema: ErrorEnvelope },
      404: { description: "No such assessment of this partner", schema: ErrorEnvelope },
      409: { description: "Already assessed", schema: ErrorEnvelope },
    },
  },
  async (c, { body }, scope) => c.json(await markAssessed(c.get("db"), scope, body.assessmentId)),
);

endpoint(
  scoresApi,
  "/v1",
  {
    method: "get",
    path: "/admin/dependents/{id}/scores",
    summary: "One of the partner's customers' scores, newest first (its trend)",
    tags: ["customers", "scores"],
    auth: "partnerAdmin",
    params: IdParam,
    responses: {
      200: { description: "Scores", schema: z.array(ScoreDto) },
      400: { description: "Invalid input", schema: ErrorEnvelope },
      401: { description: "No or bad token", schema: ErrorEnvelope },
      403: { description: "Not a partner owner or admin", schema: ErrorEnvelope },
      404: { description: "Not one of the partner's customers", schema: ErrorEnvelope },
    },
  },
  async (c, { params }, scope) => c.json(await scoresOfCustomer(c.get("db"), scope, params.id)),
);
