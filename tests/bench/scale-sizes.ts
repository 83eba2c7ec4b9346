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

/**
 * A database file: its size, each table's bytes (its pages, indexes counted
 * with their table), the bytes of its records (dbstat's payload: exact to the
 * row, where pages move a page at a time) and the rows of the tables the
 * directory holds.
 */
export type FileSize = { bytes: number; tables: Map<string, number>; payload: Map<string, number>; rows: Map<string, number> };
export type Snapshot = { files: Map<string, FileSize>; mail: { count: number; bytes: number } };

/** The tables placed in the directory, alone or with a copy on the shards: what the directory's figure is made of. */
export const DIRECTORY_TABLES = (Object.entries(PLACEMENT) as [string, Placement][]).filter(([, where]) => where !== "shard").map(([table]) => table);

/** Every local D1 database's size, its tables' bytes (indexes counted with their table) and its directory tables' rows, and the R2 mail bodies. */
export function snapshot(stateDir: string): Snapshot {
  const files = new Map<string, FileSize>();
  const counting = DIRECTORY_TABLES.map((t) => `SELECT '${t}' AS t, count(*) AS n FROM ${t}`).join(" UNION ALL ");
  for (const file of stateFiles(stateDir, "d1")) {
    const tables = sqliteRows<{ t: string; b: number; p: number }>(
      file,
      "SELECT coalesce(m.tbl_name, s.name) AS t, sum(s.pgsize) AS b, sum(s.payload) AS p FROM dbstat s LEFT JOIN sqlite_schema m ON m.name = s.name GROUP BY t",
    );
    const rows = sqliteRows<{ t: string; n: number }>(file, counting);
    files.set(file, {
      bytes: fileBytes(file),
      tables: new Map(tables.map((r) => [r.t, r.b])),
      payload: new Map(tables.map((r) => [r.t, r.p])),
      rows: new Map(rows.map((r) => [r.t, r.n])),
    });
  }
  return { files, mail: mailBodies(stateDir) };
}

/** A table's growth in one file: its pages' bytes and its records' (with its indexes), and, for the directory's tables, its rows. */
export type TableGrowth = { bytes: number; payload: number; rows: number };

/** A change between two snapshots: each file's bytes, each file's tables, and the mail bodies. */
export type Growth = { files: Map<string, number>; tables: Map<string, Map<string, TableGrowth>>; mail: { count: number; bytes: number } };

export function growth(before: Snapshot, after: Snapshot): Growth {
  const files = new Map<string, number>();
  const tables = new Map<string, Map<string, TableGrowth>>();
  for (const [file, now] of after.files) {
    const was = before.files.get(file);
    files.set(file, now.bytes - (was?.bytes ?? 0));
    const grew = new Map<string, TableGrowth>();
    for (const [table, bytes] of now.tables)
      grew.set(table, {
        bytes: bytes - (was?.tables.get(table) ?? 0),
        payload: (now.payload.get(table) ?? 0) - (was?.payload.get(table) ?? 0),
        rows: (now.rows.get(table) ?? 0) - (was?.rows.get(table) ?? 0),
      });
    tables.set(file, grew);
  }
  return { files, tables, mail: { count: after.mail.count - before.mail.count, bytes: after.mail.bytes - before.mail.bytes } };
}

/**
 * A growth's bytes on each side, the directory's file known (the DB binding's;
 * locally and in production the same database as the first shard): the
 * shards' are their tables and their copies of the `both` tables, in every
 * file (the directory's file is a shard too); the directory's are its own
 * tables and its copies of the `both` tables, in its file only. The copies on
 * the other shards are not the directory's.
 */
export function placedBytes(g: Growth, directoryFile: string): { shard: number; directory: number } {
  let shard = 0;
  let directory = 0;
  for (const [file, tables] of g.tables)
    for (const [table, { bytes }] of tables) {
      const where = (PLACEMENT as Record<string, Placement | undefined>)[table];
      if (where === "shard" || where === "both") shard += bytes;
      if (where === "directory" || (where === "both" && file === directoryFile)) directory += bytes;
    }
  return { shard, directory };
}

/** The directory's tables' growth in its file, biggest first. */
export function directoryTables(g: Growth, directoryFile: string): ({ table: string; placement: Placement } & TableGrowth)[] {
  const grew = g.tables.get(directoryFile) ?? new Map<string, TableGrowth>();
  return DIRECTORY_TABLES.map((table) => ({
    table,
    placement: PLACEMENT[table as keyof typeof PLACEMENT],
    ...(grew.get(table) ?? { bytes: 0, payload: 0, rows: 0 }),
  })).sort((a, b) => b.payload - a.payload || b.bytes - a.bytes || a.table.localeCompare(b.table));
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
