import type { Language } from "../../contract/enums";
import { enAU } from "./en-AU";
import { enGB } from "./en-GB";
import { enUS, type Catalogue, type MessageKey } from "./en-US";

export type { Catalogue, MessageKey };
export { LANGUAGE_TAG } from "./tags";

/** The three full catalogues (US, GB and AU English). The browser loads them with the first route that needs more than the first screens' keys (client/lib/i18n.tsx). */
export const CATALOGUES: Record<Language, Catalogue> = { enUS, enGB, enAU };

/** Keys that have plural forms (`x_one`, `x_other`), named without the suffix. */
export type PluralKey = MessageKey extends infer K ? (K extends `${infer Base}_other` ? Base : never) : never;
