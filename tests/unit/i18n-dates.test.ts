import { describe, expect, it } from "vitest";
import { formatDate, parseCalendarDate, toCalendarDate, today } from "../../client/lib/dates";

const utc = { timeZone: "UTC" };
const instant = "2026-03-05T14:30:00Z"; // a Thursday

describe("dates in the product's formats", () => {
  it("short: year, short month and day, in each language's order", () => {
    expect(formatDate(instant, "short", "enUS", utc)).toBe("Mar 5, 2026");
    expect(formatDate(instant, "short", "enGB", utc)).toBe("5 Mar 2026");
    expect(formatDate(instant, "short", "enAU", utc)).toBe("5 Mar 2026");
  });

  it("long: adds the weekday, the time (12-hour in the US and Australia, 24-hour in Britain) and the zone", () => {
    const us = formatDate(instant, "long", "enUS", utc);
    const gb = formatDate(instant, "long", "enGB", utc);
    const au = formatDate(instant, "long", "enAU", utc);
    expect(us).toMatch(/^Thu, Mar 5, 2026,? (at )?2:30\sPM UTC$/);
    expect(gb).toMatch(/^Thu,? 5 Mar 2026,? (at )?14:30 UTC$/);
    expect(au).toMatch(/^Thu,? 5 Mar 2026,? (at )?2:30\s[pP][mM] UTC$/);
  });

  it("the languages really differ where English does (Australia's Sept)", () => {
    const september = "2026-09-10T12:00:00Z";
    expect(formatDate(september, "short", "enUS", utc)).toBe("Sep 10, 2026");
    expect(formatDate(september, "short", "enGB", utc)).toBe("10 Sept 2026");
    expect(formatDate(september, "short", "enAU", utc)).toBe("10 Sept 2026");
  });

  it("reads a YYYY-MM-DD calendar date as that day, whatever the time zone", () => {
    expect(formatDate("2026-03-05", "short", "enUS")).toBe("Mar 5, 2026");
    expect(formatDate("2026-03-05", "short", "enUS", { timeZone: "Pacific/Honolulu" })).toBe("Mar 5, 2026");
    expect(formatDate("2026-03-05", "short", "enUS", { timeZone: "Pacific/Kiritimati" })).toBe("Mar 5, 2026");
    expect(formatDate("2026-12-31", "short", "enGB")).toBe("31 Dec 2026");
  });

  it("gives an empty string rather than 'Invalid Date'", () => {
    expect(formatDate("not a date", "short", "enUS")).toBe("");
    expect(formatDate(new Date(Number.NaN), "long", "enGB")).toBe("");
  });
});

describe("calendar dates", () => {
  it("parse only real days", () => {
    expect(parseCalendarDate("2026-02-28")?.getDate()).toBe(28);
    expect(parseCalendarDate("2026-02-30")).toBeNull();
    expect(parseCalendarDate("2026-13-01")).toBeNull();
    expect(parseCalendarDate("26-1-1")).toBeNull();
  });

  it("round-trip through toCalendarDate, and today is local", () => {
    expect(toCalendarDate(parseCalendarDate("2026-01-09")!)).toBe("2026-01-09");
    expect(today(new Date(2026, 6, 4, 23, 59))).toBe("2026-07-04");
  });
});
