import type { JobLineStatus, JobStatus } from "../../contract/enums";

/**
 * The job state machine. Every move the product makes goes
 * through `nextStatus`; a move the table does not allow answers null and the
 * API turns that into 409 with nothing changed.
 */
export const JOB_ACTIONS = [
  "assign", // credits reserved and delivery partner assigned
  "requestTimes", // customer proposes times
  "bookSlots", // customer books open slots (calendar-based)
  "confirm", // delivery partner confirms a request
  "deny", // delivery partner denies a request (reason; recipient notified)
  "proposeTimes", // delivery partner proposes other times instead of confirming or denying
  "acceptProposal", // customer accepts one of the partner's proposed times per session
  "rescheduleRequest", // reschedule by request (reason)
  "rescheduleSlots", // reschedule into open slots (reason)
  "completeFirstLine", // the first session line is completed
  "completeLastLine", // the last session line is completed
  "cancel", // cancel (reason)
] as const;
export type JobAction = (typeof JOB_ACTIONS)[number];

const TABLE: Record<JobAction, Partial<Record<JobStatus, JobStatus>>> = {
  assign: { pending: "awaitingScheduling" },
  // The customer also answers a counter-proposal by proposing again.
  requestTimes: { awaitingScheduling: "awaitingConfirmation", timesProposed: "awaitingConfirmation" },
  bookSlots: { awaitingScheduling: "confirmed" },
  confirm: { awaitingConfirmation: "confirmed" },
  deny: { awaitingConfirmation: "awaitingScheduling" },
  proposeTimes: { awaitingConfirmation: "timesProposed" },
  acceptProposal: { timesProposed: "confirmed" },
  rescheduleRequest: { confirmed: "awaitingConfirmation" },
  rescheduleSlots: { confirmed: "confirmed" },
  completeFirstLine: { confirmed: "inProgress" },
  completeLastLine: { inProgress: "completed" },
  cancel: {
    pending: "cancelled",
    awaitingScheduling: "cancelled",
    awaitingConfirmation: "cancelled",
    timesProposed: "cancelled",
    confirmed: "cancelled",
    inProgress: "cancelled",
  },
};

export function nextStatus(from: JobStatus, action: JobAction): JobStatus | null {
  return TABLE[action][from] ?? null;
}

/** The actions allowed from a status (what the screens offer). */
export function allowedActions(from: JobStatus): JobAction[] {
  return JOB_ACTIONS.filter((a) => nextStatus(from, a) !== null);
}

/** Labels of the job statuses. */
export const STATUS_LABEL: Record<JobStatus, string> = {
  pending: "Processing",
  awaitingScheduling: "To Be Booked",
  awaitingConfirmation: "Booking Requested",
  timesProposed: "Times Proposed",
  confirmed: "Booked",
  inProgress: "In Progress",
  completed: "Completed",
  cancelled: "Cancelled",
};

/** Lines move through the same states without `cancelled`: a line of a cancelled job keeps its state. */
export function lineStatusFor(job: JobStatus, current: JobLineStatus): JobLineStatus {
  if (job === "cancelled") return current;
  if (current === "completed") return current;
  if (job === "inProgress") return current === "inProgress" ? current : "confirmed";
  return job;
}

/**
 * Completing session lines: the job moves confirmed → inProgress with the
 * first completed line and inProgress → completed with the last. Answers the
 * actions to apply, in order, or null when a line cannot be completed now.
 */
export function completionActions(job: JobStatus, linesLeftAfter: number): JobAction[] | null {
  if (job !== "confirmed" && job !== "inProgress") return null;
  const actions: JobAction[] = [];
  if (job === "confirmed") actions.push("completeFirstLine");
  if (linesLeftAfter === 0) actions.push("completeLastLine");
  return actions;
}

export function applyActions(from: JobStatus, actions: JobAction[]): JobStatus | null {
  let status: JobStatus | null = from;
  for (const a of actions) {
    if (!status) return null;
    status = nextStatus(status, a);
  }
  return status;
}

export type DeliveryCandidate = { id: string; selectionPercent: number; startDate: string | null; endDate: string | null };

/** Candidates whose dates include `today` (YYYY-MM-DD) and whose selection percent is above zero. */
export function activeCandidates<T extends DeliveryCandidate>(entries: T[], today: string): T[] {
  return entries.filter((e) => e.selectionPercent > 0 && (!e.startDate || e.startDate <= today) && (!e.endDate || e.endDate >= today));
}

/**
 * The weighted draw: each active delivery partner is chosen
 * with probability proportional to its selection percent. `random` is in [0, 1).
 */
export function drawDeliveryPartner<T extends DeliveryCandidate>(entries: T[], today: string, random: () => number = Math.random): T | null {
  const active = activeCandidates(entries, today);
  const total = active.reduce((sum, e) => sum + e.selectionPercent, 0);
  if (total <= 0) return null;
  let point = random() * total;
  for (const e of active) {
    point -= e.selectionPercent;
    if (point < 0) return e;
  }
  return active.at(-1) ?? null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * An action item's due date from its session's time ("due-date
 * calculation (e.g. relative offset)"): before-session items count from the
 * start, after-session items from the end; the offset is in days (negative =
 * earlier). No time or no offset: no due date.
 */
export function dueAt(scheduledAt: string | null, lengthMinutes: number, stage: "beforeSession" | "afterSession", offsetDays: number | null): string | null {
  if (!scheduledAt || offsetDays === null || offsetDays === undefined) return null;
  const start = Date.parse(scheduledAt);
  if (Number.isNaN(start)) return null;
  const anchor = stage === "beforeSession" ? start : start + lengthMinutes * 60_000;
  return new Date(anchor + offsetDays * DAY_MS).toISOString();
}
