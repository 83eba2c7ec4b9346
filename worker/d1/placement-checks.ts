import { PLACEMENT, type Placement } from "./placement";
import { SHARD_PREFIX } from "./shards";

/**
 * Development and tests only (PLACEMENT_CHECKS = "on"): every statement sent
 * to a database must name only tables that live there (worker/d1/placement.ts).
 * A directory table read on a shard, or a shard table on the directory, is
 * a query that answers nothing (or writes where no one reads) for every
 * partner whose shard is not the directory's own database, and passes
 * unnoticed for those whose shard is: locally and in production the first
 * shard is the directory's database. The check throws at once, naming the
 * table and the database, so such a read fails the tests whichever partner
 * they use (docs/decisions/2026-11-27-placement-checks.md).
 */
export type DatabaseRole = "directory" | "shard";

type PlacementEnv = { PLACEMENT_CHECKS?: string };

/** Tables a statement names after FROM, JOIN, INTO or UPDATE (quoted or not). */
const TABLE = /\b(?:from|join|into|update)\s+[`"]?([a-z_][a-z0-9_]*)[`"]?/gi;

/** The placed tables `query` names that `role`'s database does not hold. */
export function misplacedTables(query: string, role: DatabaseRole): string[] {
  const refused: Placement = role === "directory" ? "shard" : "directory";
  const found = new Set<string>();
  for (const match of query.matchAll(TABLE)) {
    const table = match[1]!.toLowerCase();
    if ((PLACEMENT as Record<string, Placement | undefined>)[table] === refused) found.add(table);
  }
  return [...found];
}

export class MisplacedQueryError extends Error {
  constructor(tables: string[], database: string, query: string) {
    super(`${tables.join(", ")} ${tables.length > 1 ? "are" : "is"} not on ${database} (worker/d1/placement.ts): ${query.slice(0, 200)}`);
    this.name = "MisplacedQueryError";
  }
}

const checked = new WeakSet<object>();

/** The statements found in place so far, per role: a hot path prepares the same few texts again and again. */
const placed = { directory: new Set<string>(), shard: new Set<string>() };
const PLACED_MAX = 5_000;

function check(query: string, role: DatabaseRole, database: string): void {
  if (placed[role].has(query)) return;
  const tables = misplacedTables(query, role);
  if (tables.length) throw new MisplacedQueryError(tables, database, query);
  if (placed[role].size >= PLACED_MAX) placed[role].clear();
  placed[role].add(query);
}

/** `d1` (a database or one of its sessions), refusing statements on tables that `database` does not hold. */
export function placementChecked<T extends D1Database | D1DatabaseSession>(d1: T, role: DatabaseRole, database: string): T {
  if (checked.has(d1)) return d1;
  const base = d1 as D1Database & D1DatabaseSession;
  const wrapper: Record<string, unknown> = {
    prepare: (query: string) => {
      check(query, role, database);
      return base.prepare(query);
    },
    batch: (statements: D1PreparedStatement[]) => base.batch(statements),
    exec: (query: string) => {
      check(query, role, database);
      return base.exec(query);
    },
  };
  if (typeof base.dump === "function") wrapper.dump = () => base.dump();
  if (typeof base.withSession === "function") wrapper.withSession = (constraint?: string) => placementChecked(base.withSession(constraint), role, database);
  if (typeof base.getBookmark === "function") wrapper.getBookmark = () => base.getBookmark();
  checked.add(wrapper);
  return wrapper as unknown as T;
}

/** `env` with its directory (DB) and every shard (SHARD_*) checked, when PLACEMENT_CHECKS is "on"; else `env` itself. */
export function withPlacementChecks<E extends object>(env: E): E {
  if ((env as PlacementEnv).PLACEMENT_CHECKS !== "on") return env;
  // The same bindings come with every request: their checked copy is made once per env object.
  const made = checkedEnvs.get(env);
  if (made) return made as E;
  const out = checkedEnv(env);
  checkedEnvs.set(env, out);
  return out;
}

const checkedEnvs = new WeakMap<object, object>();

function checkedEnv<E extends object>(env: E): E {
  const out: Record<string, unknown> = { ...(env as Record<string, unknown>) };
  let changed = false;
  for (const [key, value] of Object.entries(env)) {
    const isD1 = typeof (value as D1Database | undefined)?.prepare === "function";
    if (!isD1 || checked.has(value as object)) continue;
    if (key === "DB") out[key] = placementChecked(value as D1Database, "directory", "the directory (DB)");
    else if (key.startsWith(SHARD_PREFIX)) out[key] = placementChecked(value as D1Database, "shard", `the shard binding ${key}`);
    else continue;
    changed = true;
  }
  return changed ? (out as E) : env;
}
