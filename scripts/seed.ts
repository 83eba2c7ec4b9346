/**
 * Seeds the local D1 and R2 (miniflare's state on disk) with the demo. Safe to
 * run again: every row has a fixed id and is inserted only when missing.
 * Usage: tsx scripts/seed.ts [--persist-to DIR]   (default .wrangler/state)
 */
import { drizzle } from "drizzle-orm/d1";
import { getPlatformProxy } from "wrangler";
import * as schema from "../db/schema";
import { DEMO_FILES, seedDemo } from "../db/seed";
import { defaultShard, shardBinding } from "../worker/d1/shards";

const flag = process.argv.indexOf("--persist-to");
const persistDir = flag > 0 ? process.argv[flag + 1] : (process.env.PERSIST_DIR ?? ".wrangler/state");

const proxy = await getPlatformProxy<Env>({
  configPath: "wrangler.toml",
  persist: { path: `${persistDir}/v3` },
  remoteBindings: false,
});
try {
  // Each partner's rows on its shard: Northwind on the first, Contoso on the second (db/seed/placement.ts).
  const env = proxy.env;
  await seedDemo({ directory: drizzle(env.DB, { schema }), shard: (name) => drizzle(shardBinding(env, name), { schema }), defaultShard: defaultShard(env) });
  for (const file of DEMO_FILES) {
    if (!(await proxy.env.UPLOADS.head(file.key))) {
      await proxy.env.UPLOADS.put(file.key, file.body, { httpMetadata: { contentType: file.contentType } });
    }
  }
  console.log(`seeded demo data into ${persistDir}`);
} finally {
  await proxy.dispose();
}
