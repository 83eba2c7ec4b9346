import type { Page } from "@playwright/test";
import { DEMO } from "../../db/seed/data";
import { signUpNewCustomer } from "./auth";
import { expect, expectAccessible, test } from "./fixtures";

const REFUSAL = "This assessment link was issued before your account changed provider. Take the assessment again from Home.";

/**
 * A new customer (`person`) with no provider yet takes a link to the
 * assessment, then links to the provider whose TAN is `tan` from Home's
 * prompt; answers the link's token.
 */
async function linkThenProvider(page: Page, person: string, tan: string): Promise<string> {
  await signUpNewCustomer(page, person, `${person.split(" ")[1]} Co ${Date.now().toString(36)}`);
  // A link issued while the customer has no provider yet.
  const token = await page.evaluate(async () => {
    const auth = await fetch("/api/auth/token").then((r) => r.json<{ token: string }>());
    const res = await fetch("/v1/assessments/fitness-score", { headers: { Authorization: `Bearer ${auth.token}` } });
    return (await res.json<{ token: string }>()).token;
  });
  const prompt = page.getByTestId("tan-prompt");
  await prompt.getByLabel("Provider TAN").fill(tan);
  await prompt.getByRole("button", { name: "Link" }).click();
  await expect(prompt).toBeHidden();
  return token;
}

test.describe("an assessment link issued before the customer changed provider", () => {
  test.setTimeout(180_000);

  test("is refused clearly, pointing to Home for a new one", async ({ page, allowConsoleErrors }) => {
    // The refusal is the 409 the page asks for.
    allowConsoleErrors(/status of 409/);
    const token = await linkThenProvider(page, "Lee Linked", DEMO.northwind.tan);
    await page.goto(new URL(`/assessment/${token}`, page.url()).toString());
    await expect(page.getByRole("alert")).toHaveText(REFUSAL);
    await expectAccessible(page);
  });

  test("is refused the same way, not as an invalid link, when the provider's data is on another shard, on a phone", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 409/);
    // Contoso: its data is on another shard than the one a customer without a provider starts on.
    const token = await linkThenProvider(page, "Kai Kestrel", DEMO.contoso.tan);
    await page.setViewportSize({ width: 375, height: 812 });
    // The move to Contoso's shard lands through the queue: the page is opened again until the account is there.
    await expect(async () => {
      await page.goto(new URL(`/assessment/${token}`, page.url()).toString());
      await expect(page.getByRole("alert")).toHaveText(REFUSAL, { timeout: 3_000 });
    }).toPass({ timeout: 60_000 });
    await expectAccessible(page);
  });
});
