import { z } from "zod";
import { MESSAGES } from "./messages";

/** Building blocks for request schemas, with the product's validation messages. */
export const requiredText = (max = 200) => z.string().trim().min(1, MESSAGES.required).max(max, `At most ${max} characters`);

/**
 * The one rule for a name and every other short user-written text that can
 * reach another person's mail (a person's, an account's, a team's, a
 * workout's name): at most `max` characters and on one line — no line
 * breaks, tabs or other control characters (U+0000–U+001F, U+007F–U+009F,
 * U+2028, U+2029). A multi-line or unbounded name would let anyone write
 * their own paragraphs into a mail the product sends in a partner's brand.
 */
export const NAME_MAX = 120;
export const ONE_LINE_MESSAGE = "Must be on one line";
// eslint-disable-next-line no-control-regex
const NOT_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
export const isOneLine = (value: string): boolean => !NOT_ONE_LINE.test(value);

/** A required one-line text (see NAME_MAX). */
export const requiredLine = (max = NAME_MAX) => requiredText(max).refine(isOneLine, ONE_LINE_MESSAGE);

/** An optional one-line text: absent, null or blank is null. */
export const optionalLine = (max = NAME_MAX) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .refine(isOneLine, ONE_LINE_MESSAGE)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/** Why a name is refused (null when it is fine): better-auth's own fields go through the same rule. */
export function nameProblem(value: unknown, max = NAME_MAX): string | null {
  if (typeof value !== "string") return MESSAGES.required;
  if (value.trim().length > max) return `At most ${max} characters`;
  return isOneLine(value) ? null : ONE_LINE_MESSAGE;
}

/**
 * A user-written value as it goes into a mail: on one line (each run of
 * control characters and spaces becomes one space) and at most `max`
 * characters, for values stored before the rule or written by another way in.
 */
export function oneLine(value: string, max = NAME_MAX): string {
  // eslint-disable-next-line no-control-regex
  const line = value.replace(/[\s\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

export const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/** The longest URL stored anywhere. */
export const MAX_URL_LENGTH = 2000;

/**
 * The one rule for every URL the product stores (attachments, action item
 * links, websites, featured media): an absolute http or https URL with a
 * host. Anything else (javascript:, data:, vbscript:, file:, relative paths)
 * is refused with "Must be a valid URL", so a stored URL is safe in an href.
 */
export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === "https:" || u.protocol === "http:") && u.hostname.length > 0;
  } catch {
    return false;
  }
}

/** A required http(s) URL. */
export const httpUrl = z.string().trim().min(1, MESSAGES.required).max(MAX_URL_LENGTH, MESSAGES.invalidUrl).refine(isHttpUrl, MESSAGES.invalidUrl);

/** An optional http(s) URL: absent, null or blank is stored as null. */
export const optionalHttpUrl = z
  .union([z.string().max(MAX_URL_LENGTH, MESSAGES.invalidUrl), z.null()])
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : null))
  .refine((v) => v === null || isHttpUrl(v), MESSAGES.invalidUrl);

/** A website: http(s) URL; a bare host such as "northwind.com" is taken as https. */
export const websiteUrl = z
  .string()
  .trim()
  .min(1, MESSAGES.required)
  .max(MAX_URL_LENGTH, MESSAGES.invalidUrl)
  .transform((v) => (/^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`))
  .refine((v) => isHttpUrl(v) && new URL(v).hostname.includes("."), MESSAGES.invalidUrl);

/**
 * An optional field of a body that updates a stored record: absent means
 * "leave it as it is" (the output has no key, and the worker writes only the
 * keys given), while null or an empty value clears it. Every update body wraps
 * its optional fields in this, so leaving a field out never erases it.
 */
export const unchangedIfAbsent = <T extends z.ZodType>(schema: T) => schema.optional();

/** An e-mail address: empty (once trimmed) is "Required", anything else not an address "Invalid Email" (never zod's own wording). */
export const email = z.string().trim().min(1, MESSAGES.required).toLowerCase().max(254, MESSAGES.invalidEmail).email(MESSAGES.invalidEmail);

export const uuid = z.string().uuid(MESSAGES.invalidUuid);

export const enumOf = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values);
