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
import { eq, lt, sql } from "drizzle-orm";
import { accounts, jobLines, jobs, users, type Account, type Job, type JobLine } from "../../db/schema";
import type { Db } from "../env";
import { inList } from "./bound";
import { referenceCopies } from "./partner-numbers";
import { copyStatements, heldVersion, readDocument } from "./publication";
import { batch, type Stmt } from "./query";

/** The job, its lines and its customer's row on the job's shard, with the workout's document; null when the job is gone. */
export async function jobSnapshot(source: Db, jobId: string) {
  const [job] = await source.select().from(jobs).where(eq(jobs.id, jobId)).limit(1);
  if (!job) return null;
  const [lines, customer, workout] = await Promise.all([
    source.select().from(jobLines).where(eq(jobLines.jobId, jobId)),
    source.select().from(accounts).where(eq(accounts.id, job.accountId)).limit(1),
    readDocument(source, job.workoutId),
  ]);
  return workout && customer[0] ? { job, lines, customer: customer[0], workout: workout.document } : null;
}

export type JobSnapshot = NonNullable<Awaited<ReturnType<typeof jobSnapshot>>>;

/** The users a job names (booker, instructors), from the directory. */
export function namedUsers(directory: Db, s: JobSnapshot) {
  const ids = [...new Set([s.job.bookedByUserId, s.job.instructorUserId, ...s.lines.map((l) => l.instructorUserId)].filter((id): id is string => Boolean(id)))];
  return ids.length ? directory.select().from(users).where(inList(users.id, ids)) : Promise.resolve([]);
}

/** Upserts the copy's job over an older version only, and its lines by id. */
function jobCopy(db: Db, job: Job, lines: JobLine[], variantIds: Set<string>): Stmt[] {
  // The booking's price line and slots are the booking partner's: the copy keeps the price, not the link.
  const row = { ...job, pricingLineId: null, variantId: job.variantId && variantIds.has(job.variantId) ? job.variantId : null };
  const { id: _id, ...set } = row;
  // A line is replaced only while the copy's job is at this version (the statement before left an older one alone).
  const lineOfVersion = sql`(select ${jobs.version} from ${jobs} where ${jobs.id} = ${job.id}) = ${job.version}`;
  return [
    db
      .insert(jobs)
      .values(row)
      .onConflictDoUpdate({ target: jobs.id, set, setWhere: lt(jobs.version, job.version) }),
    ...lines.map((line) => {
      const copy = { ...line, slotId: null };
      const { id: _lineId, ...lineSet } = copy;
      return db.insert(jobLines).values(copy).onConflictDoUpdate({ target: jobLines.id, set: lineSet, setWhere: lineOfVersion });
    }),
  ];
}

/**
 * The statements that bring the delivery copy to the snapshot's version, in
 * one batch on the delivering partner's shard: the partners' and the
 * customer's reference rows, the users, the workout's copy when this shard's
 * is older (or missing), then the job and its lines.
 */
export async function deliveryCopyStatements(target: Db, s: JobSnapshot, partners: Account[], people: (typeof users.$inferSelect)[]): Promise<Stmt[]> {
  const held = await heldVersion(target, s.workout.workout.id);
  const workout = held === null || held < s.workout.workout.version ? copyStatements(target, s.workout, partners) : referenceCopies(target, partners);
  return [
    ...workout,
    ...referenceCopies(target, [s.customer]),
    ...people.map((p) => target.insert(users).values(p).onConflictDoNothing()),
    ...jobCopy(target, s.job, s.lines, new Set(s.workout.variants.map((v) => v.id))),
  ];
}

/** Writes the delivery copy (one batch). */
export async function writeDeliveryCopy(target: Db, statements: Stmt[]): Promise<void> {
  await batch(target, statements);
}
