import { describe, expect, it } from "vitest";
import { sessionOrderProblems } from "../../contract/session-order";
import { missingPrerequisites, notStartedYet } from "../../worker/domain/booking-rules";

const s = (sequence: number, times: string[], moved = true) => ({
  sequence,
  name: `S${sequence}`,
  lengthMinutes: 60,
  times,
  moved,
  key: (j: number) => `${sequence}.${j}`,
});

describe("sessions in their order", () => {
  it("accepts each session starting at or after the previous one's end", () => {
    expect(sessionOrderProblems([s(1, ["2031-01-01T09:00:00Z"]), s(2, ["2031-01-01T10:00:00Z"])])).toEqual([]);
  });
  it("reports a time of the next session before every time of the previous one has ended, on that time", () => {
    expect(sessionOrderProblems([s(1, ["2031-01-01T09:00:00Z", "2031-01-02T09:00:00Z"]), s(2, ["2031-01-01T12:00:00Z", "2031-01-03T09:00:00Z"])])).toEqual([
      { key: "2.0", kind: "startAfter", other: { sequence: 1, name: "S1" } },
    ]);
  });
  it("reports on the moved session when the kept one after it is in the way", () => {
    expect(sessionOrderProblems([s(1, ["2031-01-05T09:00:00Z"]), s(2, ["2031-01-02T09:00:00Z"], false)])).toEqual([
      { key: "1.0", kind: "endBefore", other: { sequence: 2, name: "S2" } },
    ]);
  });
  it("skips sessions without a time", () => {
    expect(sessionOrderProblems([s(1, []), s(2, ["2031-01-01T09:00:00Z"])])).toEqual([]);
  });
});

describe("prerequisites", () => {
  const score = { type: "score" as const, name: "AI", category: "aiAndAutomation", minimumScore: 3, requiredWorkoutId: null, startDate: null, endDate: null };
  const workout = {
    type: "workout" as const,
    name: "First",
    category: null,
    minimumScore: null,
    requiredWorkoutId: "w1",
    requiredWorkoutName: "Basics",
    startDate: null,
    endDate: null,
  };
  it("names a score below the minimum, an unassessed category and a workout not completed", () => {
    expect(missingPrerequisites([score, workout], { scores: new Map([["aiAndAutomation", 2.5]]), completedWorkoutIds: new Set() }, "2031-01-01")).toEqual([
      "AI: a score of at least 3 in AI and automation (yours is 2.5)",
      "First: complete Basics first",
    ]);
    expect(missingPrerequisites([score], { scores: new Map(), completedWorkoutIds: new Set() }, "2031-01-01")).toEqual([
      "AI: a score of at least 3 in AI and automation (yours is not assessed yet)",
    ]);
  });
  it("is met by a score at the minimum and a completed workout; ignores licences and prerequisites out of date", () => {
    const licence = { ...score, type: "license" as const };
    const expired = { ...score, minimumScore: 5, endDate: "2030-12-31" };
    expect(
      missingPrerequisites(
        [score, workout, licence, expired],
        { scores: new Map([["aiAndAutomation", 3]]), completedWorkoutIds: new Set(["w1"]) },
        "2031-01-01",
      ),
    ).toEqual([]);
  });
});

describe("completing a session", () => {
  const now = Date.parse("2031-01-10T12:00:00Z");
  it("is allowed once it has started", () => {
    expect(notStartedYet([{ sessionName: "One", scheduledAt: "2031-01-10T12:00:00Z" }], now)).toBeNull();
  });
  it("names the session that has not started or has no time", () => {
    expect(notStartedYet([{ sessionName: "One", scheduledAt: "2031-01-10T12:00:01Z" }], now)).toMatch(/^One cannot be marked completed before it starts/);
    expect(notStartedYet([{ sessionName: "One", scheduledAt: null }], now)).toBe("A session without a booked time cannot be completed");
  });
});
