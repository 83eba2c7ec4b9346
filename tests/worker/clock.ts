import { afterEach, beforeEach, vi } from "vitest";

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
