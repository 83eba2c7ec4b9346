import { isRegion, type ShardInfo } from "../domain/regions";

/**
 * The partner shards: every D1 binding named SHARD_<NAME> (wrangler.toml) is
 * one. A shard's name is <NAME> in lower case with "-" for "_" (SHARD_WEUR_2
 * is "weur-2"); a name that starts with a region ("weur-…") serves new partners
 * of that region. Partners record their shard by name (accounts.shard), so a
 * binding can be renamed only with its partners. The directory is `DB`.
 *
 * Only the Worker's entry (worker/index.ts) and the tenant scope read these
 * bindings: the data layer gets its Db from the request's scope (a layering
 * test holds worker/data and worker/api to it).
 */
export const SHARD_PREFIX = "SHARD_";

export type ShardEnv = { DEFAULT_SHARD?: string };

export const bindingOf = (shard: string): string => SHARD_PREFIX + shard.toUpperCase().replace(/-/g, "_");

export const shardNameOf = (binding: string): string => binding.slice(SHARD_PREFIX.length).toLowerCase().replace(/_/g, "-");

/** The region a shard's name starts with, if any. */
export function regionOfShard(name: string): ShardInfo["region"] {
  const prefix = name.split("-")[0] ?? "";
  return isRegion(prefix) ? prefix : null;
}

const isD1 = (value: unknown): value is D1Database => typeof (value as D1Database | undefined)?.prepare === "function";

/** The shards this deployment has, by name. */
export function shardsOf(env: object): ShardInfo[] {
  return Object.entries(env)
    .filter(([key, value]) => key.startsWith(SHARD_PREFIX) && isD1(value))
    .map(([key]) => ({ name: shardNameOf(key), region: regionOfShard(shardNameOf(key)) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The default shard's name: DEFAULT_SHARD, else the only shard there is. */
export function defaultShard(env: ShardEnv): string {
  if (env.DEFAULT_SHARD) return env.DEFAULT_SHARD;
  const all = shardsOf(env);
  if (all.length === 1) return all[0]!.name;
  throw new Error("DEFAULT_SHARD is not set and there is not exactly one SHARD_* binding");
}

/** A shard's binding; a partner placed on a shard this deployment does not bind is a configuration error. */
export function shardBinding(env: object, shard: string): D1Database {
  const value = (env as Record<string, unknown>)[bindingOf(shard)];
  if (!isD1(value)) throw new Error(`Shard "${shard}" has no D1 binding ${bindingOf(shard)} (wrangler.toml)`);
  return value;
}
