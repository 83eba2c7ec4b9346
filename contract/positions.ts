import { z } from "zod";
import { MESSAGES } from "./messages";

/**
 * "Invalid sequence position" (SPEC §5), one rule for every ordered list the
 * API takes:
 * - an explicit position (a move: My List) must be one of the list's own
 *   positions, else 400 on that field and nothing moves (see `position`);
 * - a list whose order is its positions (a featured group's workouts, a
 *   homepage slot's workouts, a workout's sessions) gives each entry one
 *   place: an entry that takes a place an earlier one already holds (the same
 *   workout or session listed twice) is 400 on that entry (`onePlaceEach`).
 */

/** A 0-based position field (within the list's length, which only the worker knows: it checks the upper bound). */
export const position = z
  .number({ error: MESSAGES.invalidSequence })
  .int(MESSAGES.invalidSequence)
  .min(0, MESSAGES.invalidSequence)
  .max(10_000, MESSAGES.invalidSequence);

/**
 * A refinement for an ordered list: each entry whose key (`keyOf`; null for
 * an entry without one, e.g. a new session) an earlier entry already has gets
 * "Invalid sequence position" on `[i]` or `[i, field]`.
 */
export function onePlaceEach<T>(keyOf: (item: T) => string | null | undefined, field?: string) {
  return (items: readonly T[], ctx: z.RefinementCtx): void => {
    const seen = new Set<string>();
    items.forEach((item, i) => {
      const key = keyOf(item);
      if (key === null || key === undefined) return;
      if (seen.has(key)) ctx.addIssue({ code: "custom", path: field ? [i, field] : [i], message: MESSAGES.invalidSequence });
      seen.add(key);
    });
  };
}
