/**
 * The audit trail as a partner's owners and admins read it: per job (the job
 * and its session lines) and per customer (everything of that customer's
 * account). Newest first, by cursor. A job or customer of another partner is
 * 404, exactly like a missing one.
 */
import { and, desc, eq, or, sql, type SQL } from "drizzle-orm";
import type { AuditEntryDto } from "../../contract/audit";
import type { AuditCode, JobStatus } from "../../contract/enums";
import { auditEntries, jobLines, jobs, scores, users, workoutSessions, workouts, type Job, type NewAuditEntry } from "../../db/schema";
import type { Db } from "../env";
import type { PartnerScope } from "../http/endpoint";
import { notFound } from "../http/errors";
import { raw, type Statement } from "./statements";
import { inList } from "./bound";
import { after, decodeCursor, pageOf, type SortKey } from "./cursor";
import { customerOf } from "./customers";
import { visibleJobs } from "./jobs-search";

const NEWEST_FIRST: SortKey[] = [
  { column: auditEntries.createdAt, dir: "desc" },
  { column: auditEntries.id, dir: "desc" },
];

async function readTrail(db: Db, where: SQL, cursor: string | undefined, limit: number): Promise<{ items: AuditEntryDto[]; nextCursor: string | null }> {
  const rows = await db
    .select({
      id: auditEntries.id,
      code: auditEntries.code,
      subjectType: auditEntries.subjectType,
      subjectId: auditEntries.subjectId,
      session: workoutSessions.name,
      workout: sql<string | null>`coalesce(${workouts.title}, ${workouts.name})`,
      category: scores.category,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      createdAt: auditEntries.createdAt,
    })
    .from(auditEntries)
    .leftJoin(jobLines, and(eq(auditEntries.subjectType, "jobLine"), eq(jobLines.id, auditEntries.subjectId)))
    .leftJoin(workoutSessions, eq(workoutSessions.id, jobLines.sessionId))
    .leftJoin(jobs, and(eq(auditEntries.subjectType, "job"), eq(jobs.id, auditEntries.subjectId)))
    .leftJoin(workouts, eq(workouts.id, jobs.workoutId))
    .leftJoin(scores, and(eq(auditEntries.subjectType, "score"), eq(scores.id, auditEntries.subjectId)))
    .leftJoin(users, eq(users.id, auditEntries.userId))
    .where(and(where, after(NEWEST_FIRST, decodeCursor(cursor, ["string", "string"]))))
    .orderBy(desc(auditEntries.createdAt), desc(auditEntries.id))
    .limit(limit + 1);
  const page = pageOf(rows, limit, (r) => [r.createdAt, r.id]);
  return {
    nextCursor: page.nextCursor,
    items: page.items.map((r) => ({
      id: r.id,
      code: r.code,
      subjectType: r.subjectType,
      subjectId: r.subjectId,
      subject: r.session ?? r.workout ?? r.category ?? null,
      by: [r.firstName, r.lastName].filter(Boolean).join(" ") || r.email || null,
      createdAt: r.createdAt,
    })),
  };
}

/** The trail of one of the partner's jobs: the job's own entries and its session lines'. */
export async function jobAuditTrail(db: Db, scope: PartnerScope, jobId: string, cursor: string | undefined, limit: number) {
  const [job] = await db
    .select({ id: jobs.id, accountId: jobs.accountId })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), visibleJobs(scope, "partner")))
    .limit(1);
  if (!job) throw notFound("Job not found");
  const lines = await db.select({ id: jobLines.id }).from(jobLines).where(eq(jobLines.jobId, job.id));
  const about = or(
    and(eq(auditEntries.subjectType, "job"), eq(auditEntries.subjectId, job.id)),
    and(
      eq(auditEntries.subjectType, "jobLine"),
      inList(
        auditEntries.subjectId,
        lines.map((l) => l.id),
      ),
    ),
  )!;
  return readTrail(db, and(eq(auditEntries.accountId, job.accountId), about)!, cursor, limit);
}

/** The trail of one of the partner's customers: every entry of that account written while it was under this partner. */
export async function customerAuditTrail(db: Db, scope: PartnerScope, customerId: string, cursor: string | undefined, limit: number) {
  const customer = await customerOf(db, scope, customerId);
  return readTrail(db, and(eq(auditEntries.accountId, customer.id), eq(auditEntries.partnerAccountId, scope.account.id))!, cursor, limit);
}

/**
 * The audit entry of a state change, as a statement for the change's own
 * batch (so the entry is written exactly when the change is). `partnerAccountId`
 * is stamped by the insert trigger when not given.
 */
export const auditStatement = (db: Db, entry: NewAuditEntry) => db.insert(auditEntries).values(entry);

/**
 * The audit entry of a change that happens only while `when` holds inside
 * the batch (a compare-and-set, a choice the batch makes): written exactly
 * when the change is, so a lost race or a no-op writes none.
 */
export function auditWhen(entry: NewAuditEntry, when: SQL): Statement {
  const data = entry.data === undefined || entry.data === null ? null : JSON.stringify(entry.data);
  return raw(sql`INSERT INTO audit_entries (id, account_id, partner_account_id, code, subject_type, subject_id, user_id, data, created_at)
      SELECT ${crypto.randomUUID()}, ${entry.accountId}, ${entry.partnerAccountId ?? null}, ${entry.code}, ${entry.subjectType}, ${entry.subjectId},
             ${entry.userId ?? null}, ${data}, ${new Date().toISOString()}
      WHERE ${when}`);
}

/**
 * The audit entry of a job's move, for the move's own batch: who made it (the
 * user), from which status to which, and what it carried (`data`, e.g. the
 * times proposed).
 */
export function jobMoveAudit(
  db: Db,
  job: Pick<Job, "id" | "accountId" | "status">,
  code: AuditCode,
  userId: string,
  to: JobStatus,
  data: Record<string, unknown> = {},
) {
  return db
    .insert(auditEntries)
    .values({ accountId: job.accountId, code, subjectType: "job", subjectId: job.id, userId, data: { from: job.status, to, ...data } });
}
