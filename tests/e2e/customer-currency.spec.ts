import { confirmFromMailbox, uniqueEmail } from "./auth";
import { CONTOSO_ORIGIN, expect, expectAccessible, open, test } from "./fixtures";

/**
 * A customer's currency is its partner's (docs/decisions/2026-11-27-customer-currency-is-its-partners.md):
 * a new customer signing up on Contoso's domain pays in pounds, so its
 * catalogue shows Contoso's prices in £, and its Account Details show the
 * currency as its provider's, not to be chosen.
 */
test("a new customer signing up on Contoso's domain sees Contoso's prices in pounds, and its currency as its provider's", async ({ page }) => {
  test.setTimeout(120_000);
  await open(page, `${CONTOSO_ORIGIN}/signup`);
  await expect(page.getByTestId("platform-name")).toHaveText("Contoso Skills");
  await page.getByLabel("Full name").fill("Gwen Pound");
  const email = uniqueEmail("gwen");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill("Str0ng-pass!");
  await page.getByRole("button", { name: "Create account" }).click();
  await confirmFromMailbox(page, email);
  await expect(page).toHaveURL(`${CONTOSO_ORIGIN}/onboarding`, { timeout: 20_000 });
  await page.getByLabel(/Organi[sz]ation name/).fill("Sterling Surgeries");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(`${CONTOSO_ORIGIN}/`, { timeout: 20_000 });

  await open(page, `${CONTOSO_ORIGIN}/workouts`);
  const prices = page.getByTestId("workout-price");
  await expect(prices.first()).toBeVisible({ timeout: 20_000 });
  const shown = await prices.allTextContents();
  const money = shown.filter((p) => /\d/.test(p) && !/credit/i.test(p));
  expect(money.length, shown.join(" | ")).toBeGreaterThan(0);
  for (const p of money) expect(p).toMatch(/^£\d/);
  await expectAccessible(page);

  await open(page, `${CONTOSO_ORIGIN}/admin/profile`);
  const currency = page.getByTestId("account-currency");
  await expect(currency).toHaveValue("GBP", { timeout: 20_000 });
  await expect(currency).toHaveAttribute("readonly", "");
  await expect(page.getByText("Your provider's currency: its prices are in it, so it is set by your provider.")).toBeVisible();
  await expectAccessible(page);
});
