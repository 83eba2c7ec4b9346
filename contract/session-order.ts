/**
 * The rule that a booking's sessions take place in their sequence order,
 * shared by the Worker (which enforces it) and the Book step and reschedule
 * dialog (which check it before sending): every time a session may take
 * place at starts no earlier than the end of every time the session before
 * it may take place at, so whichever proposed time is confirmed, the order
 * holds. Sessions without a time are skipped.
 */
export type OrderedSession<K> = {
  /** The session's position in the workout (1, 2, …). */
  sequence: number;
  name: string;
  lengthMinutes: number;
  /** Every time the session may take place at (ISO instants): the proposed ones, or the booked one. */
  times: string[];
  /** Whether these times are being set now: the problem is reported on the times being set, not on the ones kept. */
  moved: boolean;
  /** Where the session's time number `index` is reported. */
  key: (index: number) => K;
};

export type OrderProblem<K> = { key: K; kind: "startAfter" | "endBefore"; other: { sequence: number; name: string } };

const latestEnd = (s: OrderedSession<unknown>) => Math.max(...s.times.map((t) => Date.parse(t))) + s.lengthMinutes * 60_000;
const earliestStart = (s: OrderedSession<unknown>) => Math.min(...s.times.map((t) => Date.parse(t)));

export function sessionOrderProblems<K>(sessions: OrderedSession<K>[]): OrderProblem<K>[] {
  const problems: OrderProblem<K>[] = [];
  const ordered = [...sessions].filter((s) => s.times.length).sort((a, b) => a.sequence - b.sequence);
  const pairs = ordered.flatMap((next, k) => {
    const prev = ordered[k - 1];
    return prev ? [{ prev, next }] : [];
  });
  for (const { prev, next } of pairs) {
    if (earliestStart(next) >= latestEnd(prev)) continue;
    if (next.moved || !prev.moved) {
      next.times.forEach((t, j) => {
        if (Date.parse(t) < latestEnd(prev)) problems.push({ key: next.key(j), kind: "startAfter", other: { sequence: prev.sequence, name: prev.name } });
      });
    } else {
      prev.times.forEach((t, j) => {
        if (Date.parse(t) + prev.lengthMinutes * 60_000 > earliestStart(next))
          problems.push({ key: prev.key(j), kind: "endBefore", other: { sequence: next.sequence, name: next.name } });
      });
    }
  }
  return problems;
}
