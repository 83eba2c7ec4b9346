import { TZDate } from "@date-fns/tz";
import { MESSAGES } from "../../contract/messages";

/**
 * A partner's weekly availability and the open start times it gives a
 * session. Everything is in the schedule's own IANA time zone: the hours
 * are wall-clock times there, and a day is that zone's day, so a change to
 * or from summer time moves the instants, never the hours. Pure functions.
 */

/** A range of wall-clock hours, "HH:MM" to "HH:MM" (the end after the start; "24:00" is the end of the day). */
export type TimeRange = { start: string; end: string };
/** Hours on a weekday: 0 Sunday … 6 Saturday. */
export type WeeklyHours = { day: number; ranges: TimeRange[] };
/** A date with other hours, or closed (no ranges). */
export type DateOverride = { date: string; ranges: TimeRange[] };

export type Schedule = {
  timeZone: string;
  weekly: WeeklyHours[];
  overrides: DateOverride[];
  /** How long before a start it may still be asked for. */
  minNoticeMinutes: number;
  /** Free time kept before and after each booked session. */
  bufferMinutes: number;
};

/** A booked session of the partner, [start, end) in epoch milliseconds. */
export type Busy = { start: number; end: number };

/** Open start times sit on this grid from each range's start. */
export const STEP_MINUTES = 30;

const MINUTE = 60_000;

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The instant of a wall-clock time on a date in a zone (a time skipped by a change to summer time reads as the first one after it). */
export function zonedInstant(date: string, minutes: number, timeZone: string): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return +new TZDate(y, m - 1, d, Math.floor(minutes / 60), minutes % 60, timeZone);
}

/** The date (YYYY-MM-DD) of an instant in a zone. */
export function zonedDate(instant: number, timeZone: string): string {
  const z = new TZDate(instant, timeZone);
  return `${z.getFullYear()}-${String(z.getMonth() + 1).padStart(2, "0")}-${String(z.getDate()).padStart(2, "0")}`;
}

/** The day after `date` (calendar arithmetic, no zone). */
export function nextDate(date: string, days = 1): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** 0 Sunday … 6 Saturday of a calendar date. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** The hours of one date: its override when it has one, else its weekday's. */
export function hoursOn(schedule: Pick<Schedule, "weekly" | "overrides">, date: string): TimeRange[] {
  const override = schedule.overrides.find((o) => o.date === date);
  if (override) return override.ranges;
  const day = weekdayOf(date);
  return schedule.weekly.filter((w) => w.day === day).flatMap((w) => w.ranges);
}

/**
 * The open start times (ISO 8601 UTC, ascending, no repeats) in [from, to)
 * for a session of `lengthMinutes`: on the step grid of each range of each
 * day in the schedule's zone, the whole session inside the range, at least
 * the minimum notice after `now`, and clear of every busy session widened by
 * the buffer on both sides.
 */
export function openTimes(schedule: Schedule, input: { from: number; to: number; now: number; lengthMinutes: number; busy: Busy[] }): string[] {
  const { from, to, now, lengthMinutes, busy } = input;
  const length = lengthMinutes * MINUTE;
  const buffer = schedule.bufferMinutes * MINUTE;
  const earliest = Math.max(from, now + schedule.minNoticeMinutes * MINUTE);
  const out = new Set<number>();
  // A day of the zone may start before `from` in UTC: begin one day early and let the bounds filter.
  let date = nextDate(zonedDate(from, schedule.timeZone), -1);
  const last = zonedDate(to, schedule.timeZone);
  while (date <= last) {
    for (const range of hoursOn(schedule, date)) {
      const start = zonedInstant(date, minutesOf(range.start), schedule.timeZone);
      const end =
        minutesOf(range.end) >= 24 * 60 ? zonedInstant(nextDate(date), 0, schedule.timeZone) : zonedInstant(date, minutesOf(range.end), schedule.timeZone);
      for (let t = start; t + length <= end; t += STEP_MINUTES * MINUTE) {
        if (t < earliest || t >= to) continue;
        if (busy.some((b) => t < b.end + buffer && t + length > b.start - buffer)) continue;
        out.add(t);
      }
    }
    date = nextDate(date);
  }
  return [...out].sort((a, b) => a - b).map((t) => new Date(t).toISOString());
}

/** A recurring series of published times: one wall-clock time on some weekdays, for a number of weeks from a date, in a zone. */
export type Recurrence = { timeZone: string; startDate: string; time: string; weekdays: number[]; weeks: number };

/** The instants of a recurrence (ISO 8601 UTC, ascending): the same wall-clock time every chosen weekday, whatever summer time does. */
export function recurringStarts(r: Recurrence): string[] {
  const out: string[] = [];
  for (let i = 0; i < r.weeks * 7; i++) {
    const date = nextDate(r.startDate, i);
    if (r.weekdays.includes(weekdayOf(date))) out.push(new Date(zonedInstant(date, minutesOf(r.time), r.timeZone)).toISOString());
  }
  return out;
}

/** Whether `at` (epoch ms) is one of the schedule's open start times for a session of `lengthMinutes`. */
export function isOpenAt(schedule: Schedule, at: number, input: { now: number; lengthMinutes: number; busy: Busy[] }): boolean {
  return openTimes(schedule, { ...input, from: at, to: at + 1 }).length === 1;
}

/** A session of a request: its length and the times asked for it (ISO 8601), where they sit in the body (`field(j)`). */
export type RequestedSession = { lengthMinutes: number; times: string[]; field: (timeIndex: number) => string };

/** What a partner's calendar needs for the check: its schedule (null: none, any time goes) and its booked sessions. */
export type RequestCalendar = { partnerId: string; schedule: Schedule | null; busy: Busy[] };

/**
 * Requested times against the partners' availability. A partner is free for
 * the request when it publishes no hours (any time may be asked of it) or
 * when every time of every session is one of its open times (worker/domain
 * openTimes: on the grid, inside its hours, after the notice, clear of its
 * booked sessions and their buffer). Answers the free partners, or the
 * field errors: each time no partner has open (`notOpenTime`), else the
 * request as a whole (`noPartnerFree` on `sessions`). Pure.
 */
export function freeForRequest<T extends RequestCalendar>(
  calendars: T[],
  sessions: RequestedSession[],
  now: number,
): { free: T[]; fields: Record<string, string> } {
  const openFor = (c: T, s: RequestedSession, time: string) =>
    !c.schedule || isOpenAt(c.schedule, Date.parse(time), { now, lengthMinutes: s.lengthMinutes, busy: c.busy });
  const free = calendars.filter((c) => sessions.every((s) => s.times.every((time) => openFor(c, s, time))));
  if (free.length) return { free, fields: {} };
  const fields: Record<string, string> = {};
  for (const s of sessions)
    s.times.forEach((time, j) => {
      if (!calendars.some((c) => openFor(c, s, time))) fields[s.field(j)] = MESSAGES.notOpenTime;
    });
  if (!Object.keys(fields).length) fields.sessions = MESSAGES.noPartnerFree;
  return { free, fields };
}

/** Whether a session of `lengthMinutes` at `at` (epoch ms) overlaps a booked session, each kept `bufferMinutes` apart. */
export function clashes(busy: Busy[], at: number, lengthMinutes: number, bufferMinutes: number): boolean {
  const buffer = bufferMinutes * MINUTE;
  return busy.some((b) => at < b.end + buffer && at + lengthMinutes * MINUTE > b.start - buffer);
}

/** A time about to be booked without a slot: the session's length and where the time sits in the body. */
export type BookedTime = { at: string; lengthMinutes: number; field: string };

/**
 * Times about to be booked without a slot (a request confirmed, a proposal
 * accepted, the partner moving sessions) against the partner's calendar as
 * it is NOW: each must be clear of its other booked sessions and their
 * buffer (`timeTaken`), and, when `hours` and the partner publishes hours,
 * one of its open times (`timeNoLongerOpen`: inside its hours, after the
 * notice). Answers the field errors (none: every time is free). Pure.
 */
export function takenTimes(calendar: Omit<RequestCalendar, "partnerId">, times: BookedTime[], now: number, hours: boolean): Record<string, string> {
  const fields: Record<string, string> = {};
  const buffer = calendar.schedule?.bufferMinutes ?? 0;
  for (const t of times) {
    const at = Date.parse(t.at);
    if (clashes(calendar.busy, at, t.lengthMinutes, buffer)) fields[t.field] = MESSAGES.timeTaken;
    else if (hours && calendar.schedule && !isOpenAt(calendar.schedule, at, { now, lengthMinutes: t.lengthMinutes, busy: calendar.busy }))
      fields[t.field] = MESSAGES.timeNoLongerOpen;
  }
  return fields;
}
