import { z } from "zod";

/** The address rule of sign-up, the password reset request and the confirmation resend (messages are catalogue keys). */
export const emailRule = z.string().trim().min(1, "form.requiredField").email("message.invalidEmail");

/** The password rule of sign-up and reset (the embedded provider's limits: 8 to 128 characters). */
export const passwordRule = z.string().min(8, "auth.passwordHint").max(128, "auth.passwordTooLong");

/** A same-origin path to continue to after a mail link; anything else is the post-auth screen. */
export function safeNext(value: string | null | undefined): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return "/post-auth";
  return value;
}
