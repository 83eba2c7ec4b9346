/**
 * A time axis for calendar days ("YYYY-MM-DD"): positions proportional to the
 * real time between days (two scores a week apart sit closer than two a
 * month apart), and tick days at a readable step (days, weeks, months or
 * years, whichever keeps at most `maxTicks` inside the domain, on calendar
 * boundaries: Mondays are not assumed, months start on the 1st).
 */
const DAY_MS = 86_400_000;

/** Milliseconds since the epoch of a calendar day, at UTC midnight (NaN for anything else). */
export const dayValue = (day: string): number => Date.parse(`${day.slice(0, 10)}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

type Step = { days: number } | { months: number };
const STEPS: Step[] = [
  { days: 1 },
  { days: 2 },
  { days: 7 },
  { days: 14 },
  { months: 1 },
  { months: 2 },
  { months: 3 },
  { months: 6 },
  { months: 12 },
  { months: 24 },
  { months: 60 },
];

/** The tick days from `start` to `end` at one step, the first on or after `start`. */
function ticksAt(step: Step, start: number, end: number): string[] {
  const out: string[] = [];
  if ("days" in step) {
    for (let t = Math.ceil(start / DAY_MS / step.days) * step.days * DAY_MS; t <= end; t += step.days * DAY_MS) out.push(dayOf(t));
    return out;
  }
  const first = new Date(start);
  let year = first.getUTCFullYear();
  let month = first.getUTCMonth();
  // The first boundary of the step on or after the start (months counted from January).
  if (Date.UTC(year, month, 1) < start) month += 1;
  month = Math.ceil(month / step.months) * step.months;
  for (;;) {
    const t = Date.UTC(year, month, 1);
    if (t > end) return out;
    out.push(dayOf(t));
    month += step.months;
    if (month >= 12) {
      year += Math.floor(month / 12);
      month %= 12;
    }
  }
}

export type TimeScale = { x: (day: string) => number; ticks: string[] };

/**
 * The scale of `days` (any order) over `[left, right]` pixels. One day only,
 * or none: it sits in the middle. `maxTicks` (at least 1) bounds the labels.
 */
export function timeScale(days: readonly string[], left: number, right: number, maxTicks: number): TimeScale {
  const values = days.map(dayValue).filter((v) => !Number.isNaN(v));
  if (values.length === 0) return { x: () => (left + right) / 2, ticks: [] };
  const start = Math.min(...values);
  const end = Math.max(...values);
  if (start === end) return { x: () => (left + right) / 2, ticks: [dayOf(start)] };
  const x = (day: string) => left + ((dayValue(day) - start) / (end - start)) * (right - left);
  const limit = Math.max(1, Math.floor(maxTicks));
  const ticks = STEPS.map((s) => ticksAt(s, start, end)).find((t) => t.length <= limit) ?? [dayOf(start), dayOf(end)];
  return { x, ticks };
}
