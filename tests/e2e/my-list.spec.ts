import type { Page } from "@playwright/test";
import { DEMO } from "../../db/seed/data";
import { signIn } from "./auth";
import { expect, expectAccessible, MAIN, test, open, hydrated } from "./fixtures";

/** Empties the signed-in user's list through the API, so the journey starts from nothing on kept state too. */
async function emptyList(page: Page) {
  const { token } = await (await page.request.get(`${MAIN}/api/auth/token`)).json();
  const headers = { Authorization: `Bearer ${token}` };
  const items: { id: string }[] = await (await page.request.get(`${MAIN}/v1/admin/saved-items`, { headers })).json();
  for (const item of items) expect((await page.request.delete(`${MAIN}/v1/admin/saved-items/${item.id}`, { headers })).status()).toBe(204);
}

test("a customer saves workouts to My List, reorders them and removes one", async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, "customerMember", "/my-list");
  await emptyList(page);
  await page.reload();
  await expect(page.getByRole("heading", { name: "My List", level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/^My List/);
  await expect(page.getByText("Nothing saved yet")).toBeVisible();
  await expectAccessible(page);

  for (const [id, title] of [
    [DEMO.workouts.copilotFoundations, "Copilot Foundations"],
    [DEMO.workouts.dataLiteracy, "Data Literacy Essentials"],
  ]) {
    await open(page, `/workout/${id}`);
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    const save = page.getByRole("button", { name: "Save to My List" });
    await save.click();
    await expect(page.getByTestId("toast").getByText("Saved to My List")).toBeVisible();
    await expect(page.getByRole("button", { name: "Saved" })).toHaveAttribute("aria-pressed", "true");
  }

  await page.getByRole("link", { name: "My List" }).click();
  await expect(page).toHaveURL(/\/my-list$/);
  const items = page.getByTestId("saved-item");
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText("Copilot Foundations");
  await expectAccessible(page);

  await page.getByRole("button", { name: "Move Data Literacy Essentials up" }).click();
  await expect(page.getByTestId("toast").getByText("Data Literacy Essentials is now number 1")).toBeVisible();
  await expect(items.nth(0)).toContainText("Data Literacy Essentials");
  await page.reload();
  await hydrated(page);
  await expect(items.nth(0)).toContainText("Data Literacy Essentials");

  await page.getByRole("button", { name: "Remove Copilot Foundations" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Copilot Foundations will no longer be in your saved items");
  await confirm.getByRole("button", { name: "Remove" }).click();
  await expect(items).toHaveCount(1);
  await expect(items.nth(0)).toContainText("Data Literacy Essentials");

  await page.addInitScript(() => localStorage.setItem("theme", "dark"));
  await page.reload();
  await expect(items).toHaveCount(1);
  await expectAccessible(page);
});
