import { z } from "zod";
import { MESSAGES } from "./messages";

/** The answers of canonicalTimeZone so far (the runtime's zone data does not change while it runs). */
const canonical = new Map<string, string | null>();
const CANONICAL_MAX = 1_000;

/**
 * An IANA time zone as the runtime knows it ("America/New_York", "UTC"),
 * written in its canonical spelling. Both the Worker and the browser check it
 * against their own ICU data, so a zone one side accepts the other can show.
 */
export function canonicalTimeZone(value: string): string | null {
  if (!value || value.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return null;
  const known = canonical.get(value);
  if (known !== undefined) return known;
  let zone: string | null;
  try {
    zone = new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    zone = null;
  }
  // Building a formatter costs far more than a look-up, and every mail time and stored zone asks again: kept, bounded.
  if (canonical.size >= CANONICAL_MAX) canonical.clear();
  canonical.set(value, zone);
  return zone;
}

/** A time zone in a request: trimmed, known to the runtime, stored canonical. */
export const TimeZone = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const zone = canonicalTimeZone(value);
    if (!zone) {
      ctx.addIssue({ code: "custom", message: MESSAGES.invalidTimeZone });
      return z.NEVER;
    }
    return zone;
  });

/** `PUT v1/users/{id}/time-zone` and `PUT v1/admin/accounts/{id}/time-zone`. */
export const SetTimeZoneBody = z.object({ timeZone: TimeZone }).meta({ id: "SetTimeZone" });
export type SetTimeZoneBody = z.infer<typeof SetTimeZoneBody>;

/**
 * The calendar day (`YYYY-MM-DD`) that `now` falls on in `zone`: "today" for
 * someone there. Every date-only field's "today" and "not in the past" is
 * judged in the zone its user works in (their stored zone, else the one their
 * browser sends), on the client and the server alike; an unknown or missing
 * zone is UTC (docs/decisions/2026-11-27-today-in-the-users-zone.md).
 */
export function dayInZone(zone: string | null | undefined, now: Date = new Date()): string {
  const known = zone ? canonicalTimeZone(zone) : null;
  const parts = new Intl.DateTimeFormat("en-US", { timeZone: known ?? "UTC", year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}
