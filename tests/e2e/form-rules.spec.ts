import { signIn, signUpConfirmed, uniqueEmail } from "./auth";
import { expect, expectAccessible, open, test } from "./fixtures";

test.describe("form rules said the same way everywhere", () => {
  test("an empty invite form raises the missing-fields toast", async ({ page }) => {
    await signIn(page, "customerAdmin", "/admin/profile");
    await page.getByRole("button", { name: "Invite", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Invite team members" });
    await dialog.getByRole("button", { name: "Send invites" }).click();
    const toast = page.getByTestId("toast");
    await expect(toast.getByText("Missing Fields")).toBeVisible();
    await expect(toast.getByText("Please complete the required fields.")).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  test("an invite code that cannot be validated is said as a toast, not inline", async ({ page }) => {
    await signUpConfirmed(page, uniqueEmail("badcode"), "Bea Badcode");
    await open(page, "/onboarding?invite=not-a-code");
    const toast = page.getByTestId("toast");
    await expect(toast.getByText("Invite not accepted")).toBeVisible();
    await expect(toast.getByText("The provided invite code could not be validated, please reload and try again.")).toBeVisible();
    await expect(page.getByRole("main").getByText("could not be validated")).toHaveCount(0);
    await expect(page.getByLabel("Organization name")).toBeVisible();
    await expectAccessible(page);
  });
});
