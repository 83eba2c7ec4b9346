import { MESSAGES, type MessageKey as ApiMessageKey } from "../../contract/messages";
import type { Language } from "../../contract/preferences";
import type { MessageKey } from "../i18n";
import { getLanguage, translate } from "./i18n";

/**
 * The texts the API returns (contract/messages.ts) in the reader's language.
 * Apart from ./i18n, whose module is in the first load: only the screens that
 * show an API's message load these (sign-in's weight budget, in the bench).
 */

/** Each API message as a pattern: its `{placeholders}` (filled by the API, contract/zod-messages.ts) match any value. */
const PATTERNS = (Object.entries(MESSAGES) as [ApiMessageKey, string][])
  .map(([name, text]) => {
    const names: string[] = [];
    const source = text
      .split(/(\{\w+\})/)
      .map((part) => {
        const placeholder = /^\{(\w+)\}$/.exec(part);
        if (!placeholder) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        names.push(placeholder[1]!);
        return "(.+?)";
      })
      .join("");
    return { key: `message.${name}` as MessageKey, names, pattern: new RegExp(`^${source}$`), literal: text.replace(/\{\w+\}/g, "").length };
  })
  // Exact texts first, then the more specific pattern ("at least {minimum} characters" before "at least {minimum}").
  .sort((a, b) => Math.sign(a.names.length) - Math.sign(b.names.length) || b.literal - a.literal);

/** The catalogue key of a text the API returned (contract/messages.ts), if it is one, with the values it was filled with. */
export function apiMessage(text: string): { key: MessageKey; values?: Record<string, string> } | null {
  for (const { key, names, pattern } of PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    if (!names.length) return { key };
    return { key, values: Object.fromEntries(names.map((name, i) => [name, match[i + 1]!])) };
  }
  return null;
}

/** The catalogue key of a text the API returned (contract/messages.ts), if it is one. */
export function apiMessageKey(text: string): MessageKey | null {
  return apiMessage(text)?.key ?? null;
}

/** An API message (e.g. a field error) in the current language; unknown texts pass through. */
export function translateApiMessage(text: string, language: Language = getLanguage()): string {
  const found = apiMessage(text);
  return found ? translate(found.key, found.values, language) : text;
}
