import { afterEach, beforeEach, vi } from "vitest";
import { dayInZone } from "../../contract/time-zones";

/**
 * The clock of a test that counts a request's D1 calls or cache hits
 * (docs/decisions/2026-11-27-counts-under-a-held-clock.md). The Worker under
 * test runs in the test's isolate and reads the same `Date`: every per-isolate
 * cache's age (tenant, shard routing, session, user, signing keys, catalogue
 * pages) and every time-based choice (a session read again, a rate window) is
 * decided by it. Held still, a warm-up and the request measured after it see
 * the same instant, however slow the machine is between them; only `later`
 * moves it. Timers stay real (the test's time limit, D1, the queue).
 */
export function holdClock(): void {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
}

/**
 * Moves the clock on by `ms` (a cache lapses, a window passes, a token
 * expires), holding it from then on if it ran: a test that calls it lets the
 * clock run again after it (`letClockRunAfterEach`).
 */
export function later(ms: number): void {
  if (!vi.isFakeTimers()) holdClock();
  vi.setSystemTime(Date.now() + ms);
}

/** After each test of the enclosing file or describe, the clock runs again (one held or moved on by `later`). */
export function letClockRunAfterEach(): void {
  afterEach(() => {
    vi.useRealTimers();
  });
}

/** Every test of the enclosing file or describe runs under a held clock, from the instant it starts. */
export function holdClockInEachTest(): void {
  beforeEach(holdClock);
  letClockRunAfterEach();
}

/** Runs `steps` (a warm-up and the request it measures) under a held clock, then lets the clock run again (unless it was held before). */
export async function withClockHeld<T>(steps: () => Promise<T>): Promise<T> {
  if (vi.isFakeTimers()) return steps();
  holdClock();
  try {
    return await steps();
  } finally {
    vi.useRealTimers();
  }
}

/**
 * A zone whose calendar day at `now` is not UTC's, with that day: whatever
 * the hour, one of two zones far from UTC is on another day, Kiritimati
 * (UTC+14) from 10:00 UTC, Pago Pago (UTC-11) before 11:00 UTC. Under a held
 * clock the test and the Worker read the same instant, so a day's turn
 * between them cannot change the answer.
 */
export function zoneOffUtc(now = new Date()): { zone: string; day: string; utcDay: string } {
  const utcDay = dayInZone("UTC", now);
  for (const zone of ["Pacific/Kiritimati", "Pacific/Pago_Pago"]) {
    const day = dayInZone(zone, now);
    if (day !== utcDay) return { zone, day, utcDay };
  }
  throw new Error("no zone on another day than UTC");
}
