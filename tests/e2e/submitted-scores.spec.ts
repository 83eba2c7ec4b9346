import { signIn } from "./auth";
import { expect, expectAccessible, test } from "./fixtures";

test("a partner assigns a submitted score with no customer to one of its customers", async ({ page }) => {
  await signIn(page, "partnerAdmin", "/");
  await page.getByRole("button", { name: "Admin" }).click();
  await page.getByRole("menuitem", { name: "Submitted Scores" }).click();
  await expect(page.getByRole("heading", { name: "Submitted Scores", level: 1 })).toBeVisible();
  const row = page.getByRole("row", { name: /Jordan Lee/ });
  await expect(row).toContainText("Security and continuity");
  await expect(row).toContainText("50%");
  await expectAccessible(page);

  await row.getByRole("button", { name: "Assign the score of Jordan Lee" }).click();
  const dialog = page.getByRole("dialog", { name: "Assign to a customer" });
  await dialog.getByRole("button", { name: "Assign" }).click();
  await expect(dialog.getByText("Required")).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel("Customer").selectOption({ label: "Tailspin Logistics" });
  await dialog.getByRole("button", { name: "Assign" }).click();
  await expect(page.getByTestId("toast").getByText("Score assigned to Tailspin Logistics")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Nothing to assign")).toBeVisible();

  await page.addInitScript(() => localStorage.setItem("theme", "dark"));
  await page.reload();
  await expect(page.getByText("Nothing to assign")).toBeVisible();
  await expectAccessible(page);
});
