/**
 * The pure half of scripts/shards.ts: reading the D1 databases that
 * wrangler.toml declares, the block a new shard adds, and the runner's record
 * of progress. Nothing here runs a command.
 */
import { bindingOf, SHARD_PREFIX, shardNameOf } from "../worker/d1/shards";
import { isRegion } from "../worker/domain/regions";

export type Database = { binding: string; name: string; id: string };

/** Every [[d1_databases]] block of wrangler.toml, in order. */
export function d1Databases(toml: string): Database[] {
  return toml
    .split(/^\[\[d1_databases\]\]\s*$/m)
    .slice(1)
    .map((block) => block.split(/^\[/m)[0] ?? "")
    .map((block) => {
      const field = (key: string) => block.match(new RegExp(`^${key}\\s*=\\s*"([^"]*)"`, "m"))?.[1] ?? "";
      return { binding: field("binding"), name: field("database_name"), id: field("database_id") };
    });
}

/** The directory and the shards, each database once (a shard may be the directory's own database): the directory first. */
export function targets(toml: string): { directory: Database; shards: Database[]; all: Database[] } {
  const databases = d1Databases(toml);
  const directory = databases.find((d) => d.binding === "DB");
  if (!directory) throw new Error("wrangler.toml declares no D1 binding DB (the directory)");
  const shards = databases.filter((d) => d.binding.startsWith(SHARD_PREFIX));
  const seen = new Set<string>();
  const all = [directory, ...shards].filter((d) => (seen.has(d.id) ? false : (seen.add(d.id), true)));
  return { directory, shards, all };
}

/** The shard names wrangler.toml binds. */
export const shardNames = (toml: string): string[] => targets(toml).shards.map((d) => shardNameOf(d.binding));

/** The next free name in a region: <region>-1, <region>-2, … */
export function nextShardName(toml: string, region: string): string {
  if (!isRegion(region)) throw new Error(`"${region}" is not a D1 location hint (wnam, enam, weur, eeur, apac, oc)`);
  const taken = new Set(shardNames(toml));
  for (let n = 1; ; n++) if (!taken.has(`${region}-${n}`)) return `${region}-${n}`;
}

/** The database name of a shard, from the directory's (techfit → techfit-weur-1). */
export const databaseNameOf = (toml: string, shard: string): string => `${targets(toml).directory.name}-${shard}`;

/** wrangler.toml with a new shard's binding added after the last D1 block. */
export function withShard(toml: string, shard: string, databaseName: string, databaseId: string): string {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(shard)) throw new Error(`"${shard}" is not a shard name (lower case letters, digits and "-")`);
  if (shardNames(toml).includes(shard)) throw new Error(`wrangler.toml already binds the shard "${shard}"`);
  const block = `\n[[d1_databases]]\nbinding = "${bindingOf(shard)}"\ndatabase_name = "${databaseName}"\ndatabase_id = "${databaseId}"\nmigrations_dir = "migrations"\n`;
  const starts = [...toml.matchAll(/^\[\[d1_databases\]\]\s*$/gm)].map((m) => m.index);
  const last = starts[starts.length - 1];
  if (last === undefined) return `${toml.replace(/\n*$/, "\n")}${block}`;
  // After the last D1 block's own lines (its keys), before whatever comment or table follows.
  let at = toml.indexOf("\n", last) + 1;
  for (let line = toml.slice(at).match(/^[^\n]*\n?/)?.[0] ?? ""; /^\w+\s*=/.test(line); line = toml.slice(at).match(/^[^\n]*\n?/)?.[0] ?? "") at += line.length;
  return `${toml.slice(0, at)}${block}${toml.slice(at)}`;
}

/** The id `wrangler d1 create` printed (its TOML or JSON snippet). */
export function createdId(output: string): string | null {
  return output.match(/"?database_id"?\s*[=:]\s*"([0-9a-f-]{36})"/)?.[1] ?? null;
}

/**
 * The runner's record, so a run that stops (a shard down, a token expired)
 * resumes where it was: the migration it brings every database to, and the
 * databases already there.
 */
export type Progress = { target: string; done: string[] };

export function resume(progress: Progress | null, target: string): Progress {
  return progress && progress.target === target ? progress : { target, done: [] };
}

/** The order of a remote run: the canary shard first, then the directory, then every other shard. */
export function runOrder(toml: string, canary: string | undefined): Database[] {
  const { directory, all } = targets(toml);
  const pick = canary ? all.find((d) => d.binding === bindingOf(canary) || d.name === canary) : all.find((d) => d.id !== directory.id);
  if (canary && !pick) throw new Error(`No shard "${canary}" in wrangler.toml`);
  const first = pick ?? directory;
  return [first, ...all.filter((d) => d !== first)];
}

/**
 * Where wrangler's d1 commands act: `--remote`, or the local state folder —
 * `--persist-to` when given, else PERSIST_DIR (the folder npm run dev and
 * npm run db:seed use), else wrangler's own (.wrangler/state).
 */
export function whereTo(remote: boolean, persistTo: string | undefined, env: Record<string, string | undefined>): string[] {
  if (remote) return ["--remote"];
  const dir = persistTo ?? env.PERSIST_DIR;
  return ["--local", ...(dir ? ["--persist-to", dir] : [])];
}
