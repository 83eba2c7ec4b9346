import { DEMO } from "../../db/seed/data";
import { signIn } from "./auth";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * "Mark assessed" asks first. The state it needs (an assessment still in
 * progress whose score came in) cannot be made on screen, so the demo seed
 * holds one: Tailspin's strategy assessment with its one score.
 */
test("marking an assessment assessed asks first, says what it records, and happens only on confirming", async ({ page }) => {
  await signIn(page, "partnerAdmin", `/admin/customers/${DEMO.customers.tailspin.id}/details?tab=scores`);
  const assessments = page.getByRole("region", { name: "Submitted assessments" });
  const row = assessments.getByRole("row", { name: /Strategy/ });
  await expect(row).toContainText("In progress", { timeout: 30_000 });
  const mark = row.getByRole("button", { name: /^Mark the assessment of .+ assessed$/ });

  // Cancelled: nothing is recorded.
  await mark.click();
  const confirm = page.getByRole("alertdialog", { name: "Mark this assessment assessed?" });
  await expect(confirm).toContainText("and its 1 score will be recorded as assessed. This can't be undone.");
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectAccessible(page);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText("In progress");

  // Confirmed: the assessment is assessed, and there is nothing left to mark.
  await mark.click();
  await confirm.getByRole("button", { name: "Mark assessed" }).click();
  await expect(page.getByTestId("toast").getByText("Assessment marked assessed")).toBeVisible();
  await expect(row).toContainText("Assessed");
  await expect(row.getByRole("button", { name: /Mark the assessment/ })).toHaveCount(0);
  await page.reload();
  await expect(assessments.getByRole("row", { name: /Strategy/ })).toContainText("Assessed", { timeout: 30_000 });
  await expectAccessible(page);
});
