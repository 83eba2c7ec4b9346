import { describe, expect, it } from "vitest";
import { AccountLocation } from "../../contract/enums";
import { bindingOf, defaultShard, regionOfShard, shardNameOf, shardsOf } from "../../worker/d1/shards";
import { formatBookmarks, parseBookmarks, shardBookmark } from "../../worker/db";
import { isRegion, placePartner, REGION_OF_LOCATION } from "../../worker/domain/regions";

const d1 = { prepare: () => null } as unknown as D1Database;

describe("shard bindings and names", () => {
  it("names a shard after its binding, and back", () => {
    expect(shardNameOf("SHARD_APAC_1")).toBe("apac-1");
    expect(bindingOf("apac-1")).toBe("SHARD_APAC_1");
    expect(bindingOf(shardNameOf("SHARD_WEUR_ACME"))).toBe("SHARD_WEUR_ACME");
    expect(regionOfShard("weur-2")).toBe("weur");
    expect(regionOfShard("first")).toBeNull();
  });

  it("lists the D1 bindings named SHARD_*, and picks the default", () => {
    const env = { DB: d1, SHARD_FIRST: d1, SHARD_ENAM_1: d1, SHARD_NOTE: "not a database", UPLOADS: {} };
    expect(shardsOf(env)).toEqual([
      { name: "enam-1", region: "enam" },
      { name: "first", region: null },
    ]);
    expect(defaultShard({ ...env, DEFAULT_SHARD: "first" })).toBe("first");
    expect(defaultShard({ SHARD_ONLY: d1 } as object)).toBe("only");
    expect(() => defaultShard(env as object)).toThrow(/DEFAULT_SHARD/);
  });
});

describe("placing a new partner", () => {
  const shards = [
    { name: "first", region: null },
    { name: "weur-1", region: "weur" as const },
    { name: "weur-2", region: "weur" as const },
  ];

  it("maps every location a partner can give to a D1 region", () => {
    for (const location of AccountLocation) expect(isRegion(REGION_OF_LOCATION[location])).toBe(true);
  });

  it("takes the first shard of the partner's region, else the default shard", () => {
    expect(placePartner("UK", shards, "first")).toEqual({ shard: "weur-1", region: "weur" });
    expect(placePartner("US", shards, "first")).toEqual({ shard: "first", region: "enam" });
    expect(placePartner(null, shards, "first")).toEqual({ shard: "first", region: null });
  });
});

describe("bookmarks, one per database", () => {
  it("carries the directory's and the shard's in one value", () => {
    const value = formatBookmarks("0000-aa", { name: "weur-1", bookmark: "0000-bb" });
    expect(value).toBe("dir:0000-aa;shard:weur-1:0000-bb");
    const sent = parseBookmarks(value!);
    expect(sent).toEqual({ directory: "0000-aa", shard: { name: "weur-1", bookmark: "0000-bb" } });
    expect(shardBookmark(sent, "weur-1")).toBe("0000-bb");
    expect(shardBookmark(sent, "first")).toBeUndefined();
  });

  it("reads a bare bookmark as the directory's, and leaves out what a database did not give", () => {
    expect(parseBookmarks("0000-aa")).toEqual({ directory: "0000-aa" });
    expect(parseBookmarks(undefined)).toEqual({});
    expect(formatBookmarks(null, { name: "first", bookmark: "0000-bb" })).toBe("shard:first:0000-bb");
    expect(formatBookmarks("0000-aa", null)).toBe("dir:0000-aa");
    expect(formatBookmarks(null, null)).toBeNull();
  });
});
