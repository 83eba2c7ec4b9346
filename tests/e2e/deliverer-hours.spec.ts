import type { Page } from "@playwright/test";
import { DEMO } from "../../db/seed/data";
import { signIn } from "./auth";
import { expect, expectAccessible, MAIN, open, test } from "./fixtures";

/**
 * Contoso (on the weur-1 shard) delivers a Northwind workout (Northwind on the
 * first shard): it finds the workout in its own Availability screen, sets the
 * workout's hours there, and a Northwind customer's calendar offers times
 * within those hours only. No other journey books this workout.
 */
const WORKOUT = "Technology Roadmap Discovery";
const WORKOUT_ID = DEMO.workouts.roadmapDiscovery;
const FIRST = { timeout: 20_000 };

/** Northwind's admin names the workout's delivery partner by its partner number (the API the workout editor saves with). */
async function deliveredBy(page: Page, tan: string, name: string) {
  const { token } = (await (await page.request.get(`${MAIN}/api/auth/token`)).json()) as { token: string };
  const res = await page.request.put(`${MAIN}/v1/admin/workouts/${WORKOUT_ID}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { deliveryPartners: [{ partnerTan: tan, name, selectionPercent: 100 }] },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The London wall clock of an instant: weekday (0 Sunday) and minutes since midnight. */
function inLondon(iso: string): { day: number; minutes: number } {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", weekday: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
    .formatToParts(new Date(iso))
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  const day = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(parts.weekday ?? "");
  return { day, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

test.describe("a partner's hours for a workout it delivers for a partner on another shard", () => {
  test.describe.configure({ timeout: 150_000 });

  test("Contoso sets its hours for a Northwind workout; Northwind's customer is offered times within them only", async ({ otherPerson }) => {
    const northwind = await otherPerson();
    await signIn(northwind, "partnerAdmin", "/");
    await deliveredBy(northwind, DEMO.contoso.tan, DEMO.contoso.name);

    try {
      // Contoso finds the workout from its navigation, like one of its own.
      const contoso = await otherPerson();
      await signIn(contoso, "otherPartnerAdmin", "/");
      await contoso.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Admin" }).click(FIRST);
      await contoso.getByRole("menu", { name: "Admin" }).getByRole("group", { name: "Setup" }).getByRole("menuitem", { name: "Availability" }).click();
      await expect(contoso).toHaveURL(/\/admin\/availability$/);
      await expect(contoso.getByRole("heading", { name: "Availability", level: 1 })).toBeVisible(FIRST);
      // Named with the partner it is delivered for, once the flow queue's publish step (a second or so after Northwind's change) has indexed Contoso.
      const delivered = `${WORKOUT} (for ${DEMO.northwind.name})`;
      await expect(async () => {
        await contoso.reload();
        await expect(contoso.getByLabel("Hours for").locator("option", { hasText: delivered })).toHaveCount(1, { timeout: 2_000 });
      }).toPass({ timeout: 15_000 });
      await contoso.getByLabel("Hours for").selectOption({ label: delivered });

      // Wednesdays 14:00 to 16:00 in London, no notice, no buffer.
      await contoso.getByLabel(/^Time zone/).selectOption("Europe/London");
      for (const day of ["Monday", "Tuesday", "Thursday", "Friday"]) await contoso.getByRole("checkbox", { name: `Available on ${day}` }).click();
      const wednesday = contoso.getByTestId("weekday-3");
      await wednesday.getByLabel("From (Wednesday)").first().fill("14:00");
      await wednesday.getByLabel("Until (Wednesday)").first().fill("16:00");
      await contoso.getByLabel("Minimum notice (minutes)").fill("0");
      await contoso.getByLabel("Buffer between sessions (minutes)").fill("0");
      await expectAccessible(contoso);
      await contoso.getByRole("button", { name: "Save availability" }).click();
      await expect(contoso.getByText("Availability saved").first()).toBeVisible();
      await expectAccessible(contoso);

      // Northwind's customer requests times: the calendar offers Wednesdays, 14:00, 14:30 and 15:00 London time (one-hour sessions).
      const customer = await otherPerson();
      await signIn(customer, "customerAdmin", "/bookings");
      // The calendar's open times from after `after` (each picker asks for the month it shows).
      const openTimes = (after = "") =>
        customer.waitForResponse((r) => {
          const url = new URL(r.url());
          return url.pathname === `/v1/bookings/options/${WORKOUT_ID}/open-times` && (url.searchParams.get("from") ?? "") > after && r.ok();
        });
      const thisMonth = openTimes();
      await open(customer, `/workout/${WORKOUT_ID}/book`);
      const dialog = customer.getByRole("dialog");
      await dialog.getByRole("button", { name: "Next", exact: true }).click(FIRST);
      await dialog.getByRole("radio", { name: /Request times/ }).check();
      const picker = dialog.getByTestId("preferred-time").first();
      // Contoso's hours bind the calendar (without any, every time could be asked for).
      const shown = await thisMonth;
      expect(((await shown.json()) as { hasAvailability: boolean }).hasAvailability).toBe(true);
      await expect(picker.getByText("Loading open times…")).toHaveCount(0);
      const nextMonth = openTimes(new URL(shown.url()).searchParams.get("from") ?? "");
      await picker.getByRole("button", { name: /next month/i }).click();
      const { times } = (await (await nextMonth).json()) as { times: string[] };
      expect(times.length).toBeGreaterThan(0);
      for (const t of times) {
        const { day, minutes } = inLondon(t);
        expect(day, t).toBe(3);
        expect(minutes >= 14 * 60 && minutes <= 15 * 60, t).toBe(true);
      }
      await expect(picker.getByText("Loading open times…")).toHaveCount(0);
      const days = picker.locator('[role="grid"] button:not([disabled])');
      await expect(days.first()).toBeVisible();
      for (const label of await days.evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-label") ?? ""))) expect(label).toMatch(/^Wednesday/);
      await days.first().click();
      await expect(picker.getByRole("radiogroup").locator("label")).toHaveCount(3);
      await expectAccessible(customer);
    } finally {
      await deliveredBy(northwind, DEMO.northwind.tan, DEMO.northwind.name);
    }
  });
});
