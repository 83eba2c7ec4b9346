/**
 * When reminders are due, and the key that makes each one go only once.
 * Pure; the cron trigger's data access is worker/data/reminders.ts.
 */
import type { JobStatus } from "../../contract/enums";

const HOUR = 60 * 60 * 1000;

/** A confirmed session is reminded once it starts within this time. */
export const SESSION_REMINDER_LEAD_MS = 24 * HOUR;
/** The team confirms a booking request within this time; after it the request is overdue. */
export const CONFIRM_WITHIN_MS = 24 * HOUR;

export type ReminderKind = "session24h" | "actionItemDue" | "requestOverdue";

/** A session at a given time is reminded once; rescheduled to another time, it is a new reminder. */
export const sessionReminderKey = (lineId: string, scheduledAt: string) => `${lineId}|${scheduledAt}`;
/** An action item is reminded once per due time. */
export const actionItemReminderKey = (itemId: string, dueAt: string) => `${itemId}|${dueAt}`;
/** A request is reminded once; denied and requested again, the job's version differs and it is a new request. */
export const overdueReminderKey = (jobId: string, version: number) => `${jobId}|${version}`;

/** Sessions starting in (now, now + 24 h] are due a reminder. */
export function sessionReminderWindow(now: Date): { after: string; until: string } {
  return { after: now.toISOString(), until: new Date(now.getTime() + SESSION_REMINDER_LEAD_MS).toISOString() };
}

/** The UTC day of `now`: an action item due in it is reminded that day. */
export function dueDay(now: Date): { from: string; before: string } {
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { from: new Date(start).toISOString(), before: new Date(start + 24 * HOUR).toISOString() };
}

/** Requests waiting since before this moment are overdue. */
export function overdueBefore(now: Date): string {
  return new Date(now.getTime() - CONFIRM_WITHIN_MS).toISOString();
}

/**
 * A booking request is overdue when it has waited for the partner's
 * confirmation for more than 24 hours, counted from the job's last change
 * (the request itself: every move changes the job).
 */
export function isRequestOverdue(job: { status: JobStatus; updatedAt: string }, now: Date): boolean {
  return job.status === "awaitingConfirmation" && job.updatedAt < overdueBefore(now);
}
