/**
 * The styling values the client needs on its first load (the boot screen,
 * the brand variables), kept free of zod so that load stays small; the
 * schemas are in ./styling.ts, which re-exports these.
 */
import type { Styling } from "./styling";

/** Font family keys, with the CSS stack each one stands for. */
export const FONT_STACKS = {
  helveticaNeue: '"Helvetica Neue", Helvetica, Arial, sans-serif',
  inter: 'Inter, "Helvetica Neue", Arial, sans-serif',
  manrope: 'Manrope, "Helvetica Neue", Arial, sans-serif',
  openSans: '"Open Sans", "Helvetica Neue", Arial, sans-serif',
  poppins: 'Poppins, "Helvetica Neue", Arial, sans-serif',
  roboto: 'Roboto, "Helvetica Neue", Arial, sans-serif',
} as const;
export type FontFamilyKey = keyof typeof FONT_STACKS;

/** The product's own look, used on the main domain and wherever a partner has not styled something. */
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
  mark: null,
  homepageHeroBackground: null,
  loginBackground: null,
  showLogoOnLogin: true,
  supportEmail: "support@techfit.example",
  scoreName: null,
  customScoreString: null,
};

/**
 * The neutral look of a partner that has not chosen its colours (graphite
 * brand, slate gradient, off-white text at AA contrast; no hex shared with
 * the product's look): a partner's domain, its
 * login and its mail never wear the product's colours. Its platform name is
 * the partner's own (see partnerDefaultStyling), never the product's.
 */
export const PARTNER_DEFAULT_STYLING: Styling = {
  ...DEFAULT_STYLING,
  id: "partner-default",
  brandColour: "#334155",
  gradientColourOne: "#475569",
  gradientColourTwo: "#1e293b",
  lightGradientTextColour: "#f8fafc",
  lightHeroTextColour: "#f8fafc",
  platformName: "",
  supportEmail: null,
};

/** The neutral partner look under the partner's own platform name. */
export const partnerDefaultStyling = (platformName: string): Styling => ({ ...PARTNER_DEFAULT_STYLING, platformName });
