/**
 * Reminder mails sent by the cron trigger: a confirmed session 24 hours
 * ahead (to the customer), an action item on its due date (to the side it is
 * assigned to), and a booking request still unconfirmed after 24 hours (to
 * the partner). Pure: data in, {subject, html, text} out.
 */
import type { Language } from "../../contract/enums";
import { mailDateTime, mailT, mailZoneNote } from "./i18n";
import { renderMail, type MailBrand, type RenderedMail } from "./layout";

/** `timeZone`: the recipient's IANA zone, which every time in the mail is written in. */
type Common = { language: Language; timeZone: string; brand: MailBrand; recipientName?: string | null; workoutName: string; link: string };

const greeting = (c: Common) => (c.recipientName ? mailT(c.language, "mail.greeting", { name: c.recipientName }) : mailT(c.language, "mail.greetingNoName"));

export function sessionReminderMail(d: Common & { sessionName: string; scheduledAt: string; audience?: "customer" | "partner" }): RenderedMail {
  const l = d.language;
  const values = { workout: d.workoutName, session: d.sessionName, time: mailDateTime(d.scheduledAt, l, d.timeZone) };
  return renderMail(d.brand, mailT(l, "mail.reminder.session.subject", values), {
    language: l,
    preheader: mailT(l, "mail.reminder.session.intro", values),
    greeting: greeting(d),
    paragraphs: [mailT(l, "mail.reminder.session.intro", values)],
    action: { label: mailT(l, d.audience === "partner" ? "mail.job.openJob" : "mail.job.openBooking"), href: d.link },
    notes: [mailZoneNote(l, d.timeZone)],
  });
}

export function actionItemDueMail(
  d: Common & { audience: "customer" | "partner"; itemName: string; itemLink: string | null; sessionName: string; dueAt: string },
): RenderedMail {
  const l = d.language;
  const values = { item: d.itemName, workout: d.workoutName, session: d.sessionName, time: mailDateTime(d.dueAt, l, d.timeZone) };
  const details = d.itemLink && /^https?:\/\//i.test(d.itemLink) ? [{ label: mailT(l, "mail.reminder.actionItem.link"), value: d.itemLink }] : [];
  return renderMail(d.brand, mailT(l, "mail.reminder.actionItem.subject", values), {
    language: l,
    preheader: mailT(l, "mail.reminder.actionItem.intro", values),
    greeting: greeting(d),
    paragraphs: [mailT(l, "mail.reminder.actionItem.intro", values)],
    details,
    action: { label: mailT(l, d.audience === "partner" ? "mail.job.openJob" : "mail.job.openBooking"), href: d.link },
    notes: [mailZoneNote(l, d.timeZone)],
  });
}

export function requestOverdueMail(d: Common & { customerName: string; requestedAt: string }): RenderedMail {
  const l = d.language;
  const values = { workout: d.workoutName, customer: d.customerName, time: mailDateTime(d.requestedAt, l, d.timeZone) };
  return renderMail(d.brand, mailT(l, "mail.reminder.overdue.subject", values), {
    language: l,
    preheader: mailT(l, "mail.reminder.overdue.intro", values),
    greeting: greeting(d),
    paragraphs: [mailT(l, "mail.reminder.overdue.intro", values)],
    details: [
      { label: mailT(l, "mail.job.workout"), value: d.workoutName },
      { label: mailT(l, "mail.job.customer"), value: d.customerName },
      { label: mailT(l, "mail.job.status"), value: mailT(l, "enum.JobStatus.awaitingConfirmation") },
    ],
    action: { label: mailT(l, "mail.job.openJob"), href: d.link },
    notes: [mailZoneNote(l, d.timeZone)],
  });
}
