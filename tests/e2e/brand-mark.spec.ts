import type { Page } from "@playwright/test";
import { solidPng } from "../png";
import { signIn } from "./auth";
import { expect, expectAccessible, MAIN, PARTNER_ORIGIN, serverHtml, test } from "./fixtures";

const png = (width: number, height: number, name: string) => ({ name, mimeType: "image/png", buffer: Buffer.from(solidPng(width, height, [234, 88, 12])) });
/** The mark's upload control (its preview square beside the file input). */
const markField = (page: Page) => page.locator('div:has(> div > input[type="file"][name="mark"])');

/** The screen at a desktop's and a phone's width, in the light and the dark theme, saved beside the test's other output. */
async function screenshots(page: Page, name: string) {
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((t) => {
      document.documentElement.classList.toggle("dark", t === "dark");
      document.documentElement.style.colorScheme = t;
    }, theme);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.locator('input[type="file"][name="mark"]').or(page.getByTestId("top-bar")).first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`${name}-${width}-${theme}.png`), fullPage: false });
    }
  }
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe("the partner's square mark", () => {
  test.describe.configure({ timeout: 90_000 });

  test("a partner admin uploads a square mark in Branding; the partner's domain links it as its icon and shows it in the phone's top bar", async ({ page }) => {
    await signIn(page, "partnerAdmin", "/admin/branding", MAIN);
    await expect(page.getByRole("heading", { name: "Branding", level: 1 })).toBeVisible();
    const input = page.locator('input[type="file"][name="mark"]');
    await expect(page.getByText(/About square, such as 512 × 512 px\. PNG or WebP/)).toBeVisible();

    // A wide image is refused with the field's own message, before anything is sent.
    await input.setInputFiles(png(120, 40, "wide.png"));
    await expect(page.getByText("The mark must be about square (width and height within 10% of each other)")).toBeVisible();
    await expectAccessible(page);

    // An about-square one: previewed, saved, and the page's own icon at once on the next page of the partner's domain.
    await input.setInputFiles(png(64, 60, "mark.png"));
    await expect(page.getByText("The mark must be about square", { exact: false })).toHaveCount(0);
    await expect(markField(page).getByTestId("upload-preview")).toBeVisible();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Branding saved").first()).toBeVisible();
    await screenshots(page, "branding-mark");
    try {
      // The server's page on the partner's domain links the mark as icon and home-screen icon, and no other icon.
      const html = await serverHtml(`${PARTNER_ORIGIN}/help`);
      const icons = [...html.matchAll(/<link rel="(icon|apple-touch-icon)" href="([^"]*)">/g)].map((m) => [m[1], m[2]]);
      expect(icons).toHaveLength(2);
      const href = icons[0]![1]!;
      expect(href).toMatch(/^\/files\/public\/stylings\/.+\.png$/);
      expect(icons[1]).toEqual(["apple-touch-icon", href]);

      // In the browser: the head's icon is the mark, served as a PNG; on a phone the top bar shows the mark instead of the wide logo.
      await page.goto(`${PARTNER_ORIGIN}/help`);
      await expect(page.locator('head link[rel="icon"]')).toHaveAttribute("href", href);
      expect(await page.evaluate(async (url) => (await fetch(url)).headers.get("content-type"), href)).toBe("image/png");
      await page.setViewportSize({ width: 390, height: 900 });
      await expect(page.getByTestId("brand-mark")).toBeVisible();
      await expect(page.getByTestId("brand-mark")).toHaveAttribute("src", href);
      await expect(page.getByTestId("brand-logo")).toBeHidden();
      const box = (await page.getByTestId("brand-mark").boundingBox())!;
      expect(box.width).toBe(box.height);
      await expectAccessible(page);
      await page.setViewportSize({ width: 1280, height: 900 });
      await expect(page.getByTestId("brand-logo")).toBeVisible();
      await expect(page.getByTestId("brand-mark")).toBeHidden();
      await screenshots(page, "partner-help-mark");

      // Signed in on the partner's domain (handed over from the main domain's session): the switcher's square avatar is the mark.
      await page.goto(`${PARTNER_ORIGIN}/`);
      await expect(page).toHaveURL(`${PARTNER_ORIGIN}/`, { timeout: 20_000 });
      await expect(page.getByTestId("organisation-logo")).toHaveAttribute("src", href);
      const avatar = (await page.getByTestId("organisation-logo").boundingBox())!;
      expect(avatar.width).toBe(avatar.height);
      await expectAccessible(page);
      await screenshots(page, "partner-home-mark");
    } finally {
      // The seeded partner goes back to no mark, as the other journeys expect.
      await page.goto(`${MAIN}/admin/branding`);
      await page.getByRole("button", { name: "Remove Square mark" }).click();
      await page.getByRole("button", { name: "Save changes" }).click();
      await expect(page.getByText("Branding saved").first()).toBeVisible();
    }
    const after = await serverHtml(`${PARTNER_ORIGIN}/help`);
    expect(after).not.toMatch(/<link rel="icon" href="\/files\/public\/stylings\//);
  });
});
