import type { Locator, Page } from "@playwright/test";
import { signIn } from "./auth";
import { expect, expectAccessible, test } from "./fixtures";

// Signing in and the first paint are slow on a busy runner; the first check of each screen waits longer.
const FIRST = { timeout: 20_000 };
test.describe.configure({ timeout: 120_000 });

/** Northwind's brand colour (#0f766e) as the RGB triple its branding sets. */
const NORTHWIND_BRAND = "15 118 110";

const cssVariable = (el: Locator, name: string) => el.evaluate((node, n) => getComputedStyle(node).getPropertyValue(n).trim(), name);
/** The tops of the score summary's cards: one value when they sit in a row, two when they stand two to a row (a phone). */
const summaryRows = (preview: Locator) =>
  preview
    .locator("section[aria-labelledby='score-summary'] .grid > div")
    .evaluateAll((cards) => new Set(cards.map((c) => Math.round(c.getBoundingClientRect().top))).size);

/** The window with the preview's top in view (a full-page capture would stitch the sticky top bar into the middle). */
async function shoot(page: Page, name: string) {
  await page.getByTestId("homepage-preview").evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 120));
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

test("a partner admin previews its homepage as its customers' Home: its branding, the rows above the hero, unsaved hero text, desktop and phone width, as one of its customers", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "partnerAdmin", "/admin/homepage");
  await expect(page.getByRole("heading", { name: "Homepage Builder", level: 1 })).toBeVisible(FIRST);
  const preview = page.getByTestId("homepage-preview");
  await expect(preview).toBeVisible(FIRST);

  // The partner's branding, not the page's: its colour, name and logo.
  expect(await cssVariable(preview, "--brand")).toBe(NORTHWIND_BRAND);
  expect(await cssVariable(page.locator("html"), "--brand")).not.toBe(NORTHWIND_BRAND);
  await expect(preview.getByTestId("preview-top-bar")).toContainText("Northwind Learn");
  await expect(preview.getByTestId("preview-top-bar").locator("img")).toHaveAttribute("src", /northwind-logo/);

  // Home's greeting and the rows above the hero, as a new customer sees them.
  await expect(preview.getByText("Welcome", { exact: true })).toBeVisible();
  await expect(preview.getByTestId("fitness-score")).toHaveText("–");
  await expect(preview.getByRole("heading", { name: "Earn your Northwind Learn fitness score" })).toBeVisible();
  await expect(preview.getByRole("heading", { name: "Top picks for your team" })).toBeVisible();
  await expect(preview.getByRole("navigation", { name: "Browse by goal" })).toBeVisible();
  await expect(preview.getByTestId("homepage-hero")).toContainText("Get your teams fit for the future of work");
  // What needs the partner's attention is its own Home's, not its customers'.
  await expect(preview.getByTestId("attention")).toHaveCount(0);

  // An unsaved hero text shows in the preview.
  await page.getByLabel("Hero text").fill("Fresh skills for a new quarter");
  await expect(preview.getByTestId("homepage-hero")).toContainText("Fresh skills for a new quarter");

  // Desktop: the score summary's four cards sit in one row; phone: 390 px wide, two to a row as on a phone.
  await expect(page.getByRole("button", { name: "Desktop" })).toHaveAttribute("aria-pressed", "true");
  await expect.poll(() => summaryRows(preview)).toBe(1);
  await shoot(page, "builder-1280-desktop-light");
  await page.getByRole("button", { name: "Phone" }).click();
  await expect(preview).toHaveAttribute("data-width", "phone");
  expect(Math.round((await preview.boundingBox())!.width)).toBe(390);
  await expect.poll(() => summaryRows(preview)).toBe(2);
  await expect(preview.getByTestId("homepage-hero")).toContainText("Fresh skills for a new quarter");
  await shoot(page, "builder-1280-phone-light");

  // As one of its customers: that customer's score summary and credits.
  await page.getByLabel("Preview as").selectOption({ label: "Fabrikam Manufacturing" });
  await expect(preview.getByTestId("fitness-score")).toHaveText(/^\d+$/, FIRST);
  await expect(preview.getByRole("heading", { name: "Earn your Northwind Learn fitness score" })).toBeHidden();
  await expect(preview.getByTestId("workouts-remaining")).toHaveText(/^\d+$/);
  await expect(preview.getByTestId("homepage-hero")).toContainText("Fresh skills for a new quarter");
  await expectAccessible(page);

  // Dark: the partner's brand text for dark surfaces.
  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  expect(await cssVariable(preview, "--brand-text")).toBe(await cssVariable(preview, "--brand-text-dark"));
  await shoot(page, "builder-1280-phone-dark");
  await page.getByRole("button", { name: "Desktop" }).click();
  await expect.poll(() => summaryRows(preview)).toBe(1);
  await shoot(page, "builder-1280-desktop-dark");
  await expectAccessible(page);

  // On a phone, the builder's preview fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Phone" }).click();
  await expect.poll(() => summaryRows(preview)).toBe(2);
  await shoot(page, "builder-390-phone-dark");
  await page.getByRole("button", { name: "Switch to light theme" }).click();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  expect(await cssVariable(preview, "--brand-text")).toBe(await cssVariable(preview, "--brand-text-light"));
  await shoot(page, "builder-390-phone-light");
  await expectAccessible(page);
});
