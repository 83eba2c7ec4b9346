/** Fitness scores as a partner handles them: manual scores and its customers' score lists. */
import { count, desc, eq } from "drizzle-orm";
import type { ManualScoreBody } from "../../contract/assessments";
import type { ScoreDto } from "../../contract/scores";
import { auditEntries, scoreEntries, scores } from "../../db/schema";
import { scoreFromPercent } from "../domain/assessment";
import type { Db } from "../env";
import type { PartnerAdminScope, PartnerScope } from "../http/endpoint";
import { ApiError, invalid } from "../http/errors";
import { customerOf } from "./customers";

/**
 * A partner's manual score for one of its customers (anyone else's customer
 * is 400 on accountId, like an assignment): the score, one entry naming the
 * partner, and the audit entry, in one batch. A manual score counts as
 * assessed when it is given.
 */
export async function addManualScore(db: Db, scope: PartnerAdminScope, body: ManualScoreBody): Promise<ScoreDto> {
  const customer = await customerOf(db, scope, body.accountId).catch((e: unknown) => {
    if (e instanceof ApiError && e.status === 404) throw invalid({ accountId: "Not one of your customers" });
    throw e;
  });
  const now = new Date().toISOString();
  const id = crypto.randomUUID();
  const score = scoreFromPercent(body.scorePercent);
  const by = [scope.user.firstName, scope.user.lastName].filter(Boolean).join(" ") || scope.user.email;
  await db.batch([
    db.insert(scores).values({
      id,
      accountId: customer.id,
      partnerAccountId: scope.account.id,
      category: body.category,
      score,
      scorePercent: body.scorePercent,
      source: "manual",
      assessedAt: now,
      createdByUserId: scope.user.id,
      createdAt: now,
      updatedAt: now,
    }),
    db.insert(scoreEntries).values({ scoreId: id, accountId: customer.id, assesseeName: `${by} (${scope.account.name})`, value: score, submittedAt: now, createdAt: now, updatedAt: now }),
    db.insert(auditEntries).values({
      accountId: customer.id,
      code: "fitnessScoreUpdated",
      subjectType: "score",
      subjectId: id,
      userId: scope.user.id,
      data: { action: "manualScore", by: scope.account.id, category: body.category, scorePercent: body.scorePercent },
    }),
  ]);
  return { id, category: body.category, score, scorePercent: body.scorePercent, source: "manual", assessedAt: now, createdAt: now, entryCount: 1 };
}

/** The scores of one of the partner's customers, newest first (404 for anyone else's). */
export async function scoresOfCustomer(db: Db, scope: PartnerScope, customerId: string): Promise<ScoreDto[]> {
  const customer = await customerOf(db, scope, customerId);
  const rows = await db
    .select({ s: scores, entryCount: count(scoreEntries.id) })
    .from(scores)
    .leftJoin(scoreEntries, eq(scoreEntries.scoreId, scores.id))
    .where(eq(scores.accountId, customer.id))
    .groupBy(scores.id)
    .orderBy(desc(scores.createdAt));
  return rows.map(({ s, entryCount }) => ({
    id: s.id,
    category: s.category,
    score: s.score,
    scorePercent: s.scorePercent,
    source: s.source,
    assessedAt: s.assessedAt,
    createdAt: s.createdAt,
    entryCount,
  }));
}

