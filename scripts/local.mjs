// Shared steps for the local stack: migrate and seed a miniflare state folder.
import { spawnSync } from "node:child_process";

export const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: process.env.CI ?? "true" };

export function run(cmd, args, extraEnv = {}) {
  const res = spawnSync(cmd, args, { stdio: "inherit", env: { ...env, ...extraEnv } });
  if (res.status !== 0) {
    console.error(`\n${cmd} ${args.join(" ")} failed (${res.status ?? res.signal})`);
    process.exit(res.status ?? 1);
  }
}

/** Applies pending migrations to the local D1 in `dir`, then seeds (idempotent). */
export function prepareLocalState(dir) {
  run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", dir]);
  run("npx", ["tsx", "scripts/seed.ts", "--persist-to", dir]);
}
