import { signIn } from "./auth";
import { expect, expectAccessible, test } from "./fixtures";

/** Settings the API accepts have a control on a screen, and the product shows what they set. */
test.describe("settings with a control", () => {
  test("Custom Domains sets the satellite flag when a domain is added", async ({ page }) => {
    await signIn(page, "partnerAdmin", "/admin/custom-domains");
    const satellite = page.getByRole("checkbox", { name: "Sign-in and sign-up on the main domain (satellite)" });
    await expect(satellite).toBeChecked();
    await expectAccessible(page);

    const stamp = Date.now().toString(36);
    const own = `own${stamp}.example.com`;
    await satellite.click();
    await expect(satellite).not.toBeChecked();
    await page.getByRole("textbox", { name: "Domain" }).fill(own);
    await page.getByRole("button", { name: "Add domain" }).click();
    await expect(page.getByTestId(`domain-${own}`)).toBeVisible();
    await expect(page.getByTestId(`domain-${own}`).getByTestId("domain-satellite")).toHaveCount(0);

    const sat = `sat${stamp}.example.com`;
    await expect(satellite).not.toBeChecked();
    await satellite.click();
    await page.getByRole("textbox", { name: "Domain" }).fill(sat);
    await page.getByRole("button", { name: "Add domain" }).click();
    await expect(page.getByTestId(`domain-${sat}`).getByTestId("domain-satellite")).toHaveText("Satellite");
    await page.reload();
    await expect(page.getByTestId(`domain-${own}`).getByTestId("domain-satellite")).toHaveCount(0);
    await expect(page.getByTestId(`domain-${sat}`).getByTestId("domain-satellite")).toHaveText("Satellite");
    await expectAccessible(page);

    for (const domain of [own, sat]) {
      await page.getByRole("button", { name: `Delete ${domain}` }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
      await expect(page.getByTestId(`domain-${domain}`)).toHaveCount(0);
    }
  });

  test("the hero's title and subtitle wear the partner's light gradient text colour", async ({ page }) => {
    await signIn(page, "customerMember", "/");
    const hero = page.getByTestId("homepage-hero");
    await expect(hero).toContainText("Instructor-led workouts on AI, data, security and more");
    await page.evaluate(() => document.documentElement.style.setProperty("--gradient-text", "1 2 3"));
    await expect(hero.getByText("Welcome to Northwind Learn")).toHaveCSS("color", "rgb(1, 2, 3)");
    await expect(hero.getByText("Instructor-led workouts on AI, data, security and more")).toHaveCSS("color", "rgb(1, 2, 3)");
  });
});
