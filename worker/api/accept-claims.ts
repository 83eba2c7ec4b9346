import type { Context } from "hono";
import { delivererAway } from "../data/booking-times";
import { claimBeside, takenAsMoved, type EarlyClaims } from "../data/early-claims";
import { deliverersBeside, type EarlyCalendar } from "../data/early-calendars";
import type { Move, MoveSubject } from "../data/jobs";
import type { PartnerShards } from "../data/partner-shards";
import { claimChanges, claimKey } from "../domain/time-claims";
import type { AppEnv } from "../env";
import { accountPlacement } from "../tenant/shard";
import { giveBackTaken } from "./away-seats";

/**
 * A customer's accept of proposed times, when the directory's delivery index
 * names one partner on another shard for the booking partner's workouts:
 * its calendar there and the claims of the times accepted, in one batch
 * beside the job's read (worker/data/early-claims.ts). Otherwise (none, or
 * several, or that partner's writes paused for a move) only the hinted
 * calendars are read beside the job (worker/data/early-calendars.ts).
 */
export type AcceptBeside = { early: EarlyCalendar[]; claimed: EarlyClaims | null };

export async function acceptBeside(
  c: Context<AppEnv>,
  shards: PartnerShards,
  accountId: string,
  jobId: string,
  lines: { lineId: string; time: string }[],
  window: { busyFrom: string; busyTo: string },
): Promise<AcceptBeside> {
  const hinted = await shards.deliveringFor(accountId).catch(() => []);
  const [only] = hinted;
  const partnerId = hinted.length === 1 && only?.partnerIds.length === 1 ? only.partnerIds[0]! : null;
  const starts = lines.map((l) => Date.parse(l.time));
  const moving = partnerId ? Boolean((await accountPlacement(c.get("directory"), partnerId).catch(() => null))?.moving ?? true) : true;
  if (!only || !partnerId || moving || starts.some((t) => Number.isNaN(t))) {
    return { early: await deliverersBeside(shards, accountId, { exceptJobId: jobId, ...window }), claimed: null };
  }
  const claimed = claimBeside(
    only.db,
    { shard: only.name, jobShard: shards.here, partnerId, jobId, customerId: accountId, ...window },
    lines.map((l, i) => {
      const startsAt = new Date(starts[i]!).toISOString();
      return { id: crypto.randomUUID(), key: claimKey(l.lineId, startsAt, null), lineId: l.lineId, startsAt };
    }),
  );
  return { early: [claimed.calendar], claimed };
}

/**
 * After the checks: the claims taken beside the job's read go with the move
 * when they are exactly the move's own (the job's delivery partner on that
 * shard, each session's time and length, the buffer); otherwise they are
 * given back now and the move takes its own as before.
 */
export async function keptOrGivenBack(c: Context<AppEnv>, shards: PartnerShards, beside: AcceptBeside, subject: MoveSubject, move: Move): Promise<Move> {
  const taken = await beside.claimed?.taken;
  if (!beside.claimed || !taken?.claims.length) return move;
  const { job } = subject;
  const moved = claimChanges(job.deliveryPartnerAccountId, job.id, { status: job.status, lines: subject.lines }, move.after).take;
  const away = await delivererAway(shards, shards.here, subject);
  const kept =
    away?.name === beside.claimed.shard && job.deliveryPartnerAccountId === beside.claimed.partnerId && takenAsMoved(taken, moved, move.bufferMinutes ?? 0);
  if (kept) return { ...move, taken: taken.claims };
  await giveBackTaken(c, shards.here, beside.claimed.shard, beside.claimed.partnerId, taken.claims);
  return move;
}

/** A refused accept gives back what was taken beside its job's read (unless the job holds it: idempotent). */
export async function givenBackOnRefusal(c: Context<AppEnv>, shards: PartnerShards, beside: AcceptBeside): Promise<void> {
  const taken = await beside.claimed?.taken;
  if (beside.claimed && taken?.claims.length) await giveBackTaken(c, shards.here, beside.claimed.shard, beside.claimed.partnerId, taken.claims);
}
