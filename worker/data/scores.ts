/**
 * Fitness scores: the acting account's own scores and summary, a partner's
 * orphaned scores and their assignment, manual scores, and a partner's view
 * of its customers' scores. Each function applies its caller's ownership.
 */
import { and, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { inList } from "./bound";
import type { ManualScoreBody } from "../../contract/assessments";
import type { CategoryFilter } from "../../contract/enums";
import type { OrphanedScoreDto, ScoreDto, ScoreSummaryDto } from "../../contract/scores";
import { accounts, auditEntries, creditLines, jobLines, jobs, scoreEntries, scores } from "../../db/schema";
import { scoreFromPercent } from "../domain/assessment";
import { scoreNameOf, scoreStringOf } from "../../contract/styling";
import { partnerStylingFrom, partnerStylingQuery } from "./styling";
import { monthStreak, overallScore } from "../domain/summary";
import type { Db } from "../env";
import type { AccountScope, CustomerScope, PartnerAdminScope, PartnerScope } from "../http/endpoint";
import { ApiError, invalid, notFound } from "../http/errors";
import { balanceQuery } from "./credits";
import { onEachShard } from "./query";
import { customerFound, customerOf, customerQuery, customersOfPartner } from "./customers";

/**
 * The customer's score summary: overall score, workouts completed and remaining, month streak.
 * `history`: the shards the customer lived on before a re-link moved it (the customer reading its own,
 * docs/decisions/2026-11-27-relinked-history.md): its scores and completed workouts there count, side by side
 * with `db`'s; what remains is what it can book with, its ledger on `db`.
 */
export async function summaryOf(db: Db, scope: CustomerScope, underPartner?: string, history: Db[] | Promise<Db[]> = []): Promise<ScoreSummaryDto> {
  const id = scope.account.id;
  // A partner previewing a customer's Home sees only what happened under it (a customer that moved keeps its history with the partner it had).
  const jobsUnder = underPartner ? eq(jobs.partnerAccountId, underPartner) : undefined;
  // One D1 round trip per shard for the independent reads, the shards side by side.
  const [[balance, partner, ...here], before] = await Promise.all([
    db.batch([
      underPartner
        ? db
            .select({ total: sql<number>`coalesce(sum(${creditLines.quantity}), 0)` })
            .from(creditLines)
            .where(and(eq(creditLines.accountId, id), eq(creditLines.partnerAccountId, underPartner)))
        : balanceQuery(db, id),
      partnerStylingQuery(db, scope.account.parentAccountId),
      ...historyReads(db, id, jobsUnder, underPartner ? eq(scores.partnerAccountId, underPartner) : undefined),
    ]),
    onEachShard(history, (old) => old.batch(historyReads(old, id))),
  ]);
  const shards = [here, ...before];
  const done = shards.reduce((n, [d]) => n + (d[0]?.n ?? 0), 0);
  const sessions = shards.flatMap(([, s]) => s);
  const scored = shards.flatMap(([, , sc]) => sc);
  // The score is the partner's: its name and wording (a customer with no partner: the product's).
  const styling = partnerStylingFrom(partner);
  const score = overallScore(scored);
  return {
    name: scoreNameOf(styling),
    fitScoreVariant: "round",
    score,
    customScoreString: score !== null && styling.customScoreString ? scoreStringOf(styling, score) : null,
    workouts: { completed: done, remaining: Number(balance[0]?.total ?? 0), streak: monthStreak(sessions.map((s) => s.at!)) },
  };
}

/** A summary's reads of what the customer did on one shard: completed workouts, the sessions done, its scores. */
const historyReads = (db: Db, id: string, jobsUnder?: SQL, scoresUnder?: SQL) =>
  [
    db
      .select({ n: count() })
      .from(jobs)
      .where(and(eq(jobs.accountId, id), eq(jobs.status, "completed"), jobsUnder)),
    db
      .select({ at: jobLines.completedAt })
      .from(jobLines)
      .innerJoin(jobs, eq(jobs.id, jobLines.jobId))
      .where(and(eq(jobLines.accountId, id), isNotNull(jobLines.completedAt), jobsUnder)),
    db
      .select({ category: scores.category, scorePercent: scores.scorePercent, createdAt: scores.createdAt })
      .from(scores)
      .where(and(eq(scores.accountId, id), scoresUnder)),
  ] as const;

const scoreDto = (s: typeof scores.$inferSelect, entryCount: number): ScoreDto => ({
  id: s.id,
  category: s.category,
  score: s.score,
  scorePercent: s.scorePercent,
  source: s.source,
  assessedAt: s.assessedAt,
  createdAt: s.createdAt,
  entryCount,
});

/**
 * The acting account's scores, newest first, by category ("all": every one), with their entries on request;
 * with those on the shards it lived on before a re-link (`history`, read side by side).
 */
export async function scoresOf(
  db: Db,
  scope: AccountScope,
  category: CategoryFilter,
  withEntries: boolean,
  history: Db[] | Promise<Db[]> = [],
): Promise<ScoreDto[]> {
  const [own, before] = await Promise.all([
    scoresOn(db, scope, category, withEntries),
    onEachShard(history, (shard) => scoresOn(shard, scope, category, withEntries)),
  ]);
  return before.length ? [...own, ...before.flat()].sort((a, b) => b.createdAt.localeCompare(a.createdAt)) : own;
}

/** The acting account's scores on one shard (scoresOf). */
async function scoresOn(db: Db, scope: AccountScope, category: CategoryFilter, withEntries: boolean): Promise<ScoreDto[]> {
  const mine = and(eq(scores.accountId, scope.account.id), category === "all" ? undefined : eq(scores.category, category));
  const read = db
    .select({ score: scores, entryCount: count(scoreEntries.id) })
    .from(scores)
    .leftJoin(scoreEntries, eq(scoreEntries.scoreId, scores.id))
    .where(mine)
    .groupBy(scores.id)
    .orderBy(desc(scores.createdAt));
  // With their entries: both in one D1 round trip, the entries chosen by the same filter.
  const [rows, entries] = withEntries
    ? await db.batch([
        read,
        db
          .select()
          .from(scoreEntries)
          .where(inArray(scoreEntries.scoreId, db.select({ id: scores.id }).from(scores).where(mine)))
          .orderBy(desc(scoreEntries.submittedAt)),
      ])
    : [await read, null];
  return rows.map(({ score: s, entryCount }) => ({
    ...scoreDto(s, entryCount),
    ...(entries
      ? {
          entries: entries
            .filter((e) => e.scoreId === s.id)
            .map((e) => ({ id: e.id, assesseeName: e.assesseeName, value: e.value, submittedAt: e.submittedAt })),
        }
      : {}),
  }));
}

const orphanedOf = (partnerId: string) => and(eq(scores.partnerAccountId, partnerId), isNull(scores.accountId));

/** The partner's submitted scores with no customer, newest first, with their (first) assessee. */
export async function orphanedScoresOf(db: Db, scope: PartnerScope): Promise<OrphanedScoreDto[]> {
  const rows = await db.select().from(scores).where(orphanedOf(scope.account.id)).orderBy(desc(scores.createdAt));
  const entries = rows.length
    ? await db
        .select()
        .from(scoreEntries)
        .where(
          inList(
            scoreEntries.scoreId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(scoreEntries.submittedAt)
    : [];
  return rows.map((s) => {
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
  });
}

/**
 * Gives one of the partner's orphaned scores (404 for anything else) to one
 * of its own customers (400 on accountId otherwise); its entries follow and
 * the audit entry is written in the same batch.
 */
export async function assignOrphanedScore(db: Db, scope: PartnerAdminScope, scoreId: string, accountId: string): Promise<ScoreDto> {
  const [score] = await db
    .select()
    .from(scores)
    .where(and(eq(scores.id, scoreId), orphanedOf(scope.account.id)))
    .limit(1);
  if (!score) throw notFound("Score not found");
  const [customer] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), customersOfPartner(scope.account.id)))
    .limit(1);
  if (!customer) throw invalid({ accountId: "Not one of your customers" });
  const now = new Date().toISOString();
  await db.batch([
    db
      .update(scores)
      .set({ accountId: customer.id, updatedAt: now })
      .where(and(eq(scores.id, score.id), isNull(scores.accountId))),
    db.update(scoreEntries).set({ accountId: customer.id, updatedAt: now }).where(eq(scoreEntries.scoreId, score.id)),
    db.insert(auditEntries).values({
      accountId: customer.id,
      code: "fitnessScoreUpdated",
      subjectType: "score",
      subjectId: score.id,
      userId: scope.user.id,
      data: { assignedBy: scope.account.id },
    }),
  ]);
  const [entryCount] = await db.select({ n: count() }).from(scoreEntries).where(eq(scoreEntries.scoreId, score.id));
  return scoreDto(score, entryCount?.n ?? 0);
}

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
    db.insert(scoreEntries).values({
      scoreId: id,
      accountId: customer.id,
      assesseeName: `${by} (${scope.account.name})`,
      value: score,
      submittedAt: now,
      createdAt: now,
      updatedAt: now,
    }),
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
  // The customer (404 unless it is the partner's) and its scores under the partner, in one D1 round trip.
  const [found, rows] = await db.batch([
    customerQuery(db, scope, customerId),
    db
      .select({ s: scores, entryCount: count(scoreEntries.id) })
      .from(scores)
      .leftJoin(scoreEntries, eq(scoreEntries.scoreId, scores.id))
      .where(and(eq(scores.accountId, customerId), eq(scores.partnerAccountId, scope.account.id)))
      .groupBy(scores.id)
      .orderBy(desc(scores.createdAt)),
  ]);
  customerFound(found);
  return rows.map(({ s, entryCount }) => scoreDto(s, entryCount));
}
