import { z } from "zod";

/** The password rule of sign-up and reset (the embedded provider's limits: 8 to 128 characters). */
export const passwordRule = z.string().min(8, "auth.passwordHint").max(128, "auth.passwordTooLong");

/** A same-origin path to continue to after a mail link; anything else is the post-auth screen. */
export function safeNext(value: string | null | undefined): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return "/post-auth";
  return value;
}
