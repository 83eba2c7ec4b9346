import { expect, expectAccessible, PARTNER_ORIGIN, serverHtml, test } from "./fixtures";

test.describe("the branded shell", () => {
  test("/login on the main host wears the product's default branding", async ({ page, consoleErrors }) => {
    const response = await page.goto("/login");
    const html = await response!.text();
    expect(html).toContain("<title>TechFIT</title>");
    await expect(page.getByTestId("platform-name")).toHaveText("TechFIT");
    await expect(page).toHaveTitle("Sign in · TechFIT");
    await expectAccessible(page);
    expect(consoleErrors).toEqual([]);
  });

  test("/login on the partner's domain wears Northwind's colour and name, before and after hydration", async ({
    page,
    consoleErrors,
  }) => {
    // First server response: the name, the colour variable and the loader. (Read
    // on its own: the page itself hands a signed-out visitor on to the main
    // domain's /login, so its response body may be gone by then.)
    const html = await serverHtml(`${PARTNER_ORIGIN}/login`);
    await page.goto(`${PARTNER_ORIGIN}/login`);
    expect(html).toContain("<title>Northwind Learn</title>");
    expect(html).toContain("--brand:15 118 110;");
    expect(html).toMatch(/class="boot-name">Northwind Learn</);
    // After hydration, the client's login screen shows the same branding.
    const name = page.getByTestId("platform-name");
    await expect(name).toHaveText("Northwind Learn");
    await expect(name).toHaveCSS("color", "rgb(15, 118, 110)");
    await expect(page).toHaveTitle("Sign in · Northwind Learn");
    await expectAccessible(page);
    expect(consoleErrors).toEqual([]);
  });

  test("the theme is applied before first paint from local storage", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("theme", "dark"));
    await page.goto("/login");
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expectAccessible(page);
  });

  test("an unknown path redirects to /404", async ({ page, consoleErrors }) => {
    await page.goto("/this/does/not/exist");
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expectAccessible(page);
    expect(consoleErrors).toEqual([]);
  });

  test("routes load lazily: a screen's code arrives only when it is visited", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    expect(scripts.some((u) => /SignupScreen/.test(u))).toBe(false);
    await page.getByRole("link", { name: "Sign up" }).click();
    await expect(page.getByRole("heading", { name: "Sign up" })).toBeVisible();
    expect(scripts.some((u) => /SignupScreen/.test(u))).toBe(true);
  });
});
