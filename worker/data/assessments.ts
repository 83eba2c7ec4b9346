/**
 * Assessments: links to the product's fitness assessment, opening and
 * finishing them, and a partner's view of its customers' assessments.
 * Every function applies its caller's ownership itself.
 */
import { partnerOf } from "../domain/accounts";
import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { inList } from "./bound";
import {
  ASSESSMENT_LINK_MESSAGES,
  MARK_ASSESSED_MESSAGES,
  type AssessmentDto,
  type AssessmentFormDto,
  type AssessmentQuestionDto,
  type AssessmentResultDto,
  type SubmitAssessmentBody,
} from "../../contract/assessments";
import { Category, type CategoryFilter } from "../../contract/enums";
import { accountUsers, accounts, assessmentQuestions, assessments, auditEntries, scoreEntries, scores, users, type Assessment } from "../../db/schema";
import { ANSWER_SCALE, defaultQuestionBank } from "../../db/seed/assessment-bank";
import { LINK_TTL_MS, linkAssessmentId, scoreAnswers, signLink, verifyLink, type LinkClaims } from "../domain/assessment";
import type { AccountScope, PartnerAdminScope, PartnerScope, UserScope } from "../http/endpoint";
import type { Db } from "../env";
import { d1Of, raw, runBatch as runD1Batch, type Statement } from "./statements";
import { theRow } from "./query";
import { partnerStyling } from "./styling";

/** Runs drizzle queries and raw statements as one D1 batch (one transaction). */
const runBatch = (db: Db, statements: Statement[]) => runD1Batch(d1Of(db), statements);
import { conflict, forbidden, invalid, notFound, unauthenticated } from "../http/errors";
import { customerFound, customerQuery, customersOfPartner, inSession } from "./customers";
import { verifiedEmail } from "./accounts";

const LINK_MESSAGES = ASSESSMENT_LINK_MESSAGES;

/** What a link's signature covers (also for links issued in ./assessment-links.ts). */
export const claimsOf = (a: Assessment): LinkClaims => ({
  assessmentId: a.id,
  accountId: a.accountId,
  partnerAccountId: a.partnerAccountId,
  // A customer's link is bound to the user it was issued to; a partner's link to no one.
  userId: a.accountId ? a.createdByUserId : null,
  expiresAt: a.expiresAt,
});

/**
 * Issues a link for the caller: a customer's member gets one bound to them and
 * their account; a partner's owner or admin gets one for anyone (see
 * submitAssessment for whose results they become).
 */
export async function issueLink(db: Db, scope: AccountScope, category: CategoryFilter, secret: string, now = new Date()): Promise<Assessment> {
  const partner = scope.account.type === "partner";
  if (partner && scope.role === "member") throw forbidden("Only a partner's owners and admins can issue assessment links");
  const id = crypto.randomUUID();
  const row = {
    id,
    accountId: partner ? null : scope.account.id,
    partnerAccountId: partnerOf(scope.account),
    category,
    status: "pending" as const,
    expiresAt: new Date(now.getTime() + LINK_TTL_MS).toISOString(),
    createdByUserId: scope.user.id,
  };
  const token = await signLink(secret, claimsOf({ ...row, token: "", createdAt: "", updatedAt: "" }));
  const inserted = await db
    .insert(assessments)
    .values({ ...row, token })
    .returning();
  return theRow(inserted, "issued assessment");
}

/**
 * The assessment a token opens, checked for the taker: a malformed, unknown
 * or forged token is 404; an expired link 403; a customer's link taken by
 * anyone but the member it was issued to (still an active member of that
 * account) 401/403; a finished one 409, as is a customer's link issued under
 * a partner the customer has left since.
 */
export async function linkFor(db: Db, token: string, taker: UserScope | null, secret: string, now = new Date()): Promise<Assessment> {
  const id = linkAssessmentId(token);
  const [row] = id
    ? await db
        .select()
        .from(assessments)
        .where(and(eq(assessments.id, id), eq(assessments.token, token)))
        .limit(1)
    : [];
  if (!row || !(await verifyLink(secret, token, claimsOf(row)))) throw notFound(LINK_MESSAGES.notFound);
  if (row.expiresAt <= now.toISOString()) throw forbidden(LINK_MESSAGES.expired);
  if (row.accountId) {
    if (!taker) throw unauthenticated();
    if (taker.user.id !== row.createdByUserId) throw forbidden(LINK_MESSAGES.someoneElse);
    // A membership the session may act for: on a partner's domain, only under that partner.
    const [member] = await db
      .select({ id: accountUsers.id, partnerId: accounts.parentAccountId })
      .from(accountUsers)
      .innerJoin(accounts, eq(accounts.id, accountUsers.accountId))
      .where(
        and(
          eq(accountUsers.accountId, row.accountId),
          eq(accountUsers.userId, taker.user.id),
          eq(accountUsers.status, "active"),
          inSession(taker.auth.partnerScope),
        ),
      )
      .limit(1);
    if (!member) throw forbidden(LINK_MESSAGES.someoneElse);
    // Issued under a partner the customer has since left (a re-link): its scores would land with that partner, in a history it no longer adds to.
    if (member.partnerId !== row.partnerAccountId) throw conflict(LINK_MESSAGES.previousProvider);
  }
  if (row.status === "assessed") throw conflict(LINK_MESSAGES.done);
  return row;
}

/**
 * The questions of an assessment: per category, the partner's own questions
 * when it has any, else the product's bank (the seeded rows, or the built-in
 * list when none are stored).
 */
export async function questionsFor(db: Db, partnerId: string | null, category: CategoryFilter): Promise<AssessmentQuestionDto[]> {
  const categories = category === "all" ? [...Category] : [category];
  const rows = await db
    .select()
    .from(assessmentQuestions)
    .where(
      and(
        inList(assessmentQuestions.category, categories),
        partnerId
          ? or(isNull(assessmentQuestions.partnerAccountId), eq(assessmentQuestions.partnerAccountId, partnerId))
          : isNull(assessmentQuestions.partnerAccountId),
      ),
    )
    .orderBy(asc(assessmentQuestions.sequence));
  const builtIn = defaultQuestionBank((n) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, "0")}`);
  const out: AssessmentQuestionDto[] = [];
  for (const c of categories) {
    const own = rows.filter((q) => q.category === c && q.partnerAccountId === partnerId && partnerId);
    const product = rows.filter((q) => q.category === c && !q.partnerAccountId);
    const chosen = own.length ? own : product.length ? product : builtIn.filter((q) => q.category === c);
    for (const q of chosen) out.push({ id: q.id!, category: c, sequence: q.sequence, text: q.text, options: q.options ?? ANSWER_SCALE });
  }
  return out;
}

/**
 * Opens the assessment: it is now in progress; answers the questionnaire (asking an unknown taker for a name and address).
 * `db` is the partner's shard; the questions come from the bank in the `directory`.
 */
export async function openAssessment(db: Db, directory: Db, row: Assessment, taker: UserScope | null): Promise<AssessmentFormDto> {
  if (row.status === "pending") {
    await db
      .update(assessments)
      .set({ status: "inProgress", updatedAt: new Date().toISOString() })
      .where(and(eq(assessments.id, row.id), eq(assessments.status, "pending")));
  }
  const [partner] = row.partnerAccountId ? await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, row.partnerAccountId)).limit(1) : [];
  return {
    id: row.id,
    category: row.category,
    status: "inProgress",
    expiresAt: row.expiresAt,
    asksForAssessee: !knownTaker(row, taker),
    partnerName: partner?.name ?? null,
    questions: await questionsFor(directory, row.partnerAccountId, row.category),
  };
}

/** The customer of `partnerId` of which `userId` is an active member (first by name), if any. */
async function customerOfMember(db: Db, partnerId: string, userId: string): Promise<string | null> {
  const [found] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .innerJoin(accountUsers, and(eq(accountUsers.accountId, accounts.id), eq(accountUsers.status, "active"), eq(accountUsers.userId, userId)))
    .where(customersOfPartner(partnerId))
    .orderBy(asc(accounts.name))
    .limit(1);
  return found?.id ?? null;
}

/**
 * Who takes a link, as far as the product can prove it: on a customer's link,
 * the member it was issued to (checked by linkFor); on a partner's link, a
 * signed-in taker whose address the identity provider verified (their name
 * and that address, never typed ones), or else nobody known.
 */
function knownTaker(row: Assessment, taker: UserScope | null): { name: string; email: string; userId: string } | null {
  if (!taker) return null;
  const email = row.accountId ? taker.user.email : verifiedEmail(taker.auth);
  if (!email) return null;
  const u = taker.user;
  return { name: [u.firstName, u.lastName].filter(Boolean).join(" ") || email, email, userId: u.id };
}

/**
 * Finishes the assessment: scores the answers, writes a score and an entry
 * per category, marks the assessment assessed and writes the audit entry,
 * all in one batch that applies only while the assessment is not yet
 * assessed (a second, racing submission writes nothing and is 409).
 * Whose scores they are: a customer's link, the taker's account; a partner's
 * link, the partner's customer of which a signed-in, verified taker is an
 * active member. Everything else stays unassigned (Submitted Scores) with the
 * name and address typed in, for the partner to assign by hand: a typed
 * address never attributes anything, and the answer to an anonymous taker is
 * the same whatever the address.
 */
export async function submitAssessment(
  db: Db,
  directory: Db,
  row: Assessment,
  taker: UserScope | null,
  body: SubmitAssessmentBody,
): Promise<AssessmentResultDto> {
  // The bank and the partner's styling are the directory's (docs/decisions/2026-11-26-shard-placement.md); the rest the shard's.
  const [questions, wording] = await Promise.all([
    questionsFor(directory, row.partnerAccountId, row.category),
    partnerStyling(directory, row.partnerAccountId),
  ]);
  const scored = scoreAnswers(questions, body.answers, wording);
  const fields: Record<string, string> = scored.ok ? {} : { ...scored.fields };
  const known = knownTaker(row, taker);
  if (!known) {
    if (!body.assesseeName) fields.assesseeName = "Required";
    if (!body.assesseeEmail) fields.assesseeEmail = "Required";
  }
  if (!scored.ok || Object.keys(fields).length) throw invalid(fields);
  const assesseeName = known?.name ?? body.assesseeName ?? null;
  const assesseeEmail = known?.email ?? body.assesseeEmail ?? null;
  const accountId = row.accountId ?? (known && row.partnerAccountId ? await customerOfMember(db, row.partnerAccountId, known.userId) : null);

  const now = new Date().toISOString();
  const open = sql`exists (select 1 from ${assessments} where ${assessments.id} = ${row.id} and ${assessments.status} <> 'assessed')`;
  const written = scored.categories.map((c) => ({ ...c, scoreId: crypto.randomUUID() }));
  const statements = written.flatMap((c) => [
    raw(sql`insert into ${scores} (id, account_id, partner_account_id, assessment_id, category, score, score_percent, source, assessed_at, created_by_user_id, created_at, updated_at)
      select ${c.scoreId}, ${accountId}, ${row.partnerAccountId}, ${row.id}, ${c.category}, ${c.score}, ${c.scorePercent}, 'assessment', ${now}, ${taker?.user.id ?? null}, ${now}, ${now}
      where ${open}`),
    raw(sql`insert into ${scoreEntries} (id, score_id, account_id, assessee_name, assessee_email, value, submitted_at, created_at, updated_at)
      select ${crypto.randomUUID()}, ${c.scoreId}, ${accountId}, ${assesseeName}, ${assesseeEmail}, ${c.score}, ${now}, ${now}, ${now}
      where exists (select 1 from ${scores} where ${scores.id} = ${c.scoreId})`),
  ]);
  const auditAccount = accountId ?? row.partnerAccountId;
  await runBatch(db, [
    // The taker's user copy on the link's shard, which the scores and the audit entry name (a no-op when it is there).
    ...(taker ? [db.insert(users).values(taker.user).onConflictDoNothing()] : []),
    ...statements,
    ...(auditAccount
      ? [
          raw(sql`insert into ${auditEntries} (id, account_id, code, subject_type, subject_id, user_id, data, created_at)
            select ${crypto.randomUUID()}, ${auditAccount}, 'fitnessScoreUpdated', 'assessment', ${row.id}, ${taker?.user.id ?? null}, ${JSON.stringify({ action: "submitted", orphaned: !accountId, scores: written.length })}, ${now}
            where ${open}`),
        ]
      : []),
    db
      .update(assessments)
      .set({ status: "assessed", updatedAt: now })
      .where(and(eq(assessments.id, row.id), ne(assessments.status, "assessed"))),
  ]);
  // A scored submission has at least one category, so at least one score was written.
  const [mine] = await db
    .select({ n: count() })
    .from(scores)
    .where(eq(scores.id, theRow(written, "written score").scoreId));
  if (!mine?.n) throw conflict(LINK_MESSAGES.done);
  return {
    assessmentId: row.id,
    status: "assessed",
    orphaned: !accountId,
    categories: written.map((c) => ({ scoreId: c.scoreId, category: c.category, score: c.score, scorePercent: c.scorePercent })),
    overall: scored.overall,
  };
}

/** A partner's customer's assessments, newest first (404 for anyone else's customer). */
export async function assessmentsOfCustomer(db: Db, scope: PartnerScope, customerId: string): Promise<AssessmentDto[]> {
  const theirs = and(eq(assessments.accountId, customerId), eq(assessments.partnerAccountId, scope.account.id));
  // The customer (404 unless it is the partner's), its assessments and who sent them, in one D1 round trip.
  const [found, rows, issuers] = await db.batch([
    customerQuery(db, scope, customerId),
    db
      .select({ a: assessments, scoreCount: count(scores.id), takenBy: sql<string | null>`min(${scoreEntries.assesseeName})` })
      .from(assessments)
      .leftJoin(scores, eq(scores.assessmentId, assessments.id))
      .leftJoin(scoreEntries, eq(scoreEntries.scoreId, scores.id))
      .where(theirs)
      .groupBy(assessments.id)
      .orderBy(desc(assessments.createdAt)),
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(inArray(users.id, db.select({ id: assessments.createdByUserId }).from(assessments).where(theirs))),
  ]);
  customerFound(found);
  const nameOf = (id: string | null) => {
    const u = issuers.find((i) => i.id === id);
    return u ? [u.firstName, u.lastName].filter(Boolean).join(" ") || u.email : null;
  };
  return rows.map(({ a, scoreCount, takenBy }) => ({
    id: a.id,
    category: a.category,
    status: a.status,
    takenBy: takenBy ?? nameOf(a.createdByUserId),
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
    expiresAt: a.expiresAt,
    scoreCount,
  }));
}

/**
 * Marks an assessment assessed: one of the partner's customers' assessments
 * issued under it, or one of its own links (anything else is 404). Its scores get their
 * assessed time; the audit entry is written in the same batch. 409 when it
 * is already assessed.
 */
export async function markAssessed(db: Db, scope: PartnerAdminScope, assessmentId: string): Promise<AssessmentDto> {
  const [row] = await db
    .select({ a: assessments })
    .from(assessments)
    .leftJoin(accounts, eq(accounts.id, assessments.accountId))
    .where(
      and(
        eq(assessments.id, assessmentId),
        // Its own link's, or one of its customers' issued while they were under it.
        eq(assessments.partnerAccountId, scope.account.id),
        or(isNull(assessments.accountId), customersOfPartner(scope.account.id)),
      ),
    )
    .limit(1);
  if (!row) throw notFound("Assessment not found");
  const a = row.a;
  if (a.status === "assessed") throw conflict("This assessment is already assessed");
  // Nothing was submitted: marking it would record an assessment without a score.
  const [scored] = await db.select({ n: count() }).from(scores).where(eq(scores.assessmentId, a.id));
  if (!scored?.n) throw conflict(MARK_ASSESSED_MESSAGES.noScores);
  const now = new Date().toISOString();
  await db.batch([
    db
      .update(assessments)
      .set({ status: "assessed", updatedAt: now })
      .where(and(eq(assessments.id, a.id), ne(assessments.status, "assessed"))),
    db
      .update(scores)
      .set({ assessedAt: now, updatedAt: now })
      .where(and(eq(scores.assessmentId, a.id), isNull(scores.assessedAt))),
    db.insert(auditEntries).values({
      accountId: a.accountId ?? scope.account.id,
      code: "fitnessScoreUpdated",
      subjectType: "assessment",
      subjectId: a.id,
      userId: scope.user.id,
      data: { action: "markedAssessed", by: scope.account.id },
    }),
  ]);
  const [n] = await db.select({ n: count() }).from(scores).where(eq(scores.assessmentId, a.id));
  return {
    id: a.id,
    category: a.category,
    status: "assessed",
    takenBy: null,
    createdAt: a.createdAt,
    updatedAt: now,
    expiresAt: a.expiresAt,
    scoreCount: n?.n ?? 0,
  };
}
