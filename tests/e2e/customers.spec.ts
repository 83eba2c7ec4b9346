import type { Page } from "@playwright/test";
import { DEMO } from "../../db/seed/data";
import { DEMO_USERS, signIn, signInWithForm } from "./auth";
import { expect, expectAccessible, PARTNER_ORIGIN, test } from "./fixtures";

// Signing in and the first paint are slow on a busy runner.
const FIRST = { timeout: 30_000 };
test.describe.configure({ timeout: 120_000 });

const SHOTS = process.env.SCREENSHOTS_DIR;

/** Screenshots of the page at a phone's width in both themes, when SCREENSHOTS_DIR names a folder (to look at, not compared). */
async function phoneShots(page: Page, name: string) {
  if (!SHOTS) return;
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((t) => document.documentElement.classList.toggle("dark", t === "dark"), theme);
    await page.screenshot({ path: `${SHOTS}/${name}-390-${theme}.png`, fullPage: true });
  }
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
  if (size) await page.setViewportSize(size);
}

test.describe("Your Customers", () => {
  test("shows each customer's price group and filters by one or by none, kept in the URL through a reload and Back, and the export follows it", async ({
    page,
  }) => {
    await signIn(page, "partnerAdmin", "/admin/customers");
    const table = page.getByRole("table");
    await expect(table.getByRole("columnheader", { name: "Price group" })).toBeVisible(FIRST);
    await expect(page.getByRole("row", { name: /Fabrikam Manufacturing/ })).toContainText("Enterprise");

    const filter = page.getByLabel("Price group");
    await filter.selectOption({ label: "No price group" });
    await expect(page).toHaveURL(/[?&]priceGroup=none/);
    await expect(page.getByRole("link", { name: "Fabrikam Manufacturing" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Tailspin Logistics" })).toBeVisible();
    await filter.selectOption({ label: "Enterprise" });
    await expect(page).toHaveURL(new RegExp(`priceGroup=${DEMO.northwind.priceGroupId}`));
    await expect(page.getByRole("link", { name: "Fabrikam Manufacturing" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Tailspin Logistics" })).toHaveCount(0);
    // With the search box, in the URL too.
    await page.getByLabel("Search customers").fill("fabri");
    await expect(page).toHaveURL(/[?&]q=fabri/);
    await expectAccessible(page);

    // The export asks for what the list shows.
    const exported = page.waitForRequest((r) => r.url().includes("/v1/admin/exports/customers"));
    await page.getByRole("button", { name: "Export customers" }).click();
    const url = new URL((await exported).url());
    expect(url.searchParams.get("priceGroup")).toBe(DEMO.northwind.priceGroupId);
    expect(url.searchParams.get("search")).toBe("fabri");

    // A reload keeps the filter; so does going to a customer and Back.
    await page.reload();
    await expect(page.getByLabel("Price group")).toHaveValue(DEMO.northwind.priceGroupId, FIRST);
    await expect(page.getByLabel("Search customers")).toHaveValue("fabri");
    await page.getByRole("link", { name: "Fabrikam Manufacturing" }).click();
    await expect(page.getByRole("heading", { name: "Fabrikam Manufacturing", level: 1 })).toBeVisible(FIRST);
    await page.goBack();
    // The list is back (its search box) before its filter is read: the customer's page has a "Price group" form of its own.
    await expect(page.getByLabel("Search customers")).toHaveValue("fabri", FIRST);
    await expect(page.getByRole("combobox", { name: "Price group" })).toHaveValue(DEMO.northwind.priceGroupId);
    await expect(page.getByRole("link", { name: "Tailspin Logistics" })).toHaveCount(0);
    await phoneShots(page, "customers");
  });
});

test.describe("a customer's page in tabs", () => {
  test("tabs named with their counts, kept in the URL, by keyboard, and the counts on Overview open their tab", async ({ page }) => {
    await signIn(page, "partnerAdmin", `/admin/customers/${DEMO.customers.fabrikam.id}/details`);
    const tabs = page.getByRole("tablist", { name: "Customer sections" });
    await expect(tabs).toBeVisible(FIRST);
    await expect(tabs.getByRole("tab")).toHaveText([/^Overview$/, /^Scores\s*\d+/, /^Plan & credits\s*\d+/, /^Bookings\s*\d+/, /^Activity$/]);
    await expect(page.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("team-size")).toHaveText(/^\d+$/);
    await expectAccessible(page);

    // A count on Overview opens its tab, whose label carries the same number.
    const scores = await page.getByTestId("count-scores").textContent();
    await page.getByTestId("count-scores").click();
    await expect(page).toHaveURL(/[?&]tab=scores/);
    await expect(page.getByRole("tab", { name: /^Scores/ })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tab", { name: /^Scores/ })).toContainText(scores ?? "none");
    await expect(page.getByRole("heading", { name: "Fitness scores" })).toBeVisible(FIRST);

    // By keyboard: the arrow keys move between tabs and show their panel, and the URL follows.
    await page.getByRole("tab", { name: /^Scores/ }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: /^Plan & credits/ })).toBeFocused();
    await expect(page).toHaveURL(/[?&]tab=plan/);
    await expect(page.getByRole("form", { name: "Adjust credits" })).toBeVisible();
    await page.keyboard.press("End");
    await expect(page).toHaveURL(/[?&]tab=activity/);
    await expect(page.getByTestId("audit-trail")).toBeVisible(FIRST);
    await expectAccessible(page);

    // The tab survives a reload, and Back returns to the tab before.
    await page.reload();
    await expect(page.getByRole("tab", { name: "Activity" })).toHaveAttribute("aria-selected", "true", FIRST);
    await page.goBack();
    await expect(page).toHaveURL(/[?&]tab=plan/);
    await expect(page.getByRole("tab", { name: /^Plan & credits/ })).toHaveAttribute("aria-selected", "true");
    await page.getByRole("tab", { name: "Overview" }).click();
    await page.getByTestId("count-bookings").click();
    await expect(page.getByRole("tab", { name: /^Bookings/ })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("region", { name: "Bookings" })).toBeVisible();
    await phoneShots(page, "customer-tabs");
    await page.addInitScript(() => localStorage.setItem("theme", "dark"));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByRole("tablist", { name: "Customer sections" })).toBeVisible(FIRST);
    await expectAccessible(page);
  });
});

/**
 * The organisation switcher's button on a phone: the name is on screen whole
 * (up to two lines, nothing clipped), the button stays inside the bar beside
 * the account menu, and keyboard focus shows the whole name as a tooltip.
 */
async function expectWholeName(page: Page, name: string, shot: string) {
  const switcher = page.getByTestId("organisation-switcher");
  const shown = switcher.getByTestId("organisation-switcher-name");
  await expect(shown).toHaveText(name);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${shot}.png`, clip: { x: 0, y: 0, width: page.viewportSize()!.width, height: 120 } });
  expect(await shown.evaluate((el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  const [button, account] = await Promise.all([switcher.boundingBox(), page.getByRole("button", { name: /^Account menu/ }).boundingBox()]);
  expect(button!.x).toBeGreaterThanOrEqual(0);
  expect(button!.x + button!.width).toBeLessThanOrEqual(account!.x + 1);
  expect(button!.height).toBeLessThanOrEqual(48);
  await switcher.focus();
  await expect(page.getByRole("tooltip")).toHaveText(name);
  await switcher.blur();
}

test.describe("the shell on a phone", () => {
  test("a partner's admin on the product's site: the switcher shows the organisation's whole name beside its wide logo, in both themes", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, "partnerAdmin", "/");
    const switcher = page.getByTestId("organisation-switcher");
    await expect(switcher).toBeVisible(FIRST);
    for (const theme of ["light", "dark"] as const) {
      await page.evaluate((t) => document.documentElement.classList.toggle("dark", t === "dark"), theme);
      await expectWholeName(page, DEMO.northwind.name, `switcher-partner-390-${theme}`);
      // The organisation's wide wordmark stays beside it, at its own shape.
      await expect(switcher.getByTestId("organisation-logo")).toHaveAttribute("data-kind", "logo");
      await expect(switcher.getByTestId("organisation-logo")).toBeVisible();
    }
  });

  test("the organisation switcher shows its whole name (two lines beside the partner's wide logo, a tooltip on focus, a wrapping menu) and the partner's wordmark sits on a light plate in the dark theme", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript(() => localStorage.setItem("theme", "dark"));
    await page.goto(`${PARTNER_ORIGIN}/`);
    await signInWithForm(page, DEMO_USERS.customerMember.email);
    await expect(page).toHaveURL(`${PARTNER_ORIGIN}/`, FIRST);
    const switcher = page.getByTestId("organisation-switcher");
    await expect(switcher).toBeVisible(FIRST);
    const name = DEMO.customers.fabrikam.name;
    await expect(switcher).toHaveAccessibleName(new RegExp(name));
    await expectWholeName(page, name, "switcher-customer-390-dark");
    // Opened by keyboard (a pointer left over the button would test its hover colour instead).
    await switcher.focus();
    await page.keyboard.press("Enter");
    const item = page.getByRole("menuitemradio", { name: new RegExp(name) }).getByTestId("organisation-name");
    await expect(item).toHaveText(name);
    // Nothing of the name is cut off: it wraps inside the menu.
    expect(await item.evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && getComputedStyle(el).textOverflow !== "ellipsis")).toBe(true);
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/switcher-390-dark.png` });
    await page.evaluate(() => document.documentElement.classList.remove("dark"));
    await expectWholeName(page, name, "switcher-customer-390-light");
    await page.evaluate(() => document.documentElement.classList.add("dark"));

    // The wordmark (teal letters drawn for a light page) keeps its contrast on the dark page: a white plate.
    await page.setViewportSize({ width: 1280, height: 800 });
    const logo = page.getByRole("banner").getByTestId("brand-logo");
    await expect(logo).toBeVisible(FIRST);
    await expect(logo).toHaveCSS("background-color", "rgb(255, 255, 255)");
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/logo-dark.png`, clip: { x: 0, y: 0, width: 640, height: 60 } });
  });
});
