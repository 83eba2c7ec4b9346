import { MESSAGES, type MessageKey as ApiMessageKey } from "../../contract/messages";
import type { Language } from "../../contract/preferences";
import type { MessageKey } from "../i18n";
import { getLanguage, translate } from "./i18n";

/**
 * The texts the API returns (contract/messages.ts) in the reader's language.
 * Apart from ./i18n, whose module is in the first load: only the screens that
 * show an API's message load these (sign-in's weight budget, in the bench).
 */

/** The catalogue key of a text the API returned (contract/messages.ts), if it is one. */
export function apiMessageKey(text: string): MessageKey | null {
  for (const [name, value] of Object.entries(MESSAGES) as [ApiMessageKey, string][]) {
    if (value === text) return `message.${name}` as MessageKey;
  }
  return null;
}

/** An API message (e.g. a field error) in the current language; unknown texts pass through. */
export function translateApiMessage(text: string, language: Language = getLanguage()): string {
  const key = apiMessageKey(text);
  return key ? translate(key, undefined, language) : text;
}
