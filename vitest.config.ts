import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// Two projects: plain unit tests in Node, and worker tests inside workerd with
// the real D1, R2 and Queue bindings of wrangler.toml: the directory and both
// local shards, each migrated (tests/worker/setup.ts), the demo seeded.
// wrangler.toml's vars are production; the worker tests run in development
// mode with the local values below (the same ones .dev.vars gives `npm run dev`).
const DEVELOPMENT = {
  APP_ENV: "development",
  MAIN_HOST: "localhost",
  MAIN_ORIGIN: "http://localhost:5173",
  BETTER_AUTH_SECRET: "worker-tests-only-secret-0123456789abcdef",
  DNS_RESOLVER_URL: "http://127.0.0.1:5173/dev/dns-query",
  // endpoint() parses every 2xx JSON answer with its declared schema (tests only).
  RESPONSE_CHECKS: "on",
  // A statement on a table its database does not hold throws (worker/d1/placement-checks.ts).
  PLACEMENT_CHECKS: "on",
  // Every answer carries its D1 figures (the budgets read them); a test of the default sets it back per request.
  SERVER_TIMING: "all",
};
/**
 * Modules reach workerd over a WebSocket whose messages stop at 1 MB, and a
 * large dependency with its inline source map (react-router's main chunk,
 * lucide-react's index, both in the server-rendered screens) goes over it.
 * Dependencies are sent without a source map; the product's own files keep theirs.
 */
const dependenciesWithoutSourceMaps = {
  name: "dependencies-without-source-maps",
  enforce: "post" as const,
  transform(code: string, id: string) {
    return id.includes("/node_modules/") ? { code, map: { mappings: "" } } : undefined;
  },
};

export default defineConfig(async () => {
  const migrations = await readD1Migrations("migrations");
  return {
    test: {
      projects: [
        {
          plugins: [react()],
          test: {
            name: "unit",
            include: ["tests/unit/**/*.test.{ts,tsx}"],
            environment: "node",
            // Every text is there, as on the server (the browser loads most of them with the routes).
            setupFiles: ["tests/unit/setup.ts"],
            // As for the worker tests, a test's time is no check: a walk of every contract schema, or an import of
            // every screen, took 3 s on a quiet machine and 8 s beside the other files on a busy one, past vitest's
            // 5 s default. The limit only stops a test that hangs.
            testTimeout: 60_000,
          },
        },
        {
          plugins: [
            dependenciesWithoutSourceMaps,
            cloudflareTest({
              wrangler: { configPath: "./wrangler.toml" },
              miniflare: {
                bindings: { TEST_MIGRATIONS: migrations, ...DEVELOPMENT },
                // A third database, bound under a name that is not a shard's (so the Worker sees the two of wrangler.toml):
                // a test that needs a move between two shards, neither the directory's, lays it over as SHARD_SPARE.
                d1Databases: {
                  DB: "00000000-0000-0000-0000-000000000000",
                  SHARD_FIRST: "00000000-0000-0000-0000-000000000000",
                  SHARD_WEUR_1: "00000000-0000-0000-0000-000000000001",
                  TEST_SPARE_SHARD: "00000000-0000-0000-0000-000000000002",
                },
              },
            }),
          ],
          test: {
            name: "worker",
            include: ["tests/worker/**/*.test.{ts,tsx}"],
            setupFiles: ["tests/worker/setup.ts"],
            // A test's time is no check of the product (counts are, durations are not): on a loaded machine a
            // file's requests take many times as long, so the limit only stops a test that hangs.
            testTimeout: 60_000,
            // One workerd and one module graph for all files: loading the Worker's
            // modules was most of each file's time. setup.ts resets the database,
            // the bucket, the isolate caches and stubs before each file.
            isolate: false,
          },
        },
      ],
    },
  };
});
