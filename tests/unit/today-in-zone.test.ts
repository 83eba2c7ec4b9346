import { describe, expect, it } from "vitest";
import { startsNotBeforeToday } from "../../contract/start-dates";
import { MESSAGES } from "../../contract/messages";
import { dayInZone } from "../../contract/time-zones";
import { callerZone } from "../../worker/data/query";
import { latestInFrame, scoreTrend } from "../../client/features/activity/trend";

/** 23:30 on Thursday 26 November in Los Angeles (UTC-8): already Friday 27 in UTC, Saturday 28 in Auckland (UTC+13). */
const LA_NEAR_MIDNIGHT = new Date("2026-11-27T07:30:00Z");
/** 00:30 on Saturday 28 November in Auckland: still Friday 27 in UTC, Thursday 26 in Los Angeles. */
const AUCKLAND_AFTER_MIDNIGHT = new Date("2026-11-27T11:30:00Z");

const caller = (stored: string | null, sent?: string | null) => ({ user: { timeZone: stored }, auth: { sentTimeZone: sent } });

describe("today where the user works", () => {
  it("is the calendar day of the user's zone, not of UTC, near midnight on either side", () => {
    expect(dayInZone("America/Los_Angeles", LA_NEAR_MIDNIGHT)).toBe("2026-11-26");
    expect(dayInZone("UTC", LA_NEAR_MIDNIGHT)).toBe("2026-11-27");
    expect(dayInZone("Pacific/Auckland", LA_NEAR_MIDNIGHT)).toBe("2026-11-27");
    expect(dayInZone("Pacific/Auckland", AUCKLAND_AFTER_MIDNIGHT)).toBe("2026-11-28");
    expect(dayInZone("America/Los_Angeles", AUCKLAND_AFTER_MIDNIGHT)).toBe("2026-11-27");
  });

  it("is UTC's day for an unknown or missing zone", () => {
    expect(dayInZone("Mars/Olympus_Mons", LA_NEAR_MIDNIGHT)).toBe("2026-11-27");
    expect(dayInZone(null, LA_NEAR_MIDNIGHT)).toBe("2026-11-27");
  });

  it("on the server: the stored zone first, else the one the browser sent, else UTC", () => {
    expect(callerZone(caller("Pacific/Auckland", "America/Los_Angeles"))).toBe("Pacific/Auckland");
    expect(callerZone(caller(null, "America/Los_Angeles"))).toBe("America/Los_Angeles");
    expect(callerZone(caller(null, "not/a zone"))).toBe("UTC");
    expect(callerZone(caller(null))).toBe("UTC");
    expect(dayInZone(callerZone(caller(null, "America/Los_Angeles")), LA_NEAR_MIDNIGHT)).toBe("2026-11-26");
    expect(dayInZone(callerZone(caller("Pacific/Auckland")), AUCKLAND_AFTER_MIDNIGHT)).toBe("2026-11-28");
  });

  it("judges a window's start on the UTC day the catalogue counts it on, wherever the user is", () => {
    // Near midnight in Los Angeles it is already 27 November in UTC: LA's own today is UTC's yesterday.
    const la: Record<string, string> = {};
    startsNotBeforeToday([{ startDate: "2026-11-26" }, { startDate: "2026-11-27" }], new Set(), "pricing", dayInZone("UTC", LA_NEAR_MIDNIGHT), la);
    expect(la).toEqual({ "pricing.0.startDate": MESSAGES.startBeforeToday });
    // Just after midnight in Auckland it is still 27 November in UTC: Auckland's yesterday is UTC's today.
    const auckland: Record<string, string> = {};
    startsNotBeforeToday([{ startDate: "2026-11-27" }], new Set(), "pricing", dayInZone("UTC", AUCKLAND_AFTER_MIDNIGHT), auckland);
    expect(auckland).toEqual({});
  });
});

describe("a timeframe's days are the reader's", () => {
  // Taken at 23:30 on 26 November in Los Angeles: 27 November in UTC.
  const lateInLosAngeles = { category: "strategy" as const, scorePercent: 40, createdAt: LA_NEAR_MIDNIGHT.toISOString() };

  it("a score belongs to the day it was taken where the reader is", () => {
    expect(scoreTrend([lateInLosAngeles], "2026-11-26", "2026-11-26", "America/Los_Angeles")).toEqual([{ at: "2026-11-26", strategy: 40, overall: 40 }]);
    expect(scoreTrend([lateInLosAngeles], "2026-11-26", "2026-11-26", "UTC")).toEqual([]);
    expect(latestInFrame([lateInLosAngeles], "2026-11-26", "2026-11-26", "America/Los_Angeles")).toEqual([lateInLosAngeles]);
    expect(latestInFrame([lateInLosAngeles], null, "2026-11-26", "Pacific/Auckland")).toEqual([]);
  });
});
