/**
 * A partner's move to another shard as the directory records it
 * (accounts.shard_move; worker/domain/shard-move.ts): begun, flipped, ended,
 * each a compare-and-set on the partner's routing row, so a step run twice,
 * or by two operators, ends in the same state.
 */
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { accounts, customDomains, publishedWorkouts, workouts, type Account, type ShardMove } from "../../db/schema";
import type { Db } from "../env";
import { batch } from "./query";

/** A partner by its id or by a host it has connected; null when neither names one. */
export async function partnerNamed(directory: Db, idOrHost: string): Promise<Account | null> {
  const key = idOrHost.trim().toLowerCase();
  const [byId, byHost] = await directory.batch([
    directory
      .select()
      .from(accounts)
      .where(and(eq(accounts.id, key), eq(accounts.type, "partner")))
      .limit(1),
    directory
      .select({ account: accounts })
      .from(customDomains)
      .innerJoin(accounts, eq(accounts.id, customDomains.accountId))
      .where(and(eq(customDomains.uri, key), eq(customDomains.state, "connected"), eq(accounts.type, "partner")))
      .limit(1),
  ]);
  return byId[0] ?? byHost[0]?.account ?? null;
}

const inPhase = (phase: ShardMove["phase"], to: string) =>
  and(sql`json_extract(${accounts.shardMove}, '$.phase') = ${phase}`, sql`json_extract(${accounts.shardMove}, '$.to') = ${to}`);

/** Records the move (phase "copying": the partner's writes wait), unless one is recorded already; answers the partner's row as it then is. */
export async function beginMove(directory: Db, partnerId: string, move: ShardMove): Promise<Account | null> {
  await directory
    .update(accounts)
    .set({ shardMove: move })
    .where(and(eq(accounts.id, partnerId), eq(accounts.type, "partner"), isNull(accounts.shardMove)));
  return partnerNamed(directory, partnerId);
}

/**
 * The flip, in one directory batch: the partner routes to the target (its
 * customers follow, through it), the record says "moved" from `at`, and its
 * published workouts name the target as their author's shard. Only from
 * "copying" to this target: run again, it changes nothing.
 */
export async function flipMove(directory: Db, partnerId: string, move: ShardMove, at: string): Promise<void> {
  await batch(directory, [
    directory
      .update(accounts)
      .set({ shard: move.to, shardMove: { ...move, phase: "moved", at } })
      .where(and(eq(accounts.id, partnerId), inPhase("copying", move.to))),
    directory
      .update(publishedWorkouts)
      .set({ shard: move.to })
      .where(and(eq(publishedWorkouts.partnerAccountId, partnerId), eq(publishedWorkouts.shard, move.from))),
  ]);
}

/** The record cleared once the source's rows are gone (from "moved" only). */
export async function endMove(directory: Db, partnerId: string, move: ShardMove): Promise<void> {
  await directory
    .update(accounts)
    .set({ shardMove: null })
    .where(and(eq(accounts.id, partnerId), inPhase("moved", move.to)));
}

/**
 * The partner's workouts its flip publishes again from the target
 * (docs/decisions/2026-11-27-queued-steps-follow-a-move.md): those listed
 * there and those the catalogue holds (an unlisting is published too), read
 * side by side. Publishing is version-guarded: a workout already published
 * at its version changes nothing.
 */
export async function workoutsToPublish(directory: Db, target: Db, partnerId: string): Promise<string[]> {
  const [listed, published] = await Promise.all([
    target
      .select({ id: workouts.id })
      .from(workouts)
      .where(and(eq(workouts.accountId, partnerId), ne(workouts.partnerVisibility, "private"))),
    directory.select({ id: publishedWorkouts.workoutId }).from(publishedWorkouts).where(eq(publishedWorkouts.partnerAccountId, partnerId)),
  ]);
  return [...new Set([...listed, ...published].map((w) => w.id))];
}
