import { describe, expect, it } from "vitest";
import { monthStreak, overallScore } from "../../worker/domain/summary";

const now = new Date("2026-11-22T12:00:00Z");

describe("month streak (consecutive months up to this one with a completed session)", () => {
  it.each([
    ["nothing completed", [], 0],
    ["this month only", ["2026-11-03T10:00:00Z"], 1],
    ["this and the two before", ["2026-11-01T09:00:00Z", "2026-10-15T09:00:00Z", "2026-09-30T23:00:00Z"], 3],
    ["a gap breaks it", ["2026-11-01T09:00:00Z", "2026-09-15T09:00:00Z"], 1],
    ["last month counts while this one is not over", ["2026-10-20T09:00:00Z", "2026-09-20T09:00:00Z"], 2],
    ["two months ago only is no streak", ["2026-09-20T09:00:00Z"], 0],
    ["several sessions in one month count once", ["2026-11-01T09:00:00Z", "2026-11-02T09:00:00Z"], 1],
  ])("%s", (_name, dates, expected) => {
    expect(monthStreak(dates, now)).toBe(expected);
  });

  it("runs across the turn of the year", () => {
    expect(monthStreak(["2027-01-05T00:00:00Z", "2026-12-05T00:00:00Z", "2026-11-05T00:00:00Z"], new Date("2027-01-10T00:00:00Z"))).toBe(3);
  });
});

describe("overall score", () => {
  it("is null before any score", () => expect(overallScore([])).toBeNull());
  it("takes the latest score of each category and averages them", () => {
    expect(
      overallScore([
        { category: "aiAndAutomation", scorePercent: 40, createdAt: "2026-01-01" },
        { category: "aiAndAutomation", scorePercent: 70, createdAt: "2026-06-01" },
        { category: "strategy", scorePercent: 55, createdAt: "2026-03-01" },
      ]),
    ).toBe(63);
  });
});
