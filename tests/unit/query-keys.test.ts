import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { partialMatchKey, type QueryKey } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { accountKeys, entitlementKeys } from "../../client/features/accounts/api";
import { bookingKeys, staleAfter } from "../../client/features/bookings/api";
import { savedListKeys, savedListQuery } from "../../client/features/my-list/query";

/**
 * TanStack Query keys come from one factory per area, and each key of an
 * account's data names the account: a read, an invalidation or a cache write
 * with a literal key can drift from the factory (a second spelling of the
 * same entry, or one without the account that another account's screen
 * would read).
 */
const ROOT = join(import.meta.dirname, "../..");

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

const sources = [...files(join(ROOT, "client")), ...files(join(ROOT, "worker", "ssr"))].map((f) => ({
  file: relative(ROOT, f),
  source: readFileSync(f, "utf8"),
}));

/** Literal keys handed to a query, an invalidation or a cache write. */
export function literalKeys(source: string): string[] {
  return [...source.matchAll(/\bqueryKey:\s*\[[^\]]*\]/g), ...source.matchAll(/\.(?:set|get)QueryData\(\s*\[[^\]]*\]/g)].map((m) => m[0]);
}

/** The first element of every key a factory builds with the account (`[ "<root>", …accountId… ] as const`). */
function accountKeyRoots(source: string): string[] {
  return [...source.matchAll(/\[\s*"([\w-]+)"(?=[^\]]*\baccountId\b)[^\]]*\]\s*as const/g)].map((m) => m[1] ?? "");
}

describe("query keys", () => {
  it("finds a literal key (the check itself)", () => {
    expect(literalKeys('useQuery({ queryKey: ["saved-items", id], queryFn })')).toHaveLength(1);
    expect(literalKeys('qc.invalidateQueries({ queryKey: ["jobs"] })')).toHaveLength(1);
    expect(literalKeys('qc.setQueryData(["account", id], a)')).toHaveLength(1);
    expect(literalKeys("useQuery({ queryKey: libraryKeys.one(accountId, id), queryFn })")).toEqual([]);
  });

  it("are never written as literals in the client or the server loaders", () => {
    const offenders = sources.map(({ file, source }) => ({ file, keys: literalKeys(source) })).filter((o) => o.keys.length > 0);
    expect(offenders).toEqual([]);
  });

  it("have each area's root in one factory only", () => {
    const where = new Map<string, Set<string>>();
    for (const { file, source } of sources) for (const root of accountKeyRoots(source)) where.set(root, (where.get(root) ?? new Set()).add(file));
    const twice = [...where].filter(([, inFiles]) => inFiles.size > 1).map(([root, inFiles]) => `${root}: ${[...inFiles].join(", ")}`);
    expect(where.size).toBeGreaterThan(10);
    expect(twice).toEqual([]);
  });

  it("name the account: the saved list's query and its factory agree, and an account's entitlements are its own", () => {
    expect(savedListQuery("a1").queryKey).toEqual(savedListKeys.list("a1"));
    expect(savedListQuery(undefined).queryKey).toEqual(savedListKeys.list("none"));
    expect(entitlementKeys.mine("a1")).not.toEqual(entitlementKeys.mine("a2"));
    expect(entitlementKeys.mine("a1")).not.toEqual(accountKeys.one("a1"));
  });

  it("a booking makes the credits stale with the lists and the options, and a move (a refund) the credits with the lists", () => {
    const refreshed = (keys: readonly QueryKey[], key: QueryKey) => keys.some((prefix) => partialMatchKey(key, prefix));
    for (const key of [entitlementKeys.mine("a1"), bookingKeys.list("a1", "customer", {}), bookingKeys.options("a1", "w1")])
      expect(refreshed(staleAfter.booking, key)).toBe(true);
    expect(refreshed(staleAfter.move, entitlementKeys.mine("a1"))).toBe(true);
    expect(refreshed(staleAfter.move, bookingKeys.one("a1", "customer", "j1"))).toBe(true);
    // Not everything: the account itself is not read again.
    expect(refreshed(staleAfter.booking, accountKeys.one("a1"))).toBe(false);
  });

  it("a booking, a move or a change of a job's people makes the partner's week and agenda stale, but not who a job may name", () => {
    const refreshed = (keys: readonly QueryKey[], key: QueryKey) => keys.some((prefix) => partialMatchKey(key, prefix));
    const week = bookingKeys.sessions("a1", "2031-03-03T00:00:00.000Z", "2031-03-10T00:00:00.000Z", false);
    expect(refreshed(staleAfter.booking, week)).toBe(true);
    expect(refreshed(staleAfter.move, week)).toBe(true);
    expect(refreshed(staleAfter.people, week)).toBe(true);
    expect(refreshed(staleAfter.people, bookingKeys.one("a1", "partner", "j1"))).toBe(true);
    expect(refreshed(staleAfter.people, bookingKeys.people("a1", "partner"))).toBe(false);
  });
});
