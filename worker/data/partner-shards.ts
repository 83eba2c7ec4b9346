import type { Db } from "../env";

/**
 * The shards of other partners than the request's, as the directory's routing
 * rows place them (worker/tenant/scope.ts `partnerShards` builds it from the
 * request): what a read or a write that follows a partner to its own shard
 * takes, never a binding (docs/decisions/2026-11-27-delivery-across-shards.md).
 * `here` is the request's shard; `elsewhere` answers the partners given that
 * are on another one, grouped by shard, each with a session of it (the
 * look-ups run side by side, cached per isolate like X-Account-Id's).
 */
export type ShardOf = { name: string; db: Db; partnerIds: string[] };

/** A shard by name, with a session of it. */
export type ShardRef = { name: string; db: Db };

export type PartnerShards = {
  here: string;
  elsewhere: (partnerIds: readonly string[]) => Promise<ShardOf[]>;
  /** A named shard (found through `elsewhere`, or a job's partner's), as a Db. */
  open: (name: string) => Db;
  /**
   * The shards other than the request's that hold workouts the partner
   * `partnerId` delivers, from the directory's delivery index with the
   * partner's routing row (cached per isolate like it: no call when warm):
   * `now`, to read at once. `later`: the shards a fresh row names besides,
   * when this isolate wrote the index for the partner since its row was
   * cached (the row is read again beside the reads of `now`; to read after
   * them); none otherwise, with no call.
   */
  delivering: (partnerId: string) => { now: Promise<ShardRef[]>; later: Promise<ShardRef[]> };
  /**
   * The partners the directory's delivery index names as delivering the
   * workout, on shards other than the request's, grouped by shard (cached per
   * isolate: no call when warm). A hint to read beside a booking's context;
   * the context's delivery partners decide.
   */
  deliveringWorkout: (workoutId: string) => Promise<ShardOf[]>;
  /**
   * The partners the directory's delivery index names as delivering workouts
   * of the account's partner (a partner: its own), on shards other than the
   * request's, grouped by shard, from the account's routing row (no call
   * when warm). A hint of where a job's delivery partner is, to read beside
   * the job; the job decides.
   */
  deliveringFor: (accountId: string) => Promise<ShardOf[]>;
};

/** The ids whose reference row (on the request's shard) names another shard: the only ones `elsewhere` need look up. */
export const awayIds = (here: string, partners: { id: string; shard: string | null }[]): string[] => [
  ...new Set(partners.filter((p) => p.shard && p.shard !== here).map((p) => p.id)),
];
