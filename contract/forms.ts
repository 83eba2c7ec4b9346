import { z } from "zod";
import { MESSAGES } from "./messages";

/** Building blocks for request schemas, with the product's validation messages. */
export const requiredText = (max = 200) => z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(max, `At most ${max} characters`);

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
export const httpUrl = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(MAX_URL_LENGTH, MESSAGES.invalidUrl)
  .refine(isHttpUrl, MESSAGES.invalidUrl);

/** An optional http(s) URL: absent, null or blank is stored as null. */
export const optionalHttpUrl = z
  .union([z.string().max(MAX_URL_LENGTH, MESSAGES.invalidUrl), z.null()])
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : null))
  .refine((v) => v === null || isHttpUrl(v), MESSAGES.invalidUrl);

/** A website: http(s) URL; a bare host such as "northwind.com" is taken as https. */
export const websiteUrl = z
  .string({ error: MESSAGES.required })
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

export const email = z.string({ error: MESSAGES.required }).trim().toLowerCase().max(254, MESSAGES.invalidEmail).email(MESSAGES.invalidEmail);

export const uuid = z.string().uuid(MESSAGES.invalidUuid);

export const enumOf = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: MESSAGES.required });
