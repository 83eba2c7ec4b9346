import { workoutDeliverers } from "../data/delivery-index";
import type { Db } from "../env";
import { isolateCache } from "../http/isolate-cache";
import { markDeliveriesChanged } from "./shard";

/**
 * The partners delivering a workout and their shards, from the directory's
 * delivery index (worker/data/delivery-index.ts), cached per isolate for a few
 * seconds like the routing rows: what a booking reads beside its context, so
 * the delivery partners' slots and hours on their own shards are read at the
 * same time as the context instead of after it. Only a hint: the context's
 * delivery partners decide, and one the hint did not name is read after.
 */
const TTL_MS = 5_000;
const cache = isolateCache<string, { at: number; value: Promise<{ partnerId: string; shard: string | null }[]> }>(5_000);

export function deliverersHint(directory: Db, workoutId: string): Promise<{ partnerId: string; shard: string | null }[]> {
  const now = Date.now();
  const hit = cache.get(workoutId);
  if (hit && now - hit.at < TTL_MS) return hit.value;
  const value = workoutDeliverers(directory, workoutId);
  cache.set(workoutId, { at: now, value });
  value.catch(() => cache.delete(workoutId));
  return value;
}

/**
 * This isolate wrote the delivery index of the workout, changing the
 * partners it names by `partnerIds` (added or removed): the workout's hint is
 * dropped, and those partners' deliveries are read again beside their next
 * read that needs them (worker/tenant/shard.ts markDeliveriesChanged), so a
 * partner named here sees the workout at once on this isolate.
 */
export function deliveriesChanged(workoutId: string, partnerIds: readonly string[]): void {
  cache.delete(workoutId);
  markDeliveriesChanged(partnerIds);
}
