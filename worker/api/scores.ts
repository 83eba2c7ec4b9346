import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import { Hono } from "hono";
import { ErrorEnvelope } from "../../contract/errors";
import { ScoreSummaryDto } from "../../contract/scores";
import { creditLines, jobLines, jobs, scores } from "../../db/schema";
import { monthStreak, overallScore } from "../domain/summary";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";
import { requireCustomer } from "../identity/context";

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
