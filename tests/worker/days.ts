/**
 * Days as a demo user's "today" is judged (docs/decisions/2026-11-27-today-in-the-users-zone.md):
 * a date field's "not before today" is the day where the caller works, not the UTC day. A test
 * that sends "today" computes it here, so it holds at every hour, 23:30 UTC included (tomorrow in Berlin).
 */
import { dayInZone } from "../../contract/time-zones";
import { DEMO_USER_TIME_ZONES, type DemoUserKey } from "../../db/seed";

/** Today where the demo user `who` works (their seeded zone; a user without one: UTC). */
export function todayOf(who: DemoUserKey, now = new Date()): string {
  return dayInZone(DEMO_USER_TIME_ZONES[who] ?? "UTC", now);
}
