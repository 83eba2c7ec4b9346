import type { Context } from "hono";
import { keptReleases, releaseStatements, releaseUnlessHeld, takeStatements, type Hold } from "../data/away-seats";
import { jobBatchFailure } from "../data/job-writes";
import { d1Of, runBatch } from "../data/statements";
import { claimStatements, releaseClaimStatements, releaseClaimsUnlessHeld } from "../data/time-claims";
import type { FlowMessage } from "../domain/flows";
import type { TimeClaim } from "../domain/time-claims";
import type { AppEnv } from "../env";
import { keepAndSend } from "../flows/kept";
import { betweenDatabases, isolateEnded } from "../domain/cut-off";
import { accountShardName, refuseWritesWhileMoving, shardDb } from "../tenant/scope";

/**
 * What a write of a job takes and gives back on its delivery partner's shard
 * when that is not the job's: the seats of its published slots
 * (docs/decisions/2026-11-27-slots-across-shards.md) and its time claims
 * (docs/decisions/2026-11-27-deliverer-time-claims.md), `shard` the partner's (`partnerId`), where its slots are.
 */
export type AwaySeats = { shard: string; partnerId: string; take: Hold[]; release: Hold[]; claims?: AwayClaims; taken?: TimeClaim[] };
export type AwayClaims = { take: TimeClaim[]; release: TimeClaim[]; bufferMinutes: number };

/** The shard of the delivery partner `partnerId` (its slots), from the directory's routing rows (cached per isolate). */
export const slotShardOf = (c: Context<AppEnv>, partnerId: string) => accountShardName(c, partnerId);

const logged = (message: string, fields: Record<string, unknown>, err: unknown) =>
  console.error(JSON.stringify({ level: "error", message, ...fields, error: String(err).slice(0, 300) }));

/**
 * Gives holds and claims back after the job's write: at once on the
 * partner's shard (`checked`: only those the job's shard does not use, after
 * a write that failed; one batch otherwise); what fails goes to the flow
 * queue's `releaseSeats` and `releaseClaims` steps, which ask the job's shard
 * first, each kept on the job's shard until it succeeds (worker/flows/kept.ts).
 * Lost only when keeping and sending both fail: logged.
 */
async function giveBack(c: Context<AppEnv>, jobShard: string, away: AwaySeats, holds: Hold[], claims: TimeClaim[], checked: boolean): Promise<void> {
  if (!holds.length && !claims.length) return;
  const partner = shardDb(c, away.shard);
  const seatStep: FlowMessage[] = holds.length ? [{ kind: "releaseSeats", shard: away.shard, jobShard, holds }] : [];
  const claimStep: FlowMessage[] = claims.length ? [{ kind: "releaseClaims", shard: away.shard, jobShard, claims }] : [];
  const later = (steps: FlowMessage[]) => (err: unknown) => {
    logged("release failed", { shard: away.shard, kinds: steps.map((s) => s.kind) }, err);
    return steps;
  };
  const job = shardDb(c, jobShard);
  const failed = checked
    ? await Promise.all([
        releaseUnlessHeld({ job, slot: partner }, holds).then(() => [], later(seatStep)),
        releaseClaimsUnlessHeld({ job, partner }, claims).then(() => [], later(claimStep)),
      ])
    : [
        await runBatch(d1Of(partner), [...releaseStatements(partner, holds), ...releaseClaimStatements(partner, claims)]).then(
          () => [],
          later([...seatStep, ...claimStep]),
        ),
      ];
  const steps = failed.flat();
  await Promise.all(
    steps.map((step) => keepAndSend(c.env, job, step).catch((sendErr: unknown) => logged("flow queue send failed", { kind: step.kind }, sendErr))),
  );
}

/**
 * A write of a job on `jobShard` with seats or claims on another shard: the
 * seats `take` names and the claims are taken there first, in one batch
 * with the steps that give them back, kept for the cron (refused: 409,
 * nothing written); then the job is written; if that fails, what was just
 * taken is given back (what the job's shard does not use);
 * once it is written, what the write dropped (`release`) is given back.
 * Without any, the write alone. While the delivery partner moves to
 * another shard, nothing is written (503 with Retry-After): its seats and
 * claims are being copied. `beside`: what follows the write (its mail, its
 * copy), run beside the give-back rather than after it (neither needs the
 * other; the give-back's failures go to the queue, never to the caller).
 */
export async function withAwaySeats<T>(
  c: Context<AppEnv>,
  jobShard: string,
  away: AwaySeats | null | undefined,
  write: () => Promise<T>,
  beside: (value: T) => Promise<void> = async () => undefined,
): Promise<T> {
  const claims = away?.claims ?? { take: [], release: [], bufferMinutes: 0 };
  // Claims taken beside the job's read (`taken`) are not taken again, and given back as those taken here are.
  const taken = away?.taken ?? [];
  if (!away || (!away.take.length && !away.release.length && !claims.take.length && !claims.release.length && !taken.length)) {
    const value = await write();
    await beside(value);
    return value;
  }
  await refuseWritesWhileMoving(c, away.partnerId);
  const partner = shardDb(c, away.shard);
  const takes = [...takeStatements(partner, jobShard, away.take), ...claimStatements(jobShard, claims.take, claims.bufferMinutes)];
  // Their release kept in the same batch: a request stopped before the job's write is repaired by the cron (the step asks the job's shard first).
  if (takes.length)
    await runBatch(d1Of(partner), [
      ...keptReleases(partner, { shard: away.shard, jobShard, holds: away.take, claims: claims.take }, "partner"),
      ...takes,
    ]).catch((err: unknown) => {
      throw jobBatchFailure(err, "That time is no longer available. Please choose another.");
    });
  betweenDatabases("awaySeats");
  let value: T;
  try {
    value = await write();
  } catch (err) {
    // An isolate's end (a test's stop, worker/domain/cut-off.ts) runs no catch: the steps kept with the claims give them back.
    if (!isolateEnded(err)) await giveBack(c, jobShard, away, away.take, [...claims.take, ...taken], true);
    throw err;
  }
  betweenDatabases("awayRelease");
  await Promise.all([giveBack(c, jobShard, away, away.release, claims.release, false), beside(value)]);
  return value;
}

/** A new booking's seats and claims on the partner's shard `slotShard` (of the partner `partnerId`), taken around its write on `jobShard` (worker/data/new-booking.ts). */
export const seatsHeldOn =
  (c: Context<AppEnv>, jobShard: string, slotShard: string, partnerId: string) =>
  <T>(holds: Hold[], claims: TimeClaim[], write: () => Promise<T>): Promise<T> =>
    withAwaySeats(c, jobShard, { shard: slotShard, partnerId, take: holds, release: [], claims: { take: claims, release: [], bufferMinutes: 0 } }, write);

/** Claims taken beside a job's read on the partner's shard `shard` that its move does not keep (refused, or not the move's own): given back unless the job holds them, else by the flow queue's step. */
export const giveBackTaken = (c: Context<AppEnv>, jobShard: string, shard: string, partnerId: string, claims: TimeClaim[]): Promise<void> =>
  giveBack(c, jobShard, { shard, partnerId, take: [], release: [] }, [], claims, true);
