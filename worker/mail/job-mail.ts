/**
 * The mails about a booking's life, to either side: requested (to the
 * partner) and its acknowledgement (to the customer), confirmed, booked,
 * denied, rescheduled, new times requested (and their acknowledgement) and
 * cancelled (and the confirmation to the side that cancelled), with their
 * reasons as words, session and workout completed; an attendee added or
 * removed, a new place, an instructor assigned or unassigned (to the person
 * concerned, with the calendar file that adds or removes the sessions). Pure: data in, {subject, html, text, attachments}
 * out; the calendar file follows the booking (see ./calendar.ts).
 */
import { CancellationReason, RescheduleReason, type JobStatus, type Language } from "../../contract/enums";
import type { MessageKey } from "../../client/i18n";
import type { MailAttachment } from "../../db/schema";
import { calendarAttachment, type CalendarSession } from "./calendar";
import { mailDateTime, mailT, mailZoneNote } from "./i18n";
import { renderMail, type MailBrand, type RenderedMail } from "./layout";

export type JobEvent =
  | "requested"
  | "requestReceived"
  | "confirmed"
  | "booked"
  | "denied"
  | "rescheduled"
  | "rescheduleRequested"
  | "rescheduleReceived"
  | "cancelled"
  | "cancelReceived"
  | "lineCompleted"
  | "completed"
  | "proposed"
  | "proposalAccepted"
  /** Places and people: to the attendee added or removed, the customer side about a new place, the instructor assigned or unassigned. */
  | "attendeeAdded"
  | "attendeeRemoved"
  | "locationChanged"
  | "instructorAssigned"
  | "instructorUnassigned";
export type Audience = "customer" | "partner";

export type JobMailSession = CalendarSession & { requestedTimes?: string[] };

export type JobMailData = {
  event: JobEvent;
  audience: Audience;
  language: Language;
  /** The recipient's IANA zone: every time in the mail is written in it. */
  timeZone: string;
  brand: MailBrand;
  recipientName?: string | null;
  workoutName: string;
  customerName: string;
  /** The job's status after the change. */
  status: JobStatus;
  reason?: string | null;
  comment?: string | null;
  /** The job in the recipient's own view. */
  link: string;
  /** The job's version after the change (the calendar's SEQUENCE). */
  sequence: number;
  sessions: JobMailSession[];
};

export type JobMail = RenderedMail & { attachments: MailAttachment[] };

/** The catalogue's word for a reason, or null when the value is not one (never a raw value). */
export function reasonWord(event: JobEvent, reason: string | null | undefined, language: Language): string | null {
  if (!reason) return null;
  if (event === "cancelled" || event === "cancelReceived")
    return (CancellationReason as readonly string[]).includes(reason) ? mailT(language, `enum.CancellationReason.${reason}` as MessageKey) : null;
  return (RescheduleReason as readonly string[]).includes(reason) ? mailT(language, `enum.RescheduleReason.${reason}` as MessageKey) : null;
}

/** Intro key per event and side (a booked job, a counter-proposal and its acceptance read differently to the customer and to the partner). */
function introKey(event: JobEvent, audience: Audience): MessageKey {
  if (event === "booked" || event === "proposed" || event === "proposalAccepted")
    return `mail.job.${event}.${audience === "customer" ? "introCustomer" : "introPartner"}` as MessageKey;
  // A confirmation, a denial and a completion speak to the customer; the partner's staff read of the customer's booking.
  if (audience === "partner" && (event === "confirmed" || event === "denied" || event === "completed")) return `mail.job.${event}.introPartner` as MessageKey;
  return `mail.job.${event}.intro` as MessageKey;
}

/** A job mail's subject: all its outbox row holds of it before it is sent (its body is rendered then, worker/mail/bodies.ts). */
export function jobMailSubject(d: Pick<JobMailData, "event" | "language" | "workoutName" | "customerName" | "brand">): string {
  return mailT(d.language, `mail.job.${d.event}.subject` as MessageKey, jobMailValues(d));
}

const jobMailValues = (d: Pick<JobMailData, "workoutName" | "customerName" | "brand">) => ({
  workout: d.workoutName,
  customer: d.customerName,
  platform: d.brand.platformName,
});

export function jobMail(d: JobMailData): JobMail {
  const { language: l, timeZone: zone } = d;
  const values = jobMailValues(d);
  const subject = jobMailSubject(d);
  const details = [
    { label: mailT(l, "mail.job.workout"), value: d.workoutName },
    ...(d.audience === "partner" ? [{ label: mailT(l, "mail.job.customer"), value: d.customerName }] : []),
    { label: mailT(l, "mail.job.status"), value: mailT(l, `enum.JobStatus.${d.status}` as MessageKey) },
  ];
  const reason = d.event === "requested" || d.event === "requestReceived" ? null : reasonWord(d.event, d.reason, l);
  if (reason) details.push({ label: mailT(l, "mail.job.reason"), value: reason });
  // A counter-proposal's note goes with it, as a reason's comment does.
  if ((reason || d.event === "proposed") && d.comment) details.push({ label: mailT(l, "mail.job.comment"), value: d.comment });
  const items = d.sessions.map((s) => {
    const when = s.scheduledAt
      ? mailDateTime(s.scheduledAt, l, zone)
      : s.requestedTimes?.length
        ? mailT(l, "mail.job.proposed", { times: s.requestedTimes.map((t) => mailDateTime(t, l, zone)).join("; ") })
        : mailT(l, "mail.job.notScheduled");
    const where = s.location
      ? s.location.kind === "online"
        ? mailT(l, "mail.job.online", { url: s.location.url })
        : mailT(l, "mail.job.inPerson", { address: s.location.address })
      : null;
    return where ? `${s.name}: ${when} · ${where}` : `${s.name}: ${when}`;
  });

  const calendar = { platformName: d.brand.platformName, workoutName: d.workoutName, customerName: d.customerName, link: d.link, sequence: d.sequence };
  const attachments: MailAttachment[] = [];
  const notes: string[] = [];
  const rescheduling = d.event === "rescheduled" || d.event === "rescheduleRequested" || d.event === "rescheduleReceived";
  const joining = d.event === "attendeeAdded" || d.event === "locationChanged" || d.event === "instructorAssigned";
  if (d.event === "confirmed" || d.event === "booked" || d.event === "proposalAccepted" || rescheduling || joining) {
    const publish = calendarAttachment({ ...calendar, sessions: d.sessions }, "publish");
    if (publish) attachments.push(publish);
    // A reschedule by request takes the times away until they are confirmed again.
    const withdrawn = rescheduling ? d.sessions.filter((s) => !s.scheduledAt) : [];
    const cancel = withdrawn.length ? calendarAttachment({ ...calendar, sessions: withdrawn }, "cancel") : null;
    if (cancel) attachments.push(cancel);
    if (publish) notes.push(mailT(l, "mail.job.calendarNote"));
  }
  if (d.event === "cancelled" || d.event === "cancelReceived" || d.event === "denied" || d.event === "attendeeRemoved" || d.event === "instructorUnassigned") {
    const cancel = calendarAttachment({ ...calendar, sessions: d.sessions }, "cancel");
    if (cancel) attachments.push(cancel);
    notes.push(mailT(l, "mail.job.calendarCancelNote"));
  }
  if (d.sessions.some((s) => s.scheduledAt || s.requestedTimes?.length)) notes.push(mailZoneNote(l, zone));

  const rendered = renderMail(d.brand, subject, {
    language: l,
    preheader: mailT(l, introKey(d.event, d.audience), values),
    greeting: d.recipientName ? mailT(l, "mail.greeting", { name: d.recipientName }) : mailT(l, "mail.greetingNoName"),
    paragraphs: [mailT(l, introKey(d.event, d.audience), values)],
    details,
    list: { title: mailT(l, "mail.job.sessions"), items },
    action: { label: mailT(l, d.audience === "partner" ? "mail.job.openJob" : "mail.job.openBooking"), href: d.link },
    notes,
  });
  return { ...rendered, attachments };
}
