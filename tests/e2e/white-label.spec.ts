import { DEMO_USERS, signIn, signInWithForm } from "./auth";
import { expect, expectAccessible, MAIN, PARTNER_ORIGIN, test } from "./fixtures";

/** The font files a page asked for, by name. */
function fontRequests(page: import("@playwright/test").Page): string[] {
  const names: string[] = [];
  page.on("request", (r) => {
    const m = new URL(r.url()).pathname.match(/^\/fonts\/(.+\.woff2)$/);
    if (m) names.push(m[1]!);
  });
  return names;
}

/** Whether the page has a face of `family` loaded, once its fonts are ready. */
const fontLoaded = (page: import("@playwright/test").Page, family: string) =>
  page.evaluate(async (family) => {
    await document.fonts.ready;
    const faces = [...document.fonts].filter((f) => f.family.replace(/"/g, "") === family && f.status === "loaded");
    return faces.length > 0 && document.fonts.check(`16px "${family}"`);
  }, family);

test.describe("the partner's font", () => {
  test("Northwind's domain loads Manrope from the product, and no other font", async ({ page }) => {
    const requested = fontRequests(page);
    await page.goto(`${PARTNER_ORIGIN}/help`);
    await expect.poll(() => fontLoaded(page, "Manrope")).toBe(true);
    expect(requested).toContain("manrope-latin-400-normal.woff2");
    expect(requested.every((name) => name.startsWith("manrope-latin-"))).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^Manrope/);
  });

  test("the main domain's sign-in loads the product's Inter", async ({ page }) => {
    const requested = fontRequests(page);
    await page.goto(`${MAIN}/login`);
    await expect.poll(() => fontLoaded(page, "Inter")).toBe(true);
    expect(requested).toContain("inter-latin-400-normal.woff2");
    expect(requested.every((name) => name.startsWith("inter-latin-"))).toBe(true);
  });
});

test.describe("Branding protects the partner from itself", () => {
  test("hard-to-read colours are flagged with their contrast, a long name says so instead of being cut, and the score's wording is checked", async ({
    page,
  }) => {
    await signIn(page, "partnerAdmin", "/admin/branding");
    await expect(page.getByRole("heading", { name: "Branding", level: 1 })).toBeVisible();
    // Northwind's own white text on its lighter teal (#14b8a6) reads at 2.5:1: flagged, its brand colour is not.
    await expect(page.getByTestId("contrast-lightHeroTextColour")).toContainText("Contrast 2.5:1 on the gradient, below the 4.5:1");
    await expect(page.locator('[data-testid^="contrast-"]')).toHaveCount(2);

    // White hero and gradient text on a white gradient stop; a pale yellow brand colour on white.
    await page.getByTestId("hex-gradientColourOne").fill("#ffffff");
    await page.getByTestId("hex-brandColour").fill("#facc15");
    await expect(page.getByTestId("contrast-lightHeroTextColour")).toContainText("Contrast 1.0:1 on the gradient, below the 4.5:1");
    await expect(page.getByTestId("contrast-lightGradientTextColour")).toContainText("Contrast 1.0:1 on the gradient");
    await expect(page.getByTestId("contrast-brandColour")).toContainText("Contrast 1.5:1 on white, below the 4.5:1");
    await page.mouse.move(0, 0);
    await expectAccessible(page);
    // Fixed (a darker teal for the gradient's second colour): the warnings go.
    await page.getByTestId("hex-brandColour").fill("#0f766e");
    await page.getByTestId("hex-gradientColourOne").fill("#0f766e");
    await page.getByTestId("hex-gradientColourTwo").fill("#115e59");
    await expect(page.locator('[data-testid^="contrast-"]')).toHaveCount(0);

    // A name over 20 characters stays as typed, with the field saying why it cannot be saved.
    const name = page.getByLabel("Platform name");
    await name.fill("Northwind Learning Academy");
    await expect(name).toHaveValue("Northwind Learning Academy");
    await expect(page.getByText("26/20 characters")).toBeVisible();
    await expect(page.getByText("Platform name must be at most 20 characters")).toBeVisible();
    await expect(page.getByTestId("preview-platform-name")).toHaveText("Northwind Learning Academy");

    // The score's name and wording.
    await expect(page.getByLabel("Score name")).toHaveAttribute("placeholder", "Northwind Learning Academy");
    await page.getByLabel("Score text").fill("points");
    await expect(page.getByText("Score text must contain {score}")).toBeVisible();
    await page.getByLabel("Score text").fill("{score} points");
    await expect(page.getByText("How a score reads, with {score} for the number: 72 points")).toBeVisible();
    await page.getByRole("button", { name: "Discard changes" }).click();
    await expect(name).toHaveValue("Northwind Learn");
  });
});

test.describe("logos at their own shape", () => {
  test("on a phone the partner's wide logo keeps its shape beside the organisation switcher, whose logo is not squeezed; the sign-in card shows logo or name, not both", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    const box = async (testId: string) => (await page.getByTestId(testId).first().boundingBox())!;
    const ratio = async (testId: string) => {
      const b = await box(testId);
      return b.height > 0 ? b.width / b.height : 0;
    };
    await page.goto(`${PARTNER_ORIGIN}/`);
    await expect(page).toHaveURL(new RegExp(`^${MAIN}/login\\?redirectUrl=`));
    // The wordmark says the name: the name is there for screen readers only, not printed beside it.
    await expect(page.getByTestId("brand-logo")).toBeVisible();
    await expect(page.getByTestId("platform-name")).toHaveText("Northwind Learn");
    expect((await box("platform-name")).width).toBeLessThanOrEqual(1);
    await signInWithForm(page, DEMO_USERS.partnerAdmin.email);
    await expect(page).toHaveURL(`${PARTNER_ORIGIN}/`, { timeout: 20_000 });
    await expect(page.getByTestId("organisation-logo")).toBeVisible();
    // The top bar's logo may get a narrower box on a phone, but is drawn inside it at its own shape (contained, never stretched).
    await expect(page.getByTestId("brand-logo")).toHaveCSS("object-fit", "contain");
    expect((await box("brand-logo")).width).toBeGreaterThanOrEqual(64);
    await expect.poll(() => ratio("organisation-logo")).toBeGreaterThan(1.5);
    const logo = await box("brand-logo");
    const switcher = await box("organisation-switcher");
    expect(logo.x + logo.width).toBeLessThanOrEqual(switcher.x);
    await expectAccessible(page);
  });
});
