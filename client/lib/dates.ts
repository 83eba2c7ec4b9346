import type { Language } from "../../contract/enums";
import { canonicalTimeZone, dayInZone } from "../../contract/time-zones";
import { TZDateMini } from "@date-fns/tz";
import { useCallback } from "react";
import { useAppUserState } from "../auth/store";
import { LANGUAGE_TAG } from "../i18n/tags";
import { useLanguage } from "./i18n";
import { useHydrated } from "./useHydrated";

/**
 * Dates as the product shows them: `short` is year, short month and day; `long`
 * adds the weekday, the time and the zone it is in ("Tue, Dec 8, 2026, 10:00 AM EST",
 * "Tue, 8 Dec 2026, 16:00 GMT+1"). The order and punctuation follow the
 * language (en-US "Mar 5, 2026"; en-GB and en-AU "5 Mar 2026").
 *
 * Calendar dates travel as `YYYY-MM-DD` and are read as that day
 * in local time, never shifted by a time zone; timestamps are ISO 8601 UTC
 * and are shown in the reader's zone (`useTimeZone`): the signed-in user's
 * stored zone, which the server renders with too, so hydration matches.
 * Wall-clock input (a date-time field) is read in a named zone with
 * `fromZonedInput`, never with the browser's own offset.
 */
export type DateStyle = "short" | "long" | "day" | "time";

const STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  short: { year: "numeric", month: "short", day: "numeric" },
  long: { weekday: "short", year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" },
  /** A day as a calendar heads it: its weekday and date ("Thu, Nov 26, 2026"). */
  day: { weekday: "short", year: "numeric", month: "short", day: "numeric" },
  /** A moment's time of day with its zone ("3:00 PM GMT+1"), under a heading that names the day. */
  time: { hour: "numeric", minute: "2-digit", timeZoneName: "short" },
};

/** The zone shown before a reader's zone is known (the server, and a page hydrating without one). */
export const FALLBACK_TIME_ZONE = "UTC";

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A `YYYY-MM-DD` calendar date as a local Date at midnight, or null when it is not a real date. */
export function parseCalendarDate(value: string): Date | null {
  const m = CALENDAR_DATE.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(y, mo - 1, d);
  return date.getFullYear() === y && date.getMonth() === mo - 1 && date.getDate() === d ? date : null;
}

/** A local Date as `YYYY-MM-DD`. */
export function toCalendarDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Today as `YYYY-MM-DD` in local time. */
export function today(now: Date = new Date()): string {
  return toCalendarDate(now);
}

function toDate(value: Date | string | number): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === "string") {
    const calendar = parseCalendarDate(value);
    if (calendar) return calendar;
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Whether the runtime knows `zone` (an IANA name such as "Europe/Berlin"). */
export function isTimeZone(zone: string | null | undefined): zone is string {
  return Boolean(zone && canonicalTimeZone(zone));
}

/** The browser's own zone (the server's is UTC). */
export function browserTimeZone(): string {
  const zone = typeof Intl === "undefined" ? undefined : new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isTimeZone(zone) ? zone : FALLBACK_TIME_ZONE;
}

/**
 * Formats a Date, an ISO timestamp or a `YYYY-MM-DD` calendar date in the
 * given language; a moment in `timeZone` (the long style names it), a
 * calendar date as that day wherever the reader is. An unreadable value gives
 * "" so a screen never shows "Invalid Date".
 */
export function formatDate(value: Date | string | number, style: DateStyle, language: Language, options: { timeZone?: string } = {}): string {
  const date = toDate(value);
  if (!date) return "";
  const calendar = typeof value === "string" && CALENDAR_DATE.test(value);
  const zone = !calendar && isTimeZone(options.timeZone) ? { timeZone: options.timeZone } : {};
  return new Intl.DateTimeFormat(LANGUAGE_TAG[language], { ...STYLES[style], ...zone }).format(date);
}

/**
 * The reader's zone: the signed-in user's stored one (the server renders with
 * it too); without one, UTC while the page hydrates and the browser's after.
 */
export function useTimeZone(): string {
  const stored = useAppUserState().user?.timeZone;
  const hydrated = useHydrated();
  if (isTimeZone(stored)) return stored;
  return hydrated ? browserTimeZone() : FALLBACK_TIME_ZONE;
}

/**
 * Today (`YYYY-MM-DD`) where the reader works: in `zone` when given (a
 * partner's slots and hours: usePartnerTimeZone), else the reader's own zone,
 * the one the server judges "not before today" by
 * (docs/decisions/2026-11-27-today-in-the-users-zone.md). Never the UTC day.
 */
export function useToday(zone?: string): string {
  const reader = useTimeZone();
  return dayInZone(zone ?? reader);
}

/** The zone a partner's slot times are entered in: the active partner's, else the reader's. */
export function usePartnerTimeZone(): string {
  const zone = useAppUserState().account?.timeZone;
  const reader = useTimeZone();
  return isTimeZone(zone) ? zone : reader;
}

/** `format(value, style)` in the current language and the reader's zone. */
export function useFormatDate(): (value: Date | string | number, style?: DateStyle) => string {
  const [language] = useLanguage();
  const timeZone = useTimeZone();
  return useCallback((value, style = "short") => formatDate(value, style, language, { timeZone }), [language, timeZone]);
}

/** A zone as a picker lists it: its name and its offset now ("America/New_York (GMT-05:00)"). */
export function timeZoneLabel(zone: string, language: Language, at: Date = new Date()): string {
  if (!isTimeZone(zone)) return zone;
  const offset = new Intl.DateTimeFormat(LANGUAGE_TAG[language], { timeZone: zone, timeZoneName: "longOffset" })
    .formatToParts(at)
    .find((p) => p.type === "timeZoneName")?.value;
  return offset ? `${zone.replace(/_/g, " ")} (${offset})` : zone.replace(/_/g, " ");
}

/** Every zone the runtime knows, by name (UTC included). */
export function timeZones(): string[] {
  const supported = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return supported.includes(FALLBACK_TIME_ZONE) ? supported : [FALLBACK_TIME_ZONE, ...supported];
}

const pad = (n: number) => String(n).padStart(2, "0");
const DATE_TIME_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** A moment as the `YYYY-MM-DDTHH:mm` wall clock of `timeZone`, the value of an `<input type="datetime-local">`. */
export function toZonedInput(date: Date, timeZone: string): string {
  const z = new TZDateMini(date.getTime(), isTimeZone(timeZone) ? timeZone : FALLBACK_TIME_ZONE);
  return `${z.getFullYear()}-${pad(z.getMonth() + 1)}-${pad(z.getDate())}T${pad(z.getHours())}:${pad(z.getMinutes())}`;
}

/**
 * The moment a wall-clock `YYYY-MM-DDTHH:mm` (or a day and an `HH:mm`) means
 * in `timeZone`, or null when it is not one. A time that a DST change skips
 * (02:30 on the spring-forward night) moves forward by the gap, as clocks do.
 */
export function fromZonedInput(value: string, timeZone: string): Date | null {
  const m = DATE_TIME_INPUT.exec(value);
  if (!m || !isTimeZone(timeZone)) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59) return null;
  const date = new TZDateMini(y, mo - 1, d, h, mi, timeZone);
  // A day past the month's end (Feb 30) rolls into the next month: not a real date.
  if (Number.isNaN(date.getTime()) || date.getDate() !== d) return null;
  return new Date(date.getTime());
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * `fromZonedInput` as an ISO instant, or null. A value that already is an
 * instant (it names its offset, as the time picker's do) is that instant,
 * whatever `timeZone` is.
 */
export function zonedInputToIso(value: string, timeZone: string): string | null {
  if (INSTANT.test(value)) {
    const at = new Date(value);
    return Number.isNaN(at.getTime()) ? null : at.toISOString();
  }
  return fromZonedInput(value, timeZone)?.toISOString() ?? null;
}

/** The calendar day (`YYYY-MM-DD`) a moment falls on in `timeZone`. */
export function calendarDateIn(value: Date | string | number, timeZone: string): string {
  const z = new TZDateMini(new Date(value).getTime(), isTimeZone(timeZone) ? timeZone : FALLBACK_TIME_ZONE);
  return `${z.getFullYear()}-${pad(z.getMonth() + 1)}-${pad(z.getDate())}`;
}

/**
 * The seven days of the week (Monday first) that holds `at` in `timeZone`,
 * shifted by `weeks`: each day as the moment its midnight begins there. A day
 * lasts 23 or 25 hours across a DST change, so days are counted on the
 * calendar of the zone, never as 24-hour steps.
 */
export function weekDaysIn(at: Date | string | number, timeZone: string, weeks = 0): Date[] {
  const zone = isTimeZone(timeZone) ? timeZone : FALLBACK_TIME_ZONE;
  const z = new TZDateMini(new Date(at).getTime(), zone);
  const monday = z.getDate() - ((z.getDay() + 6) % 7) + weeks * 7;
  return Array.from({ length: 7 }, (_, i) => new Date(new TZDateMini(z.getFullYear(), z.getMonth(), monday + i, 0, 0, zone).getTime()));
}
