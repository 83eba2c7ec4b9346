import { MESSAGES } from "./messages";

/**
 * "Start cannot be before today" (SPEC §5) for every dated row of a list a
 * save replaces (pricing lines, delivery partners, prerequisites, sessions,
 * homepage slots; the worker checks it, and the Homepage Builder's row
 * dialog says it before the round trip):
 * a start before `today` is refused on `<prefix>.<i>.startDate`, unless a
 * stored row of the same list already started on that day (kept as it was,
 * so rows from the past stay editable). Calendar dates (YYYY-MM-DD) compare
 * as text.
 */
export function startsNotBeforeToday(
  rows: readonly { startDate?: string | null }[],
  kept: ReadonlySet<string>,
  prefix: string,
  today: string,
  fields: Record<string, string>,
): void {
  rows.forEach((row, i) => {
    if (row.startDate && row.startDate < today && !kept.has(row.startDate)) fields[`${prefix}.${i}.startDate`] ??= MESSAGES.startBeforeToday;
  });
}
