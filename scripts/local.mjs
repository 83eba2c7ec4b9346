// Shared steps for the local stack: the local-only configuration (.dev.vars),
// and migrating and seeding a miniflare state folder.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

export const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: process.env.CI ?? "true" };

export function run(cmd, args, extraEnv = {}) {
  const res = spawnSync(cmd, args, { stdio: "inherit", env: { ...env, ...extraEnv } });
  if (res.status !== 0) {
    console.error(`\n${cmd} ${args.join(" ")} failed (${res.status ?? res.signal})`);
    process.exit(res.status ?? 1);
  }
}

/**
 * The values local development runs with. wrangler.toml's top level is
 * production; wrangler and the Vite plugin lay `.dev.vars` over it locally
 * (and the build copies it next to the built config for `vite preview`), so
 * a deployment never sees these.
 */
export function devVars({ origin = "http://localhost:5173", extra = {} } = {}) {
  const port = new URL(origin).port;
  return {
    APP_ENV: "development",
    MAIN_HOST: "localhost",
    MAIN_ORIGIN: origin,
    BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
    // Custom domains' TXT records: reserved test domains have no real DNS, so
    // the connection test asks the Worker's own dev stand-in (on loopback).
    DNS_RESOLVER_URL: `http://127.0.0.1${port ? `:${port}` : ""}/dev/dns-query`,
    // Every answer carries its D1 figures (npm run bench reads them); a deployment sends them to signed-in callers only.
    SERVER_TIMING: "all",
    // A statement on a table its database does not hold throws (worker/d1/placement-checks.ts); a deployment never checks.
    PLACEMENT_CHECKS: "on",
    // The operator's endpoints (npm run shards -- move): a secret of this machine's own.
    OPERATOR_SECRET: randomBytes(32).toString("hex"),
    ...extra,
  };
}

const HEADER = "# Local development only: never committed, never deployed (see README, Configuration).\n";

/** `KEY=value` lines; values are plain (no quotes needed for what we write). */
export function writeDevVars(file, vars) {
  writeFileSync(
    file,
    HEADER +
      Object.entries(vars)
        .map(([k, v]) => `${k}=${v}\n`)
        .join(""),
  );
}

/**
 * Writes `.dev.vars` when it is missing; when it exists, adds only the keys
 * it lacks (a developer's own values, e.g. Clerk keys, stay as they are).
 */
export function ensureDevVars(file = ".dev.vars") {
  const wanted = devVars();
  if (!existsSync(file)) {
    writeDevVars(file, wanted);
    console.log(`wrote ${file} (local development configuration)`);
    return;
  }
  const text = readFileSync(file, "utf8");
  const have = new Set(
    text
      .split(/\r?\n/)
      .map((l) => l.match(/^\s*([A-Z0-9_]+)\s*=/)?.[1])
      .filter(Boolean),
  );
  const missing = Object.entries(wanted).filter(([k]) => !have.has(k));
  if (!missing.length) return;
  writeFileSync(file, text + (text.endsWith("\n") || !text ? "" : "\n") + missing.map(([k, v]) => `${k}=${v}\n`).join(""));
  console.log(`added ${missing.map(([k]) => k).join(", ")} to ${file}`);
}

/** Applies pending migrations to the local directory and every local shard in `dir`, then seeds (idempotent). */
export function prepareLocalState(dir) {
  run("npx", ["tsx", "scripts/shards.ts", "migrate", "--local", "--persist-to", dir]);
  run("npx", ["tsx", "scripts/seed.ts", "--persist-to", dir]);
}
