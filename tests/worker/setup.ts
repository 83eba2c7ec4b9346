import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "../../db/schema";
import { DEMO_FILES, seedDemo } from "../../db/seed";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    }
  }
}

// Every test file starts from the migrated schema and the demo data.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await seedDemo(drizzle(env.DB, { schema }));
for (const file of DEMO_FILES) {
  await env.UPLOADS.put(file.key, file.body, { httpMetadata: { contentType: file.contentType } });
}
