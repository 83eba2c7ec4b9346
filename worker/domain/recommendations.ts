import { Category } from "../../contract/enums";

/** How many of the weakest categories recommendations draw from. */
export const WEAKEST_CATEGORIES = 2;

/**
 * The categories where a customer scores lowest: its latest score per
 * category (rows newest first), lowest first, ties in the catalogue's order
 * of categories; at most WEAKEST_CATEGORIES. Empty before any score.
 */
export function weakestCategories(newestFirst: readonly { category: Category; score: number }[]): Category[] {
  const latest = new Map<Category, number>();
  for (const s of newestFirst) if (!latest.has(s.category)) latest.set(s.category, s.score);
  return [...latest.entries()]
    .sort((a, b) => a[1] - b[1] || Category.indexOf(a[0]) - Category.indexOf(b[0]))
    .slice(0, WEAKEST_CATEGORIES)
    .map(([category]) => category);
}
