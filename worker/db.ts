import { drizzle } from "drizzle-orm/d1";
import { sessionConstraint } from "./d1/metered";
import type { Db } from "./env";

/** The query builder over `d1` (see Db: no relational schema, nothing to build per request). */
export function database(d1: D1Database): Db {
  return drizzle(d1);
}

/**
 * The request's D1 session (read replicas): from the client's bookmark when it
 * sent one, else any replica for reads and the primary for writes. A binding
 * without sessions, or a bookmark D1 refuses, falls back to a fresh session.
 */
export function d1Session(d1: D1Database, method: string, bookmark: string | undefined): D1Database | D1DatabaseSession {
  if (typeof d1.withSession !== "function") return d1;
  try {
    return d1.withSession(sessionConstraint(method, bookmark));
  } catch {
    return d1.withSession(sessionConstraint(method, undefined));
  }
}

/**
 * The request's bookmarks, one per database it reads: the directory's and its
 * shard's, each from that database's own session, so a user reads their own
 * writes on both. One value carries both, `dir:<bookmark>;shard:<name>:<bookmark>`,
 * in the x-d1-bookmark header and the d1b cookie. A shard's bookmark counts
 * only on that shard; a bare bookmark (sent before shards) is the directory's.
 */
export type Bookmarks = { directory?: string; shard?: { name: string; bookmark: string } };

export function parseBookmarks(value: string | undefined): Bookmarks {
  if (!value) return {};
  if (!value.includes(";") && !value.startsWith("dir:") && !value.startsWith("shard:")) return { directory: value };
  const found: Bookmarks = {};
  for (const part of value.split(";")) {
    if (part.startsWith("dir:")) found.directory = part.slice(4);
    const shard = part.match(/^shard:([a-z0-9-]{1,40}):(.+)$/);
    if (shard) found.shard = { name: shard[1]!, bookmark: shard[2]! };
  }
  return found;
}

/** The bookmark of `shard` among those sent (undefined: none for it). */
export const shardBookmark = (sent: Bookmarks, shard: string): string | undefined => (sent.shard?.name === shard ? sent.shard.bookmark : undefined);

export function formatBookmarks(directory: string | null, shard: { name: string; bookmark: string | null } | null): string | null {
  const parts = [directory ? `dir:${directory}` : null, shard?.bookmark ? `shard:${shard.name}:${shard.bookmark}` : null].filter(Boolean);
  return parts.length ? parts.join(";") : null;
}
