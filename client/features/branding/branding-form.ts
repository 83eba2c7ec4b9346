import { ImageTypes, MAX_UPLOAD_BYTES } from "../../../contract/accounts";
import { normaliseHexColour } from "../../../contract/colour";
import { MESSAGES } from "../../../contract/messages";
import {
  FONT_STACKS,
  MARK_ASPECT,
  MARK_TYPES,
  PLATFORM_NAME_CHARACTERS,
  SCORE_NAME_CHARACTERS,
  SCORE_STRING_CHARACTERS,
  SCORE_STRING_PLACEHOLDER,
  type Styling,
  type StylingDataInput,
  type StylingFileField,
} from "../../../contract/styling";
import { type TranslationKey } from "../../lib/i18n";
import { translateApiMessage } from "../../lib/api-messages";

/**
 * The branding form's model: its colour and image fields, the values of the
 * stored styling, the images picked but not yet saved, and the styling the
 * preview shows while editing.
 */
export type ColourKey = "brandColour" | "gradientColourOne" | "gradientColourTwo" | "lightGradientTextColour" | "lightHeroTextColour";
export const COLOURS: ColourKey[] = ["brandColour", "gradientColourOne", "gradientColourTwo", "lightGradientTextColour", "lightHeroTextColour"];
export const IMAGES: StylingFileField[] = ["logo", "mark", "homepageHeroBackground", "loginBackground"];
export const REMOVE = {
  logo: "removeLogo",
  mark: "removeMark",
  homepageHeroBackground: "removeHomepageHeroBackground",
  loginBackground: "removeLoginBackground",
} as const;

export type Images = Record<StylingFileField, { file: File | null; preview: string | null; removed: boolean; error: string | null }>;

export function toForm(s: Styling): StylingDataInput {
  return {
    brandColour: s.brandColour,
    gradientColourOne: s.gradientColourOne,
    gradientColourTwo: s.gradientColourTwo,
    lightGradientTextColour: s.lightGradientTextColour,
    lightHeroTextColour: s.lightHeroTextColour,
    fontFamily: s.fontFamily,
    platformName: s.platformName,
    showLogoOnLogin: s.showLogoOnLogin,
    supportEmail: s.supportEmail ?? "",
    scoreName: s.scoreName ?? "",
    customScoreString: s.customScoreString ?? "",
  };
}

export const noImages = (): Images => ({
  logo: { file: null, preview: null, removed: false, error: null },
  mark: { file: null, preview: null, removed: false, error: null },
  homepageHeroBackground: { file: null, preview: null, removed: false, error: null },
  loginBackground: { file: null, preview: null, removed: false, error: null },
});

/** An allowed image type under 50 MB; the mark PNG or WebP only (the server checks again). */
export function fileProblem(file: File, field: StylingFileField): string | null {
  if (field === "mark" && !(MARK_TYPES as readonly string[]).includes(file.type)) return MESSAGES.markType;
  if (!(ImageTypes as readonly string[]).includes(file.type)) return MESSAGES.fileType;
  if (file.size > MAX_UPLOAD_BYTES) return MESSAGES.fileTooLarge;
  return null;
}

/** Whether an image of this size is square enough for a mark (width over height within MARK_ASPECT). */
export const squareEnough = (width: number, height: number) => height > 0 && width / height >= MARK_ASPECT.min && width / height <= MARK_ASPECT.max;

/** The mark's shape problem, read from the picked image as the browser decodes it (the server reads the header). */
export function markShapeProblem(url: string): Promise<string | null> {
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve(squareEnough(img.naturalWidth, img.naturalHeight) ? null : MESSAGES.markNotSquare);
    img.onerror = () => resolve(MESSAGES.fileType);
    img.src = url;
  });
}

/** Messages of this screen that are not in contract/messages.ts. */
export function message(t: (k: TranslationKey) => string, text: string | undefined): string | null {
  if (!text) return null;
  if (text === PLATFORM_NAME_CHARACTERS) return t("branding.platformNameCharacters");
  if (text === SCORE_NAME_CHARACTERS) return t("branding.scoreNameCharacters");
  if (text === SCORE_STRING_CHARACTERS) return t("branding.scoreStringCharacters");
  if (text === SCORE_STRING_PLACEHOLDER) return t("branding.scoreStringPlaceholder");
  return translateApiMessage(text);
}

/** The styling as edited: valid values from the form and picked images, the saved ones elsewhere. */
export function draftStyling(saved: Styling, values: StylingDataInput, images: Images): Styling {
  const colour = (key: ColourKey) => normaliseHexColour(String(values[key] ?? "")) ?? saved[key];
  const image = (f: StylingFileField) => (images[f].preview ? { uri: images[f].preview } : images[f].removed ? null : saved[f]);
  const name = String(values.platformName ?? "").trim();
  return {
    ...saved,
    brandColour: colour("brandColour"),
    gradientColourOne: colour("gradientColourOne"),
    gradientColourTwo: colour("gradientColourTwo"),
    lightGradientTextColour: colour("lightGradientTextColour"),
    lightHeroTextColour: colour("lightHeroTextColour"),
    fontFamily: values.fontFamily in FONT_STACKS ? values.fontFamily : saved.fontFamily,
    // The preview shows the name as typed; a name over the limit is the field's error, not cut here.
    platformName: name || saved.platformName,
    showLogoOnLogin: Boolean(values.showLogoOnLogin),
    logo: image("logo"),
    mark: image("mark"),
    homepageHeroBackground: image("homepageHeroBackground"),
    loginBackground: image("loginBackground"),
  };
}
