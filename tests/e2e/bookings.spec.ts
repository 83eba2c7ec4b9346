import type { Browser, Page } from "@playwright/test";
import { DEMO } from "../../db/seed/data";
import { signIn } from "./auth";
import { expect, expectAccessible, test } from "./fixtures";

/** A date-time-local value N days ahead at `hour`:00, local time. */
function ahead(days: number, hour = 10) {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setHours(hour, 0, 0, 0);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:00`;
}

async function as(browser: Browser, who: "customerAdmin" | "partnerAdmin", path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, who, path);
  return page;
}

/** Opens the booking overlay and requests times for every session. */
async function requestTimes(page: Page, workoutId: string, days: number) {
  await page.goto(`/workout/${workoutId}/book`);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Sessions", { exact: true })).toBeVisible();
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByRole("radio", { name: /Request times/ }).check();
  const inputs = dialog.getByLabel(/Preferred date and time/);
  const count = await inputs.count();
  for (let i = 0; i < count; i++) await inputs.nth(i).fill(ahead(days + i));
  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog.getByText("The team confirms within 24 hours")).toBeVisible();
  await dialog.getByRole("button", { name: "Confirm booking" }).click();
  await expect(page).toHaveURL(/\/bookings$/);
}

function row(page: Page, workout: string) {
  return page.getByTestId("job-row").filter({ hasText: workout }).first();
}

async function act(page: Page, workout: string, action: string) {
  await row(page, workout).getByRole("button", { name: `Actions for ${workout}` }).click();
  await page.getByRole("menuitem", { name: action }).click();
}

test.describe("booking workouts", () => {
  test("request → deny (mailed) → request again → confirm → Booked", async ({ browser }) => {
    const name = "Data Literacy Essentials";
    const customer = await as(browser, "customerAdmin", "/bookings");
    await requestTimes(customer, DEMO.workouts.dataLiteracy, 20);
    await expect(row(customer, name).getByTestId("status")).toHaveText("Booking Requested");
    await expectAccessible(customer);

    const partner = await as(browser, "partnerAdmin", "/jobs");
    await expect(row(partner, name).getByTestId("status")).toHaveText("Booking Requested");
    await expectAccessible(partner);
    await act(partner, name, "Deny request");
    await partner.getByLabel("Reason").selectOption("availability");
    await partner.getByLabel("Comment").fill("Trainer away that week");
    await partner.getByRole("dialog").getByRole("button", { name: "Deny request" }).click();
    await expect(row(partner, name).getByTestId("status")).toHaveText("To Be Booked");

    await partner.goto("/dev/mail");
    await expect(partner.getByText(/Booking request declined: Data Literacy Essentials/).first()).toBeVisible();

    await customer.reload();
    await expect(row(customer, name).getByTestId("status")).toHaveText("To Be Booked");
    await act(customer, name, "Request times");
    const dialog = customer.getByRole("dialog");
    const inputs = dialog.getByLabel(/Preferred date and time/);
    for (let i = 0; i < (await inputs.count()); i++) await inputs.nth(i).fill(ahead(30 + i));
    await dialog.getByRole("button", { name: "Request times" }).click();
    await expect(row(customer, name).getByTestId("status")).toHaveText("Booking Requested");

    await partner.goto("/jobs");
    await act(partner, name, "Confirm request");
    await partner.getByRole("dialog").getByRole("button", { name: "Confirm request" }).click();
    await expect(row(partner, name).getByTestId("status")).toHaveText("Booked");

    await customer.reload();
    await expect(row(customer, name).getByTestId("status")).toHaveText("Booked");
  });

  test("a calendar-based booking is Booked at once", async ({ browser }) => {
    const name = "Automating Everyday Workflows";
    const partner = await as(browser, "partnerAdmin", "/jobs");
    const panel = partner.getByRole("region", { name: "Bookable times" }).or(partner.locator("section", { has: partner.getByRole("heading", { name: "Bookable times" }) }));
    await panel.getByLabel("Workout").selectOption({ label: name });
    for (const session of [0, 1]) {
      await panel.getByLabel("Session").selectOption({ index: session });
      await panel.getByRole("button", { name: /Date/ }).first().click();
      await partner.getByRole("button", { name: /next month/i }).click();
      await partner.getByRole("gridcell", { name: String(10 + session) }).first().click();
      await panel.getByRole("button", { name: "Publish time" }).click();
      await expect(partner.getByText("Time published").first()).toBeVisible();
    }
    await expect(panel.getByRole("table").getByRole("row")).toHaveCount(3);
    await expectAccessible(partner);

    const customer = await as(browser, "customerAdmin", `/workout/${DEMO.workouts.powerAutomate}/book`);
    const dialog = customer.getByRole("dialog");
    await dialog.getByRole("button", { name: "Next" }).click();
    await dialog.getByRole("radio", { name: /Pick open times/ }).check();
    const groups = dialog.getByRole("group");
    for (let i = 1; i <= 2; i++) await groups.nth(i).getByRole("radio").first().check();
    await dialog.getByRole("button", { name: "Next" }).click();
    await dialog.getByRole("button", { name: "Confirm booking" }).click();
    await expect(customer).toHaveURL(/\/bookings$/);
    await expect(row(customer, name).getByTestId("status")).toHaveText("Booked");
  });

  test("cancelling before the first session returns the credits", async ({ browser }) => {
    const name = "Modern Meetings";
    const customer = await as(browser, "customerAdmin", `/workout/${DEMO.workouts.modernMeetings}/book`);
    const balance = async () => {
      await customer.goto(`/workout/${DEMO.workouts.modernMeetings}/book`);
      const text = await customer.getByText(/Your balance: \d+ credits/).textContent();
      return Number(text!.match(/\d+/)![0]);
    };
    const before = await balance();
    await requestTimes(customer, DEMO.workouts.modernMeetings, 40);
    expect(await balance()).toBeLessThan(before);
    await customer.goto("/bookings");
    await act(customer, name, "Cancel booking");
    await customer.getByLabel("Reason").selectOption("requested");
    await customer.getByRole("dialog").getByRole("button", { name: "Cancel booking" }).click();
    await expect(row(customer, name).getByTestId("status")).toHaveText("Canceled");
    expect(await balance()).toBe(before);
  });

  test("the partner completes both sessions and the job shows Completed", async ({ browser }) => {
    const name = "Building Dashboards that Matter";
    const customer = await as(browser, "customerAdmin", "/bookings");
    await requestTimes(customer, DEMO.workouts.dashboards, 50);
    const partner = await as(browser, "partnerAdmin", "/jobs");
    await act(partner, name, "Confirm request");
    await partner.getByRole("dialog").getByRole("button", { name: "Confirm request" }).click();
    await expect(row(partner, name).getByTestId("status")).toHaveText("Booked");
    await row(partner, name).getByRole("button", { name: `Show sessions of ${name}` }).click();
    const sessions = partner.getByRole("table", { name: `Sessions of ${name}` });
    for (const expected of ["In Progress", "Completed"]) {
      await sessions.getByRole("button", { name: "Mark session completed" }).first().click();
      await partner.getByRole("alertdialog").getByRole("button", { name: "Mark session completed" }).click();
      await expect(row(partner, name).getByTestId("status")).toHaveText(expected);
    }
    await customer.reload();
    await expect(row(customer, name).getByTestId("status")).toHaveText("Completed");
  });
});
