import type { Context } from "hono";
import { releaseSeats, releaseUnlessHeld, takeSeats, type Hold } from "../data/away-seats";
import { jobBatchFailure } from "../data/job-writes";
import type { AppEnv } from "../env";
import { sendFlows } from "../flows/queue";
import { accountShardName, refuseWritesWhileMoving, shardDb } from "../tenant/scope";

/**
 * The seats a write of a job takes and gives back on the slot's shard when
 * that is not the job's (docs/decisions/2026-11-27-slots-across-shards.md):
 * `shard` is the delivery partner's (`partnerId`), where its slots are.
 */
export type AwaySeats = { shard: string; partnerId: string; take: Hold[]; release: Hold[] };

/** The shard of the delivery partner `partnerId` (its slots), from the directory's routing rows (cached per isolate). */
export const slotShardOf = (c: Context<AppEnv>, partnerId: string) => accountShardName(c, partnerId);

/**
 * Gives holds back after the job's write: at once on the slot's shard
 * (`checked`: only those the job's shard does not use, after a write that
 * failed); when that fails, through the flow queue's `releaseSeats` step,
 * which asks the job's shard first. A failed send is logged.
 */
async function giveBack(c: Context<AppEnv>, jobShard: string, seats: AwaySeats, holds: Hold[], checked: boolean): Promise<void> {
  if (!holds.length) return;
  const slot = shardDb(c, seats.shard);
  try {
    await (checked ? releaseUnlessHeld({ job: shardDb(c, jobShard), slot }, holds) : releaseSeats(slot, holds));
  } catch (err) {
    console.error(JSON.stringify({ level: "error", message: "seat release failed", shard: seats.shard, error: String(err).slice(0, 300) }));
    try {
      await sendFlows(c.env, [{ kind: "releaseSeats", shard: seats.shard, jobShard, holds }]);
    } catch (sendErr) {
      console.error(JSON.stringify({ level: "error", message: "flow queue send failed", kind: "releaseSeats", error: String(sendErr).slice(0, 300) }));
    }
  }
}

/**
 * A write of a job on `jobShard` with seats on another shard: the seats
 * `take` names are taken there first (refused: 409, nothing written); then
 * the job is written; if that fails, the seats just taken are given back
 * (those no line uses); once it is written, the seats the write dropped
 * (`release`) are given back. Without seats, the write alone. While the
 * slot's partner moves to another shard, nothing is written (503 with
 * Retry-After): its seats are being copied.
 */
export async function withAwaySeats<T>(c: Context<AppEnv>, jobShard: string, seats: AwaySeats | null | undefined, write: () => Promise<T>): Promise<T> {
  if (!seats || (!seats.take.length && !seats.release.length)) return write();
  await refuseWritesWhileMoving(c, seats.partnerId);
  if (seats.take.length)
    await takeSeats(shardDb(c, seats.shard), jobShard, seats.take).catch((err: unknown) => {
      throw jobBatchFailure(err, "That time is no longer available. Please choose another.");
    });
  let value: T;
  try {
    value = await write();
  } catch (err) {
    await giveBack(c, jobShard, seats, seats.take, true);
    throw err;
  }
  await giveBack(c, jobShard, seats, seats.release, false);
  return value;
}

/** A new booking's seats on the slot's shard `slotShard` (of the partner `partnerId`), held around its write on `jobShard` (worker/data/new-booking.ts). */
export const seatsHeldOn =
  (c: Context<AppEnv>, jobShard: string, slotShard: string, partnerId: string) =>
  <T>(holds: Hold[], write: () => Promise<T>): Promise<T> =>
    withAwaySeats(c, jobShard, { shard: slotShard, partnerId, take: holds, release: [] }, write);
