/**
 * Mail speaks from the same catalogues as the screens (client/i18n: pure
 * data, no React), so statuses and reasons are the words a user sees in the
 * app, in the recipient's language. Times are written in the recipient's
 * own time zone, named ("EST", "GMT+1"); the calendar file carries the exact
 * instant (UTC) for the recipient's calendar.
 */
import type { Language } from "../../contract/enums";
import { CATALOGUES, LANGUAGE_TAG, type MessageKey } from "../../client/i18n";
import { oneLine } from "../../contract/forms";
import { canonicalTimeZone } from "../../contract/time-zones";

export type MailValues = Record<string, string | number>;

/** The longest value a placeholder takes (the longest name the product stores). */
export const MAIL_VALUE_MAX = 200;

/**
 * The text of `key` in `language`, `{placeholders}` filled, each value on one
 * line and bounded (contract/forms.ts oneLine): names are written by users.
 */
export function mailT(language: Language, key: MessageKey, values?: MailValues): string {
  const text = (CATALOGUES[language] ?? CATALOGUES.enUS)[key] ?? key;
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? oneLine(String(values[name]), MAIL_VALUE_MAX) : whole));
}

/** The zone mail falls back to when neither the recipient nor their partner has one. */
export const MAIL_FALLBACK_ZONE = "UTC";

// One formatter per language and zone, made once per isolate: building an Intl.DateTimeFormat (time zone names
// included) costs far more than formatting with it, and a booking's mail formats every session's time.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(language: Language, timeZone: string): Intl.DateTimeFormat {
  const tag = LANGUAGE_TAG[language] ?? "en-US";
  const zone = canonicalTimeZone(timeZone) ?? MAIL_FALLBACK_ZONE;
  const key = `${tag} ${zone}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, {
      weekday: "short",
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZone: zone,
      timeZoneName: "short",
    });
    formatters.set(key, format);
  }
  return format;
}

/**
 * A moment as the recipient's language writes it, with the weekday, in the
 * recipient's zone and naming it ("Tue, Mar 3, 2026, 9:00 AM EST"); an
 * unknown zone reads as UTC.
 */
export function mailDateTime(iso: string, language: Language, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return formatterFor(language, timeZone).format(date);
}

/** The mail's note on its times: which zone they are in (the recipient's, by its IANA name). */
export function mailZoneNote(language: Language, timeZone: string): string {
  return mailT(language, "mail.timesInZone", { zone: canonicalTimeZone(timeZone) ?? MAIL_FALLBACK_ZONE });
}

/** A stored language value, or en-US when it is not one of the three. */
export function languageOr(value: string | null | undefined, fallback: Language = "enUS"): Language {
  return value === "enUS" || value === "enGB" || value === "enAU" ? value : fallback;
}
