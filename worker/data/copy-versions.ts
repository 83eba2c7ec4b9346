/**
 * Copies across shards never go back in time
 * (docs/decisions/2026-11-27-copies-never-go-back.md): a refresh carries the
 * source's version, and its batch on the copy's shard starts with a gate that
 * fails the whole batch (one transaction: nothing of it written) when the
 * copy already holds a newer version. A late refresh read before a newer one
 * was written is then refused instead of bringing back an older document or
 * a removed file; the writer reads the copy's version again and, the copy
 * being newer, has nothing to do.
 *
 * A workout's copy is versioned by `workouts.version`; a delivery copy of a
 * job by the pair (`jobs.version`, `jobs.extrasVersion`): moves raise the
 * first, a tick, a share or a removal the second.
 */
import { and, eq, gt, lt, not, or, sql, type SQL } from "drizzle-orm";
import { jobs, workouts } from "../../db/schema";
import type { Db } from "../env";
import { batch, type Stmt } from "./query";
import { errorText } from "./statements";

/** A job's version as a copy compares it. */
export type JobVersion = { id: string; version: number; extrasVersion: number };

/**
 * The condition of a gate: evaluated on the copy's row (none: no copy, nothing
 * to refuse; the id is asked again so that no other row can trip it), it fails the statement, and with it the batch, when `newer`
 * holds (json() of text that is no JSON raises), and otherwise matches nothing.
 */
const refusedWhen = (newer: SQL | undefined) => sql`json(case when ${newer} then 'a newer copy is held' else '0' end) = 'refused'`;

/** Whether a copy's batch failed on its gate (refusedWhen), not for another reason. */
export const refusedByGate = (err: unknown): boolean => /malformed JSON/i.test(errorText(err));

/** The gate of a workout copy's batch: refused when this shard holds the workout at a version above `version`. */
export const workoutCopyGate = (db: Db, workoutId: string, version: number) =>
  db
    .update(workouts)
    .set({ version: sql`${workouts.version}` })
    .where(and(eq(workouts.id, workoutId), refusedWhen(and(eq(workouts.id, workoutId), gt(workouts.version, version)))));

/** The copy's job is newer than `v` (a later move, or the same move and a later tick, share or removal). */
const jobNewerThan = (v: JobVersion) => or(gt(jobs.version, v.version), and(eq(jobs.version, v.version), gt(jobs.extrasVersion, v.extrasVersion)));

/** The copy's job is older than `v`: its upsert replaces it only then. */
export const jobOlderThan = (v: JobVersion) => or(lt(jobs.version, v.version), and(eq(jobs.version, v.version), lt(jobs.extrasVersion, v.extrasVersion)));

/** The copy's job is at `v` (after the batch's upsert): its lines, items and files are replaced only then. */
export const jobAt = (v: JobVersion) =>
  sql`exists (select 1 from ${jobs} where ${jobs.id} = ${v.id} and ${jobs.version} = ${v.version} and ${jobs.extrasVersion} = ${v.extrasVersion})`;

/** The gate of a delivery copy's batch: refused when this shard's copy of the job is newer than `v`. */
export const jobCopyGate = (db: Db, v: JobVersion) =>
  db
    .update(jobs)
    .set({ version: sql`${jobs.version}` })
    .where(and(eq(jobs.id, v.id), refusedWhen(and(eq(jobs.id, v.id), jobNewerThan(v)))));

/**
 * How a copy's batch compares with the copy it finds: `gate` refuses the whole
 * batch, `over` says which copy its job's upsert replaces (its lines, items
 * and files follow only when the copy's job is then at the written version).
 */
export type CopyCas = { gate: Stmt; over: SQL | undefined };

/** The rule of every refresh: refused by a newer copy, replacing an older one. */
export const olderOnly = (db: Db, v: JobVersion): CopyCas => ({ gate: jobCopyGate(db, v), over: jobOlderThan(v) });

/**
 * A copy written beside its job's write, ahead of it
 * (docs/decisions/2026-11-27-copy-written-beside-its-job.md): refused unless
 * the copy is older than `v` (a copy at `v` already is another move's), so a
 * batch that lands wrote the whole copy.
 */
export const aheadOnly = (db: Db, v: JobVersion): CopyCas => ({
  gate: db
    .update(jobs)
    .set({ version: sql`${jobs.version}` })
    .where(and(eq(jobs.id, v.id), refusedWhen(and(eq(jobs.id, v.id), not(jobOlderThan(v)!))))),
  over: jobOlderThan(v),
});

/** What a copy written ahead of its job carried: its version and its stamp. */
export type Ahead = { version: number; extrasVersion: number; stamp: string };

/** The copy's job is the one written ahead (`a`), untouched since. */
const holdsAhead = (a: Ahead) => and(eq(jobs.version, a.version), eq(jobs.extrasVersion, a.extrasVersion), eq(jobs.updatedAt, a.stamp));

/**
 * The copy takes the job's row itself (`v`, as read on the job's shard):
 * over an older or equal copy (one written ahead by a move that lost holds
 * the version of the one that won), and over the copy written ahead (`a`),
 * back too, while it holds that write; refused by any other newer copy (a
 * move since, which this never undoes).
 */
export const followingJob = (db: Db, v: JobVersion, a: Ahead): CopyCas => ({
  gate: db
    .update(jobs)
    .set({ version: sql`${jobs.version}` })
    .where(and(eq(jobs.id, v.id), refusedWhen(and(eq(jobs.id, v.id), jobNewerThan(v), not(holdsAhead(a)!))))),
  over: or(not(jobNewerThan(v)!), holdsAhead(a)),
});

/** Whether this shard's copy of the job is at `v` or newer (a refresh to `v` has nothing to do). */
export async function jobCopyCurrent(db: Db, v: JobVersion): Promise<boolean> {
  return copyIsCurrent(await jobCopyVersions(db, v.id), v);
}

/** This shard's versions of the job `id` (its copy's), undefined when it holds none. */
export async function jobCopyVersions(db: Db, id: string): Promise<{ version: number; extrasVersion: number } | undefined> {
  const [held] = await db.select({ version: jobs.version, extrasVersion: jobs.extrasVersion }).from(jobs).where(eq(jobs.id, id)).limit(1);
  return held;
}

/** Whether a copy at `held` is at `v` or newer. */
export const copyIsCurrent = (held: { version: number; extrasVersion: number } | undefined, v: JobVersion): boolean =>
  Boolean(held && (held.version > v.version || (held.version === v.version && held.extrasVersion >= v.extrasVersion)));

/** In the batch of a tick, a share or a removal on the job's shard: the job's extras version is raised (its copy follows only upwards). */
export const extrasChanged = (db: Db, jobId: string) =>
  db
    .update(jobs)
    .set({ extrasVersion: sql`${jobs.extrasVersion} + 1` })
    .where(eq(jobs.id, jobId));

/**
 * Writes a copy's batch (gated above). A failed batch after which the copy
 * holds the version or a newer one (`current`, read again) was refused by its
 * gate or written by another refresh: nothing to do, answered false. Any
 * other failure is the caller's.
 */
export async function writeCopy(db: Db, statements: Stmt[], current: () => Promise<boolean>): Promise<boolean> {
  try {
    await batch(db, statements);
    return true;
  } catch (err) {
    if (await current()) return false;
    throw err;
  }
}
