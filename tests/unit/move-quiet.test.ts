import { describe, expect, it } from "vitest";
import { leftAloneOn, MOVING_RETRY_SECONDS, movingDelaySeconds } from "../../worker/domain/shard-move";

const move = (phase: "copying" | "moved") => ({ from: "first", to: "weur-1", phase, at: "2026-11-27T09:00:00.000Z" });

describe("background work and a partner's move", () => {
  it("leaves the partner's rows alone on both shards while they are copied, then on the source only", () => {
    expect([leftAloneOn(move("copying"), "first"), leftAloneOn(move("copying"), "weur-1"), leftAloneOn(move("copying"), "east-1")]).toEqual([
      true,
      true,
      false,
    ]);
    expect([leftAloneOn(move("moved"), "first"), leftAloneOn(move("moved"), "weur-1")]).toEqual([true, false]);
    expect(leftAloneOn(null, "first")).toBe(false);
  });

  it("retries a waiting message after a minute, doubling up to an hour", () => {
    expect([1, 2, 3, 7, 8, 10].map(movingDelaySeconds)).toEqual([MOVING_RETRY_SECONDS, 2 * MOVING_RETRY_SECONDS, 4 * MOVING_RETRY_SECONDS, 3600, 3600, 3600]);
  });
});
