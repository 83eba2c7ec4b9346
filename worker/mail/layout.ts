/**
 * The one branded mail layout: the partner's logo (or its platform name), its
 * brand colour on the bar and the button, the body in the recipient's
 * language, and the same content as plain text. Pure: data in, {html, text}
 * out. Every interpolated value is escaped; colours must be hex (anything else
 * falls back to the neutral partner look: mail without a brand colour wears
 * no product colours), links must be http(s).
 */
import { parseHexColour, readableOn, type Rgb } from "../../contract/colour";
import type { Language } from "../../contract/enums";
import { LANGUAGE_TAG } from "../../client/i18n";
import { escapeHtml } from "../ssr/escape";
import { oneLine } from "../../contract/forms";
import { PARTNER_DEFAULT_STYLING } from "../../contract/styling-values";
import { MAIL_VALUE_MAX, mailT } from "./i18n";

export type MailBrand = {
  /** The partner's platform name (also the sender's display name). */
  platformName: string;
  /** Absolute URL of the partner's logo, or null. */
  logoUrl: string | null;
  /** Hex brand colour, or null for the neutral partner look (the product's own mail passes its colour). */
  brandColour: string | null;
  /** The partner's support address (Branding), shown in the footer; null for none. */
  supportEmail?: string | null;
  /** The origin links go to: the partner's connected domain when it has one, else the main origin. */
  origin: string;
};

export type MailContent = {
  language: Language;
  /** A short summary that mail clients show beside the subject. */
  preheader?: string;
  greeting?: string;
  paragraphs: string[];
  /** Label and value pairs (workout, status, reason, …). */
  details?: { label: string; value: string }[];
  /** A titled list (sessions and their times). */
  list?: { title: string; items: string[] };
  action?: { label: string; href: string };
  notes?: string[];
};

export type RenderedMail = { subject: string; html: string; text: string };

/** The neutral partner brand colour, for mail of a partner that has not chosen one. */
const DEFAULT_BRAND: Rgb = parseHexColour(PARTNER_DEFAULT_STYLING.brandColour) ?? { r: 51, g: 65, b: 85 };
const hex = ({ r, g, b }: Rgb) => `#${[r, g, b].map((n) => n.toString(16).padStart(2, "0")).join("")}`;
const isHttp = (href: string) => /^https?:\/\//i.test(href);
const isAddress = (value: string | null | undefined): value is string => Boolean(value && /^[^\s@<>"]+@[^\s@<>"]+$/.test(value));

/** The brand colour, a readable text colour on it, and the brand colour made readable as link text on white. */
export function brandColours(brandColour: string | null): { background: string; foreground: string; link: string } {
  const bg = (brandColour && parseHexColour(brandColour)) || DEFAULT_BRAND;
  const white = { r: 255, g: 255, b: 255 };
  return { background: hex(bg), foreground: hex(readableOn(white, bg)), link: hex(readableOn(bg, white)) };
}

/** The longest user-written value a detail or a list item shows (a comment's limit). */
const DETAIL_MAX = 500;

/** Details and list items may carry what users wrote (names, comments): each goes in on one line, bounded. */
function oneLineContent(content: MailContent): MailContent {
  return {
    ...content,
    details: content.details?.map((d) => ({ label: d.label, value: oneLine(d.value, DETAIL_MAX) })),
    list: content.list && { title: oneLine(content.list.title, MAIL_VALUE_MAX), items: content.list.items.map((i) => oneLine(i, DETAIL_MAX)) },
  };
}

export function renderMail(brand: MailBrand, subject: string, written: MailContent): RenderedMail {
  const content = oneLineContent(written);
  const { language } = content;
  const e = escapeHtml;
  const colours = brandColours(brand.brandColour);
  const action = content.action && isHttp(content.action.href) ? content.action : undefined;

  // Plain text: the same content, in the same order.
  const text: string[] = [];
  if (content.greeting) text.push(content.greeting, "");
  for (const p of content.paragraphs) text.push(p, "");
  if (content.details?.length) {
    for (const d of content.details) text.push(`${d.label}: ${d.value}`);
    text.push("");
  }
  if (content.list?.items.length) {
    text.push(`${content.list.title}:`);
    for (const item of content.list.items) text.push(`• ${item}`);
    text.push("");
  }
  if (action) text.push(`${action.label}:`, action.href, "");
  for (const n of content.notes ?? []) text.push(n, "");
  text.push("—", mailT(language, "mail.footer", { platform: brand.platformName }));
  const support = isAddress(brand.supportEmail) ? brand.supportEmail : null;
  if (support) text.push(mailT(language, "mail.support", { email: support }));

  const header =
    brand.logoUrl && isHttp(brand.logoUrl)
      ? `<img src="${e(brand.logoUrl)}" alt="${e(brand.platformName)}" height="40" style="display:block;height:40px;max-width:200px;width:auto;border:0">`
      : `<span style="font-size:20px;font-weight:700;color:#0f172a">${e(brand.platformName)}</span>`;
  const p = (s: string) => `<p style="margin:0 0 16px">${e(s)}</p>`;
  const details = content.details?.length
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse">${content.details
        .map(
          (d) =>
            `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;color:#475569;font-weight:600;vertical-align:top">${e(d.label)}</th><td style="padding:4px 0">${e(d.value)}</td></tr>`,
        )
        .join("")}</table>`
    : "";
  const list = content.list?.items.length
    ? `<p style="margin:0 0 8px;font-weight:600">${e(content.list.title)}</p><ul style="margin:0 0 16px;padding-left:20px">${content.list.items.map((i) => `<li style="margin:0 0 4px">${e(i)}</li>`).join("")}</ul>`
    : "";
  const button = action
    ? `<p style="margin:24px 0"><a href="${e(action.href)}" style="display:inline-block;background:${colours.background};color:${colours.foreground};padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${e(action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#475569">${e(mailT(language, "mail.linkFallback"))}<br><a href="${e(action.href)}" style="color:${colours.link};word-break:break-all">${e(action.href)}</a></p>`
    : "";
  const html = `<!doctype html>
<html lang="${e(LANGUAGE_TAG[language] ?? "en-US")}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(subject)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#0f172a;line-height:1.5">
${content.preheader ? `<div style="display:none;max-height:0;overflow:hidden">${e(content.preheader)}</div>` : ""}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px;overflow:hidden;border:1px solid #e2e8f0">
<tr><td style="height:6px;background:${colours.background}"></td></tr>
<tr><td style="padding:24px 32px 8px">${header}</td></tr>
<tr><td style="padding:16px 32px 24px;font-size:16px">
${content.greeting ? p(content.greeting) : ""}${content.paragraphs.map(p).join("")}${details}${list}${button}${(content.notes ?? []).map((n) => `<p style="margin:0 0 12px;font-size:14px;color:#475569">${e(n)}</p>`).join("")}
</td></tr>
<tr><td style="padding:16px 32px;border-top:1px solid #e2e8f0;font-size:12px;color:#64748b">${e(mailT(language, "mail.footer", { platform: brand.platformName }))}${
    support ? `<br>${e(mailT(language, "mail.support", { email: "" }))}<a href="mailto:${e(support)}" style="color:#1d4ed8">${e(support)}</a>` : ""
  }</td></tr>
</table></td></tr></table>
</body></html>`;
  return { subject, html, text: text.join("\n") };
}
