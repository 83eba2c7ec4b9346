/**
 * What the local databases weigh, read from their files as the server leaves
 * them (sqlite3, read-only): each database's size (page_count × page_size, as
 * D1 counts it) and each table's bytes with its indexes (dbstat), and the mail
 * bodies in the local R2 bucket. Which file is which binding is found by
 * asking each binding through wrangler's platform proxy for the same counts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import { PLACEMENT, type Placement } from "../../worker/d1/placement";
import { d1Databases } from "../../scripts/shards-config";
import { fileBytes, mailBodies, sqliteRows, stateFiles } from "./d1-files.mjs";

export type FileSize = { bytes: number; tables: Map<string, number> };
export type Snapshot = { files: Map<string, FileSize>; mail: { count: number; bytes: number } };

/** Every local D1 database's size and its tables' bytes (indexes counted with their table), and the R2 mail bodies. */
export function snapshot(stateDir: string): Snapshot {
  const files = new Map<string, FileSize>();
  for (const file of stateFiles(stateDir, "d1")) {
    const rows = sqliteRows<{ t: string; b: number }>(
      file,
      "SELECT coalesce(m.tbl_name, s.name) AS t, sum(s.pgsize) AS b FROM dbstat s LEFT JOIN sqlite_schema m ON m.name = s.name GROUP BY t",
    );
    files.set(file, { bytes: fileBytes(file), tables: new Map(rows.map((r) => [r.t, r.b])) });
  }
  return { files, mail: mailBodies(stateDir) };
}

/** A change between two snapshots: each file's bytes, and the bytes of the tables of each placement. */
export type Growth = { files: Map<string, number>; placed: Record<Placement, number>; mail: { count: number; bytes: number } };

export function growth(before: Snapshot, after: Snapshot): Growth {
  const files = new Map<string, number>();
  const placed: Record<Placement, number> = { directory: 0, shard: 0, both: 0 };
  for (const [file, now] of after.files) {
    const was = before.files.get(file);
    files.set(file, now.bytes - (was?.bytes ?? 0));
    for (const [table, bytes] of now.tables) {
      const where = (PLACEMENT as Record<string, Placement | undefined>)[table];
      if (where) placed[where] += bytes - (was?.tables.get(table) ?? 0);
    }
  }
  return { files, placed, mail: { count: after.mail.count - before.mail.count, bytes: after.mail.bytes - before.mail.bytes } };
}

/**
 * The binding names of each local database file (the directory and `first`
 * share one database): each distinct database of wrangler.toml is asked for
 * its size and row counts through the platform proxy, and matched with the
 * file that answers the same.
 */
export async function bindingsOfFiles(stateDir: string): Promise<Map<string, string[]>> {
  const databases = d1Databases(readFileSync("wrangler.toml", "utf8"));
  const byId = new Map<string, string[]>();
  for (const d of databases) byId.set(d.id, [...(byId.get(d.id) ?? []), d.binding]);
  const probe =
    "SELECT (SELECT count(*) FROM auth_users) AS u, (SELECT count(*) FROM accounts) AS a, (SELECT count(*) FROM jobs) AS j, (SELECT count(*) FROM mail_outbox) AS m";
  const key = (r: { u: number; a: number; j: number; m: number } | undefined) => (r ? `${r.u}/${r.a}/${r.j}/${r.m}` : "");
  const fileKeys = new Map(stateFiles(stateDir, "d1").map((f) => [key(sqliteRows<{ u: number; a: number; j: number; m: number }>(f, probe)[0]), f]));
  const proxy = await getPlatformProxy<Record<string, D1Database>>({
    configPath: "wrangler.toml",
    persist: { path: join(stateDir, "v3") },
    remoteBindings: false,
  });
  const out = new Map<string, string[]>();
  try {
    for (const bindings of byId.values()) {
      const d1 = proxy.env[bindings[0]!]!;
      const row = await d1.prepare(probe).first<{ u: number; a: number; j: number; m: number }>();
      const file = fileKeys.get(key(row ?? undefined));
      if (file) out.set(file, bindings);
    }
  } finally {
    await proxy.dispose();
  }
  return out;
}
