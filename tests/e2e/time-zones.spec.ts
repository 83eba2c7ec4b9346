import type { Page } from "@playwright/test";
import { DEMO, DEMO_TIME_ZONES } from "../../db/seed/data";
import { signIn } from "./auth";
import { expect, expectAccessible, open, test } from "./fixtures";

/** Chooses `zone` in the profile's time zone picker (search, then the list), and waits for it to be saved. */
async function chooseZone(page: Page, search: string, zone: string) {
  const picker = page.getByTestId("user-time-zone");
  await picker.getByLabel("Search time zones").fill(search);
  await picker.getByLabel("Time zone", { exact: true }).selectOption(zone);
  await expect(page.getByText("Time zone saved").first()).toBeVisible();
}

/** The first next-session time on Your Bookings that has one. */
async function firstTime(page: Page): Promise<string> {
  await open(page, "/bookings");
  const cell = page
    .getByTestId("next-session")
    .filter({ hasText: /\d:\d\d/ })
    .first();
  await expect(cell).toBeVisible();
  return (await cell.innerText()).trim();
}

test.describe("time zones", () => {
  // Both journeys change the same demo user's zone: one after the other. Dan (Fabrikam's member) reads the same
  // bookings as Cara, whose New York zone other journeys read meanwhile: his zone is changed, never hers.
  test.describe.configure({ mode: "serial", timeout: 90_000 });

  test("a reader in New York sees times in their zone, named; changing the zone in the profile moves every time", async ({ otherPerson }) => {
    const page = await otherPerson({ timezoneId: "America/New_York" });
    await signIn(page, "customerMember", "/admin/profile");
    try {
      await chooseZone(page, "new york", "America/New_York");
      const newYork = await firstTime(page);
      expect(newYork).toMatch(/\d{1,2}:\d\d (AM|PM) E[SD]T$/);

      await open(page, "/admin/profile");
      await expect(page.getByTestId("user-time-zone").getByLabel("Time zone", { exact: true })).toHaveValue("America/New_York");
      await expectAccessible(page);
      await chooseZone(page, "berlin", "Europe/Berlin");
      const berlin = await firstTime(page);
      expect(berlin).toMatch(/\d{1,2}:\d\d (AM|PM) GMT\+[12]$/);
      // The same moment, six hours later on Berlin's clock (both zones change for summer, within weeks of each other).
      const hour = (text: string) => {
        const m = /(\d{1,2}):(\d\d) (AM|PM)/.exec(text)!;
        return ((Number(m[1]) % 12) + (m[3] === "PM" ? 12 : 0)) * 60 + Number(m[2]);
      };
      expect([5, 6, 7].map((h) => h * 60)).toContain((hour(berlin) - hour(newYork) + 24 * 60) % (24 * 60));
    } finally {
      // The demo user reads in her seeded zone (New York) again for the other journeys.
      await open(page, "/admin/profile");
      await chooseZone(page, "new york", DEMO_TIME_ZONES.customer);
    }
  });

  test("a request's time fields say which zone they read", async ({ otherPerson }) => {
    const page = await otherPerson({ timezoneId: "America/New_York" });
    await signIn(page, "customerMember", "/admin/profile");
    try {
      await chooseZone(page, "new york", "America/New_York");
      await open(page, `/workout/${DEMO.workouts.dataLiteracy}/book`);
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("button", { name: "Next" }).click();
      await dialog.getByRole("radio", { name: /Request times/ }).check();
      await expect(dialog.getByText("In your time zone (America/New_York)").first()).toBeVisible();
    } finally {
      await open(page, "/admin/profile");
      await chooseZone(page, "new york", DEMO_TIME_ZONES.customer);
    }
  });
});
