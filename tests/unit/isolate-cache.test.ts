import { describe, expect, it } from "vitest";
import { clearIsolateCaches, isolateCache } from "../../worker/http/isolate-cache";

describe("isolate caches", () => {
  it("evict the oldest entry when full, and a set makes an entry the newest", () => {
    const cache = isolateCache<string, number>(2);
    cache.set("a", 1);
    cache.set("b", 2);
    cache.set("a", 3);
    cache.set("c", 4);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe(3);
    expect(cache.get("c")).toBe(4);
  });

  it("are all emptied at once", () => {
    const one = isolateCache<string, number>(10);
    const two = isolateCache<number, string>(10);
    one.set("x", 1);
    two.set(1, "y");
    clearIsolateCaches();
    expect(one.get("x")).toBeUndefined();
    expect(two.get(1)).toBeUndefined();
  });
});
