import { signIn } from "./auth";
import { expect, expectAccessible, test } from "./fixtures";

test.describe("Your Activity", () => {
  test("a customer sees the timeframe, its scores with their assessees, the completed sessions, and refreshes", async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, "customerAdmin", "/activity");
    // The first screen of a run waits for a cold server.
    await expect(page.getByRole("heading", { name: "Your Activity", level: 1 })).toBeVisible({ timeout: 30_000 });
    const ai = page.getByTestId("category-score").filter({ hasText: "AI and automation" });
    await expect(ai).toContainText("84%");
    await expect(ai).toContainText("Dana Whitfield");
    await expect(ai.getByRole("meter", { name: "AI and automation score" })).toHaveAttribute("aria-valuenow", "84");
    // Scores over the last 12 months, all categories and overall; the same figures as a table.
    await expect(page.getByTestId("score-chart")).toBeVisible();
    const table = page.getByRole("table", { name: "Scores over time, by date" });
    await expect(table.getByRole("columnheader", { name: "Overall" })).toBeAttached();
    // One category through the category read: its own line only.
    await page.getByLabel("Category").selectOption({ label: "Data and insights" });
    await expect(table.getByRole("columnheader")).toHaveCount(2);
    await expect(table.getByRole("cell", { name: "61%" })).toBeAttached();
    await expect(page.getByRole("heading", { name: /\d+ sessions? completed/ })).toBeVisible();
    await expect(page.getByTestId("timeframe")).not.toBeEmpty();
    await expectAccessible(page);

    await page.getByLabel("Period").selectOption("custom");
    await expect(page.getByRole("button", { name: /^From/ })).toBeVisible();
    await expect(page.getByRole("button", { name: /^To/ })).toBeVisible();
    await expect(page.getByText("The start must be before the end")).toHaveCount(0);

    await page.getByRole("button", { name: "Refresh scores" }).click();
    await expect(page.getByTestId("toast").getByText("Scores refreshed")).toBeVisible();
  });

  test("a partner sees the sessions it delivered, in the dark theme", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("theme", "dark"));
    await signIn(page, "partnerAdmin", "/activity");
    await expect(page.getByRole("heading", { name: /\d+ sessions? completed/ })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("heading", { name: "Fitness scores" })).toHaveCount(0);
    await expectAccessible(page);
  });
});
