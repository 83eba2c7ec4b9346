// The local databases of a miniflare state folder, read from their files as
// the server leaves them (sqlite3, read-only): what the benches weigh D1 and
// the R2 mail bodies with (./scale-sizes.ts, and run.mjs's bytes per booking).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

/** The rows `sql` answers in the SQLite file `file`, opened read-only (waiting up to 30 s while a server that is stopping still holds it). */
export function sqliteRows(file, sql) {
  const res = spawnSync("sqlite3", ["-readonly", "-json", "-cmd", ".timeout 30000", file, sql], { encoding: "utf8" });
  if (res.status !== 0) throw new Error(`sqlite3 ${file}: ${res.stderr || res.error}`);
  return res.stdout.trim() ? JSON.parse(res.stdout) : [];
}

/** The database files of the local D1 databases ("d1") or R2 buckets ("r2") in `stateDir`. */
export function stateFiles(stateDir, kind) {
  const dir = join(stateDir, "v3", kind, kind === "d1" ? "miniflare-D1DatabaseObject" : "miniflare-R2BucketObject");
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite")
        .map((f) => join(dir, f))
    : [];
}

/** A database's size as D1 counts it: page_count × page_size. */
export const fileBytes = (file) =>
  sqliteRows(file, "SELECT (SELECT page_count FROM pragma_page_count) * (SELECT page_size FROM pragma_page_size) AS bytes")[0]?.bytes ?? 0;

/** The mail bodies in the local R2 bucket(s): how many, and their bytes. */
export function mailBodies(stateDir) {
  let count = 0;
  let bytes = 0;
  for (const file of stateFiles(stateDir, "r2")) {
    const [row] = sqliteRows(file, "SELECT count(*) AS n, sum(size) AS b FROM _mf_objects WHERE key LIKE 'mail/%'");
    count += row?.n ?? 0;
    bytes += row?.b ?? 0;
  }
  return { count, bytes };
}

/** Mail written but not yet delivered, over every local database. */
export const mailQueued = (stateDir) =>
  stateFiles(stateDir, "d1").reduce((n, file) => n + (sqliteRows(file, "SELECT count(*) AS n FROM mail_outbox WHERE status = 'queued'")[0]?.n ?? 0), 0);

/** Waits until the queue has delivered every mail written (at most `timeoutMs`); false when some is still queued. */
export async function mailDelivered(stateDir, timeoutMs = 180_000) {
  for (let waited = 0; mailQueued(stateDir) > 0; waited += 500) {
    if (waited > timeoutMs) return false;
    await new Promise((r) => setTimeout(r, 500));
  }
  return true;
}

/** Every local D1 database's bytes, summed, and the R2 mail bodies. */
export const stateBytes = (stateDir) => ({ d1: stateFiles(stateDir, "d1").reduce((n, f) => n + fileBytes(f), 0), mail: mailBodies(stateDir) });
