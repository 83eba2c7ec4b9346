import { z } from "zod";
import { HEX_COLOUR } from "./colour";
import { MESSAGES } from "./messages";

/** SPEC §3 font family keys, with the CSS stack each one stands for. */
export const FONT_STACKS = {
  helveticaNeue: '"Helvetica Neue", Helvetica, Arial, sans-serif',
  inter: 'Inter, "Helvetica Neue", Arial, sans-serif',
  manrope: 'Manrope, "Helvetica Neue", Arial, sans-serif',
  openSans: '"Open Sans", "Helvetica Neue", Arial, sans-serif',
  poppins: 'Poppins, "Helvetica Neue", Arial, sans-serif',
  roboto: 'Roboto, "Helvetica Neue", Arial, sans-serif',
} as const;
export type FontFamilyKey = keyof typeof FONT_STACKS;
export const FontFamily = z.enum(Object.keys(FONT_STACKS) as [FontFamilyKey, ...FontFamilyKey[]]);

export const PLATFORM_NAME_MAX = 20;

export const HexColour = z.string().trim().regex(HEX_COLOUR, MESSAGES.invalidColour);

export const FileRef = z.object({ uri: z.string() }).meta({ id: "FileRef" });

/** The styling a partner's pages wear (SPEC §3 Styling), as the API answers it. */
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
    homepageHeroBackground: FileRef.nullable(),
    loginBackground: FileRef.nullable(),
    showLogoOnLogin: z.boolean(),
    supportEmail: z.string().nullable(),
  })
  .meta({ id: "Styling" });
export type Styling = z.infer<typeof Styling>;

/** The product's own look, worn on the main domain and by unknown hosts. */
export const DEFAULT_STYLING: Styling = {
  id: "default",
  brandColour: "#2563eb",
  gradientColourOne: "#2563eb",
  gradientColourTwo: "#7c3aed",
  lightGradientTextColour: "#ffffff",
  lightHeroTextColour: "#ffffff",
  fontFamily: "inter",
  platformName: "TechFIT",
  logo: null,
  homepageHeroBackground: null,
  loginBackground: null,
  showLogoOnLogin: true,
  supportEmail: "support@techfit.example",
};

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
