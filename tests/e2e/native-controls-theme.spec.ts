import { signIn } from "./auth";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * The browser's own parts of form controls (a time field's clock button, a
 * date field's calendar, a select's open list, scrollbars) follow the
 * product's theme: in the dark theme they are drawn for a dark page, so the
 * time fields' clock reads on the dark field instead of a black glyph on it
 * (docs/decisions/2026-11-27-native-controls-follow-the-theme.md).
 */
for (const theme of ["light", "dark"] as const) {
  test(`Availability's time fields and selects are drawn for the ${theme} theme`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
    await signIn(page, "otherPartnerAdmin", "/admin/availability");
    const from = page.getByLabel("From (Monday)").first();
    await expect(from).toBeVisible({ timeout: 20_000 });
    const schemes = await page.evaluate(() =>
      ["input[type=time]", "select"].map((selector) => getComputedStyle(document.querySelector(selector)!).colorScheme),
    );
    expect(schemes).toEqual([theme, theme]);
    await expectAccessible(page);
  });
}
