/**
 * What other shards hold of a moved partner's jobs (docs/decisions/2026-11-27-time-claims-backfilled.md):
 * the time claims and seat holds of its customers' jobs name the job's shard
 * (`job_shard`), on the delivering partner's shard whichever that is; the
 * flip of the partner's move rewrites them from the old shard to the new one
 * on every shard, its own included. Idempotent: a row already rewritten no
 * longer names the old shard.
 */
import { and, asc, eq, exists, gt, inArray, isNotNull, or } from "drizzle-orm";
import { accounts, jobLines, jobs, slotHolds, timeClaims, type ShardMove } from "../../db/schema";
import type { Db } from "../env";
import { inList } from "./bound";
import { batch } from "./query";

/** Jobs per round: one list bound as one parameter per statement. */
export const RETARGET_ROUND = 500;

/** The moved partner's jobs (its customers') that may hold a claim or a seat elsewhere, a round after `after`. */
const jobsRound = (db: Db, partnerId: string, after: string) =>
  db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        inArray(jobs.accountId, db.select({ id: accounts.id }).from(accounts).where(eq(accounts.parentAccountId, partnerId))),
        gt(jobs.id, after),
        exists(
          db
            .select({ id: jobLines.id })
            .from(jobLines)
            .where(and(eq(jobLines.jobId, jobs.id), or(inList(jobLines.status, ["confirmed", "inProgress"]), isNotNull(jobLines.awayHoldId)))),
        ),
      ),
    )
    .orderBy(asc(jobs.id))
    .limit(RETARGET_ROUND);

/**
 * The flip's rewrite: the claims and seat holds on `shards` of the partner's
 * jobs (as its new shard `target` holds them) that name `move.from` name
 * `move.to`, a round of jobs at a time, each round one batch per shard, the
 * shards side by side. Answers how many rows it rewrote.
 */
export async function retargetJobShard(target: Db, shards: Db[], partnerId: string, move: ShardMove): Promise<number> {
  let rewritten = 0;
  for (let after = ""; ;) {
    const round = await jobsRound(target, partnerId, after);
    if (!round.length) return rewritten;
    const ids = round.map((j) => j.id);
    const done = await Promise.all(
      shards.map((db) =>
        batch(db, [
          db
            .update(timeClaims)
            .set({ jobShard: move.to })
            .where(and(eq(timeClaims.jobShard, move.from), inList(timeClaims.jobId, ids)))
            .returning({ id: timeClaims.id }),
          db
            .update(slotHolds)
            .set({ jobShard: move.to })
            .where(and(eq(slotHolds.jobShard, move.from), inList(slotHolds.jobId, ids)))
            .returning({ id: slotHolds.id }),
        ]),
      ),
    );
    rewritten += (done.flat() as unknown[][]).reduce((n, rows) => n + rows.length, 0);
    if (round.length < RETARGET_ROUND) return rewritten;
    after = ids[ids.length - 1]!;
  }
}
