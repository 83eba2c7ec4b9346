import { getTableName } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO, demoRows } from "../../db/seed";
import { placeRows } from "../../db/seed/placement";

/** The demo's rows with Contoso placed on `shard` (Northwind stays on the first). */
function demoWithContosoOn(shard: string): [SQLiteTable, object[]][] {
  return demoRows().map(([table, rows]) => [
    table,
    table === schema.accounts ? (rows as { id: string; shard?: string | null }[]).map((r) => (r.id === DEMO.contoso.id ? { ...r, shard } : r)) : rows,
  ]);
}

const libraryIndex = (tables: [SQLiteTable, object[]][]) => tables.findIndex(([t]) => getTableName(t) === "library_entries");
const ids = (rows: object[] | undefined) => (rows ?? []).map((r) => (r as { id: string }).id);

describe("where the demo's rows go (db/seed/placement.ts)", () => {
  it("writes a partner's library entry for another shard's listed workout after a copy of that workout on the partner's shard", () => {
    const tables = demoWithContosoOn("weur-1");
    const placed = placeRows(tables, "first");
    const i = libraryIndex(tables);
    const shared = (placed.crossing[i]!.get("weur-1") ?? []) as { accountId: string; workoutId: string }[];
    expect(shared).toEqual([expect.objectContaining({ accountId: DEMO.contoso.id, workoutId: DEMO.sharedWorkoutId })]);
    expect(placed.copies).toEqual(new Map([["weur-1", new Set([DEMO.sharedWorkoutId])]]));
    // Not among the rows written before the copy, on either shard.
    for (const where of ["first", "weur-1"]) expect(ids(placed.rows[i]!.get(where))).not.toContain(ids(shared)[0]);
  });

  it("needs no copy when both partners are on one shard: every library entry is written with the rest", () => {
    const tables = demoWithContosoOn("first");
    const placed = placeRows(tables, "first");
    const i = libraryIndex(tables);
    expect(placed.copies.size).toBe(0);
    expect(placed.crossing.every((m) => m.size === 0)).toBe(true);
    expect(placed.rows[i]!.get("first")).toHaveLength(tables[i]![1].length);
  });
});
