/**
 * The assessment link a partner sends a customer's member: in the partner's
 * branding and the recipient's language, naming the assessment (the whole of
 * it, or one category) and until when the link works. Pure: data in,
 * {subject, html, text} out.
 */
import type { CategoryFilter, Language } from "../../contract/enums";
import { mailDateTime, mailT, mailZoneNote } from "./i18n";
import { renderMail, type MailBrand, type RenderedMail } from "./layout";

export function assessmentLinkMail(d: {
  language: Language;
  /** The recipient's zone, in which the link's end is written (named in the mail). */
  timeZone: string;
  brand: MailBrand;
  recipientName: string | null;
  sender: string;
  category: CategoryFilter;
  link: string;
  expiresAt: string;
}): RenderedMail {
  const l = d.language;
  const values = { sender: d.sender, platform: d.brand.platformName };
  const intro =
    d.category === "all"
      ? mailT(l, "mail.assessment.intro", values)
      : mailT(l, "mail.assessment.introOne", { ...values, category: mailT(l, `enum.Category.${d.category}`) });
  return renderMail(d.brand, mailT(l, "mail.assessment.subject", values), {
    language: l,
    preheader: intro,
    greeting: d.recipientName ? mailT(l, "mail.greeting", { name: d.recipientName }) : mailT(l, "mail.greetingNoName"),
    paragraphs: [intro],
    action: { label: mailT(l, "mail.assessment.action"), href: d.link },
    notes: [mailT(l, "mail.assessment.note", { time: mailDateTime(d.expiresAt, l, d.timeZone) }), mailZoneNote(l, d.timeZone)],
  });
}
