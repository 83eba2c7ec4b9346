/**
 * The directory and the partner shards, from wrangler.toml (docs/decisions/2026-11-26-shard-migrations.md).
 *
 *   tsx scripts/shards.ts migrate --local [--persist-to DIR]    every local database (npm run db:migrate; DIR defaults to
 *                                                               PERSIST_DIR, as for npm run dev and npm run db:seed)
 *   tsx scripts/shards.ts migrate --remote [--canary NAME]      every remote database: the canary shard first,
 *                                                               then the directory, then the rest; resumable
 *   tsx scripts/shards.ts status (--local|--remote) [--persist-to DIR]   each database's schema version
 *   tsx scripts/shards.ts add REGION [--name NAME] [--dry-run]  creates a shard in REGION (a D1 location hint),
 *                                                               binds it in wrangler.toml, migrates it; then deploy
 *   tsx scripts/shards.ts move PARTNER SHARD [--url URL]        moves a partner (its id or a host it has connected)
 *                                                               and its customers to SHARD, through the Worker at URL
 *                                                               (OPERATOR_URL, else the local dev server) with
 *                                                               OPERATOR_SECRET (locally from .dev.vars); resumable
 *   tsx scripts/shards.ts kept (--local|--remote) [--all]       the kept flow steps left for an operator on every
 *                                                               database (--all: every kept step), by kind and ids
 *   tsx scripts/shards.ts kept-retry ID… (--local|--remote)     makes those steps due now: the cron's next run sends
 *                                                               them again, for 14 more days (scripts/kept-steps.ts)
 *
 * Every database gets the same migrations (migrations/), so every schema is the same.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { keptLine, listKeptSql, retryKeptSql, type KeptRow } from "./kept-steps";
import { driveMove, moveArgs, type Send } from "./shards-move";
import { createdId, databaseNameOf, nextShardName, resume, runOrder, targets, whereTo, withShard, type Database, type Progress } from "./shards-config";

const CONFIG = "wrangler.toml";
const PROGRESS = ".wrangler/shards-migrate.json";
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: process.env.CI ?? "true" };

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const where = whereTo(flag("remote"), option("persist-to"), process.env);
const toml = () => readFileSync(CONFIG, "utf8");

function wrangler(list: string[], capture = false): string {
  const res = spawnSync("npx", ["wrangler", ...list], { env, encoding: "utf8", stdio: capture ? ["ignore", "pipe", "inherit"] : "inherit" });
  if (res.status !== 0) throw new Error(`wrangler ${list.join(" ")} failed (${res.status ?? res.signal})`);
  return res.stdout ?? "";
}

/** The newest migration in migrations/: the schema version every database should be at. */
const latestMigration = () =>
  readdirSync("migrations")
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .at(-1)!;

/** A database's schema version: the last migration it applied. */
function versionOf(db: Database): string {
  const out = wrangler(["d1", "execute", db.binding, ...where, "--json", "--command", "SELECT name FROM d1_migrations ORDER BY id DESC LIMIT 1"], true);
  const rows = (JSON.parse(out) as { results: { name: string }[] }[])[0]?.results ?? [];
  return rows[0]?.name ?? "(none)";
}

function readProgress(): Progress | null {
  return existsSync(PROGRESS) ? (JSON.parse(readFileSync(PROGRESS, "utf8")) as Progress) : null;
}
function saveProgress(progress: Progress) {
  mkdirSync(dirname(PROGRESS), { recursive: true });
  writeFileSync(PROGRESS, `${JSON.stringify(progress, null, 2)}\n`);
}

function migrate() {
  const target = latestMigration();
  if (!flag("remote")) {
    // Locally, every database every time (applying is a no-op where nothing is pending).
    for (const db of targets(toml()).all) wrangler(["d1", "migrations", "apply", db.binding, ...where]);
    return;
  }
  const progress = resume(readProgress(), target);
  const order = runOrder(toml(), option("canary"));
  for (const [i, db] of order.entries()) {
    if (progress.done.includes(db.name)) {
      console.log(`${db.name}: already at ${target} (recorded in ${PROGRESS})`);
      continue;
    }
    wrangler(["d1", "migrations", "apply", db.binding, ...where]);
    const version = versionOf(db);
    if (version !== target) throw new Error(`${db.name} is at ${version} after migrating, not ${target}: stopping (run again to resume)`);
    progress.done.push(db.name);
    saveProgress(progress);
    console.log(`${db.name}: at ${target}${i === 0 ? " (canary)" : ""}`);
  }
  console.log(`every database is at ${target}`);
}

function status() {
  const target = latestMigration();
  let behind = 0;
  for (const db of targets(toml()).all) {
    const version = versionOf(db);
    if (version !== target) behind++;
    console.log(`${db.binding.padEnd(16)} ${db.name.padEnd(24)} ${version}${version === target ? "" : `  (behind ${target})`}`);
  }
  if (behind) process.exitCode = 1;
}

function add() {
  const region = args[1];
  if (!region || region.startsWith("--")) throw new Error("Usage: npm run shards -- add <region> [--name <name>] [--dry-run]");
  const name = option("name") ?? nextShardName(toml(), region);
  const databaseName = databaseNameOf(toml(), name);
  const create = ["d1", "create", databaseName, "--location", region];
  if (flag("dry-run")) {
    console.log(`would run: wrangler ${create.join(" ")}`);
    console.log(withShard(toml(), name, databaseName, "<database id>"));
    return;
  }
  const id = createdId(wrangler(create, true));
  if (!id) throw new Error("wrangler d1 create printed no database_id");
  writeFileSync(CONFIG, withShard(toml(), name, databaseName, id));
  spawnSync("npm", ["run", "cf-typegen"], { env, stdio: "inherit" });
  wrangler(["d1", "migrations", "apply", databaseName, "--remote"]);
  console.log(`shard ${name} (${databaseName}, ${region}) is bound and migrated: commit wrangler.toml and worker-configuration.d.ts, then deploy`);
}

/** The operator's secret: OPERATOR_SECRET, else (for the local dev server) .dev.vars's. */
function operatorSecret(): string {
  if (process.env.OPERATOR_SECRET) return process.env.OPERATOR_SECRET;
  const local = existsSync(".dev.vars")
    ? readFileSync(".dev.vars", "utf8")
        .match(/^OPERATOR_SECRET=(.+)$/m)?.[1]
        ?.trim()
    : undefined;
  if (!local) throw new Error("OPERATOR_SECRET is not set (the Worker's secret: wrangler secret put OPERATOR_SECRET)");
  return local;
}

async function move() {
  const { partner, shard, url } = moveArgs(args, process.env);
  const secret = operatorSecret();
  const send: Send = async (path, body) => {
    const res = await fetch(`${url}${path}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${secret}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const retry = res.headers.get("Retry-After");
    return { status: res.status, body: await res.json().catch(() => null), retryAfter: retry === null ? null : Number(retry) };
  };
  await driveMove(
    send,
    { partner, shard },
    (line) => console.log(line),
    (ms) => new Promise((r) => setTimeout(r, ms)),
  );
}

/** The kept flow steps left for an operator (or every kept step, --all) on every database. */
function kept() {
  let count = 0;
  for (const db of targets(toml()).all) {
    const out = wrangler(["d1", "execute", db.binding, ...where, "--json", "--command", listKeptSql(flag("all"))], true);
    const rows = (JSON.parse(out) as { results: KeptRow[] }[])[0]?.results ?? [];
    for (const row of rows) console.log(keptLine(db.name, row));
    count += rows.length;
  }
  console.log(count ? `${count} kept step(s); run one again with: npm run shards -- kept-retry <id> ${where.join(" ")}` : "no kept step");
}

/** The kept steps named (by id) made due now on every database: the cron's next run sends them again. */
function keptRetry() {
  const ids = args.slice(1).filter((a) => !a.startsWith("--") && a !== option("persist-to"));
  const command = retryKeptSql(ids);
  for (const db of targets(toml()).all) wrangler(["d1", "execute", db.binding, ...where, "--command", command]);
  console.log(`due now: ${ids.join(", ")}; the cron's next run sends them again`);
}

const commands: Record<string, () => void | Promise<void>> = { migrate, status, add, move, kept, "kept-retry": keptRetry };
const command = commands[args[0] ?? ""];
if (!command) {
  console.error("Usage: tsx scripts/shards.ts migrate|status|add|move|kept|kept-retry … (see the top of scripts/shards.ts)");
  process.exit(2);
}
try {
  await command();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
