import { signUpNewCustomer } from "./auth";
import { expect, expectAccessible, test } from "./fixtures";

test.describe("an assessment link issued before the customer changed provider", () => {
  test.setTimeout(180_000);

  test("is refused clearly, pointing to Home for a new one", async ({ page, allowConsoleErrors }) => {
    // The refusal is the 409 the page asks for.
    allowConsoleErrors(/status of 409/);
    await signUpNewCustomer(page, "Lee Linked", `Linked Co ${Date.now().toString(36)}`);
    // A link issued while the customer has no provider yet.
    const token = await page.evaluate(async () => {
      const auth = await fetch("/api/auth/token").then((r) => r.json<{ token: string }>());
      const res = await fetch("/v1/assessments/fitness-score", { headers: { Authorization: `Bearer ${auth.token}` } });
      return (await res.json<{ token: string }>()).token;
    });
    const prompt = page.getByTestId("tan-prompt");
    await prompt.getByLabel("Provider TAN").fill("482913");
    await prompt.getByRole("button", { name: "Link" }).click();
    await expect(prompt).toBeHidden();

    await page.goto(new URL(`/assessment/${token}`, page.url()).toString());
    await expect(page.getByRole("alert")).toHaveText(
      "This assessment link was issued before your account changed provider. Take the assessment again from Home.",
    );
    await expectAccessible(page);
  });
});
