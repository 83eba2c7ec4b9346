import { and, count, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { z } from "zod";
import { Hono } from "hono";
import { ErrorEnvelope } from "../../contract/errors";
import { ScoreDto, ScoreSummaryDto, ScoresQuery } from "../../contract/scores";
import { creditLines, jobLines, jobs, scoreEntries, scores } from "../../db/schema";
import { monthStreak, overallScore } from "../domain/summary";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";
import { requireAccount, requireCustomer } from "../identity/context";

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
