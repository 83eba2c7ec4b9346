/**
 * When reminders are due, and the key that makes each one go only once.
 * Pure; the cron trigger's data access is worker/data/reminders.ts.
 */
import type { JobStatus } from "../../contract/enums";
import { zonedDate } from "./availability";

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

/**
 * The items that may be due on someone's local day at `now`: due within a
 * day and a bit on either side (a local day is at most 25 hours, and zones
 * run from 12 hours behind UTC to 14 ahead).
 */
export function dueWindow(now: Date): { from: string; before: string } {
  return { from: new Date(now.getTime() - 27 * HOUR).toISOString(), before: new Date(now.getTime() + 27 * HOUR).toISOString() };
}

/** When an item due at `dueAt` is reminded to someone in `timeZone` at `now`: "due" on their local day of it, "later" before it, "past" after. */
export function dueOnLocalDay(dueAt: string, now: Date, timeZone: string): "due" | "later" | "past" {
  const due = zonedDate(Date.parse(dueAt), timeZone);
  const today = zonedDate(now.getTime(), timeZone);
  return due === today ? "due" : due > today ? "later" : "past";
}

/** One recipient's own reminder: the reminder's key and their address (each person is reminded once). */
export const recipientReminderKey = (key: string, email: string) => `${key}|${email.trim().toLowerCase()}`;

/** Requests waiting since before this moment are overdue. */
export function overdueBefore(now: Date): string {
  return new Date(now.getTime() - CONFIRM_WITHIN_MS).toISOString();
}

/**
 * How long after becoming overdue a request is still looked for by the
 * cron's reminder: a week of missed runs is caught up, and requests that were
 * reminded (or left unanswered for longer) are not read again on every run.
 */
export const OVERDUE_LOOKBACK_MS = 7 * 24 * HOUR;

/** The requests the cron reads for their overdue reminder: waiting since within OVERDUE_LOOKBACK_MS before overdueBefore. */
export function overdueWindow(now: Date): { since: string; before: string } {
  return { since: new Date(now.getTime() - CONFIRM_WITHIN_MS - OVERDUE_LOOKBACK_MS).toISOString(), before: overdueBefore(now) };
}

/**
 * A booking request is overdue when it has waited for the partner's
 * confirmation for more than 24 hours, counted from the job's last change
 * (the request itself: every move changes the job).
 */
export function isRequestOverdue(job: { status: JobStatus; updatedAt: string }, now: Date): boolean {
  return job.status === "awaitingConfirmation" && job.updatedAt < overdueBefore(now);
}
