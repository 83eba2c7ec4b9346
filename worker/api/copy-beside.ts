import type { Context } from "hono";
import { aheadOf, followJob, followWrite, projectedRows, sameCopy, writeAhead } from "../data/copy-ahead";
import { refusedByGate, type Ahead } from "../data/copy-versions";
import { deliverySource, type CopyInputs, type SnapshotRows } from "../data/delivery";
import type { Move, MoveSubject } from "../data/jobs";
import { keptInFirstBatch } from "../data/undo-steps";
import { betweenDatabases } from "../domain/cut-off";
import type { FollowJobMessage } from "../domain/flows";
import type { TimeClaim } from "../domain/time-claims";
import type { AppEnv } from "../env";
import { keepAndSend } from "../flows/kept";
import { giveBackTaken, type AwaySeats } from "./away-seats";
import type { MoveTarget } from "./job-commit";

/**
 * A move made from a delivery copy writes the copy beside the job's write,
 * not after it (docs/decisions/2026-11-27-copy-written-beside-its-job.md):
 * the copy as the move leaves the job is computed from the copy read beside
 * the claims (the job before the move) and the move's rows, and written at the
 * same moment as the job, in one batch on this shard with the claims the move
 * gives back here and its repair step (`followJob`, kept for the cron). The
 * copy's batch lands only over an older copy. A job write that fails after it
 * has the copy put back to the job at once (else by the kept step, a request
 * stopped between); after a job write that went through, a copy that is not
 * the job as its batch read it back (or was not written) takes that.
 */
export type CopyBeside = {
  run<T extends { also?: SnapshotRows }>(write: () => Promise<T>): Promise<T>;
  settle(done: { also?: SnapshotRows }): Promise<void>;
};

const logged = (message: string, jobId: string, err: unknown) =>
  console.error(JSON.stringify({ level: "error", message, jobId, error: String(err).slice(0, 300) }));

/** No copy was written ahead: the follow-up takes an older or equal copy only. */
const NONE: Ahead = { version: -1, extrasVersion: -1, stamp: "" };

export function copyBeside(
  c: Context<AppEnv>,
  target: MoveTarget,
  subject: MoveSubject,
  move: Move,
  early: CopyInputs,
  seats: AwaySeats | null,
): CopyBeside | undefined {
  const rows = move.rows;
  if (!target.away || !rows) return undefined;
  const here = c.get("shard").name;
  const copyDb = c.get("db");
  const directory = c.get("directory");
  const jobId = subject.job.id;
  const workoutId = subject.job.workoutId;
  // The claims the move gives back on the partner's shard, when that is this one: in the copy's batch, taken again by its step if the job keeps them.
  const released: TimeClaim[] = seats?.shard === here && seats.claims ? seats.claims.release : [];
  if (seats?.claims && released.length) seats.claims = { ...seats.claims, release: [] };
  const bufferMinutes = seats?.claims?.bufferMinutes ?? 0;
  let written: { projected: SnapshotRows; step: FollowJobMessage & { keptId: string } } | null = null;
  let landed = false;

  const prepare = async () => {
    const [base, document] = await Promise.all([early.base, early.document]);
    const projected = document ? projectedRows(base, subject.job, rows, document.document) : null;
    if (!projected) return null;
    const source = await deliverySource(directory, target.shard.db, jobId, { workoutId, copyOn: copyDb, early, rows: projected });
    if (!source || source.shard !== here) return null;
    const m = {
      kind: "followJob",
      shard: here,
      jobShard: target.shard.name,
      jobId,
      ahead: aheadOf(source.snapshot.job),
      claims: released,
      bufferMinutes,
    } as const;
    const { step, keep } = keptInFirstBatch(copyDb, m);
    written = { projected, step };
    return () => writeAhead(copyDb, source, keep, released);
  };

  /** The copy put back to the job's row after a job write that failed (else its kept step does it). */
  const putBack = async (step: FollowJobMessage & { keptId: string }) => {
    betweenDatabases("copyAhead");
    await followJob({ directory, job: target.shard.db, copy: copyDb }, step).catch((err: unknown) => {
      logged("delivery copy put back failed", jobId, err);
      return keepAndSend(c.env, copyDb, step).catch((sendErr: unknown) => logged("flow queue send failed", jobId, sendErr));
    });
  };

  return {
    async run(write) {
      const writeCopy = await prepare().catch((err: unknown) => (logged("delivery copy beside its job not prepared", jobId, err), null));
      const [job, copy] = await Promise.allSettled([write(), writeCopy ? writeCopy().then(() => true) : Promise.resolve(false)]);
      landed = copy.status === "fulfilled" && copy.value;
      // Refused by its gate (a copy at that version already: another move's) is no failure; the follow-up after the write decides.
      if (copy.status === "rejected" && !refusedByGate(copy.reason)) logged("delivery copy beside its job not written", jobId, copy.reason);
      if (job.status === "fulfilled") return job.value;
      if (landed && written) await putBack(written.step);
      throw job.reason;
    },
    async settle(done) {
      const ahead = landed && written ? written : null;
      if (ahead && done.also && sameCopy(ahead.projected, done.also)) return;
      try {
        // The job as its batch read it back: over the copy written ahead, an older one or an equal one (another move's, written ahead of a write that lost).
        const source = await deliverySource(directory, target.shard.db, jobId, { workoutId, copyOn: copyDb, early, rows: done.also });
        await Promise.all([
          source?.shard === here ? followWrite(copyDb, source, ahead?.step.ahead ?? NONE) : undefined,
          !landed && released.length && seats ? giveBackTaken(c, target.shard.name, here, seats.partnerId, released) : undefined,
        ]);
      } catch (err) {
        logged("delivery copy refresh failed", jobId, err);
      }
    },
  };
}
