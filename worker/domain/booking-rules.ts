import { MESSAGES } from "../../contract/messages";
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

/** A session's choice in a booking request: times to propose, or an open slot. */
export type Choice = { sessionId: string; times?: string[]; slotId?: string };
/** What a session's line is booked with: the proposed times, or the slot taken (`holdId`: its seat held on the delivery partner's shard, another than the job's). */
export type LineChoice = { times?: string[]; slot?: { id: string; startsAt: string; holdId?: string } };
/** An open slot a choice may name. */
export type OpenSlot = { id: string; sessionId: string; startsAt: string; partnerAccountId: string };

export type ResolvedChoices =
  | { ok: true; choices: Map<string, LineChoice>; deliveryPartnerId: string | null }
  /** Bad input: the fields that failed. */
  | { ok: false; problem: "invalid"; fields: Record<string, string> }
  /** A chosen slot is not open (any more): a conflict, on its field. */
  | { ok: false; problem: "slotGone"; message: string; fields: Record<string, string> };

/**
 * Each session's choice, checked: the choices name sessions of the workout
 * (every session when `every`); by request, the times as given; into slots,
 * each slot open and of that session, all of one delivery partner (`partnerId`
 * when the job already has one), who is answered. The first slot that fails
 * decides. Pure.
 */
export function resolveChoices(
  sessions: { id: string }[],
  mode: "request" | "slots",
  choices: Choice[],
  open: OpenSlot[],
  every: boolean,
  partnerId?: string | null,
): ResolvedChoices {
  const sessionIds = sessions.map((s) => s.id);
  const fields: Record<string, string> = {};
  choices.forEach((ch, i) => {
    if (!sessionIds.includes(ch.sessionId)) fields[`sessions.${i}.sessionId`] = "Not a session of this workout";
  });
  if (every && (choices.length !== sessionIds.length || sessionIds.some((id) => !choices.find((ch) => ch.sessionId === id)))) {
    fields.sessions = "Choose a time for every session";
  }
  if (Object.keys(fields).length) return { ok: false, problem: "invalid", fields };
  const map = new Map<string, LineChoice>();
  if (mode === "request") {
    for (const ch of choices) map.set(ch.sessionId, { times: ch.times });
    return { ok: true, choices: map, deliveryPartnerId: null };
  }
  let owner: string | null = partnerId ?? null;
  for (const [i, ch] of choices.entries()) {
    const hit = open.find((o) => o.id === ch.slotId && o.sessionId === ch.sessionId);
    if (!hit) return { ok: false, problem: "slotGone", ...slotGone(i) };
    if (owner && hit.partnerAccountId !== owner)
      return { ok: false, problem: "invalid", fields: { [`sessions.${i}.slotId`]: "Choose times of one delivery partner" } };
    owner = hit.partnerAccountId;
    map.set(ch.sessionId, { slot: { id: hit.id, startsAt: hit.startsAt } });
  }
  return { ok: true, choices: map, deliveryPartnerId: owner };
}

/** The refusal of a session choice whose slot is gone (full, past or removed): 409 on `sessions.<i>.slotId`. */
export const slotGone = (i: number) => ({
  message: "That time is no longer available. Please choose another.",
  fields: { [`sessions.${i}.slotId`]: "Not available" },
});

/**
 * The sessions' times must follow their sequence (each starting after the
 * previous one ends): the field errors of the times out of order, on the
 * request's fields (`sessions.0.times.1`, `sessions.0.slotId`). Sessions not
 * chosen keep their booked time (`kept`). Pure; empty when in order.
 */
export function timesOutOfOrder(
  sessions: { id: string; sequence: number; name: string; lengthMinutes: number }[],
  request: Choice[],
  choices: Map<string, LineChoice>,
  kept = new Map<string, string | null>(),
): Record<string, string> {
  return sequenceErrors(
    sessions.map((s) => {
      const i = request.findIndex((b) => b.sessionId === s.id);
      const ch = choices.get(s.id);
      if (ch)
        return {
          ...s,
          moved: true,
          times: ch.times ?? (ch.slot ? [ch.slot.startsAt] : []),
          field: (j: number) => (ch.times ? `sessions.${i}.times.${j}` : `sessions.${i}.slotId`),
        };
      const at = kept.get(s.id);
      return { ...s, moved: false, times: at ? [at] : [], field: () => "sessions" };
    }),
  );
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

/** Whether a session has begun (its time has come) or is completed: it can no longer be moved. */
export const hasStarted = (line: { status: string; scheduledAt: string | null }, now: number) =>
  line.status === "completed" || line.status === "inProgress" || (line.scheduledAt !== null && Date.parse(line.scheduledAt) <= now);

/**
 * The field errors of a customer's reschedule that would move a session
 * already begun (`sessions.i.sessionId`). Pure; empty when none.
 */
export function startedMoves(lines: { sessionId: string; status: string; scheduledAt: string | null }[], choices: Choice[], now = Date.now()) {
  const fields: Record<string, string> = {};
  choices.forEach((ch, i) => {
    const line = lines.find((l) => l.sessionId === ch.sessionId);
    if (line && hasStarted(line, now)) fields[`sessions.${i}.sessionId`] = MESSAGES.sessionStarted;
  });
  return fields;
}

/** A booked job's session as the partner's moves read it. */
export type JobLineState = {
  id: string;
  sequence: number;
  sessionName: string;
  lengthMinutes: number;
  status: string;
  requestedTimes: string[];
  scheduledAt: string | null;
};

type LineTime = { lineId: string; time: string };
/** The time per line, or field errors (and the message that sums them up, when there is one). */
type Chosen = { times: Map<string, string>; fields: Record<string, string>; message?: string };

const NOT_THIS_JOBS = "Not a session of this job";

/**
 * Confirming a booking request (or, `waiting` timesProposed, the customer
 * accepting the partner's counter-proposal): every session waiting takes
 * one of its proposed times (a session kept at its booked time, after a partial
 * reschedule, needs none). A line that is not one of this job's (another job's,
 * or another tenant's) is refused, never skipped. Answers the chosen time per
 * line, or field errors at `lines.<i>.lineId` / `lines.<i>.time`.
 */
export function confirmedTimes(lines: JobLineState[], chosen: LineTime[], waiting: "awaitingConfirmation" | "timesProposed" = "awaitingConfirmation"): Chosen {
  const fields: Record<string, string> = {};
  const times = new Map<string, string>();
  chosen.forEach((l, i) => {
    if (!lines.some((x) => x.id === l.lineId)) fields[`lines.${i}.lineId`] = NOT_THIS_JOBS;
  });
  if (Object.keys(fields).length) return { times, fields };
  const byLine = new Map(chosen.map((l) => [l.lineId, l.time]));
  lines.forEach((line, i) => {
    if (line.status !== waiting) return;
    const time = byLine.get(line.id);
    if (!time) fields[`lines.${i}.time`] = MESSAGES.required;
    else if (!line.requestedTimes.includes(time)) fields[`lines.${i}.time`] = "Choose one of the proposed times";
    else times.set(line.id, time);
  });
  return { times, fields };
}

/**
 * The partner's counter-proposal: times for every session waiting for
 * confirmation (and only this job's sessions, each once). Answers the times
 * per line, or field errors at `lines.<i>.lineId`.
 */
export function proposedTimes(
  lines: JobLineState[],
  proposed: { lineId: string; times: string[] }[],
): { times: Map<string, string[]>; fields: Record<string, string> } {
  const times = new Map<string, string[]>();
  const fields: Record<string, string> = {};
  proposed.forEach((p, i) => {
    if (!lines.some((x) => x.id === p.lineId)) fields[`lines.${i}.lineId`] = NOT_THIS_JOBS;
    else if (times.has(p.lineId)) fields[`lines.${i}.lineId`] = MESSAGES.alreadyExists;
    else times.set(p.lineId, p.times);
  });
  lines.forEach((line) => {
    if (line.status === "awaitingConfirmation" && !times.has(line.id) && !Object.keys(fields).length) fields.lines = "Propose times for every session waiting";
  });
  return { times, fields };
}

/**
 * The partner moving booked sessions: each moved line is one of this job's,
 * named once, and the sessions keep their order (the moved ones against each
 * other and against the ones kept). Answers the new time per moved line, or
 * field errors.
 */
export function rescheduledTimes(lines: JobLineState[], moved: LineTime[], now = Date.now()): Chosen {
  const times = new Map<string, string>();
  for (const [i, l] of moved.entries()) {
    const line = lines.find((x) => x.id === l.lineId);
    if (!line) return { times, fields: { [`lines.${i}.lineId`]: NOT_THIS_JOBS } };
    if (hasStarted(line, now)) return { times, fields: { [`lines.${i}.lineId`]: MESSAGES.sessionStarted } };
    if (times.has(l.lineId)) return { times, fields: { [`lines.${i}.lineId`]: MESSAGES.alreadyExists } };
    times.set(l.lineId, l.time);
  }
  const fields = sequenceErrors(
    lines.map((line) => {
      const i = moved.findIndex((l) => l.lineId === line.id);
      const movedTo = moved[i]?.time;
      const isMoved = movedTo !== undefined;
      return {
        sequence: line.sequence,
        name: line.sessionName,
        lengthMinutes: line.lengthMinutes,
        moved: isMoved,
        times: isMoved ? [movedTo] : line.scheduledAt ? [line.scheduledAt] : [],
        field: () => (isMoved ? `lines.${i}.time` : "lines"),
      };
    }),
  );
  return { times, fields, message: "Sessions must follow their order" };
}
