import { signIn, signUpNewCustomer } from "./auth";
import { expect, expectAccessible, open, test } from "./fixtures";

test.describe("forms keep unsaved edits", () => {
  test("a page with two forms holds navigation while either has unsaved edits, and the tab close asks too", async ({ page }) => {
    test.slow();
    // A person of their own: saving their name must not rename a demo user other journeys read meanwhile.
    await signUpNewCustomer(page, "Cara Unsaved", `Unsaved Edits ${Date.now().toString(36)}`);
    await open(page, "/admin/profile");
    const nav = page.getByRole("navigation", { name: "Main" });
    const details = page.getByRole("form", { name: "Your details" });
    await details.getByLabel("First name").fill("Carla");

    await nav.getByRole("link", { name: "Activity" }).click();
    const leave = page.getByRole("alertdialog", { name: "Leave without saving?" });
    await expect(leave).toBeVisible();
    await expectAccessible(page);
    await leave.getByRole("button", { name: "Stay on this page" }).click();
    await expect(leave).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/profile$/);
    await expect(details.getByLabel("First name")).toHaveValue("Carla");

    let asked = "";
    page.once("dialog", (d) => {
      asked = d.type();
      void d.dismiss();
    });
    await page.reload({ timeout: 3000 }).catch(() => undefined);
    expect(asked).toBe("beforeunload");

    // Saved, the form is clean again: leaving is not held.
    await details.getByRole("button", { name: "Save your details" }).click();
    await expect(page.getByTestId("toast").getByText("Your details are saved")).toBeVisible();
    await details.getByLabel("First name").fill("Cara");
    await details.getByRole("button", { name: "Save your details" }).click();
    await expect(page.getByTestId("toast").getByText("Your details are saved")).toBeVisible();
    await nav.getByRole("link", { name: "Activity" }).click();
    await expect(page).toHaveURL(/\/activity$/);
    await expect(leave).toHaveCount(0);
  });

  test("a dialog with unsaved edits asks before it closes (Escape, Cancel, the close button)", async ({ page }) => {
    await signIn(page, "partnerAdmin", "/admin/price-groups");
    await page.getByRole("button", { name: "Create price group" }).click();
    const dialog = page.getByRole("dialog", { name: "New price group" });
    // Untouched, it closes at once.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    await page.getByRole("button", { name: "Create price group" }).click();
    await dialog.getByLabel("Name").fill("Unsaved group");
    const discard = page.getByRole("alertdialog", { name: "Discard your changes?" });
    await page.keyboard.press("Escape");
    await expect(discard).toBeVisible();
    await expect(discard.getByRole("button", { name: "Keep editing" })).toBeFocused();
    await expectAccessible(page);
    await discard.getByRole("button", { name: "Keep editing" }).click();
    await expect(discard).toBeHidden();
    await expect(dialog.getByLabel("Name")).toHaveValue("Unsaved group");

    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(discard).toBeVisible();
    await discard.getByRole("button", { name: "Keep editing" }).click();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(discard).toBeVisible();
    await discard.getByRole("button", { name: "Discard changes" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Unsaved group")).toHaveCount(0);
  });
});
