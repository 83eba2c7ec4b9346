import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "../../db/schema";
import { defaultShard, shardBinding, shardsOf } from "../../worker/d1/shards";

/** The directory (DB) and every shard binding (SHARD_*), as the tests bind them (wrangler.toml). */
export function allDatabases(): { name: string; d1: D1Database }[] {
  return [{ name: "DB", d1: env.DB }, ...shardsOf(env).map((s) => ({ name: s.name, d1: shardBinding(env, s.name) }))];
}

/** A database's schema: every table, index, view and trigger with its SQL, D1's own left out. */
export async function schemaOf(d1: D1Database): Promise<{ type: string; name: string; tbl_name: string; sql: string | null }[]> {
  const { results } = await d1
    .prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE '_cf_%' AND name NOT LIKE 'sqlite_%' ORDER BY type, name")
    .all<{ type: string; name: string; tbl_name: string; sql: string | null }>();
  return results;
}

/**
 * The shard of an account, as the directory places it: a partner's own, a
 * customer's its partner's (the default shard for one placed nowhere). Tests
 * read an account's rows there, never through the directory's binding.
 */
export async function shardOfAccount(accountId: string): Promise<D1Database> {
  const row = await env.DB.prepare(
    "SELECT coalesce(p.shard, a.shard) AS shard FROM accounts a LEFT JOIN accounts p ON p.id = a.parent_account_id WHERE a.id = ?1",
  )
    .bind(accountId)
    .first<{ shard: string | null }>();
  if (!row) throw new Error(`account ${accountId} is not in the directory`);
  return shardBinding(env, row.shard ?? defaultShard(env));
}

/** The account's shard through drizzle (see shardOfAccount). */
export const shardDbOf = async (accountId: string) => drizzle(await shardOfAccount(accountId), { schema });
