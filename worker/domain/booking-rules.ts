import { sessionOrderProblems, type OrderedSession } from "../../contract/session-order";

/**
 * Booking rules that are not HTTP: the order of a booking's sessions,
 * prerequisites, and when a session may be marked completed. Pure functions;
 * the routers turn their answers into field errors or conflicts.
 */

export type SessionTimes = Omit<OrderedSession<string>, "key"> & {
  /** Where a time of this session sits in the request body, for the field error (`sessions.0.times.1`). */
  field: (timeIndex: number) => string;
};

/**
 * Sessions take place in their sequence order (contract/session-order.ts).
 * Answers field errors on the times this request sets, naming the session
 * they must follow (or precede).
 */
export function sequenceErrors(sessions: SessionTimes[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const p of sessionOrderProblems(sessions.map((s) => ({ ...s, key: s.field })))) {
    fields[p.key] =
      p.kind === "startAfter"
        ? `Must start after session ${p.other.sequence} (${p.other.name}) ends`
        : `Must end before session ${p.other.sequence} (${p.other.name}) starts`;
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
        missing.push(
          `${r.name}: a score of at least ${r.minimumScore} in ${CATEGORY_NAME[r.category] ?? r.category} (yours is ${score === undefined ? "not assessed yet" : score})`,
        );
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
