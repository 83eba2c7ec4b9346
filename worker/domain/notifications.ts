import ical from "ical-generator";
import type { MailAttachment } from "../../db/schema";
import { STATUS_LABEL } from "./jobs";

/**
 * The mails a booking's changes send to the other side. Pure:
 * builds subject, text and — for confirmed times — a calendar attachment.
 */
export type JobMailContext = {
  workoutName: string;
  customerName: string;
  platformName: string;
  status: keyof typeof STATUS_LABEL;
  reason?: string | null;
  comment?: string | null;
  link: string;
  sessions: { name: string; scheduledAt: string | null; lengthMinutes: number; requestedTimes?: string[] }[];
};

export type JobEvent = "requested" | "confirmed" | "denied" | "booked" | "rescheduled" | "cancelled" | "lineCompleted" | "completed";

const SUBJECT: Record<JobEvent, string> = {
  requested: "Booking requested",
  confirmed: "Booking confirmed",
  denied: "Booking request declined",
  booked: "Booking confirmed",
  rescheduled: "Booking rescheduled",
  cancelled: "Booking cancelled",
  lineCompleted: "Session completed",
  completed: "Workout completed",
};

const when = (iso: string) => new Date(iso).toUTCString().replace(":00 GMT", " UTC");

/** An .ics with one event per scheduled session. */
export function calendarFor(ctx: JobMailContext, uid: string): MailAttachment | null {
  const scheduled = ctx.sessions.filter((s) => s.scheduledAt);
  if (!scheduled.length) return null;
  const cal = ical({ name: ctx.platformName, prodId: { company: "TechFIT", product: ctx.platformName } });
  scheduled.forEach((s, i) => {
    const start = new Date(s.scheduledAt!);
    cal.createEvent({
      id: `${uid}-${i}@techfit`,
      start,
      end: new Date(start.getTime() + s.lengthMinutes * 60_000),
      summary: `${ctx.workoutName}: ${s.name}`,
      description: `${ctx.platformName} — ${ctx.customerName}\n${ctx.link}`,
      url: ctx.link,
    });
  });
  return { filename: "booking.ics", contentType: "text/calendar; charset=utf-8; method=PUBLISH", content: cal.toString(), encoding: "utf8" };
}

export function jobMail(event: JobEvent, ctx: JobMailContext, uid: string): { subject: string; text: string; attachments: MailAttachment[] } {
  const lines = [
    `${SUBJECT[event]}: ${ctx.workoutName} for ${ctx.customerName}.`,
    `Status: ${STATUS_LABEL[ctx.status]}.`,
  ];
  if (ctx.reason) lines.push(`Reason: ${ctx.reason}${ctx.comment ? ` — ${ctx.comment}` : ""}.`);
  for (const s of ctx.sessions) {
    if (s.scheduledAt) lines.push(`• ${s.name}: ${when(s.scheduledAt)}`);
    else if (s.requestedTimes?.length) lines.push(`• ${s.name}: proposed ${s.requestedTimes.map(when).join(", ")}`);
  }
  if (event === "requested") lines.push("The team confirms the time within 24 hours.");
  lines.push("", `Open the booking: ${ctx.link}`);
  const ics = event === "confirmed" || event === "booked" || event === "rescheduled" ? calendarFor(ctx, uid) : null;
  return { subject: `${SUBJECT[event]}: ${ctx.workoutName}`, text: lines.join("\n"), attachments: ics ? [ics] : [] };
}
