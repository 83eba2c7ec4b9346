import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { DEMO } from "../../db/seed/data";
import { signIn } from "./auth";
import { pickTime } from "./picker";
import { expect, expectAccessible, test, open, hydrated } from "./fixtures";

/** Where a time `days` ahead sits in the calendar picker: whole months ahead, then a day of that month (the sessions one day apart). */
const ahead = (days: number, session = 0, time = 0) => ({ months: Math.max(1, Math.round(days / 30)), day: (days % 7) + session, time });

type NewPerson = () => Promise<Page>;

/** A person signed in as `who` in a browser of their own, on `path`. */
async function as(person: NewPerson, who: "customerAdmin" | "partnerAdmin" | "partnerMember", path: string): Promise<Page> {
  const page = await person();
  await signIn(page, who, path);
  return page;
}

/** Opens the booking overlay and requests times for every session. */
async function requestTimes(page: Page, workoutId: string, days: number) {
  await open(page, `/workout/${workoutId}/book`);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Sessions", { exact: true })).toBeVisible();
  await dialog.getByRole("button", { name: "Next", exact: true }).click();
  await dialog.getByRole("radio", { name: /Request times/ }).check();
  const pickers = dialog.getByTestId("preferred-time");
  const count = await pickers.count();
  for (let i = 0; i < count; i++) await pickTime(pickers.nth(i), ahead(days, i));
  await dialog.getByRole("button", { name: "Next", exact: true }).click();
  await expect(dialog.getByText("The team confirms within 24 hours")).toBeVisible();
  await dialog.getByRole("button", { name: "Confirm booking" }).click();
  await expect(page).toHaveURL(/\/bookings$/);
}

function row(page: Page, workout: string) {
  return page.getByTestId("job-row").filter({ hasText: workout }).first();
}

async function act(page: Page, workout: string, action: string) {
  await row(page, workout)
    .getByRole("button", { name: `Actions for ${workout}` })
    .click();
  await page.getByRole("menuitem", { name: action }).click();
}

test.describe("booking workouts", () => {
  // Two people in two browsers, several screens each: more than the default 30 s on a busy 2-core runner.
  test.describe.configure({ timeout: 90_000 });
  test("request → deny (mailed) → request again → confirm → Booked", async ({ otherPerson }) => {
    const name = "Data Literacy Essentials";
    const customer = await as(otherPerson, "customerAdmin", "/bookings");
    await requestTimes(customer, DEMO.workouts.dataLiteracy, 20);
    await expect(row(customer, name).getByTestId("status")).toHaveText("Booking Requested");
    await expectAccessible(customer);

    const partner = await as(otherPerson, "partnerAdmin", "/jobs");
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
    await hydrated(customer);
    await expect(row(customer, name).getByTestId("status")).toHaveText("To Be Booked");
    await act(customer, name, "Request times");
    const dialog = customer.getByRole("dialog");
    const pickers = dialog.getByTestId("time-picker");
    for (let i = 0; i < (await pickers.count()); i++) await pickTime(pickers.nth(i), ahead(30, i));
    await dialog.getByRole("button", { name: "Request times" }).click();
    await expect(row(customer, name).getByTestId("status")).toHaveText("Booking Requested");

    await partner.goto("/jobs");
    await act(partner, name, "Confirm request");
    await partner.getByRole("dialog").getByRole("button", { name: "Confirm request" }).click();
    await expect(row(partner, name).getByTestId("status")).toHaveText("Booked");

    await customer.reload();
    await expect(row(customer, name).getByTestId("status")).toHaveText("Booked");
  });

  test("the Book step says what is missing and which session is out of order, at its field, before anything is sent", async ({ otherPerson }) => {
    const customer = await as(otherPerson, "customerAdmin", `/workout/${DEMO.workouts.modernMeetings}/book`);
    const dialog = customer.getByRole("dialog");
    await expect(dialog.getByText("Sessions", { exact: true })).toBeVisible();
    await dialog.getByRole("button", { name: "Next", exact: true }).click();
    await dialog.getByRole("radio", { name: /Request times/ }).check();
    const sent: string[] = [];
    customer.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname === "/v1/bookings") sent.push(r.url());
    });

    await dialog.getByRole("button", { name: "Next", exact: true }).click();
    await expect(dialog.getByText("Choose a time for every session.")).toBeVisible();
    const preferred = dialog.getByTestId("preferred-time");
    expect(await preferred.count()).toBeGreaterThanOrEqual(2);
    await expect(preferred.first().getByTestId("field-error")).toBeVisible();
    await expectAccessible(customer);

    // The second session before the first: refused at the second's time, naming the first.
    await pickTime(preferred.nth(0), { months: 2, day: 3, time: 4 });
    await pickTime(preferred.nth(1), { months: 2, day: 3, time: 0 });
    for (let i = 2; i < (await preferred.count()); i++) await pickTime(preferred.nth(i), { months: 2, day: 3 + i });
    await dialog.getByRole("button", { name: "Next", exact: true }).click();
    await expect(dialog.getByText(/^Must start after session 1 \(.+\) ends\.$/)).toBeVisible();
    await expect(preferred.nth(1).getByTestId("field-error")).toBeVisible();
    await expect(dialog.getByText("Choose a time for every session.")).toBeHidden();

    // Changing the time clears its message; in order, the step moves on to Confirm.
    await pickTime(preferred.nth(1), { months: 0, day: 4, time: 0 });
    await expect(dialog.getByText(/^Must start after session 1/)).toBeHidden();
    await dialog.getByRole("button", { name: "Next", exact: true }).click();
    await expect(dialog.getByText("The team confirms within 24 hours")).toBeVisible();
    await dialog.getByRole("button", { name: "Back" }).click();
    await expect(preferred.nth(1).getByRole("radio", { checked: true })).toHaveCount(1);
    expect(sent).toEqual([]);
  });

  test("a calendar-based booking is Booked at once", async ({ otherPerson }) => {
    const name = "Automating Everyday Workflows";
    const partner = await as(otherPerson, "partnerAdmin", "/jobs");
    const panel = partner
      .getByRole("region", { name: "Bookable times" })
      .or(partner.locator("section", { has: partner.getByRole("heading", { name: "Bookable times" }) }));
    await panel.getByLabel("Workout").selectOption({ label: name });
    const sessionCount = await panel.getByLabel("Session", { exact: true }).locator("option").count();
    expect(sessionCount).toBe(3);
    for (let session = 0; session < sessionCount; session++) {
      await panel.getByLabel("Session", { exact: true }).selectOption({ index: session });
      await panel.getByRole("button", { name: /Date/ }).first().click();
      await partner.getByRole("button", { name: /next month/i }).click();
      await partner
        .getByRole("gridcell", { name: String(10 + session) })
        .first()
        .click();
      await panel.getByRole("button", { name: "Publish time" }).click();
      await expect(partner.getByText("Time published").first()).toBeVisible();
    }
    // A header row plus at least the times just published (a rerun on kept state has more).
    await expect(panel.getByText("No published times for this workout.")).toBeHidden();
    await expect.poll(() => panel.getByRole("table").getByRole("row").count()).toBeGreaterThanOrEqual(1 + sessionCount);
    await expectAccessible(partner);

    const customer = await as(otherPerson, "customerAdmin", `/workout/${DEMO.workouts.powerAutomate}/book`);
    const dialog = customer.getByRole("dialog");
    await dialog.getByRole("button", { name: "Next", exact: true }).click();
    await dialog.getByRole("radio", { name: /Pick open times/ }).check();
    const groups = dialog.getByRole("group");
    for (let i = 1; i <= sessionCount; i++) await groups.nth(i).getByRole("radio").first().check();
    await dialog.getByRole("button", { name: "Next", exact: true }).click();
    await dialog.getByRole("button", { name: "Confirm booking" }).click();
    await expect(customer).toHaveURL(/\/bookings$/);
    await expect(row(customer, name).getByTestId("status")).toHaveText("Booked");

    // A mail's link opens the booking on its own, sessions shown; each booked session goes to a calendar.
    const jobId = await row(customer, name).getAttribute("data-job-id");
    await customer.goto(`/bookings?job=${jobId}`);
    await expect(customer.getByRole("heading", { name: "This booking", exact: true })).toBeVisible();
    await expect(customer.getByTestId("job-row")).toHaveCount(1);
    const add = customer.getByRole("button", { name: /^Add .+ to calendar$/ }).first();
    await expect(add).toBeVisible();
    await expectAccessible(customer);
    await add.click();
    await expect(customer.getByRole("menuitem", { name: /Google Calendar/ })).toHaveAttribute("href", /^https:\/\/calendar\.google\.com\//);
    const [download] = await Promise.all([
      customer.waitForEvent("download"),
      customer.getByRole("menuitem", { name: "Download calendar file (.ics)" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.ics$/);
    const ics = await readFile(await download.path(), "utf8");
    expect(ics).toContain("BEGIN:VCALENDAR");
    expect(ics).toMatch(/UID:[0-9a-f-]+@techfit/);
  });

  test("cancelling before the first session returns the credits", async ({ otherPerson }) => {
    // The ledger lines of this booking, read from Profile's Credit Entries: other
    // journeys book for Fabrikam at the same time, so its balance is not ours to compare.
    const name = "Modern Meetings";
    const customer = await as(otherPerson, "customerAdmin", "/admin/profile");
    const lines = (context: string) => customer.getByTestId("credit-line").filter({ hasText: context });
    await expect(customer.getByRole("heading", { name: "Credit Entries" })).toBeVisible();
    const before = { booked: await lines(`Booked: ${name}`).count(), returned: await lines(`Cancelled: ${name} (credits returned)`).count() };

    await requestTimes(customer, DEMO.workouts.modernMeetings, 40);
    await customer.goto("/admin/profile");
    await expect(lines(`Booked: ${name}`)).toHaveCount(before.booked + 1);
    const consumed = Number((await lines(`Booked: ${name}`).first().getByRole("cell").nth(4).textContent())!.trim());
    expect(consumed).toBeLessThan(0);

    await customer.goto("/bookings");
    await act(customer, name, "Cancel booking");
    await customer.getByLabel("Reason").selectOption("requested");
    await customer.getByRole("dialog").getByRole("button", { name: "Cancel booking" }).click();
    // A cancelled booking is a past one.
    await customer.getByRole("tab", { name: /Past/ }).click();
    await expect(row(customer, name).getByTestId("status")).toHaveText("Canceled");

    await customer.goto("/admin/profile");
    const returned = lines(`Cancelled: ${name} (credits returned)`);
    await expect(returned).toHaveCount(before.returned + 1);
    await expect(returned.first().getByRole("cell").nth(4)).toHaveText(`+${-consumed}`);
  });

  test("a session is not offered for completion before it starts", async ({ otherPerson }) => {
    const name = "Building Dashboards that Matter";
    const customer = await as(otherPerson, "customerAdmin", "/bookings");
    await requestTimes(customer, DEMO.workouts.dashboards, 50);
    const partner = await as(otherPerson, "partnerAdmin", "/jobs");
    await act(partner, name, "Confirm request");
    await partner.getByRole("dialog").getByRole("button", { name: "Confirm request" }).click();
    await expect(row(partner, name).getByTestId("status")).toHaveText("Booked");
    await row(partner, name)
      .getByRole("button", { name: `Show sessions of ${name}` })
      .click();
    const sessions = partner.getByRole("table", { name: `Sessions of ${name}` });
    await expect(sessions.getByRole("row")).not.toHaveCount(0);
    await expect(sessions.getByRole("button", { name: "Mark session completed" })).toHaveCount(0);
    await row(partner, name)
      .getByRole("button", { name: `Actions for ${name}` })
      .click();
    await expect(partner.getByRole("menuitem", { name: "Reschedule" })).toBeVisible();
    await expect(partner.getByRole("menuitem", { name: "Mark job completed" })).toHaveCount(0);
  });

  test("reschedule one session from each side, each mailed to the other", async ({ otherPerson }) => {
    const name = "Phishing Resilience Bootcamp";
    const customer = await as(otherPerson, "customerAdmin", "/bookings");
    await requestTimes(customer, DEMO.workouts.phishingResilience, 60);
    const partner = await as(otherPerson, "partnerAdmin", "/jobs");
    await act(partner, name, "Confirm request");
    await partner.getByRole("dialog").getByRole("button", { name: "Confirm request" }).click();
    await expect(row(partner, name).getByTestId("status")).toHaveText("Booked");

    // The partner moves the first session only; a time after the second session is refused, naming it.
    await act(partner, name, "Reschedule");
    const pd = partner.getByRole("dialog");
    const boxes = pd.getByRole("checkbox");
    await boxes.first().check();
    await expect(pd.getByTestId("time-picker")).toHaveCount(1);
    await pickTime(pd.getByTestId("time-picker"), { months: 3 });
    await pd.getByLabel("Reason").selectOption("availability");
    await pd.getByLabel("Comment").fill("Trainer moved to the afternoon");
    await pd.getByRole("button", { name: "Reschedule" }).click();
    await expect(pd.getByText(/Must end before session 2/)).toBeVisible();
    await pickTime(pd.getByTestId("time-picker"), { months: -1, day: 0, time: 2 });
    await expect(pd.getByText(/Must end before session 2/)).toHaveCount(0);
    await pd.getByRole("button", { name: "Reschedule" }).click();
    await expect(pd).toBeHidden();
    await expect(row(partner, name).getByTestId("status")).toHaveText("Booked");

    // The customer moves the second session only, by request.
    await customer.reload();
    await hydrated(customer);
    await act(customer, name, "Reschedule");
    const cd = customer.getByRole("dialog");
    await cd.getByRole("checkbox").nth(1).check();
    await pickTime(cd.getByTestId("time-picker"), { months: 3, day: 1 });
    await cd.getByLabel("Reason").selectOption("notReady");
    await cd.getByLabel("Comment").fill("Team not ready yet");
    await expectAccessible(customer);
    await cd.getByRole("button", { name: "Reschedule" }).click();
    await expect(cd).toBeHidden();
    await expect(row(customer, name).getByTestId("status")).toHaveText("Booking Requested");

    // Each side's reschedule is in the dev mailbox, addressed to the other side; the customer's request is acknowledged to it.
    await partner.goto("/dev/mail");
    const toCustomer = partner.locator('li.mail[data-to="cara@fabrikam.test"]').filter({ hasText: "Trainer moved to the afternoon" }).first();
    await expect(toCustomer).toContainText(`Booking rescheduled: ${name}`);
    const toPartner = partner.locator('li.mail:not([data-to="cara@fabrikam.test"])').filter({ hasText: "Team not ready yet" }).first();
    await expect(toPartner).toContainText(`New times requested: ${name}`);
    const ack = partner.locator('li.mail[data-to="cara@fabrikam.test"]').filter({ hasText: "Team not ready yet" }).first();
    await expect(ack).toContainText(`We've received your request for new times: ${name}`);
  });
});

test.describe("a partner member on Your Jobs", () => {
  test.describe.configure({ timeout: 90_000 });
  test("sees the jobs and the published times, but no actions on a job they do not instruct, no publishing and no closing", async ({ otherPerson }) => {
    const name = "Copilot Foundations";
    const customer = await as(otherPerson, "customerAdmin", "/bookings");
    await requestTimes(customer, DEMO.workouts.copilotFoundations, 40);

    // Signing in and loading Your Jobs takes a while on a busy runner: the first check of each page waits longer.
    const owner = await as(otherPerson, "partnerAdmin", "/jobs");
    await expect(row(owner, name).getByRole("button", { name: `Actions for ${name}` })).toBeVisible({ timeout: 30_000 });
    await expect(owner.getByRole("button", { name: "Publish time" })).toBeVisible();

    const member = await as(otherPerson, "partnerMember", "/jobs");
    await expect(row(member, name)).toBeVisible({ timeout: 30_000 });
    // A member acts only on what they instruct (the demo's started jobs are Ben's): nothing on this request.
    await expect(row(member, name).getByRole("button", { name: /^Actions for / })).toHaveCount(0);
    await expect(member.getByRole("button", { name: "Mark session completed" })).toHaveCount(0);
    await expect(member.getByText("Only owners and admins can publish or close times.")).toBeVisible();
    await expect(member.getByRole("button", { name: "Publish time" })).toHaveCount(0);
    await expect(member.getByRole("button", { name: /^Close the time/ })).toHaveCount(0);
    await expectAccessible(member);
  });
});
