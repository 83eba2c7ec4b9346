import { initials } from "../../client/components/ui/Avatar";
import { brandVariables } from "../../contract/branding";
import { DEFAULT_STYLING } from "../../contract/styling-values";
import type { Styling } from "../../contract/styling";
import { escapeHtml } from "./escape";

/**
 * The icon of a styling drawn from itself: its initials on its brand colour,
 * in the colour text on it takes, as an SVG data address (the product's own
 * icon is this for the product's styling).
 */
export function initialsIcon(styling: Styling): string {
  const vars = brandVariables(styling);
  const text = initials(styling.platformName).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="14" fill="rgb(${vars["--brand"]})"/>` +
    `<text x="32" y="42" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="28" font-weight="700" fill="rgb(${vars["--brand-foreground"]})">${text}</text>` +
    `</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/**
 * The head's icon links for a page. Wherever a partner is involved (its
 * domain, its branded sign-in on the main domain) the partner's square mark,
 * else its logo, else its initials: never the product's icon. With no
 * partner, the product's own icon. `apple-touch-icon` only for an uploaded
 * image (a home screen does not take an SVG address).
 */
export function iconLinks(styling: Styling, partner: boolean): string {
  const uploaded = partner ? (styling.mark ?? styling.logo) : null;
  const href = uploaded?.uri ?? initialsIcon(partner ? styling : DEFAULT_STYLING);
  const links = [`<link rel="icon" href="${escapeHtml(href)}">`];
  if (uploaded) links.push(`<link rel="apple-touch-icon" href="${escapeHtml(uploaded.uri)}">`);
  return links.join("");
}
