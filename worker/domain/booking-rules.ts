/**
 * Booking rules that are not HTTP: the order of a booking's sessions,
 * prerequisites, and when a session may be marked completed. Pure functions;
 * the routers turn their answers into field errors or conflicts.
 */

export type SessionTimes = {
  /** The session's position in the workout (1, 2, …). */
  sequence: number;
  name: string;
  lengthMinutes: number;
  /** Where a time of this session sits in the request body, for the field error (`sessions.0.times.1`). */
  field: (timeIndex: number) => string;
  /** Every time this session may take place at: the proposed ones, or the booked one. */
  times: string[];
  /** Whether this request sets these times (errors go on the times being set, not on the ones kept). */
  moved: boolean;
};

const end = (s: SessionTimes) => Math.max(...s.times.map((t) => Date.parse(t))) + s.lengthMinutes * 60_000;
const start = (s: SessionTimes) => Math.min(...s.times.map((t) => Date.parse(t)));

/**
 * Sessions take place in their sequence order: every time a session may take
 * place at starts no earlier than the end of every time the session before it
 * may take place at (so whichever proposed time the partner confirms, the
 * order holds). Answers field errors on the times this request sets, naming
 * the session they must follow (or precede).
 */
export function sequenceErrors(sessions: SessionTimes[]): Record<string, string> {
  const fields: Record<string, string> = {};
  const ordered = [...sessions].filter((s) => s.times.length).sort((a, b) => a.sequence - b.sequence);
  for (let k = 1; k < ordered.length; k++) {
    const prev = ordered[k - 1];
    const next = ordered[k];
    if (start(next) >= end(prev)) continue;
    if (next.moved) {
      next.times.forEach((t, j) => {
        if (Date.parse(t) < end(prev)) fields[next.field(j)] = `Must start after session ${prev.sequence} (${prev.name}) ends`;
      });
    } else {
      prev.times.forEach((t, j) => {
        if (Date.parse(t) + prev.lengthMinutes * 60_000 > start(next)) fields[prev.field(j)] = `Must end before session ${next.sequence} (${next.name}) starts`;
      });
    }
  }
  return fields;
}

export type PrerequisiteRule = {
  type: "license" | "score" | "workout";
  name: string;
  category: string | null;
  minimumScore: number | null;
  requiredWorkoutId: string | null;
  requiredWorkoutName?: string | null;
  startDate: string | null;
  endDate: string | null;
};

export type CustomerRecord = {
  /** The customer's latest score per category. */
  scores: Map<string, number>;
  /** Workouts the customer has completed. */
  completedWorkoutIds: Set<string>;
};

const CATEGORY_NAME: Record<string, string> = {
  aiAndAutomation: "AI and automation",
  dataAndInsights: "data and insights",
  productivityAndCollaboration: "productivity and collaboration",
  securityAndContinuity: "security and continuity",
  businessSystemsAndOperations: "business systems and operations",
  commsAndConnectivity: "comms and connectivity",
  strategy: "strategy",
};

/**
 * The prerequisites in force today that the customer does not meet: a score
 * prerequisite needs the customer's latest score in its category at least the
 * minimum; a workout prerequisite needs that workout completed. A licence is
 * shown on the workout but not checked (the product keeps no licences).
 * Answers one line per missing prerequisite, naming it.
 */
export function missingPrerequisites(rules: PrerequisiteRule[], customer: CustomerRecord, today: string): string[] {
  const missing: string[] = [];
  for (const r of rules) {
    if ((r.startDate && r.startDate > today) || (r.endDate && r.endDate < today)) continue;
    if (r.type === "score" && r.category && r.minimumScore !== null) {
      const score = customer.scores.get(r.category);
      if (score === undefined || score < r.minimumScore) {
        missing.push(`${r.name}: a score of at least ${r.minimumScore} in ${CATEGORY_NAME[r.category] ?? r.category} (yours is ${score === undefined ? "not assessed yet" : score})`);
      }
    }
    if (r.type === "workout" && r.requiredWorkoutId && !customer.completedWorkoutIds.has(r.requiredWorkoutId)) {
      missing.push(`${r.name}: complete ${r.requiredWorkoutName ?? "the required workout"} first`);
    }
  }
  return missing;
}

/**
 * A session can be marked completed only once it has started: completing it
 * earlier would date the workout before it took place. Answers the message
 * for the first session that has not started yet, or null.
 */
export function notStartedYet(lines: { sessionName: string; scheduledAt: string | null }[], now: number): string | null {
  for (const l of lines) {
    if (!l.scheduledAt) return "A session without a booked time cannot be completed";
    if (Date.parse(l.scheduledAt) > now) return `${l.sessionName} cannot be marked completed before it starts (${l.scheduledAt})`;
  }
  return null;
}
