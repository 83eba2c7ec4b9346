import { signIn } from "./auth";
import { expect, expectAccessible, test } from "./fixtures";

test("the Homepage Builder's row dialog refuses a slot starting before today, and takes today", async ({ page }) => {
  await signIn(page, "partnerAdmin", "/admin/homepage");
  await page.getByRole("button", { name: "Edit Quick wins" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit row: Carousel (single)" });
  const start = dialog.getByRole("button", { name: /^Start date/ }).first();

  // Yesterday (the calendar opens on this month; yesterday may be last month's).
  const today = new Date().toISOString().slice(0, 10);
  const yesterday = new Date(Date.now() - 24 * 3600 * 1000).toISOString().slice(0, 10);
  await start.click();
  if (yesterday.slice(0, 7) !== today.slice(0, 7)) await page.getByRole("button", { name: /previous month/i }).click();
  await page.locator(`[data-day="${yesterday}"] button`).click();
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog.getByText("Start date cannot be before today")).toBeVisible();
  await expect(page.getByTestId("toast").getByText("Check the highlighted fields")).toBeVisible();
  await expectAccessible(page);

  // Today is taken, and the row goes back to the builder (nothing is saved until Save).
  await start.click();
  if (yesterday.slice(0, 7) !== today.slice(0, 7)) await page.getByRole("button", { name: /next month/i }).click();
  await page.locator(`[data-day="${today}"] button`).click();
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();
});
