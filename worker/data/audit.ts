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
import { AuditField, CategoryFilter, type AuditCode, type JobStatus } from "../../contract/enums";
import { auditEntries, jobLines, jobs, scores, users, workoutSessions, workouts, type Job, type NewAuditEntry } from "../../db/schema";
import type { Db } from "../env";
import type { AdminScope, PartnerScope } from "../http/endpoint";
import { notFound } from "../http/errors";
import { inList } from "./bound";
import { ledgerBalance } from "./credits";
import { after, decodeCursor, newestFirst, pageOf, type SortKey } from "./cursor";
import { customerFound, customerQuery } from "./customers";
import { deliveryCopyOf } from "./delivery";
import { visibleJobs } from "./jobs-search";
import { onEachShard } from "./query";
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
  /** Which setting changed (one entry per setting a change touched). */
  field?: AuditField;
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
  const { name, field, change, reason, onlyIf, data, accountId, partnerAccountId, code, subjectType, subjectId, userId } = entry;
  const plain = { ...(data ?? {}), ...(name ? { name } : {}), ...(field ? { field } : {}), ...(reason ? { reason } : {}) };
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

/**
 * The audit entry of a credit line written in the same batch (an adjustment,
 * a booking's consumption, a cancellation's return), in the customer's trail:
 * `name` says what it was for, the change is the balance before and after the
 * line as the batch sees it; written only if the line was.
 */
export function creditLineAudit(
  code: AuditCode,
  line: { id: string; accountId: string; partnerAccountId?: string; quantity: number; context: string | null; userId: string | null },
): Statement {
  return auditStatement({
    accountId: line.accountId,
    partnerAccountId: line.partnerAccountId,
    code,
    subjectType: "creditLine",
    subjectId: line.id,
    userId: line.userId,
    name: line.context,
    change: sql`json_object('kind', 'credits', 'from', ${ledgerBalance(line.accountId)} - ${line.quantity}, 'to', ${ledgerBalance(line.accountId)})`,
    onlyIf: sql`EXISTS (SELECT 1 FROM credit_lines WHERE id = ${line.id})`,
  });
}

/** What the trail keeps of an entry the cron wrote: no user, and who acted instead (shown as the product's scheduled work). */
export const BY_SYSTEM = { actor: "system" } as const;

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

/**
 * Changes of place and people keep their raw values (`data.from`, `data.to`:
 * user ids, attendance marks, a location) for the record; the trail reads
 * them as words at read time, so entries written before read the same:
 * people by name (those marked present, for attendance), a place as its
 * link or address, nobody or nowhere as none.
 */
const PEOPLE_CODES: ReadonlySet<AuditCode> = new Set(["jobAttendeesChanged", "jobInstructorChanged", "jobLocationChanged", "jobAttendanceMarked"]);

/** An attendance mark as stored: who, and whether they were there. */
const markOf = (v: unknown): { userId?: unknown; present?: unknown } | null => (v && typeof v === "object" ? v : null);

/** The user ids a people change names (either side). */
function peopleIn(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (!Array.isArray(value)) return [];
  return (value as unknown[]).flatMap((v) => {
    const id = typeof v === "string" ? v : markOf(v)?.userId;
    return typeof id === "string" ? [id] : [];
  });
}

/** One side of a place-or-people change in words, or null for none. */
function peopleText(value: unknown, names: Map<string, string>): string | null {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const place = value as { url?: unknown; address?: unknown };
    return typeof place.url === "string" ? place.url : typeof place.address === "string" ? place.address : null;
  }
  const present = Array.isArray(value) ? (value as unknown[]).filter((v) => typeof v === "string" || markOf(v)?.present !== false) : [value];
  // A person since removed has no name to show.
  const text = peopleIn(present)
    .flatMap((id) => names.get(id) ?? [])
    .join(", ");
  return text || null;
}

/** A user as a people change names them: by name, else by address. */
type Person = { firstName: string | null; lastName: string | null; email: string };

/** The user ids one side (`$.from`, `$.to`) of an entry's data names, in SQL (see peopleIn: an id, a list of ids or of attendance marks). */
const idsAt = (side: "$.from" | "$.to") =>
  sql`select case when p.type = 'object' then json_extract(p.value, '$.userId') else p.value end from json_each(${auditEntries.data}, ${side}) p
    where json_type(${auditEntries.data}, ${side}) in ('text', 'array') and p.type in ('text', 'object')`;

/**
 * The users a people change names (either side), as a JSON object by id, read
 * in the trail's own query so the names cost no round trip of their own;
 * null for any other entry.
 */
const peopleNamed = sql<string | null>`case when ${inList(auditEntries.code, [...PEOPLE_CODES])} then (
  select json_group_object(named.id, json_object('firstName', named.first_name, 'lastName', named.last_name, 'email', named.email))
  from users named where named.id in (${idsAt("$.from")} union ${idsAt("$.to")})
) end`;

/** The names of the users an entry's people change names, from its `people` column. */
function namesOf(people: string | null): Map<string, string> {
  const found = people ? (JSON.parse(people) as Record<string, Person>) : {};
  return new Map(Object.entries(found).map(([id, u]) => [id, [u.firstName, u.lastName].filter(Boolean).join(" ") || u.email]));
}

/** What an entry changed: its stored change, else (a change of place or people) its raw from → to in words. */
function changeFrom(code: AuditCode, data: unknown, names: Map<string, string>): AuditChange | null {
  const stored = changeOf(data);
  if (stored || !PEOPLE_CODES.has(code)) return stored;
  const d = (data ?? {}) as { from?: unknown; to?: unknown };
  return { kind: "name", from: peopleText(d.from, names), to: peopleText(d.to, names) };
}

const text = (data: unknown, key: "name" | "reason"): string | null => {
  const v = (data as Record<string, unknown> | null)?.[key];
  return typeof v === "string" && v ? v : null;
};

/** The setting an entry names, if it is one the product knows. */
const fieldOf = (data: unknown): AuditField | null => {
  const v = (data as { field?: unknown } | null)?.field;
  return (AuditField as readonly unknown[]).includes(v) ? (v as AuditField) : null;
};

/**
 * The entries of a change of settings: one per field whose value differs
 * (compared as the values the trail shows), each with the same columns.
 */
export function fieldChanges(
  base: Omit<AuditWrite, "field" | "change">,
  fields: { field: AuditField; kind: AuditChange["kind"]; from: AuditChange["from"]; to: AuditChange["to"] }[],
): AuditWrite[] {
  return fields.filter((f) => f.from !== f.to).map((f) => ({ ...base, field: f.field, change: { kind: f.kind, from: f.from, to: f.to } }));
}

const NEWEST_FIRST: SortKey[] = [
  { column: auditEntries.createdAt, dir: "desc" },
  { column: auditEntries.id, dir: "desc" },
];

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
      people: peopleNamed,
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

/** The page of a trail's rows, the people its changes name (attendees, instructors) read by the same query. */
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
      change: changeFrom(r.code, r.data, namesOf(r.people)),
      field: fieldOf(r.data),
      reason: text(r.data, "reason"),
      by: [r.firstName, r.lastName].filter(Boolean).join(" ") || r.email || null,
      bySystem: (r.data as { actor?: unknown } | null)?.actor === "system",
      createdAt: r.createdAt,
    })),
  };
}

/**
 * The trail of one of the partner's jobs: the job's own entries and its
 * session lines', with `copyOf`: when the id is a delivery copy on this
 * shard that the partner delivers, the job's booking partner (the job and its
 * entries are on that partner's shard), else null. Read in the same round trip.
 */
export async function jobAuditTrail(
  db: Db,
  scope: PartnerScope,
  jobId: string,
  cursor: string | undefined,
  limit: number,
): Promise<{ page: Awaited<ReturnType<typeof trailPage>>; copyOf: string | null }> {
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
  const delivered = and(eq(jobs.deliveryPartnerAccountId, scope.account.id), deliveryCopyOf(scope.account.id));
  const copyOf = sql<string | null>`CASE WHEN ${delivered} THEN ${jobs.partnerAccountId} END`;
  const [found, rows] = await db.batch([db.select({ id: jobs.id, copyOf }).from(jobs).where(job).limit(1), trailQuery(db, about, cursor, limit)]);
  if (!found[0]) throw notFound("Job not found");
  return { page: trailPage(rows, limit), copyOf: found[0].copyOf };
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

/**
 * The acting account's own trail, newest first: a partner's, its plans, price
 * groups and settings (anything written on its own account); a customer's,
 * every entry of its account under whichever partner it happened, with those
 * on the shards it lived on before a re-link (`history`, read side by side and
 * merged in the trail's order, the cursor holding across them;
 * docs/decisions/2026-11-27-relinked-audit.md).
 */
export async function ownAuditTrail(db: Db, scope: AdminScope, cursor: string | undefined, limit: number, history: Db[] | Promise<Db[]> = []) {
  const read = (shard: Db) => trailQuery(shard, eq(auditEntries.accountId, scope.account.id), cursor, limit);
  const [own, before] = await Promise.all([read(db), onEachShard(history, read)]);
  return trailPage(before.length ? newestFirst(own, before.flat()) : own, limit);
}
