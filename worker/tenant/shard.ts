import { eq, sql } from "drizzle-orm";
import { accounts } from "../../db/schema";
import { routed, routingColumns, routingPartner } from "../data/quiet-partners";
import { deliverersOfAuthor, deliveringShards } from "../data/delivery-index";
import { writesPaused } from "../domain/shard-move";
import type { Db } from "../env";
import { isolateCache } from "../http/isolate-cache";
import type { Tenant } from "./resolve";

/**
 * Which shard a request's data is on. A partner's host decides it (its
 * partner's shard, read with the host's tenant); on the product's own host the
 * account in `X-Account-Id` does, through its partner (a partner is its own).
 * Anything else (no partner, an unknown or unlinked account, no header) is on
 * the default shard. The account look-up reads the directory once per account
 * per isolate every few seconds, as the host's does: a warm isolate makes no
 * call, a cold one one.
 */
export type ShardChoice = { shard: string; hit: boolean | null };

const TTL_MS = 5_000;
const MAX_ENTRIES = 5_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * Where an account is: its partner's shard (null: none placed), the shards it
 * lived on before a re-link moved it, and whether its partner's writes are
 * paused for a move to another shard (worker/domain/shard-move.ts), and for a
 * partner the shards holding workouts it delivers (the directory's delivery
 * index, by its authors' routing rows; null: an author placed nowhere).
 * `deliveredBy`: the partners delivering workouts its partner (a partner:
 * itself) wrote, with their shards (null: the default), from the same index:
 * where a job's delivery partner may be before the job names it (a hint).
 */
export type AccountPlacement = {
  shard: string | null;
  former: string[];
  moving: boolean;
  delivering: (string | null)[];
  deliveredBy: { partnerId: string; shard: string | null }[];
  /** The partner a customer books under (its parent); null for a partner. */
  parentId: string | null;
};

/** The partner whose workouts an account books (a partner: its own). */
const authorOf = sql`case when ${accounts.type} = 'partner' then ${accounts.id} else ${accounts.parentAccountId} end`;

/** A cached placement; `deliveriesChanged`: this isolate learnt since it was read that the delivery index changed for the account (markDeliveriesChanged). */
const cache = isolateCache<string, { at: number; value: Promise<AccountPlacement | null>; deliveriesChanged?: boolean }>(MAX_ENTRIES);

/** The placement of an account (null: no such account). */
async function lookUp(directory: Db, accountId: string): Promise<AccountPlacement | null> {
  const rows = await directory
    .select({
      ...routingColumns(),
      former: accounts.formerShards,
      parentId: accounts.parentAccountId,
      delivering: deliveringShards(accounts.id),
      deliveredBy: deliverersOfAuthor(authorOf),
    })
    .from(accounts)
    .leftJoin(routingPartner, eq(routingPartner.id, accounts.parentAccountId))
    .where(eq(accounts.id, accountId))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const { shard, move } = routed(row);
  return {
    shard,
    former: row.former ?? [],
    moving: writesPaused(move),
    delivering: JSON.parse(row.delivering || "[]") as (string | null)[],
    deliveredBy: JSON.parse(row.deliveredBy || "[]") as AccountPlacement["deliveredBy"],
    parentId: row.parentId ?? null,
  };
}

/** Where the account `accountId` is (see AccountPlacement), cached per isolate for a few seconds. */
export function accountPlacement(directory: Db, accountId: string, onCache?: (hit: boolean) => void): Promise<AccountPlacement | null> {
  const key = accountId.toLowerCase();
  const now = Date.now();
  const hit = cache.get(key);
  const fresh = Boolean(hit && now - hit.at < TTL_MS);
  onCache?.(fresh);
  if (hit && fresh) return hit.value;
  const value = lookUp(directory, key);
  cache.set(key, { at: now, value });
  value.catch(() => cache.delete(key));
  return value;
}

/**
 * The partner's placement for reading the shards of its deliveries: `cached`
 * as accountPlacement answers it (no call when warm) and, when this isolate
 * learnt since that the delivery index changed for the partner, `fresh`: the
 * routing row read again now, which replaces the cached one. The caller reads
 * `cached`'s shards at once and `fresh`'s others after it, so a warm request
 * pays for the fresh row only after a change, in the round of its first reads.
 */
export function deliveriesPlacement(
  directory: Db,
  accountId: string,
): { cached: Promise<AccountPlacement | null>; fresh: Promise<AccountPlacement | null> | null } {
  const key = accountId.toLowerCase();
  const hit = cache.get(key);
  if (!hit?.deliveriesChanged || Date.now() - hit.at >= TTL_MS) return { cached: accountPlacement(directory, key), fresh: null };
  const fresh = lookUp(directory, key);
  cache.set(key, { at: Date.now(), value: fresh });
  fresh.catch(() => cache.delete(key));
  return { cached: hit.value, fresh };
}

/**
 * This isolate wrote the delivery index for the partners `accountIds` (the
 * publish step, worker/flows/catalogue.ts): their cached placements are kept
 * for routing, and their deliveries are read again beside the next read that
 * needs them (deliveriesPlacement).
 */
export function markDeliveriesChanged(accountIds: readonly string[]): void {
  for (const id of accountIds) {
    const hit = cache.get(id.toLowerCase());
    if (hit) hit.deliveriesChanged = true;
  }
}

/**
 * Drops this isolate's cached placement of `accountId`: the request that
 * re-linked it, and a request the cached shard no longer serves the account
 * on (worker/identity/context.ts), read the directory again.
 */
export function forgetAccountPlacement(accountId: string): void {
  cache.delete(accountId.toLowerCase());
}

/** The shard of the account `accountId` belongs to (accountPlacement's), cached per isolate for a few seconds. */
export async function accountShard(directory: Db, accountId: string, onCache?: (hit: boolean) => void): Promise<string | null> {
  return (await accountPlacement(directory, accountId, onCache))?.shard ?? null;
}

/** The request's shard: see above. `accountHeader` is X-Account-Id as sent (checked for membership later, in worker/identity). */
export async function chooseShard(
  directory: Db,
  tenant: Tenant,
  accountHeader: string | undefined,
  defaultShard: string,
  onCache?: (hit: boolean) => void,
): Promise<string> {
  if (tenant.mode === "satellite") return tenant.partner?.shard ?? defaultShard;
  const id = accountHeader?.trim();
  if (!id || !UUID.test(id)) return defaultShard;
  return (await accountShard(directory, id, onCache)) ?? defaultShard;
}

/** Whether the request's partner (the host's, else X-Account-Id's) has its writes paused for a move (from the same cached rows as its shard). */
export async function partnerMoving(directory: Db, tenant: Tenant, accountHeader: string | undefined): Promise<boolean> {
  if (tenant.mode === "satellite") return Boolean(tenant.partner?.moving);
  const id = accountHeader?.trim();
  if (!id || !UUID.test(id)) return false;
  return Boolean((await accountPlacement(directory, id))?.moving);
}
