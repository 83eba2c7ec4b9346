import { signIn } from "./auth";
import { expect, expectAccessible, test } from "./fixtures";

/** The app shell with a signed-in user. Demo users come from db/seed/identity.ts. */

const railItem = (page: import("@playwright/test").Page, id: string) => page.locator(`[data-sidebar-item="${id}"]`);

test.describe("the shell, signed in", () => {
  test("a partner admin's Admin submenu shows its groups, and closing it restores the selection", async ({ page, consoleErrors, baseURL }) => {
    await signIn(page, "partnerAdmin", "/", baseURL);
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText(["Home", "Jobs", "Activity", "My List"]);
    await expect(railItem(page, "home")).toHaveAttribute("data-active", "true");

    await nav.getByRole("button", { name: "Admin" }).click();
    const menu = page.getByRole("menu", { name: "Admin" });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("group")).toHaveCount(3);
    await expect(menu.getByRole("group", { name: "Customers" }).getByRole("menuitem")).toHaveText(["Your Customers", "Submitted Scores"]);
    // Two, first (other screens may add their own after them).
    await expect(menu.getByRole("group", { name: "Organization" }).getByRole("menuitem").nth(0)).toHaveText("Your Profile");
    await expect(menu.getByRole("group", { name: "Organization" }).getByRole("menuitem").nth(1)).toHaveText("Homepage Builder");
    await expect(menu.getByRole("group", { name: "Setup" }).getByRole("menuitem")).toHaveText([
      "Workout Library",
      "Price Groups",
      "Featured Groups",
      "Plans",
      "Availability",
    ]);
    await expect(menu.getByText("Program Library")).toHaveCount(0);
    // While the submenu is open, Admin is the selection; closing it gives Home back.
    await expect(railItem(page, "admin")).toHaveAttribute("data-active", "true");
    await expect(railItem(page, "home")).not.toHaveAttribute("data-active");
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(railItem(page, "home")).toHaveAttribute("data-active", "true");
    await expect(railItem(page, "admin")).not.toHaveAttribute("data-active");

    await nav.getByRole("button", { name: "Admin" }).click();
    await page.getByRole("menuitem", { name: "Workout Library" }).click();
    await expect(page).toHaveURL(/\/admin\/workout-library$/);
    // The page is named after the screen and the platform.
    await expect(page).toHaveTitle("Workout Library · TechFIT");
    await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem")).toHaveText(["Admin", "Setup", "Workout Library"]);
    await expect(railItem(page, "admin")).toHaveAttribute("data-active", "true");
    await expect(page.getByTestId("top-bar")).toHaveAttribute("data-variant", "secondary");
    await expectAccessible(page);
    expect(consoleErrors).toEqual([]);
  });

  test("a customer's rail says Bookings and its admin item goes straight to the profile", async ({ page, baseURL }) => {
    await signIn(page, "customerAdmin", "/", baseURL);
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText(["Home", "Bookings", "Activity", "My List", "Admin"]);
    await nav.getByRole("link", { name: "Admin" }).click();
    await expect(page).toHaveURL(/\/admin\/profile$/);
    await expect(nav.getByRole("link", { name: "Admin" })).toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: "Activity" }).click();
    await expect(page).toHaveURL(/\/activity$/);
    await expect(page.getByTestId("top-bar")).toHaveAttribute("data-variant", "primary");
  });

  test("the top bar has the organisation switcher and the user button, whose Help opens the help page", async ({ page, baseURL }) => {
    await signIn(page, "customerAdmin", "/", baseURL);
    await expect(page.getByRole("link", { name: "Sign in" })).toHaveCount(0);
    await expect(page.getByTestId("organisation-switcher")).toBeVisible();
    await page.getByTestId("organisation-switcher").click();
    await expect(page.getByRole("menuitemradio").first()).toBeVisible();
    await expect(page.getByRole("menuitemradio", { checked: true })).toHaveCount(1);
    await expectAccessible(page);
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: /Account menu for/ }).click();
    await page.getByRole("menuitem", { name: "Help" }).click();
    await expect(page).toHaveURL(/\/help$/);
    await expect(page.getByRole("heading", { name: "Have a question?" })).toBeVisible();
  });

  test("at 390 px the sheet closes after a pick", async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await signIn(page, "customerAdmin", "/", baseURL);
    await page.getByRole("button", { name: "Open navigation" }).click();
    const sheet = page.getByRole("dialog", { name: "Navigation" });
    await expect(sheet).toBeVisible();
    await sheet.getByRole("link", { name: "Activity" }).click();
    await expect(page).toHaveURL(/\/activity$/);
    await expect(sheet).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("on a phone the server's page is already laid out for it: no rail, the menu button, the content full width", async ({ browser, baseURL }) => {
    // Without JavaScript the page is what the server sent, as a phone paints it before the script has run.
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 800 } });
    try {
      const page = await context.newPage();
      await signIn(page, "customerAdmin", "/", baseURL, { script: false });
      await expect(page.getByTestId("app-shell")).toBeVisible();
      // The server's title already names the screen, as the script will.
      await expect(page).toHaveTitle("Welcome, Cara · TechFIT");
      await expect(page.getByTestId("sidebar")).toBeHidden();
      await expect(page.getByTestId("sidebar-trigger")).toBeVisible();
      const main = await page.locator("main#main").boundingBox();
      expect(main?.x).toBe(0);
      // At a desktop width the same page has the rail, and the content starts beside it.
      await page.setViewportSize({ width: 1280, height: 800 });
      await expect(page.getByTestId("sidebar")).toBeVisible();
      await expect(page.getByTestId("sidebar-trigger")).toBeHidden();
      const rail = await page.getByTestId("sidebar").boundingBox();
      expect((await page.locator("main#main").boundingBox())?.x).toBeGreaterThanOrEqual((rail?.x ?? 0) + (rail?.width ?? 0));
    } finally {
      await context.close();
    }
  });

  test("the tab keeps the server's title while the screen's script takes over", async ({ page, baseURL }) => {
    // Every title the page has had, from the server's on.
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { titlesSeen: seen });
      const note = () => {
        if (document.title && seen.at(-1) !== document.title) seen.push(document.title);
      };
      document.addEventListener("DOMContentLoaded", note);
      new MutationObserver(note).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await signIn(page, "customerAdmin", "/bookings", baseURL);
    await expect(page.getByRole("heading", { name: "Your Bookings", level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { titlesSeen: string[] }).titlesSeen)).toEqual(["Your Bookings · TechFIT"]);
  });

  for (const theme of ["light", "dark"] as const) {
    test(`the signed-in shell passes axe in the ${theme} theme`, async ({ page, baseURL }) => {
      await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
      await signIn(page, "partnerAdmin", "/jobs", baseURL);
      await expect(page.getByTestId("app-shell")).toBeVisible();
      await expectAccessible(page);
      await page.keyboard.press("Control+b");
      await expect(page.getByTestId("sidebar")).toHaveAttribute("data-state", "collapsed");
      await expectAccessible(page);
    });
  }

  test("page views carry the authenticated flag of the route", async ({ page, baseURL }) => {
    const views: { name: string; authenticated: boolean }[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/v1/telemetry") && r.method() === "POST") views.push(r.postDataJSON());
    });
    await signIn(page, "customerAdmin", "/activity", baseURL);
    await expect.poll(() => views.find((v) => v.name === "Activity")).toMatchObject({ authenticated: true });
  });
});
