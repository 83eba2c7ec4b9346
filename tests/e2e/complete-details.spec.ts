import type { Page } from "@playwright/test";
import { signUpNewPartner } from "./auth";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * Home's "complete your details" card: a new partner's owner sees the details
 * onboarding left for later, each a link to its field in Your Profile; the
 * card goes once they are all filled in, or when put away (kept after a
 * reload).
 */
const card = (page: Page) => page.getByRole("region", { name: "Complete your organization's details" });
const links = (page: Page) => card(page).getByRole("list", { name: "Details still empty" }).getByRole("link");
const ALL = ["Add website", "Add industry", "Add size", "Add primary email", "Add location"];

/** Home's read of the card, answered after the next navigation or reload. */
const promptRead = (page: Page) => page.waitForResponse((r) => r.url().includes("/details-prompt") && r.request().method() === "GET");

test("a new partner follows the card's links to its details; once they are all filled in the card is gone", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpNewPartner(page, `Details Partner ${Date.now().toString(36)}`, "Dee Tails");
  await expect(links(page)).toHaveText(ALL);
  await expectAccessible(page);

  // A link opens Your Profile with its field focused.
  await links(page).filter({ hasText: "Add location" }).click();
  await expect(page).toHaveURL(/\/admin\/profile#detail-location$/);
  await expect(page.getByRole("combobox", { name: "Location", exact: true })).toBeFocused();
  await page.goBack();
  await links(page).filter({ hasText: "Add website" }).click();
  const website = page.getByRole("textbox", { name: "Website", exact: true });
  await expect(website).toBeFocused();
  await website.fill("details-partner.example");
  await page.getByRole("combobox", { name: "Industry", exact: true }).selectOption("education");
  await page.getByRole("combobox", { name: "Size", exact: true }).selectOption("1-10");
  await page.getByRole("textbox", { name: "Primary email", exact: true }).fill("hello@details-partner.example");
  await page.getByRole("combobox", { name: "Location", exact: true }).selectOption("US");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("toast").getByText("Your organization's details are saved")).toBeVisible();

  // Nothing is missing: Home has no card (not dismissed, simply complete).
  const read = promptRead(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home", exact: true }).click();
  expect(await (await read).json()).toEqual({ missing: [], dismissed: false });
  await expect(page.getByTestId("home-body")).toBeVisible();
  await expect(card(page)).toHaveCount(0);
});

test("a new partner puts the card away: it stays away after a reload, kept for this person", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpNewPartner(page, `Dismissing Partner ${Date.now().toString(36)}`, "Dot Missal");
  await expect(links(page)).toHaveText(ALL);
  await card(page).getByRole("button", { name: "Dismiss" }).click();
  await expect(card(page)).toBeHidden();
  const read = promptRead(page);
  await page.reload();
  expect(await (await read).json()).toEqual({ missing: ["website", "industry", "size", "primaryEmail", "location"], dismissed: true });
  await expect(page.getByTestId("home-body")).toBeVisible();
  await expect(card(page)).toHaveCount(0);
});
