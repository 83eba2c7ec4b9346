import type { Language } from "../../contract/preferences";

/** BCP 47 tag of each language, for `<html lang>` and Intl. */
export const LANGUAGE_TAG: Record<Language, string> = { enUS: "en-US", enGB: "en-GB", enAU: "en-AU" };
