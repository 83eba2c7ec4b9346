import { brandStyleSheet } from "../../contract/branding";
import { BRAND_FONT_ID, fontFaceCss, fontPreloadHref } from "../../contract/fonts";
import type { Styling } from "../../contract/styling";
import { isolateCache } from "../http/isolate-cache";
import { assertSafeCss } from "./escape";
import { iconLinks } from "./favicon";

/** Branded heads kept per isolate: a few per partner at most (a changed styling is a new key, the old one ages out). */
const MAX_STYLINGS = 200;
const heads = isolateCache<string, string>(MAX_STYLINGS);

/**
 * The part of a page's head that wears the styling: the partner's font (its
 * body-text file preloaded, its faces; none for a system font), the icon links
 * (`partner`: a partner is involved, see ./favicon.ts) and the brand's colour
 * variables. Built once per isolate for each styling, since the colour
 * contrast sums and the icon's address are the same for every page of it.
 */
export function brandHead(styling: Styling, partner: boolean): string {
  const key = `${partner}\n${JSON.stringify(styling)}`;
  let head = heads.get(key);
  if (head === undefined) {
    const fontHref = fontPreloadHref(styling.fontFamily);
    head = [
      fontHref ? `<link rel="preload" href="${fontHref}" as="font" type="font/woff2" crossorigin>` : "",
      iconLinks(styling, partner),
      `<style id="brand">${assertSafeCss(brandStyleSheet(styling))}</style>`,
      `<style id="${BRAND_FONT_ID}">${fontFaceCss(styling.fontFamily)}</style>`,
    ].join("");
    heads.set(key, head);
  }
  return head;
}
