import type { Page } from "@playwright/test";
import { DEMO } from "../../db/seed/data";
import { signIn } from "./auth";
import { expect, expectAccessible, test } from "./fixtures";

/**
 * What people see, checked where a screenshot showed it wrong: a logo's
 * contrast on the brand-coloured bar, a name cut short with room to spare,
 * cards run together, a zone field showing nothing, days without their
 * weekday.
 */

const dark = (page: Page) => page.addInitScript(() => localStorage.setItem("theme", "dark"));

/** Whether the element's text fits its box (nothing cut off behind an ellipsis). */
const fits = (page: Page, testId: string) => page.getByTestId(testId).evaluate((el) => el.scrollWidth <= el.clientWidth + 1);

test.describe("the organisation switcher on the brand-coloured top bar", () => {
  test("a wide logo sits on its light plate in the light theme too, and a wide screen shows the whole name", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    // Ada's organisation is Northwind, whose teal wordmark is drawn for a light page: on the blue bar its letters need the plate.
    await signIn(page, "partnerAdmin", "/");
    await expect(page.getByTestId("top-bar")).toHaveAttribute("data-variant", "primary");
    const logo = page.getByTestId("organisation-logo");
    await expect(logo).toHaveAttribute("data-kind", "logo");
    await expect(logo).toHaveCSS("background-color", "rgb(255, 255, 255)");
    await expect(page.getByTestId("organisation-switcher-name")).toHaveText(DEMO.northwind.name);
    expect(await fits(page, "organisation-switcher-name")).toBe(true);
    await expectAccessible(page);
  });

  test("on a phone the logo alone names the organisation (the name is the button's), not a letter and an ellipsis", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await dark(page);
    await signIn(page, "partnerAdmin", "/");
    const switcher = page.getByTestId("organisation-switcher");
    await expect(switcher).toHaveAccessibleName(new RegExp(DEMO.northwind.name));
    await expect(page.getByTestId("organisation-logo")).toBeVisible();
    expect((await page.getByTestId("organisation-switcher-name").boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
    await expectAccessible(page);
  });
});

test.describe("a customer's Scores tab", () => {
  test("its cards stand apart, as on the other tabs", async ({ page }) => {
    await signIn(page, "partnerAdmin", `/admin/customers/${DEMO.customers.fabrikam.id}/details?tab=scores`);
    const scores = page.locator("section", { has: page.getByRole("heading", { name: "Fitness scores", level: 2 }) });
    const history = page.locator("section", { has: page.getByRole("heading", { name: "Score history", level: 2 }) });
    await expect(history).toBeVisible();
    const [above, below] = [(await scores.boundingBox())!, (await history.boundingBox())!];
    expect(below.y - (above.y + above.height)).toBeGreaterThanOrEqual(16);
  });
});

test.describe("zone fields in a browser on UTC", () => {
  test.use({ timezoneId: "UTC" });

  test("the weekly series starts in the organisation's zone, and every zone field shows the zone it holds, UTC among them", async ({ page }) => {
    await signIn(page, "partnerAdmin", "/jobs");
    const series = page.locator("form", { has: page.getByRole("button", { name: "Publish the series" }) });
    const zone = series.getByLabel("Time zone");
    // Ada's organisation is in Berlin, as the single times beside it say.
    await expect(zone).toHaveValue("Europe/Berlin");
    await expect(zone.locator("option:checked")).toHaveText(/^Europe\/Berlin \(GMT\+0?1:00\)$/);
    await zone.selectOption("UTC");
    await expect(zone).toHaveValue("UTC");

    await page.goto("/admin/availability");
    const hours = page.getByLabel("Time zone");
    await expect(hours).toHaveValue(/.+/);
    await expect(hours.locator("option:checked")).not.toHaveText("");
    await hours.selectOption("UTC");
    await expect(hours).toHaveValue("UTC");
  });
});

test.describe("Your Jobs' week and agenda", () => {
  const weekday = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), /;

  test("each day is headed by its weekday and date, and a session under it reads as its time with the zone", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, "partnerAdmin", "/jobs");
    await page.getByRole("tab", { name: "Week" }).click();
    const week = page.getByRole("list", { name: "Sessions this week, by day" });
    await expect(week.getByRole("heading")).toHaveCount(7);
    for (const heading of await week.getByRole("heading").all()) await expect(heading).toHaveText(weekday);

    await page.getByRole("tab", { name: "Agenda" }).click();
    const agenda = page.getByRole("list", { name: "Upcoming sessions, by day" });
    await expect(agenda.getByRole("heading").first()).toHaveText(weekday);
    // The day is the heading's: the card's link starts with the time and names the zone ("4:00 PM GMT+1 · …").
    await expect(agenda.getByTestId("session-card").first().getByRole("link").first()).toHaveText(/^\d{1,2}:\d{2}\s?[AP]M GMT[+-]\d+ · /);
    await expectAccessible(page);
  });
});
