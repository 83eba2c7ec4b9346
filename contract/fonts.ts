/**
 * The fonts a partner can pick, served by the product itself (self-hosted
 * woff2 files from the @fontsource packages, latin subset) so that the one
 * chosen is the one everyone sees. Zod-free and small: the server renders the
 * chosen font's faces into the page's head, and the client applies the same
 * when a partner changes it. Helvetica Neue is a system font: no file ships,
 * the stack falls back to Helvetica, then Arial (the picker says so).
 */
import type { FontFamilyKey } from "./styling-values";

/** The @fontsource package (and file prefix) of each font that ships; null for a system font. */
export const FONT_PACKAGES: Record<FontFamilyKey, { family: string; slug: string } | null> = {
  helveticaNeue: null,
  inter: { family: "Inter", slug: "inter" },
  manrope: { family: "Manrope", slug: "manrope" },
  openSans: { family: "Open Sans", slug: "open-sans" },
  poppins: { family: "Poppins", slug: "poppins" },
  roboto: { family: "Roboto", slug: "roboto" },
};

/** The weights the product's styles use (normal, medium, semibold, bold). */
export const FONT_WEIGHTS = [400, 500, 600, 700] as const;

/** The weight of body text: the file the page preloads. */
export const BODY_WEIGHT = 400;

/** The id of the page's <style> that holds the chosen font's faces (server-rendered, kept in step by the client). */
export const BRAND_FONT_ID = "brand-font";

/** Where the product serves its font files. */
export const FONT_PATH = "/fonts";

/** The latin subset's range (as @fontsource declares it). */
const LATIN =
  "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD";

/** The file name of one weight of a shipped font: "inter-latin-400-normal.woff2". */
export const fontFileName = (slug: string, weight: number) => `${slug}-latin-${weight}-normal.woff2`;

/** Every font file the product serves, by name (the build copies these from the packages). */
export function allFontFiles(): { slug: string; file: string }[] {
  return Object.values(FONT_PACKAGES).flatMap((p) => (p ? FONT_WEIGHTS.map((w) => ({ slug: p.slug, file: fontFileName(p.slug, w) })) : []));
}

/** The URL of the body-text file of a font, which the page preloads; null for a system font. */
export function fontPreloadHref(key: FontFamilyKey): string | null {
  const p = FONT_PACKAGES[key];
  return p ? `${FONT_PATH}/${fontFileName(p.slug, BODY_WEIGHT)}` : null;
}

/**
 * The @font-face rules of one font ("" for a system font): its weights, latin
 * only, `font-display: swap` so text shows at once in the fallback. Built
 * from the fixed table above only, so no partner input reaches the CSS.
 */
export function fontFaceCss(key: FontFamilyKey): string {
  const p = FONT_PACKAGES[key];
  if (!p) return "";
  return FONT_WEIGHTS.map(
    (w) =>
      `@font-face{font-family:"${p.family}";font-style:normal;font-weight:${w};font-display:swap;` +
      `src:url(${FONT_PATH}/${fontFileName(p.slug, w)}) format("woff2");unicode-range:${LATIN}}`,
  ).join("");
}
