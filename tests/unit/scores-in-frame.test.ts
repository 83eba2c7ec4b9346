import { describe, expect, it } from "vitest";
import { latestInFrame } from "../../client/features/activity/trend";

const s = (id: string, category: "aiAndAutomation" | "strategy", createdAt: string) => ({ id, category, createdAt });
// Newest first, as the API answers.
const scores = [
  s("ai-jun", "aiAndAutomation", "2026-06-01T10:00:00.000Z"),
  s("st-mar", "strategy", "2026-03-01T10:00:00.000Z"),
  s("ai-jan", "aiAndAutomation", "2026-01-01T10:00:00.000Z"),
];

describe("Your Activity's category cards follow the timeframe", () => {
  it("shows each category's latest score within the timeframe, in the categories' order", () => {
    expect(latestInFrame(scores, null, null).map((x) => x.id)).toEqual(["ai-jun", "st-mar"]);
    expect(latestInFrame(scores, "2025-12-01", "2026-04-01").map((x) => x.id)).toEqual(["ai-jan", "st-mar"]);
    expect(latestInFrame(scores, "2026-05-01", "2026-06-01").map((x) => x.id)).toEqual(["ai-jun"]);
    expect(latestInFrame(scores, "2026-07-01", null)).toEqual([]);
  });
});
