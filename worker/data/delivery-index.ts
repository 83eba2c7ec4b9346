/**
 * The directory's index of which partners deliver which partners' workouts
 * (db/schema/delivery-index.ts; docs/decisions/2026-11-27-delivery-index.md).
 * Written by the publish step from the author's document, over an older
 * version only; read through the delivering partner's cached routing row
 * (worker/tenant/shard.ts), so its settings read the shards that hold
 * workouts it delivers and no other.
 */
import { and, eq, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { accounts, deliveryIndex, deliveryPartners, workouts, type PublishedDocument } from "../../db/schema";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Db } from "../env";
import { inList, notInList } from "./bound";
import { raw, type Statements } from "./statements";

/**
 * The partners the document's general delivery entries name (a variant's own
 * entries do not make a partner deliver the workout): their account, or for
 * an entry naming only a TAN the partner with that TAN, from the directory.
 */
export async function deliverersOf(directory: Db, d: PublishedDocument): Promise<string[]> {
  const general = d.deliveryPartners.filter((p) => p.variantId === null);
  const tans = [...new Set(general.filter((p) => !p.partnerAccountId).map((p) => p.partnerTan))];
  const byTan = tans.length
    ? await directory
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(inList(accounts.tan, tans), eq(accounts.type, "partner")))
    : [];
  return [...new Set([...general.flatMap((p) => (p.partnerAccountId ? [p.partnerAccountId] : [])), ...byTan.map((a) => a.id)])];
}

/**
 * The index at the document's version, in one batch with whatever else the
 * step writes in the directory: each partner named gets (or keeps) its row at
 * this version; a row of a partner no longer named is marked removed at this
 * version. Only over an older version: a row at this version or newer is left
 * as it is, and no row is added while any row of the workout is newer (a late
 * older step changes nothing), so a retry or a duplicate ends in the same state.
 */
export function indexStatements(directory: Db, d: PublishedDocument, deliverers: readonly string[]): Statements {
  const { id, accountId, version } = d.workout;
  const named = JSON.stringify(deliverers);
  return [
    directory
      .update(deliveryIndex)
      .set({ removed: true, version })
      .where(and(eq(deliveryIndex.workoutId, id), lt(deliveryIndex.version, version), notInList(deliveryIndex.delivererAccountId, deliverers))),
    raw(sql`insert into ${deliveryIndex} (workout_id, deliverer_account_id, author_account_id, version, removed)
      select ${id}, value, ${accountId}, ${version}, 0 from json_each(${named})
      where not exists (select 1 from ${deliveryIndex} where workout_id = ${id} and version > ${version})
      on conflict (workout_id, deliverer_account_id) do update
      set author_account_id = excluded.author_account_id, version = excluded.version, removed = 0
      where ${deliveryIndex}.version < excluded.version`),
  ];
}

/**
 * The shards (by name; null for an author placed nowhere, the default) that
 * hold workouts the partner delivers: its authors' shards, from their routing
 * rows. A subquery of the partner's routing-row look-up (one call, cached).
 */
export const deliveringShards = (partnerId: SQLiteColumn) =>
  sql<string>`(select json_group_array(distinct author.shard) from ${deliveryIndex} di join ${accounts} author on author.id = di.author_account_id where di.deliverer_account_id = ${partnerId} and di.removed = 0)`;

/**
 * The partners delivering the workouts an author wrote (`authorId`: its
 * account), each with the shard its routing row names (null: the default),
 * as JSON: a subquery of a routing-row look-up (one call, cached), so a
 * request of the author or of one of its customers knows, before a job
 * names its delivery partner, on which shards that partner may be.
 */
export const deliverersOfAuthor = (authorId: SQL) =>
  sql<string>`(select json_group_array(json_object('partnerId', d.id, 'shard', d.shard)) from ${accounts} d where d.id in (select di.deliverer_account_id from ${deliveryIndex} di where di.author_account_id = ${authorId} and di.removed = 0))`;

/** The partners the index names as delivering the workout (wherever its copies are), each with the shard its routing row names (null: the default). */
export async function workoutDeliverers(directory: Db, workoutId: string): Promise<{ partnerId: string; shard: string | null }[]> {
  return await directory
    .select({ partnerId: deliveryIndex.delivererAccountId, shard: accounts.shard })
    .from(deliveryIndex)
    .innerJoin(accounts, eq(accounts.id, deliveryIndex.delivererAccountId))
    .where(and(eq(deliveryIndex.workoutId, workoutId), eq(deliveryIndex.removed, false)));
}

/**
 * Of a shard's workouts authored there (at most `limit`), those the index
 * holds at an older version than theirs or not at all, while they have
 * general delivery entries or the index still names a partner for them: the
 * cron sends their publish step again (a lost step, a step that failed to
 * the end, or the index's first fill for workouts written before it
 * existed). Idempotent: an indexed workout is not sent again. `isDefault`:
 * the shard is the deployment's default (an author placed nowhere is there).
 */
export async function unindexedWorkouts(source: Db, directory: Db, shard: string, isDefault: boolean, authorsLeftAlone: readonly string[] = [], limit = 200) {
  const indexed = await directory
    .select({ id: deliveryIndex.workoutId, version: sql<number>`max(${deliveryIndex.version})`, live: sql<number>`max(not ${deliveryIndex.removed})` })
    .from(deliveryIndex)
    .innerJoin(accounts, eq(accounts.id, deliveryIndex.authorAccountId))
    .where(isDefault ? sql`coalesce(${accounts.shard}, ${shard}) = ${shard}` : eq(accounts.shard, shard))
    .groupBy(deliveryIndex.workoutId);
  const at = new Map(indexed.map((r) => [r.id, r.version]));
  const named = indexed.filter((r) => r.live).map((r) => r.id);
  const authored = sql`coalesce((select ${accounts.shard} from ${accounts} where ${accounts.id} = ${workouts.accountId}), ${shard}) = ${shard}`;
  const entries = source.select({ id: deliveryPartners.workoutId }).from(deliveryPartners).where(isNull(deliveryPartners.variantId));
  const candidates = await source
    .select({ id: workouts.id, version: workouts.version })
    .from(workouts)
    .where(
      and(
        authored,
        or(inArray(workouts.id, entries), inList(workouts.id, named)),
        authorsLeftAlone.length ? notInList(workouts.accountId, authorsLeftAlone) : undefined,
      ),
    );
  return candidates.filter((w) => (at.get(w.id) ?? -1) < w.version).slice(0, limit);
}
