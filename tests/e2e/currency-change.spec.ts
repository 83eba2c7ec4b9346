import type { Page } from "@playwright/test";
import { signUpNewCustomer, signUpNewPartner } from "./auth";
import { expect, expectAccessible, open, test } from "./fixtures";

/**
 * A partner changes its currency and its customers follow
 * (docs/decisions/2026-11-27-currency-follows-the-partner.md): a new partner
 * and a new customer linked to it by the TAN, both in dollars; the partner
 * picks pounds in Account Details and is refused while a price group of its
 * has prices only in dollars, naming it; without the group it is asked to
 * confirm with the customers that move, confirms, its own trail records it,
 * and the customer's Account Details show pounds as its provider's currency.
 * Nothing seeded is touched.
 */

/** A workout of the partner's made in the library editor, with one money price for the price group `group`, in dollars. */
async function workoutPricedForGroup(page: Page, group: string, stamp: string) {
  await open(page, "/admin/workout-library/create");
  await expect(page.getByRole("heading", { name: "Create workout", level: 1 })).toBeVisible();
  await page.getByLabel("Name", { exact: false }).first().fill(`Group workout ${stamp}`);
  await page.getByLabel("SKU").fill(`C-${stamp}`);
  await page.getByLabel("Type").selectOption("workshop");
  await page.getByLabel("Category").first().selectOption("productivityAndCollaboration");
  await page.getByLabel("Total time (minutes)").fill("60");
  await page.getByLabel("Max attendees").fill("8");
  await page.getByLabel("Difficulty").selectOption("beginner");
  await page.getByLabel(/^Title/).fill(`Group workout ${stamp}`);
  await page.getByLabel(/^Subtitle/).fill("Priced for one group");
  await page.getByRole("button", { name: "Add session" }).click();
  await page.getByLabel("Session name").fill("Kick-off");
  await page.getByLabel("Length (minutes)").fill("60");
  await page.getByRole("button", { name: "Add pricing line" }).click();
  const line = page.getByRole("group", { name: "Pricing line 1" });
  await line.getByLabel(/^Name/).fill("Group price");
  await line.getByLabel(/^Applies to/).selectOption("customerPriceGroup");
  await line.getByLabel(/^Price group/).selectOption({ label: group });
  await line.getByLabel(/^Price \(USD\)/).fill("400");
  await page.getByRole("button", { name: "Create workout" }).click();
  await expect(page.getByTestId("toast").getByText("Workout created")).toBeVisible();
}

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

  // A price group of the partner's has a price in dollars only.
  const group = `Sterling Group ${stamp}`;
  await open(page, "/admin/price-groups");
  await page.getByRole("button", { name: "Create price group" }).click();
  const create = page.getByRole("dialog");
  await create.getByLabel("Name").fill(group);
  await create.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("toast").getByText("Price group created")).toBeVisible();
  await workoutPricedForGroup(page, group, stamp);

  // The partner completes its details with pounds as its currency: refused, naming the group.
  await open(page, "/admin/profile");
  await page.getByRole("textbox", { name: "Website", exact: true }).fill(`sterling-${stamp}.example`);
  await page.getByRole("combobox", { name: "Industry", exact: true }).selectOption("education");
  await page.getByRole("combobox", { name: "Size", exact: true }).selectOption("1-10");
  await page.getByRole("textbox", { name: "Primary email", exact: true }).fill(`hello@sterling-${stamp}.example`);
  await page.getByRole("combobox", { name: "Location", exact: true }).selectOption("UK");
  await page.getByRole("combobox", { name: "Currency", exact: true }).selectOption("GBP");
  await page.getByRole("button", { name: "Save changes" }).click();
  const refusal = `These price groups have prices only in USD: ${group}. Price them in GBP first.`;
  await expect(page.getByTestId("toast").getByText("We couldn't change your currency")).toBeVisible();
  await expect(page.getByTestId("toast").getByText(refusal)).toBeVisible();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await accessibleInBothThemes(page);

  // It saves its details in dollars and deletes the group; then it is asked first.
  await page.getByRole("combobox", { name: "Currency", exact: true }).selectOption("USD");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("toast").getByText("Your organization's details are saved")).toBeVisible();
  await open(page, "/admin/price-groups");
  await page.getByRole("button", { name: `Delete ${group}` }).click();
  await page
    .getByRole("alertdialog", { name: `Delete ${group}?` })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(page.getByTestId("toast").getByText("Price group deleted")).toBeVisible();
  await open(page, "/admin/profile");
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
  // The partner's own trail records it.
  await open(page, "/admin/price-groups");
  const trail = page.getByRole("region", { name: "Audit trail" }).getByTestId("audit-trail");
  await expect(trail.getByRole("listitem").filter({ hasText: "Partner's currency changed" })).toContainText("USD → GBP");

  // The customer now pays in pounds, its provider's currency.
  await open(customer, "/admin/profile");
  const currency = customer.getByTestId("account-currency");
  await expect(currency).toHaveValue("GBP");
  await expect(currency).toHaveAttribute("readonly", "");
  await accessibleInBothThemes(customer);
});
