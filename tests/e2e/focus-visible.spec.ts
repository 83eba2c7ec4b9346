import type { Page } from "@playwright/test";
import { DEMO } from "../../db/seed/data";
import { signIn, type DemoUserKey } from "./auth";
import { expect, open, PARTNER_ORIGIN, test } from "./fixtures";

/**
 * Keyboard focus is visible everywhere (WCAG 2.4.7), which axe does not
 * check: on each main screen, in both themes, Tab goes through the shell and
 * then through the screen's form (or its content), and every element that
 * receives focus shows an outline (a style other than none, a width, a colour
 * that is not transparent) or a box-shadow it does not have without focus.
 */

type Screen = { name: string; who?: DemoUserKey; path: string; origin?: string; heading: RegExp };

const SCREENS: Screen[] = [
  { name: "Home", who: "customerMember", path: "/", heading: /Welcome, Dan/ },
  { name: "the catalogue", who: "customerMember", path: "/workouts?category=commsAndConnectivity", heading: /./ },
  { name: "a workout", who: "customerAdmin", path: `/workout/${DEMO.workouts.dataLiteracy}`, heading: /Data Literacy/ },
  { name: "Your Bookings", who: "customerAdmin", path: "/bookings", heading: /Your Bookings/ },
  { name: "Your Jobs", who: "partnerAdmin", path: "/jobs", heading: /Your Jobs/ },
  { name: "Branding", who: "partnerAdmin", path: "/admin/branding", heading: /Branding/ },
  { name: "Your Customers", who: "partnerAdmin", path: "/admin/customers", heading: /Your Customers/ },
  { name: "Your Profile", who: "customerAdmin", path: "/admin/profile", heading: /Your Profile/ },
  // Hours of the partner's own and of the workouts it delivers for others, with time fields.
  { name: "Availability", who: "otherPartnerAdmin", path: "/admin/availability", heading: /Availability/ },
  { name: "sign-in", path: "/login", heading: /Sign in/ },
  // A partner's own domain wears its brand colour on the ring.
  { name: "Help on a partner's domain", path: "/help", origin: PARTNER_ORIGIN, heading: /Help/ },
];

/** Remembers every element's box-shadow before anything has the focus, so a shadow the element always wears is not taken for a ring. */
async function rememberShadows(page: Page) {
  await page.evaluate(() => {
    const seen = new WeakMap<Element, string>();
    for (const el of document.querySelectorAll("*")) seen.set(el, getComputedStyle(el).boxShadow);
    Object.assign(window, { shadowsWithoutFocus: seen });
  });
}

/** Whether the focused element shows a focus indicator (its name when it does not); null when nothing has the focus. */
function checkFocused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    const transparent = (colour: string) => colour === "transparent" || /rgba\([^)]*,\s*0\)$/.test(colour);
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0 && !transparent(style.outlineColor);
    const before = (window as unknown as { shadowsWithoutFocus?: WeakMap<Element, string> }).shadowsWithoutFocus?.get(el) ?? "none";
    // A shadow counts when it has a visible colour and the element did not wear it before.
    const shadows = style.boxShadow === "none" ? [] : style.boxShadow.split(/,(?![^(]*\))/);
    const ring = style.boxShadow !== before && shadows.some((s) => !/rgba\([^)]*,\s*0\)/.test(s) && !/^\s*transparent/.test(s));
    const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}"`;
    return { name, visible: outline || ring };
  });
}

/** Checks the focused element, then presses Tab up to `presses` times (until focus leaves the page), checking each; returns how many were checked and those without an indicator. */
async function tabAndCheck(page: Page, presses: number): Promise<{ visited: number; invisible: string[] }> {
  const invisible: string[] = [];
  let visited = 0;
  for (let i = 0; i <= presses; i++) {
    if (i > 0) await page.keyboard.press("Tab");
    const found = await checkFocused(page);
    if (!found) {
      if (i > 0) break;
      continue;
    }
    visited++;
    if (!found.visible) invisible.push(found.name);
  }
  return { visited, invisible };
}

for (const theme of ["light", "dark"] as const) {
  test.describe(`keyboard focus is visible in the ${theme} theme`, () => {
    for (const screen of SCREENS) {
      test(`on ${screen.name}`, async ({ page }) => {
        test.setTimeout(60_000);
        await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
        if (screen.who) await signIn(page, screen.who, screen.path, screen.origin);
        else await open(page, `${screen.origin ?? ""}${screen.path}`);
        await expect(page.getByRole("heading", { level: 1 }).first()).toHaveText(screen.heading, { timeout: 20_000 });
        await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /light/);
        await rememberShadows(page);

        // The shell first: skip link, navigation, top bar, then the screen.
        const shell = await tabAndCheck(page, 25);
        expect(shell.visited, "elements reached by Tab").toBeGreaterThan(3);
        expect(shell.invisible, "focused without a visible indicator").toEqual([]);

        // Then the screen's form (its first field), or its content when it has none.
        const main = page.locator("main");
        const field = main.locator("input:not([type=hidden]), select, textarea").first();
        const start = (await field.count()) ? field : main.locator("a[href], button, [tabindex='0']").first();
        await start.focus();
        const form = await tabAndCheck(page, 20);
        expect(form.invisible, "focused without a visible indicator").toEqual([]);
      });
    }
  });
}

/**
 * The ring is the keyboard's only: a mouse press on a tab, or the mouse over a
 * menu's items (whose components move the focus from script, which Chromium
 * otherwise shows as visible), focuses without it; the next arrow key shows it.
 */
test.describe("a mouse focuses without the ring, the keyboard with it", () => {
  for (const theme of ["light", "dark"] as const) {
    test(`tabs and menu items in the ${theme} theme`, async ({ page }) => {
      test.setTimeout(60_000);
      await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
      await page.setViewportSize({ width: 1280, height: 800 });
      await signIn(page, "partnerAdmin", "/jobs");
      await rememberShadows(page);

      // Your Jobs' tabs: a click on Week shows its week, the tab focused without a ring; → moves on with one.
      await page.getByRole("tab", { name: "Week" }).click();
      await expect(page.getByRole("list", { name: "Sessions this week, by day" })).toBeVisible();
      await expect(page.getByRole("tab", { name: "Week" })).toBeFocused();
      expect(await checkFocused(page)).toEqual({ name: expect.stringContaining("Week"), visible: false });
      await page.getByRole("tab", { name: "Agenda" }).click();
      expect((await checkFocused(page))?.visible).toBe(false);
      await page.keyboard.press("ArrowLeft");
      await expect(page.getByRole("tab", { name: "Week" })).toBeFocused();
      expect((await checkFocused(page))?.visible).toBe(true);

      // A menu opened and pointed at with the mouse: the item under it is focused without a ring; ↓ shows it.
      await page.getByTestId("user-button").click();
      const items = page.getByRole("menu").getByRole("menuitem");
      await items.first().hover();
      await expect(items.first()).toBeFocused();
      expect((await checkFocused(page))?.visible).toBe(false);
      await page.keyboard.press("ArrowDown");
      await expect(items.nth(1)).toBeFocused();
      expect((await checkFocused(page))?.visible).toBe(true);
    });
  }
});
