import type { Page } from "@playwright/test";
import { signUpNewCustomer, signUpNewPartner } from "./auth";
import { expect, expectAccessible, MAIN, open, test } from "./fixtures";
import { pickTime } from "./picker";

/**
 * "Done when" of the partner's first week, with nothing seeded for it: a new
 * partner signs up and onboards on the main host, defines a plan, a new
 * customer joins by the partner's number (its TAN), gets the plan, books with
 * credits, the credits refresh on schedule, the customer retakes the
 * assessment and sees the next step, the action item gets done and files are
 * shared on the job. Every step goes through the screens: the workouts are
 * made in the library editor; only the month that passes is the cron's plan
 * step on demand (development only).
 */

const stamp = Date.now().toString(36);
const PLAN = { name: `Fresh ${stamp}`, variant: "6 a month" };
const BOOKED = `Fresh kickoff ${stamp}`;
const RECOMMENDED = `Fresh data sprint ${stamp}`;
const CUSTOMER_ITEM = `List the attendees ${stamp}`;

/** `months` whole months after `day` (YYYY-MM-DD), on the same day of the month (days past a short month's end are its last day). */
function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, last))).toISOString().slice(0, 10);
}

/**
 * One of the partner's workouts, made in the library editor and made available
 * to its customers: one session with a customer's action item, a credit on a
 * plan and a price off it, the partner itself delivering it.
 */
async function createWorkout(page: Page, partner: { tan: string; org: string }, title: string, category: string, checkAccessible = false) {
  await open(page, "/admin/workout-library");
  await expect(page.getByRole("heading", { name: "Workout Library", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Create workout" }).click();
  await expect(page.getByRole("heading", { name: "Create workout", level: 1 })).toBeVisible();
  await page.getByLabel("Name", { exact: false }).first().fill(title);
  await page.getByLabel("SKU").fill(`F-${stamp}-${category}`);
  await page.getByLabel("Type").selectOption("workshop");
  await page.getByLabel("Category").first().selectOption(category);
  await page.getByLabel("Total time (minutes)").fill("60");
  await page.getByLabel("Max attendees").fill("8");
  await page.getByLabel("Difficulty").selectOption("beginner");
  await page.getByLabel(/^Title/).fill(title);
  await page.getByLabel(/^Subtitle/).fill("A first workout");

  await page.getByRole("button", { name: "Add session" }).click();
  await page.getByLabel("Session name").fill("Kick-off");
  await page.getByLabel("Length (minutes)").fill("60");
  await page.getByRole("button", { name: "Add action item" }).click();
  await page.getByRole("textbox", { name: "Action", exact: true }).fill(CUSTOMER_ITEM);
  await page.getByRole("combobox", { name: "Assignee" }).selectOption("customer");
  await page.getByRole("combobox", { name: "Stage" }).selectOption("beforeSession");

  await page.getByRole("button", { name: "Add pricing line" }).click();
  const onPlan = page.getByRole("group", { name: "Pricing line 1" });
  await onPlan.getByLabel(/^Name/).fill("On plan");
  await onPlan.getByLabel(/^Pricing type/).selectOption("unit");
  await onPlan.getByLabel(/^Credits/).fill("1");
  await onPlan.getByRole("checkbox", { name: "On plan (costs credits)" }).check();
  await page.getByRole("button", { name: "Add pricing line" }).click();
  const offPlan = page.getByRole("group", { name: "Pricing line 2" });
  await offPlan.getByLabel(/^Name/).fill("Off plan");
  await offPlan.getByLabel(/^Price \(USD\)/).fill("500");

  await page.getByRole("button", { name: "Add delivery partner" }).click();
  await page.getByLabel("Partner TAN").fill(partner.tan);
  await expect(page.getByText(`Partner: ${partner.org}`)).toBeVisible();
  if (checkAccessible) await expectAccessible(page);

  await page.getByRole("button", { name: "Create workout" }).click();
  await expect(page.getByTestId("toast").getByText("Workout created")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/workout-library\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  const id = page.url().split("/").pop()!;
  for (const status of ["Complete", "Available"]) {
    await page.getByRole("button", { name: `Mark as ${status}` }).click();
    await page
      .getByRole("alertdialog")
      .getByRole("button", { name: `Mark as ${status}` })
      .click();
    await expect(page.getByTestId("toast").getByText(`Workout marked as ${status}`)).toBeVisible();
  }
  return id;
}

/** Answers the whole guided assessment: every statement "Mostly", those of `weakest` "Not at all"; then submits. */
async function takeAssessment(page: Page, weakest: string) {
  const progress = page.getByTestId("assessment-progress");
  for (let step = 1; step <= 7; step++) {
    await expect(progress).toHaveText(`Step ${step} of 7`);
    const low = await page.getByRole("heading", { name: weakest, level: 2 }).count();
    const questions = page.getByTestId("assessment-question");
    await expect(questions.first()).toBeVisible();
    const n = await questions.count();
    for (let i = 0; i < n; i++)
      await questions
        .nth(i)
        .getByRole("radio")
        .nth(low ? 0 : 3)
        .check();
    if (step < 7) await page.getByRole("button", { name: "Next" }).click();
  }
  await page.getByRole("button", { name: "Submit my answers" }).click();
  await expect(page.getByRole("heading", { name: "Your fitness score", level: 1 })).toBeVisible();
}

test("a partner runs its first week from a fresh sign-up: a plan, a customer on it booking with credits that refresh, a retaken assessment, a done action item and files on the job", async ({
  page,
  otherPerson,
}) => {
  // Two sign-ups through the mailbox, two assessments and a dozen screens with axe.
  test.setTimeout(420_000);

  // The partner signs up and onboards on the main host; its partner number is on its profile.
  const org = `Fresh Partner ${stamp}`;
  await signUpNewPartner(page, org, "Fran Fresh");
  await page.goto("/admin/profile");
  const tan = (await page.getByTestId("account-tan").textContent())!.trim();
  expect(tan).toMatch(/^\d{6}$/);
  // It makes its first two workouts in the library editor.
  const booked = await createWorkout(page, { tan, org }, BOOKED, "aiAndAutomation", true);
  await createWorkout(page, { tan, org }, RECOMMENDED, "dataAndInsights");

  // It defines a plan: six credits a month.
  await open(page, "/admin/plans");
  await expect(page.getByRole("heading", { name: "Plans", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Create plan" }).click();
  const dialog = page.getByRole("dialog", { name: "New plan" });
  await dialog.getByLabel("Plan name").fill(PLAN.name);
  await dialog.getByLabel("Variant").fill(PLAN.variant);
  await dialog.getByLabel("Commitment term").selectOption("monthly");
  await dialog.getByLabel("Refresh period").selectOption("monthly");
  await dialog.getByLabel("Credits per period").fill("6");
  await dialog.getByLabel(/Price per term/).fill("120");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("toast").getByText("Plan created")).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(PLAN.name) })).toContainText("$120.00");
  await expectAccessible(page);

  // A new customer signs up and joins the partner by its number.
  const customer = await otherPerson();
  const company = `Fresh Customer ${stamp}`;
  await signUpNewCustomer(customer, "Cleo Fresh", company);
  const prompt = customer.getByTestId("tan-prompt");
  await prompt.getByLabel("Provider TAN").fill(tan);
  await prompt.getByRole("button", { name: "Link" }).click();
  await expect(prompt).toBeHidden();
  await expect(customer.getByTestId("workouts-remaining")).toHaveText("0");

  // The partner gives the customer the plan from the customer's page.
  await page.goto("/admin/customers");
  await page.getByLabel("Search customers").fill(company);
  await page.getByRole("link", { name: company }).click();
  await expect(page.getByRole("heading", { name: company, level: 1 })).toBeVisible();
  await page.getByRole("tab", { name: /^Plan & credits/ }).click();
  const start = page.getByRole("form", { name: "Start a plan" });
  await start.getByLabel("Plan").selectOption({ label: `${PLAN.name} · ${PLAN.variant}` });
  await start.getByRole("button", { name: "Start a plan" }).click();
  await expect(page.getByTestId("toast").getByText("The plan is started")).toBeVisible();
  await expect(page.locator('section[aria-labelledby="plan-details"]')).toContainText(PLAN.name);
  await expectAccessible(page);
  await customer.goto("/");
  await expect(customer.getByTestId("workouts-remaining")).toHaveText("6");

  // The customer books with a credit (a booking request): the credits go down.
  await open(customer, `/workout/${booked}/book`);
  const overlay = customer.getByRole("dialog");
  await expect(overlay.getByTestId("booking-price")).toHaveText("1 credit");
  await expect(overlay.getByText("Your balance: 6 credits")).toBeVisible();
  await expectAccessible(customer);
  await overlay.getByRole("button", { name: "Next", exact: true }).click();
  await overlay.getByRole("radio", { name: /Request times/ }).check();
  await pickTime(overlay.getByTestId("preferred-time").first(), { months: 1 });
  await overlay.getByRole("button", { name: "Next", exact: true }).click();
  await overlay.getByRole("button", { name: "Confirm booking" }).click();
  await expect(customer).toHaveURL(/\/bookings$/);
  const row = customer.getByTestId("job-row").filter({ hasText: BOOKED }).first();
  const jobId = await row.getAttribute("data-job-id");
  expect(jobId).toBeTruthy();
  await customer.goto("/");
  await expect(customer.getByTestId("workouts-remaining")).toHaveText("5");

  // A month on, the cron's plan step refreshes the credits: the month's six, what was left expired.
  const today = new Date().toISOString().slice(0, 10);
  const refresh = await page.request.post(`${MAIN}/dev/cron/plans?time=${addMonths(today, 1)}T09:00:00Z`);
  expect(refresh.status(), await refresh.text()).toBe(200);
  await customer.reload();
  await expect(customer.getByTestId("workouts-remaining")).toHaveText("6");

  // The customer takes the assessment, then retakes it and sees the next step: the partner's workout for its weakest category.
  await customer.getByRole("button", { name: "Take the assessment" }).click();
  await takeAssessment(customer, "Data and insights");
  await customer.goto("/");
  await customer.getByRole("button", { name: "Retake the assessment" }).click();
  await takeAssessment(customer, "Data and insights");
  const next = customer.getByRole("region", { name: "Your next step" });
  await expect(next).toContainText("Data and insights");
  await expect(next.getByRole("link", { name: new RegExp(RECOMMENDED) })).toBeVisible();
  await expectAccessible(customer);

  // On the booking, the customer ticks its action item (it stays done) and shares a link; the partner sees it and shares a file.
  await open(customer, `/bookings?job=${jobId}`);
  const item = customer.getByRole("checkbox", { name: CUSTOMER_ITEM });
  await expect(item).not.toBeChecked();
  await item.click();
  await expect(item).toBeChecked();
  await customer.reload();
  await expect(customer.getByRole("checkbox", { name: CUSTOMER_ITEM })).toBeChecked();
  const shared = customer.getByTestId("shared-files");
  await shared.getByLabel(/^Link/).fill("https://fresh-customer.test/attendees");
  await shared.getByLabel(/^Name/).fill("Attendee list");
  await shared.getByRole("button", { name: "Share", exact: true }).click();
  await expect(shared.getByTestId("shared-item").filter({ hasText: "Attendee list" })).toBeVisible();
  await expectAccessible(customer);

  await open(page, `/jobs?job=${jobId}`);
  const onJob = page.getByTestId("shared-files");
  await expect(onJob.getByTestId("shared-item").filter({ hasText: "Attendee list" })).toBeVisible();
  await onJob.getByLabel("File", { exact: true }).setInputFiles({ name: "agenda.txt", mimeType: "text/plain", buffer: Buffer.from("Kick-off agenda") });
  await onJob.getByRole("button", { name: "Share", exact: true }).click();
  await expect(onJob.getByTestId("shared-item").filter({ hasText: "agenda.txt" })).toBeVisible();
  await expectAccessible(page);
  await customer.reload();
  await expect(shared.getByTestId("shared-item").filter({ hasText: "agenda.txt" })).toBeVisible();
});
