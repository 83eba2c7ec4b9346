/**
 * The audit trail as a partner's owners and admins read it: per job (the job
 * and its session lines), per customer (everything of that customer's
 * account) and the partner's own (its plans and price groups). Newest first,
 * by cursor. A job or customer of another partner is 404, exactly like a
 * missing one. The writer (`audit`, `auditStatement`) adds entries to the
 * batch of the change they record.
 */
import { and, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { AuditChange, type AuditEntryDto } from "../../contract/audit";
import { CategoryFilter, type AuditCode, type JobStatus } from "../../contract/enums";
import { auditEntries, jobLines, jobs, scores, users, workoutSessions, workouts, type Job, type NewAuditEntry } from "../../db/schema";
import type { Db } from "../env";
import type { PartnerScope } from "../http/endpoint";
import { notFound } from "../http/errors";
import { after, decodeCursor, pageOf, type SortKey } from "./cursor";
import { customerFound, customerQuery } from "./customers";
import { visibleJobs } from "./jobs-search";
import { raw, type Statement, type Statements } from "./statements";

/**
 * One audit entry to write: the columns of `audit_entries` as before (who:
 * `userId`; what: `code` on `subjectType`/`subjectId`; the account, and the
 * partner stamped when omitted), plus what the trail shows of it: `name`
 * (the subject's name when it may be gone later, e.g. a deleted price group),
 * `change` (from → to; a SQL expression answering the JSON of an
 * AuditChange when only the batch knows the values, e.g. a balance) and
 * `reason`. `onlyIf` writes the entry only when that SQL condition holds
 * inside the batch (a guarded insert that may write nothing).
 */
export type AuditWrite = Omit<NewAuditEntry, "id" | "createdAt"> & {
  name?: string | null;
  change?: AuditChange | SQL;
  reason?: string | null;
  onlyIf?: SQL;
};

/**
 * The statement that writes `entry`, for the batch of the change it records
 * (so a change that fails writes no entry). Written as SQL so the entry can
 * hold values only the batch knows.
 */
export function auditStatement(entry: AuditWrite): Statement {
  const { name, change, reason, onlyIf, data, accountId, partnerAccountId, code, subjectType, subjectId, userId } = entry;
  const plain = { ...(data ?? {}), ...(name ? { name } : {}), ...(reason ? { reason } : {}) };
  const json =
    change && "kind" in change
      ? sql`${JSON.stringify({ ...plain, change })}`
      : change
        ? sql`json_set(${JSON.stringify(plain)}, '$.change', json(${change}))`
        : sql`${JSON.stringify(plain)}`;
  return raw(sql`INSERT INTO audit_entries (id, account_id, partner_account_id, code, subject_type, subject_id, user_id, data)
    SELECT ${crypto.randomUUID()}, ${accountId}, ${partnerAccountId ?? null}, ${code}, ${subjectType}, ${subjectId}, ${userId ?? null}, ${json}
    WHERE ${onlyIf ?? sql`1`}`);
}

/** Adds the statements writing `entries` to `batch` (the change's own batch) and answers the batch. */
export function audit(batch: Statements, ...entries: AuditWrite[]): Statements {
  batch.push(...entries.map(auditStatement));
  return batch;
}

/** The change an entry's data holds, if it is one. */
function changeOf(data: unknown): AuditChange | null {
  const parsed = AuditChange.safeParse((data as { change?: unknown } | null)?.change);
  return parsed.success ? parsed.data : null;
}

const text = (data: unknown, key: "name" | "reason"): string | null => {
  const v = (data as Record<string, unknown> | null)?.[key];
  return typeof v === "string" && v ? v : null;
};

const NEWEST_FIRST: SortKey[] = [
  { column: auditEntries.createdAt, dir: "desc" },
  { column: auditEntries.id, dir: "desc" },
];

async function readTrail(db: Db, where: SQL, cursor: string | undefined, limit: number): Promise<{ items: AuditEntryDto[]; nextCursor: string | null }> {
  return trailPage(await trailQuery(db, where, cursor, limit), limit);
}

/** A page of the trail `where` selects, from `cursor` on, for a batch of the caller's (`trailPage` answers its rows). */
function trailQuery(db: Db, where: SQL, cursor: string | undefined, limit: number) {
  return db
    .select({
      id: auditEntries.id,
      code: auditEntries.code,
      subjectType: auditEntries.subjectType,
      subjectId: auditEntries.subjectId,
      session: workoutSessions.name,
      workout: sql<string | null>`coalesce(${workouts.title}, ${workouts.name})`,
      category: scores.category,
      data: auditEntries.data,
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
}

function trailPage(rows: Awaited<ReturnType<typeof trailQuery>>, limit: number): { items: AuditEntryDto[]; nextCursor: string | null } {
  const page = pageOf(rows, limit, (r) => [r.createdAt, r.id]);
  return {
    nextCursor: page.nextCursor,
    items: page.items.map((r) => ({
      id: r.id,
      code: r.code,
      subjectType: r.subjectType,
      subjectId: r.subjectId,
      subject: r.session ?? r.workout ?? text(r.data, "name"),
      category: r.category && (CategoryFilter as readonly string[]).includes(r.category) ? r.category : null,
      change: changeOf(r.data),
      reason: text(r.data, "reason"),
      by: [r.firstName, r.lastName].filter(Boolean).join(" ") || r.email || null,
      createdAt: r.createdAt,
    })),
  };
}

/** The trail of one of the partner's jobs: the job's own entries and its session lines'. */
export async function jobAuditTrail(db: Db, scope: PartnerScope, jobId: string, cursor: string | undefined, limit: number) {
  const job = and(eq(jobs.id, jobId), visibleJobs(scope, "partner"));
  // The job (404 unless the partner sees it) and its trail in ONE round trip: the trail's rows are the
  // entries of the job's customer about the job or its lines, chosen by the same condition in SQL.
  const about = and(
    sql`${auditEntries.accountId} = (select ${jobs.accountId} from ${jobs} where ${job})`,
    or(
      and(eq(auditEntries.subjectType, "job"), eq(auditEntries.subjectId, jobId)),
      and(
        eq(auditEntries.subjectType, "jobLine"),
        inArray(auditEntries.subjectId, db.select({ id: jobLines.id }).from(jobLines).where(eq(jobLines.jobId, jobId))),
      ),
    ),
  )!;
  const [found, rows] = await db.batch([db.select({ id: jobs.id }).from(jobs).where(job).limit(1), trailQuery(db, about, cursor, limit)]);
  if (!found[0]) throw notFound("Job not found");
  return trailPage(rows, limit);
}

/** The trail of one of the partner's customers: every entry of that account written while it was under this partner. */
export async function customerAuditTrail(db: Db, scope: PartnerScope, customerId: string, cursor: string | undefined, limit: number) {
  // The customer (404 unless it is the partner's) and its trail, in one round trip.
  const [found, rows] = await db.batch([
    customerQuery(db, scope, customerId),
    trailQuery(db, and(eq(auditEntries.accountId, customerId), eq(auditEntries.partnerAccountId, scope.account.id))!, cursor, limit),
  ]);
  customerFound(found);
  return trailPage(rows, limit);
}

/**
 * The audit entry of a change that happens only while `when` holds inside
 * the batch (a compare-and-set, a choice the batch makes): written exactly
 * when the change is, so a lost race or a no-op writes none.
 */
export function auditWhen(entry: AuditWrite, when: SQL): Statement {
  return auditStatement({ ...entry, onlyIf: when });
}

/**
 * The audit entry of a job's move, for the move's own batch: who made it (the
 * user), from which status to which, and what it carried (`data`, e.g. the
 * times proposed).
 */
export function jobMoveAudit(
  job: Pick<Job, "id" | "accountId" | "status">,
  code: AuditCode,
  userId: string,
  to: JobStatus,
  data: Record<string, unknown> = {},
) {
  return auditStatement({
    accountId: job.accountId,
    code,
    subjectType: "job",
    subjectId: job.id,
    userId,
    data,
    change: { kind: "status", from: job.status, to },
  });
}

/** The partner's own trail: its plans and price groups (and anything else written on its own account), newest first. */
export function partnerAuditTrail(db: Db, scope: PartnerScope, cursor: string | undefined, limit: number) {
  return readTrail(db, eq(auditEntries.accountId, scope.account.id), cursor, limit);
}
