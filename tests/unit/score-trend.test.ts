import { describe, expect, it } from "vitest";
import { scoreTrend, trendSeries } from "../../client/features/activity/trend";

const s = (category: "aiAndAutomation" | "strategy", scorePercent: number, createdAt: string) => ({ category, scorePercent, createdAt });
const history = [
  s("strategy", 50, "2026-03-01T10:00:00.000Z"),
  s("aiAndAutomation", 60, "2026-01-01T10:00:00.000Z"),
  s("aiAndAutomation", 80, "2026-06-01T10:00:00.000Z"),
  s("strategy", 70, "2026-06-01T12:00:00.000Z"),
];

describe("scores over time", () => {
  it("carries each category's latest percent and the overall score, one point per day, oldest first", () => {
    expect(scoreTrend(history, null, null)).toEqual([
      { at: "2026-01-01", aiAndAutomation: 60, overall: 60 },
      { at: "2026-03-01", aiAndAutomation: 60, strategy: 50, overall: 55 },
      { at: "2026-06-01", aiAndAutomation: 80, strategy: 70, overall: 75 },
    ]);
  });

  it("keeps only the timeframe's points, with earlier scores carried in", () => {
    expect(scoreTrend(history, "2026-02-01", "2026-05-31")).toEqual([{ at: "2026-03-01", aiAndAutomation: 60, strategy: 50, overall: 55 }]);
    expect(scoreTrend(history, "2026-07-01", null)).toEqual([]);
  });

  it("names the series: categories in order, overall only beside several", () => {
    expect(trendSeries(scoreTrend(history, null, null))).toEqual(["aiAndAutomation", "strategy", "overall"]);
    expect(
      trendSeries(
        scoreTrend(
          history.filter((h) => h.category === "strategy"),
          null,
          null,
        ),
      ),
    ).toEqual(["strategy"]);
  });
});
