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
      await row.scrollIntoViewIfNeeded();
      expect(await onScreen(row.getByTestId("status").first()), `status of job ${i + 1}`).toBe(true);
      // Its label ("Next session") is drawn by CSS; the value is a date or a dash.
      await expect(row.getByTestId("next-session")).toHaveText(/\d|—/);
      expect(await onScreen(row.getByTestId("next-session")), `next session of job ${i + 1}`).toBe(true);
    }
    // The actions of a job with some: on screen, and they open.
    const menu = page.getByRole("button", { name: /^Actions for / }).first();
    await menu.scrollIntoViewIfNeeded();
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
  await signIn(page, "partnerAdmin", `/admin/customers/${DEMO.customers.fabrikam.id}/details`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Fabrikam", { timeout: 20_000 });
  await expect(page.locator("main table").first()).toBeAttached({ timeout: 20_000 });
  await expect(page.getByRole("heading", { name: "Submitted assessments" })).toBeVisible();
  expect(await beyondViewport(page)).toEqual([]);
  const mark = page.getByRole("button", { name: /^Mark the assessment of/ }).first();
  if (await mark.count()) {
    await mark.scrollIntoViewIfNeeded();
    expect(await onScreen(mark)).toBe(true);
  }
  await expectAccessible(page);
});

test("the booking overlay shows its step labels whole", async ({ page }) => {
  await signIn(page, "customerAdmin", `/workout/${DEMO.workouts.dataLiteracy}/book`);
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  const steps = dialog.getByRole("list", { name: /^Step 1 of 3/ }).getByRole("listitem");
  await expect(steps).toHaveCount(3);
  for (let i = 0; i < 3; i++) {
    const label = steps.nth(i).locator("span").nth(1);
    await expect(label).toBeVisible();
    // Not cut: the label's text fits its box, and its box is inside the dialog.
    expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    expect(await onScreen(label), `step ${i + 1}`).toBe(true);
  }
  expect(await beyondViewport(page)).toEqual([]);
  await expectAccessible(page);
});

test("the score chart's legend shows every series", async ({ page }) => {
  await screen(page, "customerAdmin", "/activity", "Your Activity");
  const chart = page.getByTestId("score-chart");
  await expect(chart).toBeVisible({ timeout: 30_000 });
  const items = chart.locator("ul").last().locator("li");
  // All categories and overall.
  expect(await items.count()).toBeGreaterThan(2);
  for (let i = 0; i < (await items.count()); i++) {
    await items.nth(i).scrollIntoViewIfNeeded();
    expect(await onScreen(items.nth(i)), `legend item ${i + 1}`).toBe(true);
  }
  expect(await beyondViewport(page)).toEqual([]);
});
