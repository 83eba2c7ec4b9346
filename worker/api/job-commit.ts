import type { Context } from "hono";
import {
  copyInputs,
  copyUsers,
  deliveredJobPartner,
  deliverySource,
  namingUsers,
  snapshotReads,
  userInserts,
  writeDeliveryCopy,
  type CopyInputs,
  type DeliveredJob,
  type SnapshotRows,
} from "../data/delivery";
import { commitMove, onJobShard, partnerJobs, refuseFormerJob, type JobOwner, type JobShard, type Move, type MoveMail, type MoveSubject } from "../data/jobs";
import type { MoveAudit } from "../data/job-move-audit";
import type { AppEnv, Db } from "../env";
import { deliverLater } from "../flows/queue";
import type { PartnerScope } from "../http/endpoint";
import { ApiError } from "../http/errors";
import { dispatchMail } from "../mail/outbox";
import { accountShardName, historyShards, refuseWritesWhileMoving, shardDb } from "../tenant/scope";
import { slotShardOf, withAwaySeats, type AwaySeats } from "./away-seats";
import { claimStatements, releaseClaimStatements } from "../data/time-claims";
import { keptReleases, releaseStatements, takeStatements } from "../data/away-seats";
import { claimChanges } from "../domain/time-claims";
import type { EarlyCalendar } from "../data/early-calendars";
import { besideJob, firstReads, startedReads } from "./move-reads";
import { copyBeside } from "./copy-beside";

/**
 * Where a move is made: the job's shard (the request's, or for a delivering
 * partner acting on a delivery copy the job's own, `away`), the owner as it
 * acts there, and the job as read there for the move.
 */
export type MoveTarget = {
  shard: JobShard;
  owner: JobOwner;
  subject: MoveSubject;
  away: boolean;
  /** On the job's shard from another one: the acting user's row, read beside the job for the move's batch (bringPeople). */
  actor?: ReturnType<typeof userInserts>;
  /** On the job's shard from another one, for a move that books times: the acting partner's calendar here, read beside the job for the re-check. */
  calendar?: EarlyCalendar;
};

/** The request's own shard as a move's target (a customer's moves, a partner's on its own jobs). */
export const hereShard = (c: Context<AppEnv>): JobShard => ({ name: c.get("shard").name, db: c.get("db") });

/**
 * The job behind a delivery copy on the request's shard that the partner
 * delivers: on its booking partner's shard, as the directory places that
 * partner; null when the id is no such copy.
 */
async function deliveredJobShard(
  c: Context<AppEnv>,
  delivererId: string,
  jobId: string,
  seen?: DeliveredJob | null,
): Promise<(JobShard & { workoutId: string }) | null> {
  // `seen`: the copy's look-up as read in the first look's batch (undefined: not read there).
  const copy = seen === undefined ? await deliveredJobPartner(c.get("db"), delivererId, jobId) : seen;
  const shard = await bookingPartnerShard(c, copy?.partnerId ?? null);
  return shard && copy ? { ...shard, workoutId: copy.workoutId } : null;
}

/**
 * The shard of a delivery copy's job: its booking partner's (`partnerId`), as
 * the directory places it; null for none or the request's own. A write there
 * waits while that partner moves to another shard (503 with Retry-After,
 * from the same cached routing row): its rows are being copied.
 */
export async function bookingPartnerShard(c: Context<AppEnv>, partnerId: string | null): Promise<JobShard | null> {
  if (!partnerId) return null;
  const name = await accountShardName(c, partnerId);
  await refuseWritesWhileMoving(c, partnerId);
  return name === c.get("shard").name ? null : { name, db: shardDb(c, name) };
}

/**
 * The partner's job for a move, read as jobForMove reads it: on the request's
 * shard, else, when the id is a delivery copy of a job this partner delivers,
 * on the job's own shard (docs/decisions/2026-11-27-delivery-across-shards.md),
 * where the move is then written with the job's compare-and-set. A job of
 * the request's shard makes no extra call; for a partner that delivers for
 * partners on other shards, the job is read there beside it (`besideCopy`).
 */
export async function partnerMove(
  c: Context<AppEnv>,
  scope: PartnerScope,
  jobId: string,
  seen?: number,
  window?: { busyFrom: string; busyTo: string },
): Promise<MoveTarget> {
  const here = hereShard(c);
  const owner = partnerJobs(scope);
  // Read beside the guard (`earlyMove`) when those reads are the ones needed here; else now.
  const reads = startedReads(c, owner, jobId, seen, window) ?? firstReads(c, owner, jobId, seen, window);
  try {
    const subject = await reads.first;
    // A job this partner delivers for another on the same shard is that partner's: it waits while that one moves.
    if (subject.job.partnerAccountId !== scope.account.id) await refuseWritesWhileMoving(c, subject.job.partnerAccountId);
    return { shard: here, owner, subject, away: false };
  } catch (err) {
    const copy = err instanceof ApiError && err.code === "not_found" ? await deliveredJobShard(c, scope.account.id, jobId, reads.copied()) : null;
    if (!copy) throw err;
    const { workoutId, ...shard } = copy;
    const there = onJobShard(owner, shard);
    const away = { shard, away: true };
    // The job, the acting user's row and this partner's calendar as read beside the first look, when it read the job's shard; else read now.
    const read = (await reads.beside).find((e) => e.shard === shard.name) ?? besideJob(c, owner, shard, jobId, seen, window, workoutId);
    const calendar = read.calendar && { ...read.calendar, workoutId };
    const subject = await copyRefreshedOnConflict(c, away, jobId, () => read.subject);
    return { ...away, owner: there, subject, actor: read.actor, calendar };
  }
}

/**
 * Before a move on the job's shard from another one: the users it names that
 * the job's shard may not hold (the one acting, an instructor) are copied
 * there in the move's own batch (insert or ignore), for its foreign keys.
 */
export async function bringPeople(c: Context<AppEnv>, target: MoveTarget | undefined, move: Move, userIds: (string | null | undefined)[]) {
  if (target?.away) await namingUsers(c.get("db"), target.shard, move, [target.owner.userId, ...userIds], target.actor);
}

/**
 * After a move on the job's shard from the delivering partner's: its copy
 * here is brought to the job's new version at once, so the screen reads the
 * move; the queued `deliver` step (sent before) repairs a copy this fails to
 * write.
 */
export async function refreshCopy(
  c: Context<AppEnv>,
  target: Pick<MoveTarget, "shard" | "away"> | undefined,
  jobId: string,
  workoutId?: string,
  early?: CopyInputs,
  rows?: SnapshotRows,
): Promise<void> {
  if (!target?.away) return;
  try {
    // The job's workout (when known) beside the job, the copy's state here beside the directory's rows; `early`: those read beside the move, `rows`: the job as its batch read it back.
    const source = await deliverySource(c.get("directory"), target.shard.db, jobId, { workoutId, copyOn: c.get("db"), early, rows });
    if (source?.shard === c.get("shard").name) await writeDeliveryCopy(c.get("db"), source);
  } catch (err) {
    console.error(JSON.stringify({ level: "error", message: "delivery copy refresh failed", jobId, error: String(err).slice(0, 300) }));
  }
}

/**
 * A move made from a delivery copy (`target.away`) that the job's shard
 * refuses with 409 (the job changed since the copy the caller saw): the copy
 * here is refreshed at once (only over an older version), so the caller's
 * next read shows the job as it is, then the 409 is answered. The queued
 * `deliver` step is not waited for.
 */
export async function copyRefreshedOnConflict<T>(
  c: Context<AppEnv>,
  target: Pick<MoveTarget, "shard" | "away"> | undefined,
  jobId: string,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (target?.away && err instanceof ApiError && err.code === "conflict") await refreshCopy(c, target, jobId);
    throw err;
  }
}

/**
 * Commits a move of a job, the partner's (Your Jobs) or the customer's (Your
 * Bookings), with its audit entries and its mail in one batch on the job's
 * shard (`target`: the request's unless said), hands the mail to the queue,
 * queues the copy for a delivering partner on another shard (and refreshes
 * it at once when the move was made from there), and answers the job as it
 * is now.
 */
export async function commitAndSend(
  c: Context<AppEnv>,
  owner: JobOwner,
  subject: MoveSubject,
  move: Move,
  mail: MoveMail,
  record?: MoveAudit,
  target?: MoveTarget,
) {
  const shard = target?.shard ?? hereShard(c);
  // From a delivery copy: what the copy's rewrite needs besides the job is read beside the move's write, not after it.
  const early = target?.away ? copyInputs(c.get("directory"), shard.db, c.get("db"), subject.job, [target.owner.userId]) : undefined;
  await bringPeople(c, target, move, []);
  const seats = await awayOf(c, shard, subject, move);
  // A move that says what it writes has its copy written beside the job's write (./copy-beside.ts); the claims it gives back here go with it.
  const beside = early && target ? copyBeside(c, target, subject, move, early, seats) : undefined;
  // The job's snapshot for its copy is read back in the move's own batch.
  const write = () => commitMove(shard.db, c.env.UPLOADS, owner, subject, move, mail, record, early ? snapshotReads(shard.db, subject.job.id) : undefined);
  // The mail and the copy follow the write beside the give-back of what it dropped on the partner's shard.
  const { dto } = await copyRefreshedOnConflict(c, target, subject.job.id, () =>
    withAwaySeats(
      c,
      shard.name,
      seats,
      () => (beside ? beside.run(write) : write()),
      async (done) => {
        await dispatchMail(c.env, done.mailIds, shard.name);
        await deliverLater(c.env, shard.name, done.dto);
        await (beside ? beside.settle(done) : refreshCopy(c, target, done.dto.id, subject.job.workoutId, early, done.also));
      },
    ),
  );
  return c.json(dto);
}

/**
 * What a move takes and gives back on its delivery partner's shard: the
 * seats of its slots there, and the claims of the times it books or drops
 * (worker/domain/time-claims.ts). A partner on the job's shard has its
 * claims written in the move's own batch (`move.statements`), and no call is
 * made to find it; one on another shard has them taken there around the
 * write (./away-seats.ts).
 */
async function awayOf(c: Context<AppEnv>, shard: JobShard, subject: MoveSubject, move: Move): Promise<AwaySeats | null> {
  const partnerId = subject.job.deliveryPartnerAccountId;
  const claims = {
    ...claimChanges(partnerId, subject.job.id, { status: subject.job.status, lines: subject.lines }, move.after),
    bufferMinutes: move.bufferMinutes ?? 0,
  };
  const seats = move.seats ?? { take: [], release: [] };
  const changes = seats.take.length + seats.release.length + claims.take.length + claims.release.length;
  if (!partnerId || !changes) return null;
  const here = !seats.take.length && !seats.release.length && (!subject.deliveryShard || subject.deliveryShard === shard.name);
  const name = here ? shard.name : await slotShardOf(c, partnerId);
  // Claims the move took beside its job's read (worker/data/early-claims.ts) are not taken again.
  const taken = new Set((move.taken ?? []).map((t) => t.key));
  // What the write drops there is given back after it: those steps kept in the write's batch, for a request stopped before.
  if (name !== shard.name) {
    move.statements.push(...keptReleases(shard.db, { shard: name, jobShard: shard.name, holds: seats.release, claims: claims.release }));
    return { shard: name, partnerId, ...seats, claims: { ...claims, take: claims.take.filter((t) => !taken.has(t.key)) }, taken: move.taken };
  }
  // Holds taken while the partner was on another shard are here now (the booking partner moved to its shard): in the move's batch.
  move.statements.push(
    ...takeStatements(shard.db, shard.name, seats.take),
    ...releaseStatements(shard.db, seats.release),
    ...releaseClaimStatements(shard.db, claims.release),
    ...claimStatements(shard.name, claims.take, claims.bufferMinutes),
  );
  return null;
}

/**
 * A write of one side on its job that is no move (an action item ticked, a
 * file shared or removed): on the request's shard, else, for a delivering
 * partner whose id is a delivery copy here (404 on the copy), on the job's own
 * shard (its user copied there first, for the write's foreign keys). Then the
 * copy follows: queued, and at once when written from the copy's side.
 */
export async function writeOnJob<T>(c: Context<AppEnv>, owner: JobOwner, jobId: string, write: (db: Db, owner: JobOwner) => Promise<T>): Promise<T> {
  let target: Pick<MoveTarget, "shard" | "away"> = { shard: hereShard(c), away: false };
  let value: T;
  try {
    value = await write(target.shard.db, owner);
  } catch (err) {
    const absent = err instanceof ApiError && err.code === "not_found";
    // A customer's booking left on a shard it lived on before a re-link is read only there (409).
    if (absent && owner.side === "customer") await refuseFormerJob(() => historyShards(c, owner.accountId), owner, jobId);
    const there = owner.side === "partner" && absent ? await deliveredJobShard(c, owner.accountId, jobId) : null;
    if (!there) throw err;
    target = { shard: there, away: true };
    await copyUsers(c.get("db"), there, [owner.userId]);
    value = await write(there.db, onJobShard(owner, there));
  }
  await deliverLater(c.env, target.shard.name, { id: jobId, deliveryPartner: "unknown" });
  await refreshCopy(c, target, jobId);
  return value;
}
