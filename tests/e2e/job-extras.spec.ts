import type { Page } from "@playwright/test";
import { DEMO } from "../../db/seed/data";
import { signIn, type DemoUserKey } from "./auth";
import { expect, expectAccessible, open, test } from "./fixtures";
import { pickTime } from "./picker";

async function as(person: () => Promise<Page>, who: DemoUserKey, path: string): Promise<Page> {
  const page = await person();
  await signIn(page, who, path);
  return page;
}

const WORKOUT = "CRM Health Check";
const PARTNER_ITEM = `Send the joining link ${Date.now().toString(36)}`;

test.describe("a booking's loose ends", () => {
  // Three people in three browsers, several screens each.
  test.describe.configure({ timeout: 180_000 });

  test("both sides tick their action items and share files and links on the job; another customer sees none of it", async ({ otherPerson }) => {
    // The partner gives the workout's first session an action item of its own, shown from today.
    const partner = await as(otherPerson, "partnerAdmin", `/admin/workout-library/${DEMO.workouts.crmHealthCheck}`);
    await partner.getByRole("button", { name: "Add action item" }).first().click();
    await partner.getByRole("textbox", { name: "Action", exact: true }).nth(1).fill(PARTNER_ITEM);
    await partner.getByRole("combobox", { name: "Assignee" }).nth(1).selectOption("partner");
    await partner.getByRole("button", { name: "Save changes" }).click();
    await expect(partner.getByTestId("toast").getByText("Workout saved")).toBeVisible();

    // The customer books it (a booking request).
    const customer = await as(otherPerson, "customerAdmin", `/workout/${DEMO.workouts.crmHealthCheck}/book`);
    await open(customer, `/workout/${DEMO.workouts.crmHealthCheck}/book`);
    const dialog = customer.getByRole("dialog");
    await dialog.getByRole("button", { name: "Next", exact: true }).click();
    await dialog.getByRole("radio", { name: /Request times/ }).check();
    // Each session's preferred time: two months ahead, a day apart (the calendar picker).
    const pickers = dialog.getByTestId("preferred-time");
    await expect(pickers.first()).toBeVisible();
    const count = await pickers.count();
    for (let i = 0; i < count; i++) await pickTime(pickers.nth(i), { months: 2, day: i });
    await dialog.getByRole("button", { name: "Next", exact: true }).click();
    await dialog.getByRole("button", { name: "Confirm booking" }).click();
    await expect(customer).toHaveURL(/\/bookings$/);
    const row = customer.getByTestId("job-row").filter({ hasText: WORKOUT }).first();
    const jobId = await row.getAttribute("data-job-id");
    expect(jobId).toBeTruthy();

    // The customer ticks its own item on the booking.
    await customer.goto(`/bookings?job=${jobId}`);
    const mine = customer.getByRole("checkbox", { name: "Confirm the attendee list" });
    await expect(mine).not.toBeChecked();
    await mine.click();
    await expect(mine).toBeChecked();
    await expect(customer.getByRole("checkbox", { name: PARTNER_ITEM })).toHaveCount(0);

    // Shared files: empty at first, then a file and a link.
    const shared = customer.getByTestId("shared-files");
    await expect(shared.getByText("Nothing shared yet")).toBeVisible();
    await expectAccessible(customer);
    await shared.getByLabel("File", { exact: true }).setInputFiles({ name: "attendees.txt", mimeType: "text/plain", buffer: Buffer.from("Cara, Dan") });
    await shared.getByRole("button", { name: "Share", exact: true }).click();
    await expect(shared.getByTestId("shared-item").filter({ hasText: "attendees.txt" })).toBeVisible();
    await shared.getByLabel(/^Link/).fill("https://fabrikam.test/crm-notes");
    await shared.getByLabel(/^Name/).fill("CRM notes");
    await shared.getByRole("button", { name: "Share", exact: true }).click();
    await expect(shared.getByTestId("shared-item").filter({ hasText: "CRM notes" })).toBeVisible();

    // The partner sees both, ticks its own item, shares a link of its own.
    await partner.goto(`/jobs?job=${jobId}`);
    const theirs = partner.getByRole("checkbox", { name: PARTNER_ITEM });
    await theirs.click();
    await expect(theirs).toBeChecked();
    await partner.reload();
    await expect(partner.getByRole("checkbox", { name: PARTNER_ITEM })).toBeChecked();
    const onJob = partner.getByTestId("shared-files");
    await expect(onJob.getByTestId("shared-item")).toHaveCount(2);
    await expect(onJob.getByText(/Shared by Cara Lindqvist \(customer\)/).first()).toBeVisible();
    await onJob.getByLabel(/^Link/).fill("https://northwind.test/crm-prep");
    await onJob.getByLabel(/^Name/).fill("Prep checklist");
    await onJob.getByRole("button", { name: "Share", exact: true }).click();
    await expect(onJob.getByTestId("shared-item").filter({ hasText: "Prep checklist" })).toBeVisible();
    await expectAccessible(partner);

    // The customer sees the partner's link, and deletes its own file after confirming.
    await customer.reload();
    await expect(shared.getByTestId("shared-item").filter({ hasText: "Prep checklist" })).toBeVisible();
    await expect(shared.getByRole("button", { name: "Delete Prep checklist" })).toHaveCount(0);
    await shared.getByRole("button", { name: "Delete attendees.txt" }).click();
    const confirm = customer.getByRole("alertdialog", { name: "Delete attendees.txt?" });
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expectAccessible(customer);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(shared.getByTestId("shared-item").filter({ hasText: "attendees.txt" })).toHaveCount(0);
    await expect(shared.getByTestId("shared-item")).toHaveCount(2);

    // Another partner's customer finds no such booking, and none of its files.
    const other = await as(otherPerson, "otherCustomerAdmin", `/bookings?job=${jobId}`);
    await expect(other.getByText("We couldn't find this booking.", { exact: false })).toBeVisible();
    await expect(other.getByText("CRM notes")).toHaveCount(0);
    await expect(other.getByTestId("shared-files")).toHaveCount(0);
  });

  test("the workout editor sets an action item's dates and refuses an end before its start", async ({ page }) => {
    await signIn(page, "partnerAdmin", `/admin/workout-library/${DEMO.workouts.hybridConnectivity}`);
    await page.getByRole("button", { name: "Add action item" }).first().click();
    const item = page.getByRole("textbox", { name: "Action", exact: true }).last();
    await item.fill("Check the meeting room");
    // The new item's dates: the last start and end date fields of the first session's items.
    const session = page.getByRole("group", { name: "Action items" }).first();
    await session
      .getByRole("button", { name: /^Start date/ })
      .last()
      .click();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    await session
      .getByRole("button", { name: /^End date/ })
      .last()
      .click();
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(session.getByText("End date cannot be before start date")).toBeVisible();
    await expectAccessible(page);
    await session.getByRole("button", { name: "Clear date" }).last().click();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByTestId("toast").getByText("Workout saved")).toBeVisible();
  });
});
