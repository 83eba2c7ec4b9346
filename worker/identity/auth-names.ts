import { APIError, createAuthMiddleware } from "better-auth/api";
import { nameProblem } from "../../contract/forms";

/**
 * The names better-auth takes from a request body, by path: a person's on
 * sign-up and profile update, an organisation's on create and update. Each
 * follows the product's one rule for names (contract/forms.ts: bounded, one
 * line), as every name the /v1 API takes does, so no name that reaches a
 * mail can carry paragraphs of its own.
 */
const NAMES: Record<string, (body: Record<string, unknown>) => unknown[]> = {
  "/sign-up/email": (b) => [b.name],
  "/update-user": (b) => ("name" in b ? [b.name] : []),
  "/organization/create": (b) => [b.name],
  "/organization/update": (b) => {
    const data = b.data && typeof b.data === "object" ? (b.data as Record<string, unknown>) : {};
    return "name" in data ? [data.name] : [];
  },
};

export const namesChecked = createAuthMiddleware(async (ctx) => {
  const pick = NAMES[ctx.path];
  if (!pick || !ctx.body || typeof ctx.body !== "object") return;
  for (const value of pick(ctx.body as Record<string, unknown>)) {
    const problem = nameProblem(value);
    if (problem) throw new APIError("BAD_REQUEST", { code: "INVALID_NAME", message: `Name: ${problem}` });
  }
});
