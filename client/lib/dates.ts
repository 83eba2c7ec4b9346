import type { Language } from "../../contract/enums";
import { useCallback } from "react";
import { LANGUAGE_TAG } from "../i18n/tags";
import { useLanguage } from "./i18n";

/**
 * Dates as the product shows them: `short` is year, short month and day; `long`
 * adds the weekday and the time. The order and punctuation follow the
 * language (en-US "Mar 5, 2026"; en-GB and en-AU "5 Mar 2026").
 *
 * Calendar dates travel as `YYYY-MM-DD` and are read as that day
 * in local time, never shifted by a time zone; timestamps are ISO 8601 UTC.
 */
export type DateStyle = "short" | "long";

const STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  short: { year: "numeric", month: "short", day: "numeric" },
  long: { weekday: "short", year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" },
};

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

/**
 * Formats a Date, an ISO timestamp or a `YYYY-MM-DD` calendar date in the
 * given language; an unreadable value gives "" so a screen never shows "Invalid Date".
 */
export function formatDate(value: Date | string | number, style: DateStyle, language: Language, options: { timeZone?: string } = {}): string {
  const date = toDate(value);
  if (!date) return "";
  return new Intl.DateTimeFormat(LANGUAGE_TAG[language], { ...STYLES[style], ...options }).format(date);
}

/** `format(value, style)` in the current language. */
export function useFormatDate(): (value: Date | string | number, style?: DateStyle) => string {
  const [language] = useLanguage();
  return useCallback((value, style = "short") => formatDate(value, style, language), [language]);
}

/** A local Date as the `YYYY-MM-DDTHH:mm` value of an `<input type="datetime-local">`. */
export function toLocalDateTimeInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${toCalendarDate(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
