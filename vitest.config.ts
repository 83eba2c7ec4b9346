import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// Two projects: plain unit tests in Node, and worker tests inside workerd with
// the real D1, R2 and Queue bindings of wrangler.toml (migrated and seeded).
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
          },
        },
        {
          plugins: [
            cloudflareTest({
              wrangler: { configPath: "./wrangler.toml" },
              miniflare: {
                bindings: { TEST_MIGRATIONS: migrations, MAIN_ORIGIN: "http://localhost:5173" },
              },
            }),
          ],
          test: {
            name: "worker",
            include: ["tests/worker/**/*.test.{ts,tsx}"],
            setupFiles: ["tests/worker/setup.ts"],
          },
        },
      ],
    },
  };
});
