import { describe, expect, it } from "vitest";
import { isIanaZone } from "../../contract/availability";
import { hoursOn, openTimes, recurringStarts, type Schedule } from "../../worker/domain/availability";

const at = (iso: string) => Date.parse(iso);

/** Sundays 09:00–11:00 in London, one-hour sessions. */
const london: Schedule = {
  timeZone: "Europe/London",
  weekly: [{ day: 0, ranges: [{ start: "09:00", end: "11:00" }] }],
  overrides: [],
  minNoticeMinutes: 0,
  bufferMinutes: 0,
};

const window = (from: string, to: string, extra: Partial<Parameters<typeof openTimes>[1]> = {}) => ({
  from: at(from),
  to: at(to),
  now: at("2027-01-01T00:00:00Z"),
  lengthMinutes: 60,
  busy: [],
  ...extra,
});

describe("open times", () => {
  it("keeps the wall-clock hours across the change to summer time (London, 28 March 2027)", () => {
    expect(openTimes(london, window("2027-03-21T00:00:00Z", "2027-03-29T00:00:00Z"))).toEqual([
      "2027-03-21T09:00:00.000Z",
      "2027-03-21T09:30:00.000Z",
      "2027-03-21T10:00:00.000Z",
      // Summer time: 09:00 in London is 08:00 UTC.
      "2027-03-28T08:00:00.000Z",
      "2027-03-28T08:30:00.000Z",
      "2027-03-28T09:00:00.000Z",
    ]);
  });

  it("keeps the wall-clock hours across the change back (New York, 7 November 2027)", () => {
    const ny: Schedule = { ...london, timeZone: "America/New_York", weekly: [{ day: 0, ranges: [{ start: "09:00", end: "10:00" }] }] };
    expect(openTimes(ny, window("2027-10-31T00:00:00Z", "2027-11-08T00:00:00Z"))).toEqual(["2027-10-31T13:00:00.000Z", "2027-11-07T14:00:00.000Z"]);
  });

  it("counts real time through a night that loses an hour", () => {
    // 00:00–04:00 on the night London skips 01:00–02:00 holds three real hours.
    const night: Schedule = { ...london, weekly: [{ day: 0, ranges: [{ start: "00:00", end: "04:00" }] }] };
    const times = openTimes(night, window("2027-03-28T00:00:00Z", "2027-03-29T00:00:00Z", { lengthMinutes: 180 }));
    expect(times).toEqual(["2027-03-28T00:00:00.000Z"]);
  });

  it("answers nothing on a date closed by an override and other hours on a date with its own", () => {
    const s: Schedule = {
      ...london,
      overrides: [
        { date: "2027-03-21", ranges: [] },
        { date: "2027-03-24", ranges: [{ start: "14:00", end: "15:00" }] },
      ],
    };
    expect(hoursOn(s, "2027-03-21")).toEqual([]);
    expect(openTimes(s, window("2027-03-20T00:00:00Z", "2027-03-25T00:00:00Z"))).toEqual(["2027-03-24T14:00:00.000Z"]);
  });

  it("keeps clear of booked sessions by the buffer and respects the minimum notice", () => {
    const s: Schedule = { ...london, bufferMinutes: 30, minNoticeMinutes: 60, weekly: [{ day: 0, ranges: [{ start: "09:00", end: "14:00" }] }] };
    const times = openTimes(
      s,
      window("2027-01-10T00:00:00Z", "2027-01-11T00:00:00Z", {
        now: at("2027-01-10T08:30:00Z"),
        busy: [{ start: at("2027-01-10T11:00:00Z"), end: at("2027-01-10T12:00:00Z") }],
      }),
    );
    // 09:00 is inside the hour's notice; 10:00 would end when the buffer before 11:00 starts at 10:30; 12:30 is the first after the buffer.
    expect(times).toEqual(["2027-01-10T09:30:00.000Z", "2027-01-10T12:30:00.000Z", "2027-01-10T13:00:00.000Z"]);
  });

  it("offers several ranges a day, each with the whole session inside", () => {
    const s: Schedule = {
      ...london,
      weekly: [
        {
          day: 0,
          ranges: [
            { start: "09:00", end: "10:00" },
            { start: "15:00", end: "16:30" },
          ],
        },
      ],
    };
    expect(openTimes(s, window("2027-01-10T00:00:00Z", "2027-01-11T00:00:00Z"))).toEqual([
      "2027-01-10T09:00:00.000Z",
      "2027-01-10T15:00:00.000Z",
      "2027-01-10T15:30:00.000Z",
    ]);
  });

  it("knows IANA zones from anything else", () => {
    expect(isIanaZone("Australia/Sydney")).toBe(true);
    expect(isIanaZone("Mars/Olympus")).toBe(false);
  });
});

describe("recurring times", () => {
  it("repeats the same wall-clock time every Tuesday for eight weeks, across summer time", () => {
    const starts = recurringStarts({ timeZone: "Europe/London", startDate: "2027-03-15", time: "10:00", weekdays: [2], weeks: 8 });
    expect(starts).toHaveLength(8);
    expect(starts[0]).toBe("2027-03-16T10:00:00.000Z");
    expect(starts[1]).toBe("2027-03-23T10:00:00.000Z");
    // From 30 March London is on summer time.
    expect(starts[2]).toBe("2027-03-30T09:00:00.000Z");
    expect(starts[7]).toBe("2027-05-04T09:00:00.000Z");
  });
});
