import type { LoginFailure } from "../../../contract/boot";

/**
 * The sign-in form's own rules, applied by the screen before it asks the
 * provider and by the Worker to a form posted without the script
 * (worker/ssr/login-post.ts), so both show the same field messages.
 */
export type SignInField = "email" | "password";
export type SignInErrors = NonNullable<LoginFailure["fields"]>;

export const SIGN_IN_FIELDS: readonly SignInField[] = ["email", "password"];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const SIGN_IN_RULES: { [F in SignInField]: (value: string) => SignInErrors[F] } = {
  email: (v) => (v.trim() === "" ? "form.requiredField" : EMAIL.test(v.trim()) ? undefined : "message.invalidEmail"),
  password: (v) => (v !== "" ? undefined : "form.requiredField"),
};

/** Each field's message for these values; empty when the form may be sent. */
export function signInErrors(values: Record<SignInField, string>): SignInErrors {
  const errors: SignInErrors = {};
  const email = SIGN_IN_RULES.email(values.email);
  const password = SIGN_IN_RULES.password(values.password);
  if (email) errors.email = email;
  if (password) errors.password = password;
  return errors;
}

/** The sign-in screen's notice after a password reset (its state, or `?notice=` when it is another domain's). */
export const PASSWORD_CHANGED = "passwordChanged";
