/**
 * Colours (Branding): a hex value of 3, 4, 6 or 8 digits, with an
 * optional leading hash and nothing else (no commas, no spaces inside).
 * Converted to an RGB triple, with alpha when 4 or 8 digits are given.
 */
export const HEX_COLOUR = /^#?(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

export type Rgb = { r: number; g: number; b: number; a?: number };

export function isHexColour(value: unknown): value is string {
  return typeof value === "string" && HEX_COLOUR.test(value.trim());
}

/** Parses a hex colour into its channels, or null when it is not one. */
export function parseHexColour(value: string): Rgb | null {
  const trimmed = value.trim();
  if (!HEX_COLOUR.test(trimmed)) return null;
  let hex = trimmed.replace(/^#/, "");
  if (hex.length <= 4) hex = [...hex].map((c) => c + c).join("");
  const channel = (i: number) => parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  const rgb: Rgb = { r: channel(0), g: channel(1), b: channel(2) };
  if (hex.length === 8) rgb.a = Math.round((channel(3) / 255) * 1000) / 1000;
  return rgb;
}

/** Normalises a valid colour to lowercase `#rrggbb` or `#rrggbbaa`. */
export function normaliseHexColour(value: string): string | null {
  const rgb = parseHexColour(value);
  if (!rgb) return null;
  const h = (n: number) => n.toString(16).padStart(2, "0");
  const alpha = rgb.a === undefined ? "" : h(Math.round(rgb.a * 255));
  return `#${h(rgb.r)}${h(rgb.g)}${h(rgb.b)}${alpha}`;
}

/**
 * The value of a CSS custom property holding the colour as a space-separated
 * triple ("15 118 110"), used as `rgb(var(--brand) / <alpha>)`. Only digits and
 * spaces can come out of it, so it is safe to inline into a style sheet.
 */
export function rgbTriple(value: string): string | null {
  const rgb = parseHexColour(value);
  return rgb ? `${rgb.r} ${rgb.g} ${rgb.b}` : null;
}

/** Relative luminance (WCAG), for choosing readable text on a brand colour. */
export function luminance({ r, g, b }: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio between two colours (1 to 21). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * The colour nearest to `fg` that reads on `bg` with at least `min` contrast:
 * `fg` itself when it already does, else mixed toward black (on a light
 * background) or white (on a dark one) in small steps.
 */
export function readableOn(fg: Rgb, bg: Rgb, min = 4.5): Rgb {
  const target = luminance(bg) > 0.4 ? 0 : 255;
  for (let t = 0; t <= 1.0001; t += 0.05) {
    const mix = (c: number) => Math.round(c + (target - c) * t);
    const candidate = { r: mix(fg.r), g: mix(fg.g), b: mix(fg.b) };
    if (contrastRatio(candidate, bg) >= min) return candidate;
  }
  return { r: target, g: target, b: target };
}
