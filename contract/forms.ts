import { z } from "zod";
import { MESSAGES } from "./messages";

/** Building blocks for request schemas, with SPEC §5's messages. */
export const requiredText = (max = 200) =>
  z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(max, `At most ${max} characters`);

export const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/** A website: http(s) URL; a bare host such as "northwind.com" is taken as https. */
export const websiteUrl = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .transform((v) => (/^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`))
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === "https:" || u.protocol === "http:") && u.hostname.includes(".");
    } catch {
      return false;
    }
  }, MESSAGES.invalidUrl);

export const email = z.string({ error: MESSAGES.required }).trim().toLowerCase().email(MESSAGES.invalidEmail);

export const uuid = z.string().uuid(MESSAGES.invalidUuid);

export const enumOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: MESSAGES.required });
