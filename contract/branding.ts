import { contrastRatio, parseHexColour, readableOn, rgbTriple, type Rgb } from "./colour";
import type { Styling } from "./styling";
import { DEFAULT_STYLING, FONT_STACKS, PARTNER_DEFAULT_STYLING } from "./styling-values";

/**
 * The CSS custom properties a partner's styling sets ("Branding
 * styles apply immediately as colour variables"). Colours become RGB triples,
 * so only digits and spaces reach the style sheet; the font comes from a fixed
 * table. The server inlines them; the branding editor applies them live.
 */
/** The surfaces brand-coloured text sits on: the light card and the dark card (see client/styles.css). */
export const LIGHT_SURFACE: Rgb = { r: 255, g: 255, b: 255 };
export const DARK_SURFACE: Rgb = { r: 24, g: 24, b: 27 };

const triple = ({ r, g, b }: Rgb) => `${r} ${g} ${b}`;
const WHITE: Rgb = { r: 255, g: 255, b: 255 };
const INK: Rgb = { r: 17, g: 24, b: 39 };

export function brandVariables(s: Styling): Record<string, string> {
  // A colour that is not one falls back to the product's look on its own pages, else to the neutral partner look.
  const d = s.id === DEFAULT_STYLING.id ? DEFAULT_STYLING : PARTNER_DEFAULT_STYLING;
  const hex = (value: string, fallback: string): string => rgbTriple(value) ?? (rgbTriple(fallback) as string);
  const brand = parseHexColour(s.brandColour) ?? parseHexColour(d.brandColour)!;
  return {
    "--brand": hex(s.brandColour, d.brandColour),
    // Text on the brand colour: whichever of white and near-black contrasts more.
    "--brand-foreground": contrastRatio(brand, WHITE) >= contrastRatio(brand, INK) ? "255 255 255" : "17 24 39",
    // Brand-coloured text that keeps 4.5:1 contrast on each theme's surfaces.
    "--brand-text": triple(readableOn(brand, LIGHT_SURFACE)),
    "--brand-text-dark": triple(readableOn(brand, DARK_SURFACE)),
    "--gradient-1": hex(s.gradientColourOne, d.gradientColourOne),
    "--gradient-2": hex(s.gradientColourTwo, d.gradientColourTwo),
    "--gradient-text": hex(s.lightGradientTextColour, d.lightGradientTextColour),
    "--hero-text": hex(s.lightHeroTextColour, d.lightHeroTextColour),
    "--brand-font": FONT_STACKS[s.fontFamily] ?? FONT_STACKS[d.fontFamily],
  };
}

export function brandStyleSheet(s: Styling): string {
  const body = Object.entries(brandVariables(s))
    .map(([k, v]) => `${k}:${v};`)
    .join("");
  return `:root{${body}}`;
}

/** WCAG AA's minimum contrast for body text. */
export const AA_CONTRAST = 4.5;

/** A colour pair of a styling that reads below AA: the text colour's key, what it sits on, and the worst ratio. */
export type ContrastWarning = {
  colour: "brandColour" | "lightHeroTextColour" | "lightGradientTextColour";
  against: "white" | "gradient";
  ratio: number;
};

/**
 * Where a styling's text would be hard to read (below 4.5:1): the hero and
 * gradient text colours against each of the gradient's two colours (their
 * background; the worse one counts), and the brand colour against white
 * (buttons and links on the light card). A value that is not a colour yet is
 * not judged (the form says what is wrong with it).
 */
export function contrastWarnings(
  s: Pick<Styling, "brandColour" | "gradientColourOne" | "gradientColourTwo" | "lightHeroTextColour" | "lightGradientTextColour">,
): ContrastWarning[] {
  const out: ContrastWarning[] = [];
  const stops = [parseHexColour(s.gradientColourOne), parseHexColour(s.gradientColourTwo)].filter((c): c is Rgb => c !== null);
  for (const colour of ["lightHeroTextColour", "lightGradientTextColour"] as const) {
    const text = parseHexColour(s[colour]);
    if (!text || !stops.length) continue;
    const ratio = Math.min(...stops.map((stop) => contrastRatio(text, stop)));
    if (ratio < AA_CONTRAST) out.push({ colour, against: "gradient", ratio });
  }
  const brand = parseHexColour(s.brandColour);
  if (brand) {
    const ratio = contrastRatio(brand, WHITE);
    if (ratio < AA_CONTRAST) out.push({ colour: "brandColour", against: "white", ratio });
  }
  return out;
}
