import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { vi } from "vitest";
import * as schema from "../../db/schema";
import { DEMO_FILES, seedDemo } from "../../db/seed";
import { clearIsolateCaches } from "../../worker/http/isolate-cache";
import { forgetTokens } from "./auth";
import { allDatabases } from "./databases";
import { defaultShard, shardBinding } from "../../worker/d1/shards";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    }
  }
}

/**
 * Every test file starts from the migrated schema and the demo data, in an
 * isolate with empty caches, no stubs left over and real timers. The test
 * files share one workerd and one module graph (loading it is most of a
 * file's cost), so what an earlier file wrote is wiped here first.
 */
// The directory and every shard get the same migrations (docs/decisions/2026-11-26-shard-migrations.md).
for (const { d1 } of allDatabases()) {
  await applyD1Migrations(d1, env.TEST_MIGRATIONS);
  await emptyDatabase(d1);
}
await emptyBucket(env.UPLOADS);
clearIsolateCaches();
forgetTokens();
vi.restoreAllMocks();
vi.useRealTimers();
// Each partner's rows on its own shard, as `npm run dev` seeds them (db/seed/placement.ts).
await seedDemo({ directory: drizzle(env.DB, { schema }), shard: (name) => drizzle(shardBinding(env, name), { schema }), defaultShard: defaultShard(env) });
for (const file of DEMO_FILES) {
  await env.UPLOADS.put(file.key, file.body, { httpMetadata: { contentType: file.contentType } });
}

/** Deletes every row of every table but the migrations' own, in one transaction. */
async function emptyDatabase(db: D1Database) {
  const { results } = await db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations' ORDER BY rowid DESC",
    )
    .all<{ name: string }>();
  if (results.length === 0) return;
  await db.batch([db.prepare("PRAGMA defer_foreign_keys = ON"), ...results.map(({ name }) => db.prepare(`DELETE FROM "${name}"`))]);
}

async function emptyBucket(bucket: R2Bucket) {
  for (let listed = await bucket.list(); ; listed = await bucket.list({ cursor: listed.cursor })) {
    if (listed.objects.length) await bucket.delete(listed.objects.map((o) => o.key));
    if (!listed.truncated) return;
  }
}
