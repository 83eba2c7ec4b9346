import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, open, hydrated } from "./fixtures";

/** The app shell and the design system, signed out. */

async function cookie(page: Page, name: string) {
  return (await page.context().cookies()).find((c) => c.name === name);
}

test.describe("the shell, signed out", () => {
  test("the help page has the shell: sidebar, top bar with Sign in and Sign up, breadcrumbs, and the email link", async ({ page, consoleErrors }) => {
    await page.goto("/help");
    await expect(page.getByRole("heading", { level: 1, name: "Help" })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText(["Home"]);
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("href", "/");
    await expect(page.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
    await expect(page.getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/signup");
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs.getByRole("listitem")).toHaveText(["Home", "Help"]);
    await expect(crumbs.getByText("Help")).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { name: "Have a question?" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Email us" })).toHaveAttribute("href", "mailto:support@techfit.example");
    await expect(page.getByRole("main")).toHaveCount(1);
    await expectAccessible(page);
    expect(consoleErrors).toEqual([]);
  });

  test("Ctrl+B collapses the sidebar to its 48 px rail, Cmd+B opens it, and the choice survives a reload", async ({ page }) => {
    await open(page, "/help");
    const sidebar = page.getByTestId("sidebar");
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
    // The server's page is there before its script: the shortcut works once the shell's buttons are live.
    await expect(page.getByRole("button", { name: "Collapse sidebar" })).toBeEnabled();
    await page.keyboard.press("Control+b");
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(48);
    const stored = await cookie(page, "sidebar:state");
    expect(stored?.value).toBe("false");
    // 7 days, give or take the seconds the test took.
    expect(stored!.expires - Date.now() / 1000).toBeGreaterThan(604800 - 60);
    expect(stored!.expires - Date.now() / 1000).toBeLessThanOrEqual(604800);

    await page.reload();
    await hydrated(page);
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
    // The collapsed rail still names its items (tooltips at once, labels for screen readers).
    const home = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home", exact: true });
    await expect(home).toBeVisible();
    await home.hover();
    await expect(page.getByRole("tooltip", { name: "Home" })).toBeVisible();
    await expectAccessible(page);

    await page.keyboard.press("Meta+b");
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
    expect((await cookie(page, "sidebar:state"))?.value).toBe("true");
    await page.getByRole("button", { name: "Collapse sidebar" }).click();
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
  });

  test("at 390 px the sidebar is a sheet that opens from the menu button (or Ctrl+B) and closes after a pick", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await open(page, "/help");
    await expect(page.getByTestId("sidebar")).toHaveCount(0);
    const sheet = page.getByRole("dialog", { name: "Navigation" });
    await expect(sheet).toBeHidden();
    await page.getByRole("button", { name: "Open navigation" }).click();
    await expect(sheet).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await page.keyboard.press("Control+b");
    await expect(sheet).toBeVisible();
    await sheet.getByRole("link", { name: "Home" }).click();
    await expect(sheet).toBeHidden();
    await expect(page).not.toHaveURL(/\/help$/);
  });

  test("the theme persists across a reload, in local storage and in the cookie the server reads", async ({ page }) => {
    await open(page, "/help");
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
    expect((await cookie(page, "theme"))?.value).toBe("dark");
    await expectAccessible(page);

    const response = await page.reload();
    await hydrated(page);
    expect(await response!.text()).toContain('class="dark"');
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.getByRole("button", { name: "Switch to light theme" }).click();
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
  });

  test("the language persists across a reload, sets <html lang> and changes the spelling", async ({ page }) => {
    await open(page, "/help");
    await expect(page.getByText(/setting up your organization/)).toBeVisible();
    await page.getByRole("button", { name: /Change language \(current: English \(US\)\)/ }).click();
    await page.getByRole("menuitemradio", { name: "English (UK)" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en-GB");
    await expect(page.getByText(/setting up your organisation/)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("enGB");
    expect((await cookie(page, "language"))?.value).toBe("enGB");

    const response = await page.reload();
    await hydrated(page);
    expect(await response!.text()).toContain('<html lang="en-GB"');
    await expect(page.getByText(/setting up your organisation/)).toBeVisible();
    await page.getByRole("button", { name: /Change language/ }).click();
    await page.getByRole("menuitemradio", { name: "English (Australia)" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en-AU");
    await page.goto("/design-system");
    await expect(page.getByTestId("date-short")).toHaveText("5 Mar 2026");
    await expect(page.getByText("Customise my homepage")).toBeVisible();
  });

  test("one toast at a time, gone after 5 s", async ({ page }) => {
    await page.clock.install();
    await open(page, "/design-system");
    await expect(page.getByRole("button", { name: "Show a toast" })).toBeVisible();
    // Stop the page's clock so only runFor moves the toast's timer.
    await page.clock.pauseAt(Date.now() + 1000);
    await page.getByRole("button", { name: "Show a toast" }).click();
    await expect(page.getByTestId("toast")).toHaveCount(1);
    await expect(page.getByTestId("toast")).toContainText("Invites sent");
    await page.getByRole("button", { name: "Show an error toast" }).click();
    await expect(page.getByTestId("toast")).toHaveCount(1);
    await expect(page.getByTestId("toast")).toContainText("We couldn't cancel your booking. Please try again later");
    // The timer pauses while the pointer rests on the toast: move it away.
    await page.mouse.move(0, 0);
    await page.clock.runFor(4000);
    await expect(page.getByTestId("toast")).toHaveCount(1);
    await page.clock.runFor(1500);
    await expect(page.getByTestId("toast")).toHaveCount(0);
  });

  test("a toast is swiped right to dismiss it", async ({ page }) => {
    await open(page, "/design-system");
    await page.getByRole("button", { name: "Show a toast" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Invites sent" }).first()).toBeAttached();
    // The pointer resting on the toast holds its timer while the page is checked.
    const box = (await page.getByTestId("toast").boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await expectAccessible(page);
    await page.mouse.down();
    await page.mouse.move(box.x + 60, box.y + box.height / 2, { steps: 5 });
    await page.mouse.move(box.x + 140, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(page.getByTestId("toast")).toHaveCount(0);
  });

  test("the leave-without-saving dialog guards a dirty form, and the tab close asks too", async ({ page }) => {
    test.slow();
    await open(page, "/design-system");
    // Clean: leaving is not held.
    await page.getByRole("link", { name: "Help" }).click();
    await expect(page).toHaveURL(/\/help$/);
    await page.goBack();
    await page.getByLabel("Name").fill("Unsaved workout");
    await page.getByRole("link", { name: "Help" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Leave without saving?" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Stay on this page" })).toBeFocused();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Stay on this page" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/design-system$/);
    await expect(page.getByLabel("Name")).toHaveValue("Unsaved workout");

    // Closing or reloading the tab asks the browser's question.
    let asked = "";
    page.once("dialog", (d) => {
      asked = d.type();
      void d.dismiss();
    });
    await page.reload({ timeout: 3000 }).catch(() => undefined);
    expect(asked).toBe("beforeunload");

    await page.getByRole("link", { name: "Help" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Leave without saving" }).click();
    await expect(page).toHaveURL(/\/help$/);
  });

  test("form fields say 'Required' and raise the missing-fields toast", async ({ page }) => {
    await open(page, "/design-system");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByTestId("field-error")).toHaveText(["Required", "Required"]);
    await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("toast")).toContainText("Missing Fields");
  });

  for (const theme of ["light", "dark"] as const) {
    test(`every component passes axe in the ${theme} theme, with a dialog, a menu and the date picker open`, async ({ page, consoleErrors }) => {
      test.slow();
      await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
      await page.goto("/design-system");
      await expect(page.getByRole("heading", { level: 1, name: "Design system" })).toBeVisible();
      await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /light/);
      await expectAccessible(page);

      await page.getByRole("button", { name: "Open a dialog" }).click();
      await expect(page.getByRole("dialog", { name: "Open a dialog" })).toBeVisible();
      await expectAccessible(page);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("button", { name: "Open a dialog" })).toBeFocused();

      await page.getByRole("button", { name: "Open a menu" }).click();
      await expect(page.getByRole("menu")).toBeVisible();
      await expectAccessible(page);
      await page.keyboard.press("Escape");

      await page.getByRole("button", { name: "Delete a workout" }).click();
      const confirm = page.getByRole("alertdialog", { name: "Delete Modern Meetings?" });
      await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
      await expectAccessible(page);
      await page.keyboard.press("Escape");
      await expect(confirm).toBeHidden();

      await page.getByRole("tab", { name: "Overview" }).focus();
      await page.keyboard.press("ArrowRight");
      await expect(page.getByRole("tab", { name: "Details" })).toHaveAttribute("aria-selected", "true");
      await expect(page.getByRole("tabpanel", { name: "Details" })).toHaveText("Only the chosen panel is shown.");

      await page.getByLabel("Start date").click();
      const grid = page.getByRole("grid");
      await expect(grid).toBeVisible();
      await expectAccessible(page);
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("Enter");
      await expect(grid).toBeHidden();
      await expect(page.getByLabel("Start date")).not.toHaveAccessibleName(/Choose a date/);
      expect(consoleErrors).toEqual([]);
    });
  }

  test("the 404 screen speaks the chosen language and passes axe in dark", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 404/); // the page is answered 404, which the browser logs
    await page.addInitScript(() => {
      localStorage.setItem("theme", "dark");
      localStorage.setItem("language", "enGB");
    });
    await page.goto("/nowhere-at-all");
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en-GB");
    await expectAccessible(page);
  });
});

test.describe("telemetry", () => {
  test("a page view is posted after each navigation under the route's telemetry name, none where it is off", async ({ page }) => {
    const views: { name: string; authenticated: boolean; path: string }[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/v1/telemetry") && r.method() === "POST") views.push(r.postDataJSON());
    });
    await page.goto("/help");
    await expect.poll(() => views.length).toBe(1);
    expect(views[0]).toMatchObject({ type: "pageView", name: "Help", authenticated: false, path: "/help" });
    await open(page, "/design-system");
    await page.getByRole("link", { name: "Help" }).click();
    await expect.poll(() => views.length).toBe(2);
    expect(views[1]).toMatchObject({ name: "Help" });
  });
});

test.describe("a lazy route whose code fails to load", () => {
  test("recovers with one reload instead of a blank screen", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/net::ERR_FAILED|Failed to fetch dynamically imported module/);
    // As after a deployment: the first page's chunk is gone (its preload and its import both fail); the reloaded page's is there.
    let documents = 0;
    page.on("request", (r) => {
      if (r.resourceType() === "document") documents++;
    });
    await page.route(/HelpScreen-[\w-]+\.js$/, (route) => (documents < 2 ? route.abort() : route.continue()));
    await page.goto("/help");
    // The server's page shows at once; the script that brings it alive is what failed, and the reload fetches it again.
    await expect.poll(() => documents).toBe(2);
    await expect(page.getByRole("heading", { level: 1, name: "Help" })).toBeVisible();
    await expect(page.getByRole("button", { name: /Change language/ })).toBeEnabled();
    await page.waitForLoadState("networkidle");
    expect(documents).toBe(2);
  });

  test("shows the error screen, not a reload loop, when the code still fails after the reload", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/net::ERR_FAILED|Failed to fetch dynamically imported module/);
    await page.route(/HelpScreen-[\w-]+\.js$/, (route) => route.abort());
    let documents = 0;
    page.on("request", (r) => {
      if (r.resourceType() === "document") documents++;
    });
    await page.goto("/help");
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Reload the page" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(documents).toBe(2);
    await expectAccessible(page);
  });
});
