import { Category } from "../../../contract/enums";
import type { ScoreDto } from "../../../contract/scores";
import { calendarDateIn } from "../../lib/dates";

/** One point in time of the score history: each category's latest percent then, and the overall score then. */
export type TrendPoint = { at: string } & Partial<Record<Category | "overall", number>>;

/**
 * Scores over time, oldest first: one point per day with a score, carrying
 * each category's latest percent up to that day and the overall score (the
 * mean of those, rounded, as the score summary computes it). Only points
 * from `from` to `to` (calendar dates, inclusive, either open) are kept, but
 * earlier scores still count towards the values carried into the window.
 * A score's day is the day it was taken in `zone` (the reader's).
 */
export function scoreTrend(
  scores: readonly Pick<ScoreDto, "category" | "scorePercent" | "createdAt">[],
  from: string | null,
  to: string | null,
  zone = "UTC",
): TrendPoint[] {
  const ordered = [...scores].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const latest = new Map<Category, number>();
  const points: TrendPoint[] = [];
  for (const s of ordered) {
    latest.set(s.category, s.scorePercent);
    const day = calendarDateIn(s.createdAt, zone);
    if (to && day > to) break;
    const values = [...latest.values()];
    const point: TrendPoint = { at: day, overall: Math.round(values.reduce((a, b) => a + b, 0) / values.length) };
    for (const c of Category) if (latest.has(c)) point[c] = latest.get(c);
    if (from && day < from) continue;
    if (points.at(-1)?.at === day) points[points.length - 1] = point;
    else points.push(point);
  }
  return points;
}

/** The series a trend has: its categories in the product's fixed order, then overall when more than one category is shown. */
export function trendSeries(points: readonly TrendPoint[]): (Category | "overall")[] {
  const present = Category.filter((c) => points.some((p) => p[c] !== undefined));
  return present.length > 1 ? [...present, "overall"] : present;
}

/** Each category's latest score dated within `from`–`to` (calendar dates in `zone`, inclusive, either open), in the categories' fixed order. */
export function latestInFrame<S extends Pick<ScoreDto, "category" | "createdAt">>(
  newestFirst: readonly S[],
  from: string | null,
  to: string | null,
  zone = "UTC",
): S[] {
  const byCategory = new Map<string, S>();
  for (const s of newestFirst) {
    const day = calendarDateIn(s.createdAt, zone);
    if ((from && day < from) || (to && day > to)) continue;
    if (!byCategory.has(s.category)) byCategory.set(s.category, s);
  }
  return Category.flatMap((c) => byCategory.get(c) ?? []);
}
