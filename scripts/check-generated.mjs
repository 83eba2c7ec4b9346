// `npm test`'s first step: the generated files that are checked in are
// current, so a change to wrangler.toml or db/schema cannot land without its
// regenerated output.
//   1. worker-configuration.d.ts matches wrangler.toml (`npm run cf-typegen`
//      regenerates it). Local secrets in .dev.vars are left out on purpose
//      (--env-file /dev/null), so the file is the same on every machine.
//   2. migrations/ is consistent (`drizzle-kit check`) and holds every change
//      of db/schema: generating into a scratch copy of it must produce nothing
//      new (`npm run db:generate -- --name <name>` writes the missing one).
// Prints one line per check; exits non-zero at the first stale file.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";

const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };

function run(label, cmd, args, fix) {
  const res = spawnSync(cmd, args, { encoding: "utf8", env });
  if (res.status !== 0) {
    process.stdout.write(res.stdout ?? "");
    process.stderr.write(res.stderr ?? "");
    console.error(`✗ ${label} is stale: ${fix}`);
    process.exit(res.status ?? 1);
  }
  return res.stdout;
}

run(
  "worker-configuration.d.ts",
  "npx",
  ["wrangler", "types", "--strict-vars=false", "--env-file", "/dev/null", "--check"],
  "run `npm run cf-typegen` and commit the file",
);
console.log("worker-configuration.d.ts matches wrangler.toml");

run("migrations/", "npx", ["drizzle-kit", "check"], "the migration journal or snapshots conflict");

// drizzle-kit resolves --out against the working directory, so the scratch
// copy lives in a git-ignored folder inside the project.
const scratch = join("node_modules", ".cache", "migrations-check");
rmSync(scratch, { recursive: true, force: true });
mkdirSync(join("node_modules", ".cache"), { recursive: true });
cpSync("migrations", scratch, { recursive: true });
const list = (dir) => readdirSync(dir, { recursive: true }).map(String).sort();
const before = list(scratch).join("\n");
run(
  "migrations/",
  "npx",
  ["drizzle-kit", "generate", "--dialect", "sqlite", "--schema", "./db/schema/index.ts", "--out", scratch],
  "could not generate from db/schema",
);
const added = list(scratch).filter((f) => !before.split("\n").includes(f));
rmSync(scratch, { recursive: true, force: true });
if (added.length) {
  console.error(`✗ migrations/ lacks a change of db/schema (it would add ${added.join(", ")}):`);
  console.error("  run `npm run db:generate -- --name <short-name>` and commit the migration");
  process.exit(1);
}
console.log("migrations/ hold every change of db/schema");
