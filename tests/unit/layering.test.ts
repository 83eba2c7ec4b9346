import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The Worker's layering, checked on its source: routers (worker/api) and the
 * server-rendered pages (worker/ssr) hold no query-builder call and import neither drizzle nor the tables (the data
 * layer, worker/data, is the only place that queries D1), and no Worker file
 * grows past MAX_LINES.
 */
const ROOT = join(import.meta.dirname, "../..");
/** The layers above the data layer: they call worker/data, never D1. */
const ABOVE_DATA = ["worker/api", "worker/ssr"];
const MAX_LINES = 400;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith(".ts") || e.name.endsWith(".tsx") ? [join(dir, e.name)] : [],
  );
}

/** The query-builder uses in a router's source: drizzle or table imports, and calls on the database handle. */
export function queryBuilderUses(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+"(drizzle-orm[^"]*|[./]*db\/schema[^"]*)"/gm)) found.push(`imports ${m[1]}`);
  const code = source.replace(/\s+/g, " ");
  for (const m of code.matchAll(/(?:\bdb|\btx|\.get\("db"\)) ?\. ?(select|selectDistinct|insert|update|delete|batch|all|run|get|values|query)\b/g))
    found.push(`db.${m[1]}`);
  for (const m of code.matchAll(/(?<!\bArray)\.from\( ?[A-Za-z_]\w* ?\)/g)) found.push(m[0].trim());
  // The raw D1 binding, or batch statements assembled in the router, are data access too.
  for (const m of code.matchAll(/\benv\.DB\b|\bStmt\b|\bStatements\b/g)) found.push(m[0]);
  return found;
}

/** The layers that take their database from the request's scope (c.get("db"), c.get("directory")), never from a binding. */
const SCOPED = ["worker/data", "worker/api", "worker/ssr"];

/**
 * A D1 binding reached past the request's scope: the directory (`env.DB`), a
 * shard (`env.SHARD_…`, or any binding looked up by a computed name), the
 * shard registry, or the Worker's env imported as a module.
 */
export function bindingUses(source: string): string[] {
  const code = source.replace(/\s+/g, " ");
  const found: string[] = [];
  for (const m of code.matchAll(/\benv ?(?:\. ?(DB|SHARD_\w+)\b|\[ ?[^\]]+\])/g)) found.push(m[0].replace(/ /g, ""));
  for (const m of code.matchAll(/\b(shardBinding|shardsOf)\(/g)) found.push(m[1]!);
  for (const m of code.matchAll(/from "cloudflare:workers"/g)) found.push(m[0]);
  return found;
}

describe("the Worker's layering", () => {
  it("finds a binding reached past the scope (the check itself)", () => {
    expect(bindingUses(`await runBatch(c.env.DB, s);\nconst d = env.SHARD_APAC_1;\nconst e = c.env[\`SHARD_\${name}\`];`)).toEqual([
      "env.DB",
      "env.SHARD_APAC_1",
      "env[`SHARD_${name}`]",
    ]);
    expect(bindingUses(`import { env } from "cloudflare:workers";\nshardBinding(c.env, "first");`)).toEqual(["shardBinding", 'from "cloudflare:workers"']);
    expect(bindingUses(`const db = c.get("db");\nawait c.env.UPLOADS.put(key, body);\nc.env.MAIN_ORIGIN;`)).toEqual([]);
  });

  it("has the data layer, routers and pages take their databases from the request's scope, never from a binding", () => {
    const offenders = SCOPED.flatMap((dir) => files(join(ROOT, dir)))
      .map((f) => ({ file: relative(ROOT, f), uses: bindingUses(readFileSync(f, "utf8")) }))
      .filter((o) => o.uses.length > 0);
    expect(offenders).toEqual([]);
  });

  it("finds query-builder calls where they are (the check itself)", () => {
    expect(queryBuilderUses(`import { eq } from "drizzle-orm";\nconst rows = await c\n  .get("db")\n  .select()\n  .from(teams);`)).toEqual([
      "imports drizzle-orm",
      "db.select",
      ".from(teams)",
    ]);
    expect(queryBuilderUses(`import { teams } from "../../db/schema";\nawait db.insert(teams)`)).toEqual(["imports ../../db/schema", "db.insert"]);
    expect(queryBuilderUses(`await runBatch(c.env.DB, statements as Stmt[]);`)).toEqual(["env.DB", "Stmt"]);
    expect(
      queryBuilderUses(
        `import type { Team } from "../../db/schema";\nconst xs = Array.from(set);\nawait c.env.UPLOADS.delete(key);\nteamsOf(c.get("db"), scope).list();`,
      ),
    ).toEqual([]);
  });

  it("has no query-builder call in a router or a server-rendered page (worker/api, worker/ssr)", () => {
    const offenders = ABOVE_DATA.flatMap((dir) => files(join(ROOT, dir)))
      .map((f) => ({ file: relative(ROOT, f), uses: queryBuilderUses(readFileSync(f, "utf8")) }))
      .filter((o) => o.uses.length > 0);
    expect(offenders).toEqual([]);
  });

  it(`has no Worker file over ${MAX_LINES} lines`, () => {
    const long = files(join(ROOT, "worker"))
      .map((f) => ({ file: relative(ROOT, f), lines: readFileSync(f, "utf8").split("\n").length }))
      .filter((f) => f.lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});
