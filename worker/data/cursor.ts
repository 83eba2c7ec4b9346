import { and, eq, gt, lt, or, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { invalid } from "../http/errors";

/**
 * Keyset paging, written once for every list that grows (jobs, customers, the
 * library, the catalogue, exports, the audit trail). A cursor is the sort key
 * of the last row of a page (its sort values, the id last), as base64url JSON;
 * it is opaque to callers. A cursor that does not decode to the expected shape
 * is 400 on `cursor`, never silently the first page.
 */
export type CursorValue = string | number;
type Kind = "string" | "number";

const toB64Url = (s: string) => btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const fromB64Url = (s: string) => atob(s.replace(/-/g, "+").replace(/_/g, "/"));

export function encodeCursor(values: readonly CursorValue[]): string {
  return toB64Url(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(values))));
}

/** The cursor's values if it has exactly `shape`; undefined for no cursor; 400 otherwise. */
export function decodeCursor(raw: string | undefined | null, shape: readonly Kind[]): CursorValue[] | undefined {
  if (!raw) return undefined;
  try {
    const bytes = Uint8Array.from(fromB64Url(raw), (ch) => ch.charCodeAt(0));
    const v = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
    if (Array.isArray(v) && v.length === shape.length && v.every((x, i) => typeof x === shape[i])) return v as CursorValue[];
  } catch {
    /* fall through */
  }
  throw invalid({ cursor: "Invalid cursor" });
}

/** One sort key of a keyset: the column (or expression) and its direction. */
export type SortKey = { column: SQLiteColumn; dir: "asc" | "desc" };

/**
 * Rows strictly after `values` in the order of `keys` (mixed directions
 * allowed): k1 after v1, or k1 = v1 and k2 after v2, and so on.
 */
export function after(keys: readonly SortKey[], values: readonly CursorValue[] | undefined): SQL | undefined {
  if (!values) return undefined;
  const branches: SQL[] = [];
  keys.forEach((key, i) => {
    const same = keys.slice(0, i).map((k, j) => eq(k.column, values[j]));
    const beyond = key.dir === "asc" ? gt(key.column, values[i]) : lt(key.column, values[i]);
    branches.push(same.length ? and(...same, beyond)! : beyond);
  });
  return branches.length === 1 ? branches[0] : or(...branches);
}

/**
 * A page from `limit + 1` rows: the first `limit`, and the cursor of the last
 * one when more remain.
 */
export function pageOf<T>(rows: T[], limit: number, keyOf: (row: T) => CursorValue[]): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}

/**
 * Rows of several shards in a list's order, newest first (the id breaking
 * ties, compared as SQLite compares text, by code unit, as the shards ordered
 * them), each id once: the first list's copy kept. Each list is already one
 * shard's page from the same cursor, so `pageOf` cuts the merge as it would
 * one shard's rows.
 */
export function newestFirst<T extends { createdAt: string; id: string }>(own: T[], others: T[]): T[] {
  const seen = new Set(own.map((r) => r.id));
  const rows = [...own, ...others.filter((r) => !seen.has(r.id) && seen.add(r.id))];
  const desc = (x: string, y: string) => (x < y ? 1 : x > y ? -1 : 0);
  return rows.sort((a, b) => desc(a.createdAt, b.createdAt) || desc(a.id, b.id));
}
