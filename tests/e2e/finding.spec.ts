import { readFile } from "node:fs/promises";
import { signIn } from "./auth";
import { expect, expectAccessible, test } from "./fixtures";

test.describe("finding and exporting in Your Jobs", () => {
  test("a partner owner searches by customer and status, and a reload keeps the search", async ({ page }) => {
    await signIn(page, "partnerAdmin", "/jobs");
    const rows = page.getByTestId("job-row");
    // The demo's history: jobs of several customers. The first screen of a run may wait for a cold server.
    await expect(rows.filter({ hasText: "Fabrikam Manufacturing" }).first()).toBeVisible({ timeout: 30_000 });
    await expect(rows.filter({ hasText: "Alpine Ski House" }).first()).toBeVisible();

    await page.getByLabel("Search workouts and customers").fill("alpine");
    await expect(page).toHaveURL(/[?&]q=alpine/);
    await expect(rows.filter({ hasText: "Fabrikam Manufacturing" })).toHaveCount(0);
    await page.getByLabel("Status").selectOption("completed");
    await expect(page).toHaveURL(/status=completed/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Alpine Ski House");

    await page.reload();
    await expect(page.getByLabel("Search workouts and customers")).toHaveValue("alpine");
    await expect(page.getByLabel("Status")).toHaveValue("completed");
    await expect(rows).toHaveCount(1);
    await expectAccessible(page);
  });

  test("a link with filters opens the filtered list, Export CSV downloads just those jobs, and a job shows its audit trail", async ({ page }) => {
    await signIn(page, "partnerAdmin", "/jobs?q=alpine&status=completed");
    const rows = page.getByTestId("job-row");
    await expect(rows.first()).toContainText("Alpine Ski House", { timeout: 30_000 });
    await expect(rows).toHaveCount(1);

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^jobs-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await readFile(await file.path(), "utf8")).replace(/^\uFEFF/, "");
    const [header = "", ...lines] = text.trimEnd().split("\r\n");
    // Every text cell is quoted (worker/http/csv.ts); headers and values are the product's labels, not its codes.
    expect(header.split(",").slice(0, 6)).toEqual(['"ID"', '"Workout"', '"Customer"', '"Partner"', '"Delivery partner"', '"Status"']);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(',"Alpine Ski House","Northwind Learning","Northwind Learning","Completed",');

    await rows
      .first()
      .getByRole("button", { name: /^Show sessions of / })
      .click();
    const trail = page.getByTestId("audit-trail");
    await expect(trail.getByText(/Workout job completed/)).toBeVisible();
    await expect(trail.getByText(/Workout session completed/).first()).toContainText("by Ada Lovelace");
    await expectAccessible(page);
  });
});
