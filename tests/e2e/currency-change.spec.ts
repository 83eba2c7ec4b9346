import type { Page } from "@playwright/test";
import { signUpNewCustomer, signUpNewPartner } from "./auth";
import { expect, expectAccessible, open, test } from "./fixtures";

/**
 * A partner changes its currency and its customers follow
 * (docs/decisions/2026-11-27-currency-follows-the-partner.md): a new partner
 * and a new customer linked to it by the TAN, both in dollars; the partner
 * picks pounds in Account Details, is asked to confirm with the customers
 * that move, confirms, and the customer's Account Details show pounds as its
 * provider's currency. Nothing seeded is touched.
 */

/** axe on the page in the light theme and in the dark one. */
async function accessibleInBothThemes(page: Page) {
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((t) => document.documentElement.classList.toggle("dark", t === "dark"), theme);
    await expectAccessible(page);
  }
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
}

test("a partner changes its currency to pounds after confirming, and its customer's details show pounds", async ({ page, otherPerson }) => {
  // Two sign-ups through the mailbox.
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);

  await signUpNewPartner(page, `Sterling Partner ${stamp}`, "Penny Pound");
  await open(page, "/admin/profile");
  const tan = (await page.getByTestId("account-tan").textContent())!.trim();

  const customer = await otherPerson();
  await signUpNewCustomer(customer, "Quinn Quid", `Quid Customer ${stamp}`);
  const prompt = customer.getByTestId("tan-prompt");
  await prompt.getByLabel("Provider TAN").fill(tan);
  await prompt.getByRole("button", { name: "Link" }).click();
  await expect(prompt).toBeHidden();
  await open(customer, "/admin/profile");
  await expect(customer.getByTestId("account-currency")).toHaveValue("USD");

  // The partner completes its details with pounds as its currency and is asked first.
  await page.getByRole("textbox", { name: "Website", exact: true }).fill(`sterling-${stamp}.example`);
  await page.getByRole("combobox", { name: "Industry", exact: true }).selectOption("education");
  await page.getByRole("combobox", { name: "Size", exact: true }).selectOption("1-10");
  await page.getByRole("textbox", { name: "Primary email", exact: true }).fill(`hello@sterling-${stamp}.example`);
  await page.getByRole("combobox", { name: "Location", exact: true }).selectOption("UK");
  await page.getByRole("combobox", { name: "Currency", exact: true }).selectOption("GBP");
  await page.getByRole("button", { name: "Save changes" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Change your currency to GBP?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("currency-change-effect")).toContainText("1 customer moves from USD to GBP with you.");
  await expect(dialog).toContainText("Your plans keep the price and currency they have.");
  await accessibleInBothThemes(page);

  // Cancelling changes nothing; confirming saves.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Save changes" }).click();
  await page.getByRole("alertdialog", { name: "Change your currency to GBP?" }).getByRole("button", { name: "Change currency" }).click();
  await expect(page.getByTestId("toast").getByText("Your organization's details are saved")).toBeVisible();
  await open(page, "/admin/profile");
  await expect(page.getByRole("combobox", { name: "Currency", exact: true })).toHaveValue("GBP");

  // The customer now pays in pounds, its provider's currency.
  await open(customer, "/admin/profile");
  const currency = customer.getByTestId("account-currency");
  await expect(currency).toHaveValue("GBP");
  await expect(currency).toHaveAttribute("readonly", "");
  await accessibleInBothThemes(customer);
});
