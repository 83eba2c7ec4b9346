/**
 * Mails about a person's access: the invitation to join an organisation, the
 * address confirmation, the password reset, and "you already have an
 * account". Pure: data in, {subject, html, text} out.
 */
import type { Language } from "../../contract/enums";
import { mailT } from "./i18n";
import { renderMail, type MailBrand, type RenderedMail } from "./layout";

type Common = { language: Language; brand: MailBrand; recipientName?: string | null; link: string };
const greeting = (c: Common) => (c.recipientName ? mailT(c.language, "mail.greeting", { name: c.recipientName }) : mailT(c.language, "mail.greetingNoName"));

export function inviteMail(d: Common & { inviter: string; accountName: string }): RenderedMail {
  const l = d.language;
  const values = { inviter: d.inviter, account: d.accountName, platform: d.brand.platformName };
  return renderMail(d.brand, mailT(l, "mail.invite.subject", values), {
    language: l,
    preheader: mailT(l, "mail.invite.intro", values),
    paragraphs: [mailT(l, "mail.invite.intro", values)],
    action: { label: mailT(l, "mail.invite.action"), href: d.link },
    notes: [mailT(l, "mail.invite.note")],
  });
}

export function verifyAddressMail(d: Common): RenderedMail {
  const l = d.language;
  const values = { platform: d.brand.platformName };
  return renderMail(d.brand, mailT(l, "mail.verify.subject", values), {
    language: l,
    greeting: greeting(d),
    paragraphs: [mailT(l, "mail.verify.intro", values)],
    action: { label: mailT(l, "mail.verify.action"), href: d.link },
    notes: [mailT(l, "mail.verify.note")],
  });
}

export function resetPasswordMail(d: Common): RenderedMail {
  const l = d.language;
  const values = { platform: d.brand.platformName };
  return renderMail(d.brand, mailT(l, "mail.reset.subject", values), {
    language: l,
    greeting: greeting(d),
    paragraphs: [mailT(l, "mail.reset.intro", values)],
    action: { label: mailT(l, "mail.reset.action"), href: d.link },
    notes: [mailT(l, "mail.reset.note")],
  });
}

export function alreadyRegisteredMail(d: Common): RenderedMail {
  const l = d.language;
  const values = { platform: d.brand.platformName };
  return renderMail(d.brand, mailT(l, "mail.registered.subject", values), {
    language: l,
    greeting: greeting(d),
    paragraphs: [mailT(l, "mail.registered.intro", values), mailT(l, "mail.registered.lead")],
    action: { label: mailT(l, "mail.registered.action"), href: d.link },
    notes: [mailT(l, "mail.registered.note")],
  });
}
