import { enUS, type MessageKey } from "../../i18n/en-US";
import { translate } from "../../lib/i18n";
import { translateApiMessage } from "../../lib/api-messages";

/**
 * An API field message in the current language: the shared MESSAGES first,
 * then any `message.*` entry of the catalogue whose en-US text is the same
 * (e.g. "An invite has already been sent to this user"). Unknown texts pass through.
 */
export function translateMessage(text: string): string {
  const shared = translateApiMessage(text);
  if (shared !== text) return shared;
  const key = (Object.keys(enUS) as MessageKey[]).find((k) => k.startsWith("message.") && enUS[k] === text);
  return key ? translate(key) : text;
}
