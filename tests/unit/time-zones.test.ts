import { describe, expect, it, vi } from "vitest";
import { matchingZones } from "../../client/components/ui/TimeZonePicker";
import { formatDate, fromZonedInput, timeZoneLabel, timeZones, toZonedInput, zonedInputToIso } from "../../client/lib/dates";
import { canonicalTimeZone, SetTimeZoneBody } from "../../contract/time-zones";
import { mailDateTime } from "../../worker/mail/i18n";

const NY = "America/New_York";
const BERLIN = "Europe/Berlin";

describe("times in the reader's zone, named", () => {
  it("the same moment reads in each reader's zone, with the zone", () => {
    const moment = "2026-12-08T15:00:00Z";
    expect(formatDate(moment, "long", "enUS", { timeZone: NY })).toBe("Tue, Dec 8, 2026, 10:00 AM EST");
    expect(formatDate(moment, "long", "enGB", { timeZone: BERLIN })).toMatch(/^Tue,? 8 Dec 2026,? 16:00 (CET|GMT\+1)$/);
    expect(formatDate(moment, "long", "enUS", { timeZone: "UTC" })).toBe("Tue, Dec 8, 2026, 3:00 PM UTC");
  });

  it("New York across its spring change (March 8, 2026): EST before, EDT after, the same UTC hour an hour later on the clock", () => {
    expect(formatDate("2026-03-07T15:00:00Z", "long", "enUS", { timeZone: NY })).toBe("Sat, Mar 7, 2026, 10:00 AM EST");
    expect(formatDate("2026-03-09T15:00:00Z", "long", "enUS", { timeZone: NY })).toBe("Mon, Mar 9, 2026, 11:00 AM EDT");
  });

  it("Berlin across its spring change (March 29, 2026): GMT+1 before, GMT+2 after", () => {
    expect(formatDate("2026-03-28T09:00:00Z", "long", "enGB", { timeZone: BERLIN })).toMatch(/10:00 (CET|GMT\+1)$/);
    expect(formatDate("2026-03-30T09:00:00Z", "long", "enGB", { timeZone: BERLIN })).toMatch(/11:00 (CEST|GMT\+2)$/);
  });

  it("a short date is the reader's day: late evening in New York is already tomorrow in Berlin", () => {
    const moment = "2026-06-01T23:30:00Z";
    expect(formatDate(moment, "short", "enUS", { timeZone: NY })).toBe("Jun 1, 2026");
    expect(formatDate(moment, "short", "enUS", { timeZone: BERLIN })).toBe("Jun 2, 2026");
  });

  it("mail names the recipient's zone, per recipient", () => {
    const moment = "2026-03-09T15:00:00Z";
    expect(mailDateTime(moment, "enUS", NY)).toBe("Mon, Mar 9, 2026, 11:00 AM EDT");
    expect(mailDateTime(moment, "enGB", BERLIN)).toMatch(/^Mon,? 9 Mar 2026,? 16:00 (CET|GMT\+1)$/);
    expect(mailDateTime(moment, "enUS", "Not/AZone")).toBe("Mon, Mar 9, 2026, 3:00 PM UTC");
  });
});

describe("wall-clock input read in a named zone", () => {
  it("10:00 in New York is 15:00 UTC in winter and 14:00 UTC in summer, whatever the browser's zone", () => {
    expect(zonedInputToIso("2026-03-07T10:00", NY)).toBe("2026-03-07T15:00:00.000Z");
    expect(zonedInputToIso("2026-03-09T10:00", NY)).toBe("2026-03-09T14:00:00.000Z");
  });

  it("10:00 in Berlin is 09:00 UTC before March 29, 2026 and 08:00 UTC after", () => {
    expect(zonedInputToIso("2026-03-28T10:00", BERLIN)).toBe("2026-03-28T09:00:00.000Z");
    expect(zonedInputToIso("2026-03-29T10:00", BERLIN)).toBe("2026-03-29T08:00:00.000Z");
  });

  it("a time the spring change skips moves forward by the gap; the autumn's repeated hour reads as one moment", () => {
    // 02:30 on March 8, 2026 does not exist in New York: clocks go from 02:00 EST to 03:00 EDT.
    expect(zonedInputToIso("2026-03-08T02:30", NY)).toBe("2026-03-08T07:30:00.000Z");
    const repeated = fromZonedInput("2026-11-01T01:30", NY);
    expect(repeated && ["2026-11-01T05:30:00.000Z", "2026-11-01T06:30:00.000Z"]).toContain(repeated?.toISOString());
  });

  it("round-trips a moment through the input's value in the zone", () => {
    const moment = new Date("2026-03-29T08:00:00Z");
    expect(toZonedInput(moment, BERLIN)).toBe("2026-03-29T10:00");
    expect(toZonedInput(moment, NY)).toBe("2026-03-29T04:00");
    expect(fromZonedInput(toZonedInput(moment, BERLIN), BERLIN)?.toISOString()).toBe(moment.toISOString());
  });

  it("refuses what is not a wall-clock time or not a zone", () => {
    expect(fromZonedInput("", NY)).toBeNull();
    expect(fromZonedInput("2026-02-30T10:00", NY)).toBeNull();
    expect(fromZonedInput("2026-03-07 10:00", NY)).toBeNull();
    expect(fromZonedInput("2026-03-07T10:00", "Mars/Olympus")).toBeNull();
  });
});

describe("the zones a user can choose", () => {
  it("are the runtime's, canonical, with their offset now", () => {
    expect(timeZones()).toContain(NY);
    expect(timeZones()).toContain("UTC");
    expect(canonicalTimeZone("america/new_york")).toBe(NY);
    expect(canonicalTimeZone("Mars/Olympus")).toBeNull();
    expect(canonicalTimeZone("../etc/passwd")).toBeNull();
    expect(timeZoneLabel(NY, "enUS", new Date("2026-01-15T12:00:00Z"))).toBe("America/New York (GMT-05:00)");
    expect(timeZoneLabel(NY, "enUS", new Date("2026-07-15T12:00:00Z"))).toBe("America/New York (GMT-04:00)");
  });

  it("the request body takes a known zone and refuses any other", () => {
    expect(SetTimeZoneBody.parse({ timeZone: " Europe/Berlin " })).toEqual({ timeZone: BERLIN });
    expect(SetTimeZoneBody.safeParse({ timeZone: "Europe/Atlantis" }).success).toBe(false);
    expect(SetTimeZoneBody.safeParse({ timeZone: "" }).success).toBe(false);
    expect(SetTimeZoneBody.safeParse({}).success).toBe(false);
  });

  it("the picker's search finds a zone by any words of its name or its offset", () => {
    const zones = [NY, BERLIN, "America/Los_Angeles"].map((zone) => ({ zone, label: timeZoneLabel(zone, "enUS", new Date("2026-01-15T12:00:00Z")) }));
    expect(matchingZones(zones, "new york").map((z) => z.zone)).toEqual([NY]);
    expect(matchingZones(zones, "los_angeles").map((z) => z.zone)).toEqual(["America/Los_Angeles"]);
    expect(matchingZones(zones, "GMT+01").map((z) => z.zone)).toEqual([BERLIN]);
    expect(matchingZones(zones, "  ")).toHaveLength(3);
  });
});

describe("a zone's canonical spelling is worked out once", () => {
  it("builds one formatter per zone asked, however often it is asked, and answers the same", () => {
    const made = vi.spyOn(Intl, "DateTimeFormat");
    try {
      const first = canonicalTimeZone("europe/vilnius");
      const calls = made.mock.calls.length;
      for (let i = 0; i < 5; i++) expect(canonicalTimeZone("europe/vilnius")).toBe(first);
      expect(made.mock.calls.length).toBe(calls);
      expect(first).toBe("Europe/Vilnius");
      expect(canonicalTimeZone("Mars/Olympus")).toBeNull();
      expect(canonicalTimeZone("Mars/Olympus")).toBeNull();
    } finally {
      made.mockRestore();
    }
  });
});
