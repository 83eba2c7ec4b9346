import { describe, expect, it } from "vitest";
import { timeScale } from "../../client/features/activity/time-scale";

describe("the score chart's time axis", () => {
  it("places days by the real time between them, not evenly", () => {
    const { x } = timeScale(["2026-01-01", "2026-01-11", "2026-03-01"], 0, 590, 10);
    expect(x("2026-01-01")).toBe(0);
    expect(x("2026-03-01")).toBe(590);
    // 10 days of 59: a sixth of the width, where even spacing would put it in the middle.
    expect(x("2026-01-11")).toBeCloseTo(100);
  });

  it("labels months on the 1st for a span of months, and fewer when there is less room", () => {
    const days = ["2025-12-10", "2026-10-02"];
    expect(timeScale(days, 0, 800, 12).ticks).toEqual([
      "2026-01-01",
      "2026-02-01",
      "2026-03-01",
      "2026-04-01",
      "2026-05-01",
      "2026-06-01",
      "2026-07-01",
      "2026-08-01",
      "2026-09-01",
      "2026-10-01",
    ]);
    expect(timeScale(days, 0, 300, 4).ticks).toEqual(["2026-01-01", "2026-04-01", "2026-07-01", "2026-10-01"]);
  });

  it("labels days for a short span and keeps one day in the middle", () => {
    expect(timeScale(["2026-05-03", "2026-05-05"], 0, 100, 5).ticks).toEqual(["2026-05-03", "2026-05-04", "2026-05-05"]);
    const one = timeScale(["2026-05-03"], 0, 100, 5);
    expect(one.x("2026-05-03")).toBe(50);
    expect(one.ticks).toEqual(["2026-05-03"]);
  });
});
