import type { Locator, Page } from "@playwright/test";
import { DEMO } from "../../db/seed/data";
import { signIn } from "./auth";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * A dialog, a confirmation or the phone's navigation panel focuses its first
 * control as it opens (a confirmation its Cancel): with the focus ring when
 * the keyboard opened it, without one after a mouse click on the opener or
 * when the page itself opens with it; the next Tab shows the ring
 * (docs/decisions/2026-11-27-dialog-first-focus-by-input.md). Chromium on
 * its own rings a text field that a script focuses, whatever opened it.
 */

/** The focused element: its tag and name, and whether it wears the ring (`:focus-visible`). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? "",
      name: (el?.getAttribute("aria-label") || el?.textContent || "").trim(),
      ring: Boolean(el?.matches(":focus-visible")),
    };
  });

/** Opens a dialog with `opener` by the mouse, then (closed with Escape) by the keyboard: answers the first focus of each. */
async function byMouseThenKeyboard(page: Page, opener: Locator, dialogRole: "dialog" | "alertdialog" = "dialog") {
  const dialog = page.getByRole(dialogRole);
  await opener.click();
  await expect(dialog).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest("[role=dialog],[role=alertdialog]") !== null)).toBe(true);
  const mouse = await focused(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await opener.focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest("[role=dialog],[role=alertdialog]") !== null)).toBe(true);
  const keyboard = await focused(page);
  return { mouse, keyboard, dialog };
}

for (const theme of ["light", "dark"] as const) {
  test(`a dialog's first field and a confirmation's first button wear the ring only when the keyboard opened them, in the ${theme} theme`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
    await signIn(page, "customerAdmin", "/admin/profile");

    // A form dialog: its first field, typed into at once either way.
    const create = await byMouseThenKeyboard(page, page.getByRole("button", { name: "Create team" }));
    expect(create.mouse).toMatchObject({ tag: "input", ring: false });
    expect(create.keyboard).toMatchObject({ tag: "input", ring: true });
    await expectAccessible(page);
    await page.keyboard.press("Escape");

    // A confirmation (leaving the form with an edit): Keep editing, so Enter never discards by accident.
    await page.getByRole("button", { name: "Create team" }).click();
    const form = page.getByRole("dialog");
    await form.getByRole("textbox").first().fill("Draft team");
    const confirm = page.getByRole("alertdialog");
    const inConfirm = () => page.evaluate(() => document.activeElement?.closest("[role=alertdialog]") !== null);
    await form.getByRole("button", { name: "Close" }).click();
    await expect(confirm).toBeVisible();
    await expect.poll(inConfirm).toBe(true);
    expect(await focused(page)).toEqual({ tag: "button", name: "Keep editing", ring: false });
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();
    await page.keyboard.press("Escape");
    await expect(confirm).toBeVisible();
    await expect.poll(inConfirm).toBe(true);
    expect(await focused(page)).toEqual({ tag: "button", name: "Keep editing", ring: true });
    await expectAccessible(page);
    await confirm.getByRole("button", { name: "Discard" }).click();
    await expect(form).toBeHidden();
  });
}

test("a dialog the page opens with shows no ring until a key moves the focus", async ({ page }) => {
  await signIn(page, "customerAdmin", `/workout/${DEMO.workouts.dataLiteracy}/book`);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("button", { name: "Next" })).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest("[role=dialog]") !== null)).toBe(true);
  expect((await focused(page)).ring).toBe(false);
  await page.keyboard.press("Tab");
  await expect.poll(async () => (await focused(page)).ring).toBe(true);
});

test("the phone's navigation panel takes the focus without the ring for a tap, with it for the keyboard", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, "customerAdmin", "/");
  const menu = await byMouseThenKeyboard(page, page.getByRole("button", { name: "Open navigation" }));
  expect(menu.mouse.ring).toBe(false);
  expect(menu.keyboard.ring).toBe(true);
  await expectAccessible(page);
});

/**
 * Opens a dialog from the keyboard with `opener`, closes it with Escape:
 * answers what has the focus then. The focus goes back one task after the
 * dialog leaves the page (Radix's focus scope returns it from a timer as it
 * unmounts), so a look taken as the dialog goes can still find the body:
 * this waits, a while at most, for the focus to land somewhere else.
 */
async function focusAfterEscape(page: Page, opener: Locator, dialogRole: "dialog" | "alertdialog" = "dialog") {
  const dialog = page.getByRole(dialogRole);
  await opener.focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest("[role=dialog],[role=alertdialog]") !== null)).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect
    .poll(() => page.evaluate(() => document.activeElement !== null && document.activeElement !== document.body), { timeout: 2_000 })
    .toBe(true)
    .catch(() => undefined);
  return focused(page);
}

test("closing a dialog gives the focus back to the button that opened it, ring and all, whatever opened it", async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, "partnerAdmin", "/admin/profile");
  // Dialogs a screen opens from its own state (no Radix trigger): a form and a list of invites.
  for (const name of ["Create team", "Invite"]) {
    await expect(page.getByRole("button", { name, exact: true })).toBeVisible();
    expect(await focusAfterEscape(page, page.getByRole("button", { name, exact: true }))).toEqual({ tag: "button", name, ring: true });
  }
  await page.goto("/admin/price-groups");
  const create = page.getByRole("button", { name: "Create price group" });
  await expect(create).toBeVisible();
  expect(await focusAfterEscape(page, create)).toMatchObject({ tag: "button", name: "Create price group", ring: true });
  await expectAccessible(page);

  // The phone's navigation panel gives it back to its opener too.
  await page.setViewportSize({ width: 375, height: 812 });
  const menu = page.getByRole("button", { name: "Open navigation" });
  await expect(menu).toBeVisible();
  expect(await focusAfterEscape(page, menu)).toMatchObject({ tag: "button", ring: true });
  expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Open navigation");
});
