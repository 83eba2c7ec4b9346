import { describe, expect, it } from "vitest";
import { shardNow } from "../../worker/domain/shard-move";

/** Where a queued step's rows are now (docs/decisions/2026-11-27-queued-steps-follow-a-move.md). */
describe("shardNow", () => {
  it("follows an account whose partner the directory places on another shard now", () => {
    expect(shardNow("weur-1", { shard: "first", former: [] }, "first")).toBe("first");
    expect(shardNow("first", { shard: "weur-1", former: [] }, "first")).toBe("weur-1");
  });

  it("keeps the shard named when the account is placed there, or nowhere (the default shard)", () => {
    expect(shardNow("weur-1", { shard: "weur-1", former: [] }, "first")).toBe("weur-1");
    expect(shardNow("first", { shard: null, former: [] }, "first")).toBe("first");
    expect(shardNow("weur-1", { shard: null, former: [] }, "first")).toBe("first");
  });

  it("keeps a shard a re-link left the account's history on, and an account the directory does not place", () => {
    expect(shardNow("first", { shard: "weur-1", former: ["first"] }, "first")).toBe("first");
    expect(shardNow("weur-1", null, "first")).toBe("weur-1");
  });
});
