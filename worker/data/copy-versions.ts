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
import { and, eq, gt, lt, or, sql, type SQL } from "drizzle-orm";
import { jobs, workouts } from "../../db/schema";
import type { Db } from "../env";
import { batch, type Stmt } from "./query";

/** A job's version as a copy compares it. */
export type JobVersion = { id: string; version: number; extrasVersion: number };

/**
 * The condition of a gate: evaluated on the copy's row (none: no copy, nothing
 * to refuse; the id is asked again so that no other row can trip it), it fails the statement, and with it the batch, when `newer`
 * holds (json() of text that is no JSON raises), and otherwise matches nothing.
 */
const refusedWhen = (newer: SQL | undefined) => sql`json(case when ${newer} then 'a newer copy is held' else '0' end) = 'refused'`;

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
