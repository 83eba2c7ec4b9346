import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createdId, d1Databases, nextShardName, resume, runOrder, targets, whereTo, withShard } from "../../scripts/shards-config";

const TOML = readFileSync(join(import.meta.dirname, "../../wrangler.toml"), "utf8");

describe("the shard runner's reading of wrangler.toml (scripts/shards-config.ts)", () => {
  it("finds the directory and the two local shards, each database once", () => {
    expect(d1Databases(TOML).map((d) => d.binding)).toEqual(["DB", "SHARD_FIRST", "SHARD_WEUR_1"]);
    const { directory, shards, all } = targets(TOML);
    expect(directory.binding).toBe("DB");
    expect(shards.map((d) => d.binding)).toEqual(["SHARD_FIRST", "SHARD_WEUR_1"]);
    // The first shard is the directory's own database: migrated once.
    expect(all.map((d) => d.binding)).toEqual(["DB", "SHARD_WEUR_1"]);
  });

  it("migrates the canary shard first, then the directory, then the rest", () => {
    expect(runOrder(TOML, undefined).map((d) => d.binding)).toEqual(["SHARD_WEUR_1", "DB"]);
    expect(runOrder(TOML, "weur-1").map((d) => d.binding)).toEqual(["SHARD_WEUR_1", "DB"]);
    expect(() => runOrder(TOML, "oc-7")).toThrow(/No shard/);
  });

  it("resumes a run towards the same migration, and starts over for a newer one", () => {
    const progress = { target: "0009_partner-shard.sql", done: ["techfit-weur-1"] };
    expect(resume(progress, "0009_partner-shard.sql")).toBe(progress);
    expect(resume(progress, "0010_next.sql")).toEqual({ target: "0010_next.sql", done: [] });
    expect(resume(null, "0009_partner-shard.sql")).toEqual({ target: "0009_partner-shard.sql", done: [] });
  });

  it("adds a shard's binding after the last D1 block, under the next free name of its region", () => {
    expect(nextShardName(TOML, "weur")).toBe("weur-2");
    expect(nextShardName(TOML, "apac")).toBe("apac-1");
    expect(() => nextShardName(TOML, "mars")).toThrow(/location hint/);
    const added = withShard(TOML, "apac-1", "techfit-apac-1", "11111111-2222-3333-4444-555555555555");
    expect(d1Databases(added).at(-1)).toEqual({ binding: "SHARD_APAC_1", name: "techfit-apac-1", id: "11111111-2222-3333-4444-555555555555" });
    expect(added.replace(/\n\[\[d1_databases\]\]\nbinding = "SHARD_APAC_1"\n[^[]*?migrations_dir = "migrations"\n/, "")).toBe(TOML);
    expect(() => withShard(added, "apac-1", "x", "y")).toThrow(/already binds/);
  });

  it("migrates locally the state folder --persist-to names, else PERSIST_DIR's (as npm run dev and npm run db:seed), else wrangler's own", () => {
    expect(whereTo(false, "/tmp/given", { PERSIST_DIR: "/tmp/env" })).toEqual(["--local", "--persist-to", "/tmp/given"]);
    expect(whereTo(false, undefined, { PERSIST_DIR: "/tmp/env" })).toEqual(["--local", "--persist-to", "/tmp/env"]);
    expect(whereTo(false, undefined, {})).toEqual(["--local"]);
    expect(whereTo(true, undefined, { PERSIST_DIR: "/tmp/env" })).toEqual(["--remote"]);
  });

  it("reads the id wrangler d1 create prints", () => {
    expect(createdId(`[[d1_databases]]\nbinding = "DB"\ndatabase_name = "techfit-weur-1"\ndatabase_id = "0f1e2d3c-0000-4000-8000-123456789abc"`)).toBe(
      "0f1e2d3c-0000-4000-8000-123456789abc",
    );
    expect(createdId(`{ "d1_databases": [{ "database_id": "0f1e2d3c-0000-4000-8000-123456789abc" }] }`)).toBe("0f1e2d3c-0000-4000-8000-123456789abc");
    expect(createdId("error")).toBeNull();
  });
});
