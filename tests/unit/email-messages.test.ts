import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { AccountDetails } from "../../contract/accounts";
import { SubmitAssessmentBody, assessmentFormSchema } from "../../contract/assessments";
import { email } from "../../contract/forms";
import { MESSAGES } from "../../contract/messages";
import { emailRule } from "../../client/features/auth/password";
import { SIGN_IN_RULES } from "../../client/features/auth/signInRules";

/** The first message a schema gives for `value`, or null when it passes. */
function messageOf(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** Every schema in the product that checks one e-mail address, with the messages it speaks (the API's, or the catalogue's keys). */
const EMAIL_FIELDS: [string, z.ZodType, { required: string; invalid: string }][] = [
  ["the contract's address", email, { required: MESSAGES.required, invalid: MESSAGES.invalidEmail }],
  ["an account's primary address (onboarding, profile)", AccountDetails.shape.primaryEmail, { required: MESSAGES.required, invalid: MESSAGES.invalidEmail }],
  ["the assessment's taker (screen)", assessmentFormSchema([], true).shape.assesseeEmail, { required: MESSAGES.required, invalid: MESSAGES.invalidEmail }],
  ["the assessment's taker (API)", SubmitAssessmentBody.shape.assesseeEmail.unwrap(), { required: MESSAGES.required, invalid: MESSAGES.invalidEmail }],
  ["sign-up, resend and forgotten password", emailRule, { required: "form.requiredField", invalid: "message.invalidEmail" }],
];

describe("an e-mail field says Required when empty and Invalid Email when wrong, never zod's wording", () => {
  for (const [name, schema, m] of EMAIL_FIELDS) {
    it(name, () => {
      expect(messageOf(schema, "")).toBe(m.required);
      expect(messageOf(schema, "   ")).toBe(m.required);
      expect(messageOf(schema, "nope")).toBe(m.invalid);
      expect(messageOf(schema, "a@b")).toBe(m.invalid);
      expect(messageOf(schema, " Dan@Fabrikam.test ")).toBeNull();
    });
  }

  it("sign-in (its own rule, shared with the form posted without script)", () => {
    expect(SIGN_IN_RULES.email("")).toBe("form.requiredField");
    expect(SIGN_IN_RULES.email("  ")).toBe("form.requiredField");
    expect(SIGN_IN_RULES.email("nope")).toBe("message.invalidEmail");
  });
});
