import type { Locator, Page } from "@playwright/test";
import { DEMO } from "../../db/seed/data";
import { signIn, type DemoUserKey } from "./auth";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * At phone width (390 px) the main screens keep everything on screen: no
 * element reaches past the viewport (not even inside a table's own scroll
 * region), a job's status, next session and actions are visible without
 * scrolling sideways, and nothing a person must read is cut off.
 */

test.use({ viewport: { width: 390, height: 844 } });

/** The elements inside main that reach past the viewport's left or right edge (visually hidden ones aside), named for the failure message. */
function beyondViewport(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll("main *, [role=dialog] *")]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        // Elements not laid out, and visually hidden ones (clipped, as a table's header row on a phone), are not seen.
        if (r.width <= 1 || r.height <= 1) return false;
        if (r.right <= width + 1 && r.left >= -1) return false;
        for (let a: Element | null = el; a; a = a.parentElement) {
          const style = getComputedStyle(a);
          if (style.clipPath !== "none" || style.clip !== "auto") return false;
        }
        return true;
      })
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.getAttribute("class") ?? "").slice(0, 50)} (${Math.round(el.getBoundingClientRect().right)} px)`);
  });
}

/** Whether `target` is on screen as it is (no sideways scrolling): inside the viewport and not covered or clipped at its centre. */
async function onScreen(target: Locator) {
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    if (r.left < 0 || r.right > document.documentElement.clientWidth) return false;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (el === hit || el.contains(hit));
  });
}

/**
 * Scrolls `target` to the middle of the viewport. Playwright's
 * scrollIntoViewIfNeeded leaves an element that is already partly in view
 * where it is, which may be under the sticky top bar, and elementFromPoint
 * then finds the bar.
 */
async function centre(target: Locator) {
  await target.evaluate((el) => el.scrollIntoView({ block: "center", inline: "nearest" }));
}

async function screen(page: Page, who: DemoUserKey, path: string, heading: string | RegExp) {
  await signIn(page, who, path);
  await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible({ timeout: 20_000 });
}

for (const { name, who, path } of [
  { name: "Your Bookings", who: "customerAdmin", path: "/bookings" },
  { name: "Your Jobs", who: "partnerAdmin", path: "/jobs" },
] as const) {
  test(`${name}: each job is a card with its status, next session and actions on screen`, async ({ page }) => {
    await screen(page, who, path, name);
    const rows = page.getByTestId("job-row");
    await expect(rows.first()).toBeVisible({ timeout: 20_000 });
    expect(await beyondViewport(page)).toEqual([]);
    const count = Math.min(await rows.count(), 4);
    for (let i = 0; i < count; i++) {
      const row = rows.nth(i);
      await centre(row);
      expect(await onScreen(row.getByTestId("status").first()), `status of job ${i + 1}`).toBe(true);
      // Its label ("Next session") is drawn by CSS; the value is a date or a dash.
      await expect(row.getByTestId("next-session")).toHaveText(/\d|—/);
      expect(await onScreen(row.getByTestId("next-session")), `next session of job ${i + 1}`).toBe(true);
    }
    // The actions of a job with some: on screen, and they open.
    const menu = page.getByRole("button", { name: /^Actions for / }).first();
    await centre(menu);
    expect(await onScreen(menu)).toBe(true);
    await menu.click();
    await expect(page.getByRole("menuitem").first()).toBeVisible();
    await page.keyboard.press("Escape");
    // A job's sessions, expanded, are cards too.
    await rows
      .first()
      .getByRole("button", { name: /^Show sessions of / })
      .click();
    await expect(page.getByRole("table", { name: /^Sessions of / })).toBeVisible();
    expect(await beyondViewport(page)).toEqual([]);
    await expectAccessible(page);
  });
}

test("a customer's details: every table fits the phone, its actions on screen", async ({ page }) => {
  await signIn(page, "partnerAdmin", `/admin/customers/${DEMO.customers.fabrikam.id}/details?tab=scores`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Fabrikam", { timeout: 20_000 });
  await expect(page.locator("main table").first()).toBeAttached({ timeout: 20_000 });
  await expect(page.getByRole("heading", { name: "Submitted assessments" })).toBeVisible();
  expect(await beyondViewport(page)).toEqual([]);
  const mark = page.getByRole("button", { name: /^Mark the assessment of/ }).first();
  if (await mark.count()) {
    await centre(mark);
    expect(await onScreen(mark)).toBe(true);
  }
  await expectAccessible(page);
});

/** Whether `box`'s content fits it (nothing overflows, clipped or not) and every one of `items` lies inside it. */
function fitsIn(box: Locator, itemSelector: string) {
  return box.evaluate((el, selector) => {
    const outer = el.getBoundingClientRect();
    const inside = [...el.querySelectorAll(selector)].every((item) => {
      const r = item.getBoundingClientRect();
      return r.left >= outer.left - 1 && r.right <= outer.right + 1 && r.top >= outer.top - 1 && r.bottom <= outer.bottom + 1;
    });
    return inside && el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1;
  }, itemSelector);
}

test("the booking overlay shows its step labels whole", async ({ page }) => {
  await signIn(page, "customerAdmin", `/workout/${DEMO.workouts.dataLiteracy}/book`);
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  const list = dialog.getByRole("list", { name: /^Step 1 of 3/ });
  await expect(list.getByRole("listitem")).toHaveCount(3);
  // Each step, its number and its label, within the list's box (as wide as the dialog's content).
  expect(await fitsIn(list, "li")).toBe(true);
  expect(await beyondViewport(page)).toEqual([]);
  await expectAccessible(page);
});

test("the score chart's legend shows every series", async ({ page }) => {
  await screen(page, "customerAdmin", "/activity", "Your Activity");
  const chart = page.getByTestId("score-chart");
  await expect(chart).toBeVisible({ timeout: 30_000 });
  await chart.scrollIntoViewIfNeeded();
  const legend = chart.locator("ul").last();
  // All categories and overall, none cut off: inside the legend's box and the chart's, and on screen as they are.
  const items = legend.locator("li");
  expect(await items.count()).toBeGreaterThan(2);
  expect(await fitsIn(legend, "li")).toBe(true);
  expect(await fitsIn(chart, "li")).toBe(true);
  for (let i = 0; i < (await items.count()); i++) expect(await onScreen(items.nth(i)), `legend item ${i + 1}`).toBe(true);
  expect(await beyondViewport(page)).toEqual([]);
});
