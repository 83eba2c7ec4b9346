import type { Page } from "@playwright/test";
import { DEMO } from "../../db/seed/data";
import { signIn } from "./auth";
import { expect, expectAccessible, hydrated, MAIN, open, test } from "./fixtures";
import { pickTime } from "./picker";

const WORKOUT = "Disaster Recovery Tabletop";
/**
 * The requests here ask for the last open time of a day: the other journeys ask for Northwind's first ones, and
 * one of them confirms them (they are then taken) while this spec may be booking.
 */
const LAST = -1;

/** The API as the partner's admin signed in on `page`. */
async function partnerApi(page: Page) {
  const { token } = (await (await page.request.get(`${MAIN}/api/auth/token`)).json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  return {
    put: (path: string, data: unknown) => page.request.put(`${MAIN}${path}`, { headers, data }),
    delete: (path: string) => page.request.delete(`${MAIN}${path}`, { headers }),
  };
}

/** The customer's booking of the workout, at the Book step with a request's preferred time picked for every session. */
async function requestTimes(customer: Page) {
  await open(customer, `/workout/${DEMO.workouts.drTabletop}/book`);
  const dialog = customer.getByRole("dialog");
  await dialog.getByRole("button", { name: "Next", exact: true }).click();
  await dialog.getByRole("radio", { name: /Request times/ }).check();
  const pickers = dialog.getByTestId("preferred-time");
  await expect(pickers.first().getByText(/Times in your time zone \([\w/]+\)/)).toBeVisible();
  await expect(pickers.first().getByText(/Session: 45 min/)).toBeVisible();
  for (let i = 0; i < (await pickers.count()); i++) await pickTime(pickers.nth(i), { months: 1, day: 1 + i, time: LAST });
  return { dialog, pickers };
}

function row(page: Page) {
  return page.getByTestId("job-row").filter({ hasText: WORKOUT }).first();
}

async function act(page: Page, action: string) {
  await row(page)
    .getByRole("button", { name: `Actions for ${WORKOUT}` })
    .click();
  await page.getByRole("menuitem", { name: action }).click();
}

test.describe("availability and counter-proposals", () => {
  test.describe.configure({ timeout: 120_000, mode: "serial" });

  test("a partner sets a workout's own hours, with messages for what is wrong and a guard against leaving unsaved", async ({ page }) => {
    await signIn(page, "partnerAdmin", "/admin/availability");
    await expect(page.getByRole("heading", { name: "Availability", level: 1 })).toBeVisible();
    await page.getByLabel("Hours for").selectOption({ label: WORKOUT });
    await expect(page.getByText("This workout follows your general hours.")).toBeVisible();
    await expectAccessible(page);

    // An end before its start, and a negative buffer: each said at its field, nothing saved.
    const monday = page.getByTestId("weekday-1");
    await monday.getByLabel("Until (Monday)").first().fill("08:00");
    await page.getByLabel("Buffer between sessions (minutes)").fill("-5");
    await page.getByRole("button", { name: "Save availability" }).click();
    await expect(monday.getByText("Must be after the start")).toBeVisible();
    await expect(page.getByText("Invalid quantity")).toBeVisible();
    await expectAccessible(page);

    // Leaving with unsaved changes asks first.
    await page
      .getByRole("link", { name: /Your Jobs|Jobs/ })
      .first()
      .click();
    await expect(page.getByRole("alertdialog").or(page.getByRole("dialog"))).toBeVisible();
    await page.getByRole("button", { name: "Stay" }).click();
    await expect(page).toHaveURL(/\/admin\/availability$/);

    await monday.getByLabel("Until (Monday)").first().fill("12:00");
    await page.getByLabel("Buffer between sessions (minutes)").fill("15");
    await page.getByRole("checkbox", { name: "Available on Saturday" }).click();
    await page.getByRole("button", { name: "Save availability" }).click();
    await expect(page.getByText("Availability saved").first()).toBeVisible();

    // Back to the general hours: the workout follows them again (and the journeys after this one book in them).
    await page.getByRole("button", { name: "Use general hours" }).click();
    await expect(page.getByText("This workout follows your general hours.")).toBeVisible();
  });

  test("a partner publishes a weekly series of times at once", async ({ page }) => {
    await signIn(page, "partnerAdmin", "/jobs");
    const series = page.getByRole("form", { name: "Publish a weekly series" });
    await expect(series.getByRole("checkbox", { name: "Tuesday" })).toBeChecked();
    await series.getByLabel("For how many weeks").fill("0");
    await series.getByRole("button", { name: "Publish the series" }).click();
    await expect(series.getByText("Invalid quantity")).toBeVisible();
    await series.getByLabel("For how many weeks").fill("8");
    await expectAccessible(page);
    await series.getByRole("button", { name: "Publish the series" }).click();
    await expect(page.getByText(/\d+ times published/).first()).toBeVisible();
  });

  test("a customer requests times in the calendar; the partner proposes others; the customer accepts one: Booked, both mailed", async ({ otherPerson }) => {
    const customer = await otherPerson();
    await signIn(customer, "customerAdmin", "/bookings");
    const { dialog } = await requestTimes(customer);
    await expectAccessible(customer);
    await dialog.getByRole("button", { name: "Next", exact: true }).click();
    await dialog.getByRole("button", { name: "Confirm booking" }).click();
    await expect(customer).toHaveURL(/\/bookings$/);
    await expect(row(customer).getByTestId("status")).toHaveText("Booking Requested");

    const partner = await otherPerson();
    await signIn(partner, "partnerAdmin", "/jobs");
    await act(partner, "Propose other times");
    const pd = partner.getByRole("dialog");
    const proposals = pd.getByTestId("time-picker");
    for (let i = 0; i < (await proposals.count()); i++) await pickTime(proposals.nth(i), { months: 2, day: 2 + i, time: 1 });
    // Up to three times per session: a second one for the first session, from the same calendar.
    const firstSession = pd.getByTestId("session-times").first();
    await pickTime(firstSession.getByTestId("time-picker"), { months: 0, day: 4, time: 0 });
    await expect(firstSession.getByText("Times chosen (2 of up to 3)")).toBeVisible();
    await expect(firstSession.getByRole("button", { name: /^Remove / })).toHaveCount(2);
    await pd.getByLabel("Note for the customer").fill("Our trainer is away that week");
    await expectAccessible(partner);
    await pd.getByRole("button", { name: "Propose other times" }).click();
    await expect(pd).toBeHidden();
    await expect(row(partner).getByTestId("status")).toHaveText("Times Proposed");

    await customer.reload();
    await hydrated(customer);
    await expect(row(customer).getByTestId("status")).toHaveText("Times Proposed");
    await act(customer, "Accept a proposed time");
    const cd = customer.getByRole("dialog");
    await expect(cd.getByRole("radio").first()).toBeChecked();
    // The first session offers both proposed times, the second its one.
    await expect(cd.locator("fieldset").first().getByRole("radio")).toHaveCount(2);
    await expect(cd.locator("fieldset").nth(1).getByRole("radio")).toHaveCount(1);
    await expectAccessible(customer);
    await cd.getByRole("button", { name: "Accept a proposed time" }).click();
    await expect(cd).toBeHidden();
    await expect(row(customer).getByTestId("status")).toHaveText("Booked");

    await partner.goto("/dev/mail");
    await expect(
      partner
        .locator('li.mail[data-to="cara@fabrikam.test"]')
        .filter({ hasText: `Other times proposed: ${WORKOUT}` })
        .first(),
    ).toBeVisible();
    await expect(
      partner
        .locator('li.mail[data-to="hello@northwind.test"]')
        .filter({ hasText: `Booking confirmed: ${WORKOUT}` })
        .first(),
    ).toBeVisible();
  });

  test("a time that stops being open while the customer books is refused at its session, and the calendar no longer offers it", async ({ otherPerson }) => {
    const customer = await otherPerson();
    await signIn(customer, "customerAdmin", "/bookings");
    const { dialog, pickers } = await requestTimes(customer);
    await dialog.getByRole("button", { name: "Next", exact: true }).click();

    // Meanwhile the partner closes the workout's every day (its own hours, none).
    const partner = await otherPerson();
    await signIn(partner, "partnerAdmin", "/jobs");
    const api = await partnerApi(partner);
    const closed = { workoutId: DEMO.workouts.drTabletop, timeZone: "Europe/Berlin", weekly: [], overrides: [], minNoticeMinutes: 120, bufferMinutes: 15 };
    expect((await api.put("/v1/admin/availability", closed)).status()).toBe(200);
    try {
      await dialog.getByRole("button", { name: "Confirm booking" }).click();
      await expect(dialog.getByText("Some times need changing: see the sessions marked.")).toBeVisible();
      const first = pickers.first();
      await expect(first.getByText("Not one of the open times. Choose a time the calendar offers")).toBeVisible();
      // The calendar is read again: the refused time is no longer offered.
      await expect(first.getByText("No open times left on this day.")).toBeVisible();
      await expect(first.getByRole("radiogroup").getByRole("radio")).toHaveCount(0);
      await expectAccessible(customer);
    } finally {
      expect((await api.delete(`/v1/admin/availability/workouts/${DEMO.workouts.drTabletop}`)).status()).toBe(204);
    }
  });
});
