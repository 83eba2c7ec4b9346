import { env } from "cloudflare:workers";
import { shardBinding, shardsOf } from "../../worker/d1/shards";

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
