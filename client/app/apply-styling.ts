import { brandVariables } from "../../contract/branding";
import { BRAND_FONT_ID, fontFaceCss } from "../../contract/fonts";
import type { Styling } from "../../contract/styling";
import type { FontFamilyKey } from "../../contract/styling-values";
import { stylingApplied } from "./styling";

/**
 * Applying another look to the page: the partner's colours as CSS variables
 * and its font's faces (the server puts the page's own in its head). Apart
 * from ./styling.ts, whose store is in the first load: only the code that
 * changes a look loads this, with the colour arithmetic and the font table
 * (sign-in's weight budget, in the bench).
 */

/** Puts one font's faces (contract/fonts.ts) in the <style> of that id, made when missing; "" for a system font. */
export function setFontFaces(id: string, font: FontFamilyKey | null): void {
  let el = document.getElementById(id);
  if (!el) {
    el = document.createElement("style");
    el.id = id;
    document.head.appendChild(el);
  }
  const css = font ? fontFaceCss(font) : "";
  if (el.textContent !== css) el.textContent = css;
}

export function applyStyling(styling: Styling): void {
  const root = document.documentElement;
  for (const [name, value] of Object.entries(brandVariables(styling))) root.style.setProperty(name, value);
  setFontFaces(BRAND_FONT_ID, styling.fontFamily);
  stylingApplied(styling);
}
