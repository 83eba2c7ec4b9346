import { describe, expect, it } from "vitest";
import { calendarDateIn, weekDaysIn } from "../../client/lib/dates";

const iso = (days: Date[]) => days.map((d) => d.toISOString());

describe("the week of the jobs views, in the reader's zone", () => {
  // Monday 2 November 2026, 03:00 UTC: still Sunday 1 November (22:00) in New York, where summer time ended that night.
  const at = "2026-11-02T03:00:00Z";

  it("puts a moment on the reader's day, not UTC's (nor the browser's)", () => {
    expect(calendarDateIn(at, "UTC")).toBe("2026-11-02");
    expect(calendarDateIn(at, "America/New_York")).toBe("2026-11-01");
    expect(calendarDateIn(at, "Europe/London")).toBe("2026-11-02");
    expect(calendarDateIn("2026-11-01T23:30:00Z", "Europe/Berlin")).toBe("2026-11-02");
  });

  it("starts New York's week on its own Monday, each day at New York's midnight, with the 25-hour Sunday of the change", () => {
    expect(iso(weekDaysIn(at, "America/New_York"))).toEqual([
      "2026-10-26T04:00:00.000Z",
      "2026-10-27T04:00:00.000Z",
      "2026-10-28T04:00:00.000Z",
      "2026-10-29T04:00:00.000Z",
      "2026-10-30T04:00:00.000Z",
      "2026-10-31T04:00:00.000Z",
      "2026-11-01T04:00:00.000Z",
    ]);
    // The next week begins after the 25-hour Sunday, at midnight EST.
    expect(weekDaysIn(at, "America/New_York", 1)[0]!.toISOString()).toBe("2026-11-02T05:00:00.000Z");
  });

  it("gives UTC's reader another week for the same moment", () => {
    expect(weekDaysIn(at, "UTC")[0]!.toISOString()).toBe("2026-11-02T00:00:00.000Z");
  });

  it("counts London's weeks across its own change (a week earlier than New York's)", () => {
    const week = iso(weekDaysIn("2026-10-21T12:00:00Z", "Europe/London"));
    expect(week[0]).toBe("2026-10-18T23:00:00.000Z");
    expect(week[6]).toBe("2026-10-24T23:00:00.000Z");
    expect(weekDaysIn("2026-10-21T12:00:00Z", "Europe/London", 1)[0]!.toISOString()).toBe("2026-10-26T00:00:00.000Z");
    expect(iso(weekDaysIn("2026-10-21T12:00:00Z", "Europe/London", -1))[0]).toBe("2026-10-11T23:00:00.000Z");
  });
});
