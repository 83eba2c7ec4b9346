import { z } from "zod";
import { HEX_COLOUR, normaliseHexColour } from "./colour";
import { unchangedIfAbsent } from "./forms";
import { MESSAGES } from "./messages";
import { DEFAULT_STYLING, FONT_STACKS, type FontFamilyKey } from "./styling-values";

// The zod-free values live in ./styling-values so the client's first load does not need zod.
export { DEFAULT_STYLING, FONT_STACKS, PARTNER_DEFAULT_STYLING, partnerDefaultStyling, type FontFamilyKey } from "./styling-values";

export const FontFamily = z.enum(Object.keys(FONT_STACKS) as [FontFamilyKey, ...FontFamilyKey[]]);

export const PLATFORM_NAME_MAX = 20;

export const HexColour = z.string().trim().regex(HEX_COLOUR, MESSAGES.invalidColour);

export const FileRef = z.object({ uri: z.string() }).meta({ id: "FileRef" });

/** The styling a partner's pages wear (Styling), as the API answers it. */
export const Styling = z
  .object({
    id: z.string(),
    brandColour: z.string(),
    gradientColourOne: z.string(),
    gradientColourTwo: z.string(),
    lightGradientTextColour: z.string(),
    lightHeroTextColour: z.string(),
    fontFamily: FontFamily,
    platformName: z.string(),
    logo: FileRef.nullable(),
    /** The partner's square mark (small square places, favicon); null: the logo contained, else initials. */
    mark: FileRef.nullable(),
    homepageHeroBackground: FileRef.nullable(),
    loginBackground: FileRef.nullable(),
    showLogoOnLogin: z.boolean(),
    supportEmail: z.string().nullable(),
    /** The fitness score's name as the partner set it; null: the platform name (see scoreNameOf). */
    scoreName: z.string().nullable(),
    /** How the score reads, "{score}" standing for the number (e.g. "{score}/100"); null: the product's wording. */
    customScoreString: z.string().nullable(),
  })
  .meta({ id: "Styling" });
export type Styling = z.infer<typeof Styling>;

/** The product's own look, worn on the main domain and by unknown hosts. */

export const StylesQuery = z.object({
  origin: z
    .string()
    .trim()
    .optional()
    .refine((v) => v === undefined || isHttpOrigin(v), MESSAGES.invalidOrigin),
});

/** True for an absolute http(s) URL (the origin is taken from it). */
export function isHttpOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Characters that could end an HTML text node or a CSS block; refused in the platform name. */
const MARKUP = /[<>{}\\`]/;
/** The characters hasMarkup refuses, each on its own (a global pattern for replacing them). */
// eslint-disable-next-line no-control-regex
const MARKUP_OR_CONTROL = /[<>{}\\`\u0000-\u001f\u007f]/g;
const hasMarkup = (v: string) => MARKUP.test(v) || [...v].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);
export const PLATFORM_NAME_CHARACTERS = "Platform name cannot contain < > { } \\ or `";

/**
 * The one rule for a platform name (the partner's name in titles, the boot
 * screen, mails): 1–20 characters of plain text, none of < > { } \ ` and no
 * control characters. Every write of a platform name passes it, and a name
 * taken from elsewhere (an account's name) is made to pass by
 * `platformNameFrom`.
 */
export const PlatformName = z
  .string()
  .trim()
  .min(1, MESSAGES.required)
  .max(PLATFORM_NAME_MAX, MESSAGES.platformNameTooLong)
  .refine((v) => !hasMarkup(v), PLATFORM_NAME_CHARACTERS);

export const SCORE_NAME_MAX = 30;
export const SCORE_STRING_MAX = 30;
/** The placeholder a custom score string shows the number in. */
export const SCORE_PLACEHOLDER = "{score}";
export const SCORE_STRING_PLACEHOLDER = "Score text must contain {score}";
export const SCORE_NAME_CHARACTERS = "Score name cannot contain < > { } \\ or `";
export const SCORE_STRING_CHARACTERS = "Score text cannot contain < > \\ or `";

/** Optional plain text of at most `max` characters; absent keeps the stored value, "" or null clears it. */
const optionalText = (max: number, tooLong: string, allowed: (v: string) => boolean, refused: string) =>
  unchangedIfAbsent(
    z
      .string()
      .trim()
      .max(max, tooLong)
      .refine((v) => allowed(v), refused)
      .nullable()
      .optional()
      .transform((v) => (v ? v : null)),
  );

/** The score's name (Branding): plain text like a platform name, up to 30 characters. */
export const ScoreNameField = optionalText(SCORE_NAME_MAX, MESSAGES.scoreNameTooLong, (v) => !hasMarkup(v), SCORE_NAME_CHARACTERS);
/** The score's display string: up to 30 characters holding "{score}" once or more; braces only in it. */
export const ScoreStringField = optionalText(
  SCORE_STRING_MAX,
  MESSAGES.scoreStringTooLong,
  (v) => !v || !hasMarkup(v.replaceAll(SCORE_PLACEHOLDER, "")),
  SCORE_STRING_CHARACTERS,
).refine((v) => !v || v.includes(SCORE_PLACEHOLDER), SCORE_STRING_PLACEHOLDER);

/** The score's name a styling gives: the partner's own, else its platform name. */
export const scoreNameOf = (s: { scoreName?: string | null; platformName: string }) => s.scoreName || s.platformName;

/** The score as the styling words it ("{score}/100" by default). */
export const scoreStringOf = (s: { customScoreString?: string | null }, score: number) =>
  (s.customScoreString || `${SCORE_PLACEHOLDER}/100`).replaceAll(SCORE_PLACEHOLDER, String(score));

export const isPlatformName = (v: string) => PlatformName.safeParse(v).success && v === v.trim();

/**
 * A platform name made from any text (an account's name, a stored value):
 * the refused characters become spaces, runs of spaces one, cut to 20
 * characters (never inside a character), trimmed; the product's own name
 * when nothing is left. The result always passes `PlatformName`.
 */
export function platformNameFrom(text: string | null | undefined, fallback = DEFAULT_STYLING.platformName): string {
  // Each markup or control character becomes a space (the characters hasMarkup refuses), in one pass.
  const plain = (text ?? "").replace(MARKUP_OR_CONTROL, " ").replace(/\s+/g, " ").trim();
  let cut = "";
  for (const ch of plain) {
    if (cut.length + ch.length > PLATFORM_NAME_MAX) break;
    cut += ch;
  }
  cut = cut.trim();
  return cut || fallback;
}

/**
 * The styling a partner saves (`PUT v1/admin/styles`, the `data`
 * part of the multipart body; Branding). Colours are hex only,
 * stored normalised; the font is one of the six keys; the platform name is
 * plain text of at most 20 characters. Images travel as files by field name
 * (STYLING_FILE_FIELDS); `remove*` clears a stored image. Unknown keys are
 * dropped (and logged by the worker).
 */
const colourField = z
  .string()
  .trim()
  .regex(HEX_COLOUR, MESSAGES.invalidColour)
  .transform((v) => normaliseHexColour(v) as string);
export const StylingData = z.object({
  brandColour: colourField,
  gradientColourOne: colourField,
  gradientColourTwo: colourField,
  lightGradientTextColour: colourField,
  lightHeroTextColour: colourField,
  fontFamily: z.enum(Object.keys(FONT_STACKS) as [FontFamilyKey, ...FontFamilyKey[]]),
  platformName: PlatformName,
  showLogoOnLogin: z.boolean({ error: MESSAGES.invalidBoolean }),
  /** Absent keeps the stored address; null or "" clears it. */
  supportEmail: unchangedIfAbsent(
    z
      .string()
      .trim()
      .toLowerCase()
      .max(254, MESSAGES.invalidEmail)
      .refine((v) => v === "" || z.email().safeParse(v).success, MESSAGES.invalidEmail)
      .nullable()
      .optional()
      .transform((v) => (v ? v : null)),
  ),
  scoreName: ScoreNameField,
  customScoreString: ScoreStringField,
  removeLogo: z.boolean().optional(),
  removeMark: z.boolean().optional(),
  removeHomepageHeroBackground: z.boolean().optional(),
  removeLoginBackground: z.boolean().optional(),
});
export type StylingDataInput = z.input<typeof StylingData>;
export type StylingData = z.output<typeof StylingData>;

/** The keys `StylingData` knows; any other key in a save is logged and ignored. */
export const STYLING_DATA_KEYS = Object.keys(StylingData.shape);

/** The image fields of the multipart save, with the product's suggested sizes. */
export const STYLING_FILE_FIELDS = ["logo", "mark", "homepageHeroBackground", "loginBackground"] as const;
export type StylingFileField = (typeof STYLING_FILE_FIELDS)[number];
export const SUGGESTED_IMAGE_SIZES: Record<StylingFileField, { width: number; height: number } | null> = {
  logo: null,
  mark: { width: 512, height: 512 },
  homepageHeroBackground: { width: 1920, height: 800 },
  loginBackground: { width: 1920, height: 1080 },
};

/** The mark's types (no JPEG or GIF: an icon wants transparency; SVG is refused like every upload). */
export const MARK_TYPES = ["image/png", "image/webp"] as const;
/** How far from square a mark may be: its width over its height lies within these. */
export const MARK_ASPECT = { min: 0.9, max: 1.1 } as const;
