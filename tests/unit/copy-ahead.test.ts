import { describe, expect, it } from "vitest";
import { projectedRows, sameCopy } from "../../worker/data/copy-ahead";
import type { SnapshotRows } from "../../worker/data/delivery";
import type { MoveRows } from "../../worker/data/jobs";

/**
 * The delivery copy written beside its job's write
 * (docs/decisions/2026-11-27-copy-written-beside-its-job.md): the job as the
 * move will leave it, from the copy as it is and what the move writes.
 */
const job = {
  id: "j",
  version: 4,
  extrasVersion: 2,
  status: "awaitingConfirmation",
  updatedAt: "2031-01-01T00:00:00.000Z",
  pricingLineId: null,
  variantId: null,
};
const lines = [
  { id: "l1", jobId: "j", status: "awaitingConfirmation", scheduledAt: null, slotId: null, updatedAt: job.updatedAt },
  { id: "l2", jobId: "j", status: "awaitingConfirmation", scheduledAt: null, slotId: null, updatedAt: job.updatedAt },
];
const items = [
  { id: "i1", jobLineId: "l1", sessionActionItemId: "before", stage: "beforeSession", dueAt: null },
  { id: "i2", jobLineId: "l1", sessionActionItemId: "after", stage: "afterSession", dueAt: null },
  { id: "i3", jobLineId: "l1", sessionActionItemId: null, stage: "beforeSession", dueAt: "2031-02-02T00:00:00.000Z" },
  { id: "i4", jobLineId: "l2", sessionActionItemId: "before", stage: "beforeSession", dueAt: null },
];
const base = [[job], lines, items, [], [{ id: "customer" }]] as unknown as SnapshotRows;
const workout = {
  actionItems: [
    { id: "before", dueOffsetDays: -2 },
    { id: "after", dueOffsetDays: 1 },
  ],
};
const stamp = "2031-01-05T10:00:00.000Z";
const confirmRows = (): MoveRows => ({
  job: { status: "confirmed", updatedAt: stamp },
  lines: new Map([["l1", { status: "confirmed", scheduledAt: "2031-03-10T09:00:00.000Z", updatedAt: stamp }]]),
  due: new Map([["l1", { scheduledAt: "2031-03-10T09:00:00.000Z", lengthMinutes: 90 }]]),
});

describe("the copy as a move will leave its job", () => {
  it("lays the move's rows over the copy, raises the version and moves the due dates of the moved lines' items", () => {
    const [[row], nextLines, nextItems] = projectedRows(base, job, confirmRows(), workout)!;
    expect(row).toMatchObject({ version: 5, extrasVersion: 2, status: "confirmed", updatedAt: stamp });
    expect(nextLines.map((l) => [l.id, l.status, l.scheduledAt])).toEqual([
      ["l1", "confirmed", "2031-03-10T09:00:00.000Z"],
      ["l2", "awaitingConfirmation", null],
    ]);
    // Before the session: its start less two days; after it: its end (90 minutes) plus a day; no session item, or another line: unchanged.
    expect(nextItems.map((i) => i.dueAt)).toEqual(["2031-03-08T09:00:00.000Z", "2031-03-11T10:30:00.000Z", "2031-02-02T00:00:00.000Z", null]);
  });

  it("is none when the copy is not the job the move read (another version or extras version)", () => {
    expect(projectedRows(base, { version: 3, extrasVersion: 2 }, confirmRows(), workout)).toBeNull();
    expect(projectedRows(base, { version: 4, extrasVersion: 3 }, confirmRows(), workout)).toBeNull();
  });

  it("compares what a copy carries: the job shard's own slot, price line, variant and session items left out, the order of rows too", () => {
    const projected = projectedRows(base, job, confirmRows(), workout)!;
    const [[row], ls, is, as, cs] = projected;
    const written = [[{ ...row, pricingLineId: "price" }], [...ls].reverse().map((l) => ({ ...l, slotId: "slot" })), is, as, cs] as unknown as SnapshotRows;
    expect(sameCopy(projected, written)).toBe(true);
    const ticked = [[row], ls, is.map((i) => (i.id === "i4" ? { ...i, dueAt: "2031-04-01T00:00:00.000Z" } : i)), as, cs] as unknown as SnapshotRows;
    expect(sameCopy(projected, ticked)).toBe(false);
    expect(sameCopy(projected, [[{ ...row, version: 6 }], ls, is, as, cs] as unknown as SnapshotRows)).toBe(false);
  });
});
