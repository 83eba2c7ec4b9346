/**
 * The score summary's figures (Scores), pure.
 *
 * Month streak: the number of consecutive calendar months, counting back from
 * this one, with at least one completed session. This month without one does
 * not break a streak that ran to last month (the month is not over), so a
 * team that trained every month until last month keeps its streak until this
 * month ends.
 */
export function monthStreak(completedAt: readonly string[], now: Date = new Date()): number {
  const months = new Set(completedAt.map((iso) => iso.slice(0, 7)));
  const key = (y: number, m: number) => `${y}-${String(m + 1).padStart(2, "0")}`;
  let y = now.getUTCFullYear();
  let m = now.getUTCMonth();
  if (!months.has(key(y, m))) {
    m -= 1;
    if (m < 0) [y, m] = [y - 1, 11];
  }
  let streak = 0;
  while (months.has(key(y, m))) {
    streak++;
    m -= 1;
    if (m < 0) [y, m] = [y - 1, 11];
  }
  return streak;
}

/**
 * The overall fitness score: the mean of the latest score percent of each
 * category that has one, rounded; null before any score exists.
 */
export function overallScore(scores: readonly { category: string; scorePercent: number; createdAt: string }[]): number | null {
  const latest = new Map<string, { scorePercent: number; createdAt: string }>();
  for (const s of scores) {
    const known = latest.get(s.category);
    if (!known || s.createdAt > known.createdAt) latest.set(s.category, s);
  }
  if (!latest.size) return null;
  const values = [...latest.values()].map((s) => s.scorePercent);
  return Math.round(values.reduce((a, b) => a + b, 0) / values.length);
}
