import type { Language } from "../../contract/enums";
import { enAU } from "./en-AU";
import { enGB } from "./en-GB";
import { enUS, type Catalogue, type MessageKey } from "./en-US";

export type { Catalogue, MessageKey };

/** The three catalogues (US, GB and AU English). */
export const CATALOGUES: Record<Language, Catalogue> = { enUS, enGB, enAU };

/** BCP 47 tag of each language, for `<html lang>` and Intl. */
export const LANGUAGE_TAG: Record<Language, string> = { enUS: "en-US", enGB: "en-GB", enAU: "en-AU" };

/** Keys that have plural forms (`x_one`, `x_other`), named without the suffix. */
export type PluralKey = MessageKey extends infer K ? (K extends `${infer Base}_other` ? Base : never) : never;
