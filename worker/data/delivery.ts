/**
 * A job delivered by a partner on another shard
 * (docs/decisions/2026-11-27-delivered-jobs.md): the job lives on the shard
 * of the partner whose customer booked it (seats, credits and ledger in one
 * batch); the delivering partner's shard holds a **delivery copy** of the job
 * and its lines, with the same ids, at the job's version, so the delivering
 * partner's job lists, calendar and job page read it as before shards. The
 * copy comes with what its keys need: the workout's copy at its version (the
 * author's document), reference rows of the customer and the partners, and
 * the users it names.
 */
import { and, eq, sql } from "drizzle-orm";
import type { BatchResponse } from "drizzle-orm/batch";
import { accounts, jobActionItems, jobArtifacts, jobLines, jobs, users, type Account } from "../../db/schema";
import type { Db } from "../env";
import { inList, notInList } from "./bound";
import { partnerRows, referenceCopies } from "./partner-numbers";
import { copyIsCurrent, jobAt, jobCopyCurrent, olderOnly, writeCopy, type CopyCas } from "./copy-versions";
import { copyStatements, heldVersion, readDocument } from "./publication";
import { batch, type Stmt } from "./query";
import type { JobShard } from "./jobs";
import type { Statements } from "./statements";

/**
 * A delivery copy on this shard: the job's partner's row names another shard
 * than the delivering partner's (`delivererId`). A shard's own jobs never are.
 */
export const deliveryCopyOf = (delivererId: string) =>
  sql`exists (select 1 from ${accounts} p join ${accounts} me on me.id = ${delivererId} where p.id = ${jobs.partnerAccountId} and p.shard <> me.shard)`;

/** The booking partner of the delivery copy `jobId` that `delivererId` delivers on this shard (its job is on that partner's shard) and the job's workout; null when there is none. */
export async function deliveredJobPartner(db: Db, delivererId: string, jobId: string): Promise<DeliveredJob | null> {
  const [row] = await deliveredJobRead(db, delivererId, jobId);
  return row ?? null;
}

export type DeliveredJob = { partnerId: string; workoutId: string };

/** deliveredJobPartner's read, for a caller's batch. */
export const deliveredJobRead = (db: Db, delivererId: string, jobId: string) =>
  db
    .select({ partnerId: jobs.partnerAccountId, workoutId: jobs.workoutId })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.deliveryPartnerAccountId, delivererId), deliveryCopyOf(delivererId)))
    .limit(1);

/**
 * The job, its lines, action items and shared files, and its customer's row
 * on the job's shard (one batch: one moment of the job, so the version it
 * carries is the version of what it holds), with the workout's document; null
 * when the job is gone.
 */
export async function jobSnapshot(source: Db, jobId: string, workoutId?: string, document?: ReturnType<typeof readDocument>, read?: SnapshotRows) {
  // A job's workout never changes: when the caller knows it, its document is read beside the job (or was, `document`).
  const early = workoutId ? (document ?? readDocument(source, workoutId)) : null;
  // `read`: the rows as read in another batch of the job's shard (a move's own, after its writes).
  const [[job], lines, items, artifacts, customer] = read ?? (await source.batch(snapshotReads(source, jobId)));
  if (!job) return null;
  const workout = await (early && job.workoutId === workoutId ? early : readDocument(source, job.workoutId));
  return workout && customer[0] ? { job, lines, items, artifacts, customer: customer[0], workout: workout.document } : null;
}

export type JobSnapshot = NonNullable<Awaited<ReturnType<typeof jobSnapshot>>>;

/** The reads of a job's snapshot (its row, lines, action items, shared files and customer), for a batch on its shard: one moment of the job. */
export const snapshotReads = (source: Db, jobId: string) =>
  [
    source.select().from(jobs).where(eq(jobs.id, jobId)).limit(1),
    source.select().from(jobLines).where(eq(jobLines.jobId, jobId)),
    source.select().from(jobActionItems).where(eq(jobActionItems.jobId, jobId)),
    source.select().from(jobArtifacts).where(eq(jobArtifacts.jobId, jobId)),
    source
      .select()
      .from(accounts)
      .where(eq(accounts.id, sql`(select ${jobs.accountId} from ${jobs} where ${jobs.id} = ${jobId})`))
      .limit(1),
  ] as const;

/** The rows `snapshotReads` answers. */
export type SnapshotRows = BatchResponse<ReturnType<typeof snapshotReads>>;

/** The users a job names (booker, instructors), from the directory. */
export function namedUsers(directory: Db, s: JobSnapshot) {
  return usersOf(directory, namedUserIds(s));
}

const present = (ids: (string | null | undefined)[]) => [...new Set(ids.filter((id): id is string => Boolean(id)))];

/** The ids of the users a job names. */
const namedUserIds = (s: JobSnapshot) =>
  present([
    s.job.bookedByUserId,
    s.job.instructorUserId,
    ...s.lines.map((l) => l.instructorUserId),
    ...s.items.map((i) => i.completedByUserId),
    ...s.artifacts.map((a) => a.createdByUserId),
  ]);

const usersOf = (directory: Db, ids: string[]): Promise<(typeof users.$inferSelect)[]> =>
  ids.length
    ? directory
        .select()
        .from(users)
        .where(inList(users.id, ids))
        .then((rows) => rows)
    : Promise.resolve([]);

/** The partners a job's copy carries reference rows of: its booking and delivering partners, the workout's author and the partners the workout names. */
const partnerIdsOf = (job: Pick<JobSnapshot["job"], "partnerAccountId" | "deliveryPartnerAccountId">, workout: JobSnapshot["workout"]) =>
  present([job.partnerAccountId, job.deliveryPartnerAccountId, workout.workout.accountId, ...workout.deliveryPartners.map((p) => p.partnerAccountId)]);

/**
 * What the copy's rewrite after a move reads besides the job itself, read
 * before the move's write (none of it is what the move changes): the
 * workout's document on the job's shard, the copy's rows on its shard (its
 * versions, and what a copy written beside the move starts from:
 * ./copy-ahead.ts), and from the directory the job's booking and delivering partners and the
 * users the job named before the move (`userIds`: more of them).
 * deliverySource takes what they cover of what the job as written names, and
 * reads the rest after.
 */
export type CopyInputs = ReturnType<typeof copyInputs>;

export function copyInputs(
  directory: Db,
  source: Db,
  copyOn: Db,
  job: Pick<JobSnapshot["job"], "id" | "workoutId" | "partnerAccountId" | "deliveryPartnerAccountId" | "bookedByUserId" | "instructorUserId">,
  userIds: string[],
) {
  const document = readDocument(source, job.workoutId);
  const partnerIds = present([job.partnerAccountId, job.deliveryPartnerAccountId]);
  const partners = partnerRows(directory, partnerIds).then((rows) => ({ ids: partnerIds, rows }));
  const people = present([job.bookedByUserId, job.instructorUserId, ...userIds]);
  const base = copyOn.batch(snapshotReads(copyOn, job.id));
  const inputs = {
    workoutId: job.workoutId,
    document,
    partners,
    people: { ids: people, rows: usersOf(directory, people) },
    // The copy as it is (the job before the move, at the version the move read): its versions, and what a copy written beside the move starts from.
    base,
    copy: base.then(([[row]]) => (row ? { version: row.version, extrasVersion: row.extrasVersion } : undefined)),
    held: heldVersion(copyOn, job.workoutId),
  };
  // Each is awaited only by the rewrite; a failure there reads again.
  for (const read of [document, partners, inputs.people.rows, inputs.copy, inputs.held]) read.catch(() => undefined);
  return inputs;
}

const covers = (read: string[], wanted: string[]) => wanted.every((id) => read.includes(id));

/**
 * The copy's job over an older version only (a newer copy refuses the whole
 * batch: its gate), and its lines, action items and shared files by id (those
 * gone from the job dropped).
 */
function jobCopy(db: Db, s: JobSnapshot, variantIds: Set<string>, cas: CopyCas): Stmt[] {
  const { job, lines } = s;
  // The booking's price line and slots are the booking partner's: the copy keeps the price, not the link.
  const row = { ...job, pricingLineId: null, variantId: job.variantId && variantIds.has(job.variantId) ? job.variantId : null };
  const { id: _id, ...set } = row;
  // A line is replaced only while the copy's job is at this version (the statement before left an older one alone).
  const lineOfVersion = jobAt(job);
  return [
    cas.gate,
    db.insert(jobs).values(row).onConflictDoUpdate({ target: jobs.id, set, setWhere: cas.over }),
    ...lines.map((line) => {
      const copy = { ...line, slotId: null };
      const { id: _lineId, ...lineSet } = copy;
      return db.insert(jobLines).values(copy).onConflictDoUpdate({ target: jobLines.id, set: lineSet, setWhere: lineOfVersion });
    }),
    ...extrasCopy(db, s, lineOfVersion),
  ];
}

/**
 * The job's action items and shared files on the copy, so both sides see the
 * same ones: replaced by id while the copy's job is at this version, and
 * those the job no longer has dropped (a file removed on either side). An
 * item's session item is kept only when the workout's copy has it.
 */
function extrasCopy(db: Db, s: JobSnapshot, atVersion: ReturnType<typeof sql>): Stmt[] {
  const known = new Set(s.workout.actionItems.map((i) => i.id));
  const items = s.items.map((i) => ({ ...i, sessionActionItemId: i.sessionActionItemId && known.has(i.sessionActionItemId) ? i.sessionActionItemId : null }));
  const ofJob = (col: typeof jobActionItems.jobId | typeof jobArtifacts.jobId) => and(eq(col, s.job.id), atVersion);
  return [
    db.delete(jobActionItems).where(
      and(
        ofJob(jobActionItems.jobId),
        notInList(
          jobActionItems.id,
          items.map((i) => i.id),
        ),
      ),
    ),
    db.delete(jobArtifacts).where(
      and(
        ofJob(jobArtifacts.jobId),
        notInList(
          jobArtifacts.id,
          s.artifacts.map((a) => a.id),
        ),
      ),
    ),
    ...items.map((item) => {
      const { id: _id, ...set } = item;
      return db.insert(jobActionItems).values(item).onConflictDoUpdate({ target: jobActionItems.id, set, setWhere: atVersion });
    }),
    ...s.artifacts.map((a) => db.insert(jobArtifacts).values(a).onConflictDoNothing()),
  ];
}

/**
 * The statements that bring the delivery copy to the snapshot's version, in
 * one batch on the delivering partner's shard: the partners' and the
 * customer's reference rows, the users, the workout's copy when this shard's
 * is older (or missing), then the job and its lines.
 */
export function deliveryCopyStatements(
  target: Db,
  s: JobSnapshot,
  partners: Account[],
  people: (typeof users.$inferSelect)[],
  held: number | null,
  cas: CopyCas = olderOnly(target, s.job),
): Stmt[] {
  const workout = held === null || held < s.workout.workout.version ? copyStatements(target, s.workout, partners) : referenceCopies(target, partners);
  return [
    ...workout,
    ...referenceCopies(target, [s.customer]),
    ...people.map((p) => target.insert(users).values(p).onConflictDoNothing()),
    ...jobCopy(target, s, new Set(s.workout.variants.map((v) => v.id)), cas),
  ];
}

/** What the copy's shard holds of a snapshot: whether its copy is as new as the job, and its workout copy's version. */
const copyState = async (target: Db, s: JobSnapshot) => {
  const [current, held] = await Promise.all([jobCopyCurrent(target, s.job), heldVersion(target, s.workout.workout.id)]);
  return { current, held };
};

/**
 * What a delivery copy is written from: the job's snapshot on its shard, and
 * from the directory the partners it names (their reference rows) and the
 * users it names; `shard` is the delivering partner's (null: unplaced). Null
 * when the job is gone or has no delivery partner. `workoutId` (the job's,
 * when known) has its document read beside the job; `copyOn` (a shard that
 * may hold the copy) has its copy's state read beside the directory's rows.
 */
export async function deliverySource(
  directory: Db,
  source: Db,
  jobId: string,
  opts: { workoutId?: string; copyOn?: Db; early?: CopyInputs; rows?: SnapshotRows } = {},
) {
  const early = opts.early && opts.early.workoutId === opts.workoutId ? opts.early : undefined;
  // `rows`: the job's snapshot as read in the move's own batch, after its writes (no read of its own).
  const snapshot = await jobSnapshot(source, jobId, opts.workoutId, early?.document, opts.rows);
  const delivererId = snapshot?.job.deliveryPartnerAccountId;
  if (!snapshot || !delivererId) return null;
  const partnerIds = partnerIdsOf(snapshot.job, snapshot.workout);
  const userIds = namedUserIds(snapshot);
  // What was read beside the move is taken where it covers what the job names now; the rest is read now.
  const fresh = {
    partners: (read: string[] = []) =>
      partnerRows(
        directory,
        partnerIds.filter((id) => !read.includes(id)),
      ),
    people: () => usersOf(directory, userIds),
    state: () => (opts.copyOn ? copyState(opts.copyOn, snapshot) : null),
  };
  const [partners, people, state] = await Promise.all([
    early
      ? early.partners.then(
          async (p) => [...p.rows, ...(await fresh.partners(p.ids))],
          () => fresh.partners(),
        )
      : fresh.partners(),
    early && covers(early.people.ids, userIds) ? early.people.rows.then((rows) => rows.filter((u) => userIds.includes(u.id)), fresh.people) : fresh.people(),
    early && opts.copyOn
      ? Promise.all([early.copy, early.held]).then(([copy, held]) => ({ current: copyIsCurrent(copy, snapshot.job), held }), fresh.state)
      : fresh.state(),
  ]);
  return { snapshot, partners, people, shard: partners.find((p) => p.id === delivererId)?.shard ?? null, state };
}

export type DeliverySource = NonNullable<Awaited<ReturnType<typeof deliverySource>>>;

/**
 * Writes the delivery copy on the delivering partner's shard (one batch, over
 * an older version only: compare-and-set on the copy's job version and extras
 * version). Answers whether it wrote: a copy as new as the job, or newer, is
 * left as it is.
 */
export async function writeDeliveryCopy(target: Db, source: DeliverySource): Promise<boolean> {
  const current = () => jobCopyCurrent(target, source.snapshot.job);
  // The copy's state as read beside the source (`copyOn`: the same shard), else now.
  const state = source.state ?? (await copyState(target, source.snapshot));
  if (state.current) return false;
  // Refused by the workout copy's gate too (that copy moved on since it was read): the step's retry reads again.
  return writeCopy(target, deliveryCopyStatements(target, source.snapshot, source.partners, source.people, state.held), current);
}

/**
 * The users `ids` names (from `source`, a shard that has them: the acting
 * partner's), inserted where missing at the head of a write on the job's
 * shard (`target`) that names them, in the same batch.
 */
export async function namingUsers(
  source: Db,
  target: JobShard,
  write: { statements: Statements },
  ids: (string | null | undefined)[],
  read?: ReturnType<typeof userInserts>,
): Promise<void> {
  // `read`: the inserts of the first of them (the one acting), read earlier beside the job; the others are read now.
  const early = read ? await read.catch(() => null) : null;
  write.statements.unshift(...(early ?? []), ...(await userInserts(source, target, early ? ids.slice(1) : ids)));
}

/** The inserts of the users `ids` names on the job's shard (read from `source`; none without ids, and no call). */
export async function userInserts(source: Db, target: JobShard, ids: (string | null | undefined)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (!wanted.length) return [];
  const rows = await source.select().from(users).where(inList(users.id, wanted));
  return rows.map((row) => target.db.insert(users).values(row).onConflictDoNothing());
}

/** The users `ids` names copied to the job's shard where missing (insert or ignore, one batch), before a write there that names them. */
export async function copyUsers(source: Db, target: JobShard, ids: string[]): Promise<void> {
  const inserts = await userInserts(source, target, ids);
  if (inserts.length) await batch(target.db, inserts);
}
