import { luminance, parseHexColour, rgbTriple } from "./colour";
import { DEFAULT_STYLING, FONT_STACKS, type Styling } from "./styling";

/**
 * The CSS custom properties a partner's styling sets (SPEC §4: "Branding
 * styles apply immediately as colour variables"). Colours become RGB triples,
 * so only digits and spaces reach the style sheet; the font comes from a fixed
 * table. The server inlines them; the branding editor applies them live.
 */
export function brandVariables(s: Styling): Record<string, string> {
  const d = DEFAULT_STYLING;
  const triple = (value: string, fallback: string) => rgbTriple(value) ?? (rgbTriple(fallback) as string);
  const brand = parseHexColour(s.brandColour) ?? parseHexColour(d.brandColour)!;
  return {
    "--brand": triple(s.brandColour, d.brandColour),
    "--brand-foreground": luminance(brand) > 0.45 ? "17 24 39" : "255 255 255",
    "--gradient-1": triple(s.gradientColourOne, d.gradientColourOne),
    "--gradient-2": triple(s.gradientColourTwo, d.gradientColourTwo),
    "--gradient-text": triple(s.lightGradientTextColour, d.lightGradientTextColour),
    "--hero-text": triple(s.lightHeroTextColour, d.lightHeroTextColour),
    "--brand-font": FONT_STACKS[s.fontFamily] ?? FONT_STACKS[d.fontFamily],
  };
}

export function brandStyleSheet(s: Styling): string {
  const body = Object.entries(brandVariables(s))
    .map(([k, v]) => `${k}:${v};`)
    .join("");
  return `:root{${body}}`;
}
