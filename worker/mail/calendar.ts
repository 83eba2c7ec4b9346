/**
 * Calendar files for booked sessions, one VEVENT per job line. The UID is the
 * line's own (`<lineId>@techfit`), so every file about that session (the
 * confirmation mail, a reschedule, a cancellation, the "Add to calendar"
 * download) speaks of the same event; SEQUENCE is the job's version, which
 * every change to the job raises, so a later file always supersedes an
 * earlier one. A cancelled or denied booking sends METHOD:CANCEL with
 * STATUS:CANCELLED for the same UIDs.
 */
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import type { MailAttachment, SessionLocation } from "../../db/schema";

/** A session in a calendar file; its place, when set, is the event's LOCATION (and an online session's link its URL). */
export type CalendarSession = { lineId: string; name: string; scheduledAt: string | null; lengthMinutes: number; location?: SessionLocation | null };

export type CalendarInput = {
  platformName: string;
  workoutName: string;
  customerName: string;
  /** Where the session is seen in the product (the recipient's own view). */
  link: string;
  /** The job's version after the change: higher for every later change. */
  sequence: number;
  sessions: CalendarSession[];
};

export const eventUid = (lineId: string) => `${lineId}@techfit`;

/** The .ics text: PUBLISH the sessions with a time, or CANCEL the given sessions. */
export function sessionCalendar(input: CalendarInput, method: "publish" | "cancel"): string | null {
  const sessions = method === "publish" ? input.sessions.filter((s) => s.scheduledAt) : input.sessions;
  if (!sessions.length) return null;
  const cal = ical({
    name: input.platformName,
    // The file speaks for the partner whose bookings these are (its platform name), never the product behind it.
    prodId: { company: input.platformName, product: "bookings", language: "EN" },
    method: method === "publish" ? ICalCalendarMethod.PUBLISH : ICalCalendarMethod.CANCEL,
  });
  for (const s of sessions) {
    // A cancellation names the event by UID; its time is the last one known (or the moment of cancelling).
    const start = s.scheduledAt ? new Date(s.scheduledAt) : new Date();
    cal.createEvent({
      id: eventUid(s.lineId),
      sequence: input.sequence,
      start,
      end: new Date(start.getTime() + s.lengthMinutes * 60_000),
      summary: `${input.workoutName}: ${s.name}`,
      description: `${input.platformName} · ${input.customerName}\n${input.link}`,
      url: s.location?.kind === "online" ? s.location.url : input.link,
      location: s.location ? (s.location.kind === "online" ? s.location.url : s.location.address) : null,
      status: method === "publish" ? ICalEventStatus.CONFIRMED : ICalEventStatus.CANCELLED,
    });
  }
  return cal.toString();
}

/** The calendar file as a mail attachment. */
export function calendarAttachment(input: CalendarInput, method: "publish" | "cancel"): MailAttachment | null {
  const content = sessionCalendar(input, method);
  if (!content) return null;
  return {
    filename: method === "publish" ? "booking.ics" : "cancelled.ics",
    contentType: `text/calendar; charset=utf-8; method=${method === "publish" ? "PUBLISH" : "CANCEL"}`,
    content,
    encoding: "utf8",
  };
}
