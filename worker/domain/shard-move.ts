/**
 * Moving a partner, with its customers, to another shard
 * (docs/decisions/2026-11-27-moving-a-partner.md). The directory records the
 * move on the partner's routing row (accounts.shard_move):
 *
 *  1. start: phase "copying"; the partner's writes are refused (503, Retry-After)
 *     while its reads go on from the source shard;
 *  2. once every isolate sees it (SETTLE_MS), its rows are copied to the target
 *     in chunks, each one batch of upserts (run again, the same rows);
 *  3. the counts of every table are compared, source and target;
 *  4. flip: one directory batch routes the partner to the target, phase "moved"
 *     (writes are taken again, on the target);
 *  5. once every isolate routes there (SETTLE_MS again), the source's rows are
 *     deleted in chunks; then the record is cleared.
 *
 * A move interrupted anywhere is run again with the same command: each step
 * reads the record and does what is left.
 */
import type { ShardMove } from "../../db/schema";

/**
 * How long a change of the routing row takes to reach every isolate: the
 * routing caches' lifetime (worker/tenant/shard.ts, resolve.ts: 5 s) and a
 * margin for a read replica that lags. A deployment may set it longer
 * (SHARD_MOVE_SETTLE_SECONDS); shorter than the caches only where one
 * isolate serves everything (the worker tests set 0).
 */
export const SETTLE_MS = 15_000;

/** Rows per copy or delete step: one batch of statements, well under D1's limits. */
export const CHUNK_ROWS = 100;

/** What a refused write answers while its partner's data moves. */
export const MOVING_MESSAGE = "This partner's data is being moved to another data centre: changes are paused for a few minutes. Please try again shortly.";
export const MOVING_RETRY_SECONDS = 60;

export type MovePhase = ShardMove["phase"];

/** Writes are refused while the rows are being copied (a write then would be left behind on the source). */
export const writesPaused = (move: ShardMove | null | undefined): boolean => move?.phase === "copying";

/** The settle time of a deployment: SHARD_MOVE_SETTLE_SECONDS when set (a whole number of seconds), else SETTLE_MS. */
export function settleMs(value: string | undefined): number {
  const seconds = value === undefined || value.trim() === "" ? Number.NaN : Number(value);
  return Number.isInteger(seconds) && seconds >= 0 ? seconds * 1000 : SETTLE_MS;
}

/** Milliseconds until a phase begun at `move.at` has reached every isolate (0: it has). */
export function settleLeft(move: ShardMove, now: number, settle: number): number {
  return Math.max(0, Date.parse(move.at) + settle - now);
}

/** Where a move stands, as the operator's endpoint answers. */
export type MoveState = { partnerId: string; name: string; from: string; to: string; phase: MovePhase | "done"; waitMs: number };

/**
 * Whether background work (the cron, the queue consumers) leaves a partner's
 * rows on `shard` alone because of its move: on the source for as long as
 * the move is recorded (copied, then the moved rows' stale twins until the
 * cleanup), on the target until the flip (a half-copied state).
 */
export const leftAloneOn = (move: ShardMove | null | undefined, shard: string): boolean =>
  Boolean(move && (move.from === shard || (move.phase === "copying" && move.to === shard)));

/** A queue step that waits for a partner's move (retried with movingDelaySeconds, never compensated for it). */
export class PartnerMoving extends Error {
  constructor(what: string) {
    super(`${what} waits for a partner's move to another shard`);
    this.name = "PartnerMoving";
  }
}

/** The delay of a queue message that waits for a move: a minute, doubling with each attempt up to an hour, so the queue's retries outlast a long copy. */
export const movingDelaySeconds = (attempts: number): number => Math.min(MOVING_RETRY_SECONDS * 2 ** Math.max(0, Math.min(attempts - 1, 6)), 3600);

/** Where the directory places an account now: its partner's shard (null: the default shard), and the shards a re-link left its history on. */
export type Placed = { shard: string | null; former: readonly string[] };

/**
 * The shard that holds now the rows a queued step named on `named`
 * (docs/decisions/2026-11-27-queued-steps-follow-a-move.md): the account's
 * rows moved with its partner when the directory routes it elsewhere, unless
 * `named` is a shard a re-link left its history on (that stays). An account
 * the directory does not place, or placed there, keeps `named`.
 */
export function shardNow(named: string, placed: Placed | null | undefined, defaultShard: string): string {
  if (!placed) return named;
  const now = placed.shard ?? defaultShard;
  return now === named || placed.former.includes(named) ? named : now;
}

/**
 * A queue message that waits for a move: retried with movingDelaySeconds. On
 * the queue's last delivery (its first and `maxRetries` more), when a retry
 * would drop it, it is sent again as a new message with the same delay and
 * acknowledged, so a long move loses no step nor mail
 * (docs/decisions/2026-11-27-no-step-lost.md); a failed send retries it.
 */
export async function waitForMove<T>(message: Message<T>, queue: Queue<T>, maxRetries: number): Promise<void> {
  const delaySeconds = movingDelaySeconds(message.attempts);
  if (message.attempts <= maxRetries) return message.retry({ delaySeconds });
  await queue.send(message.body, { delaySeconds }).then(
    () => message.ack(),
    () => message.retry({ delaySeconds }),
  );
}
