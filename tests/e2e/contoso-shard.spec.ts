import type { Page } from "@playwright/test";
import { DEMO } from "../../db/seed/data";
import { DEMO_USERS, signIn, signInWithForm, type DemoUserKey } from "./auth";
import { CONTOSO_ORIGIN, expect, expectAccessible, MAIN, open, test } from "./fixtures";
import { pickTime } from "./picker";

/**
 * The demo's Contoso lives on its own shard (weur-1; Northwind on the
 * directory's database): its admin on its custom domain edits a workout, its
 * customer books it there and sees it in Your Bookings, Contoso confirms it;
 * Northwind's admin never sees the job.
 */
const WORKOUT = "Spreadsheets for Analysts";
const WORKOUT_ID = DEMO.workouts.excelForAnalysts;
// Signing in through the main domain's hand-off and the first paint are slow on a busy runner.
const FIRST = { timeout: 20_000 };

/** `who` signs in on Contoso's domain as a person does (its sign-in is the main domain's, in Contoso's look) and opens `path` there. */
async function onContoso(page: Page, who: DemoUserKey, path: string) {
  await page.goto(`${CONTOSO_ORIGIN}/`);
  await expect(page).toHaveURL(new RegExp(`^${MAIN}/login\\?redirectUrl=`), FIRST);
  await expect(page.getByTestId("platform-name")).toHaveText("Contoso Skills");
  await signInWithForm(page, DEMO_USERS[who].email);
  await expect(page).toHaveURL(`${CONTOSO_ORIGIN}/`, FIRST);
  await open(page, `${CONTOSO_ORIGIN}${path}`);
}

const row = (page: Page) => page.getByTestId("job-row").filter({ hasText: WORKOUT });

test.describe("Contoso on its own shard", () => {
  test.describe.configure({ timeout: 150_000 });

  test("its admin edits a workout on its domain, its customer books it and sees it in Your Bookings, Contoso confirms; Northwind never sees the job", async ({
    otherPerson,
  }) => {
    const subtitle = `Lookups, pivots and tidy models (${Date.now().toString(36)})`;

    // Contoso's admin edits the workout on skills.contoso.test.
    const contoso = await otherPerson();
    await onContoso(contoso, "otherPartnerAdmin", `/admin/workout-library/${WORKOUT_ID}`);
    await expect(contoso.getByRole("heading", { name: WORKOUT, level: 1 })).toBeVisible(FIRST);
    await contoso.getByLabel(/^Subtitle/).fill(subtitle);
    await contoso.getByRole("button", { name: "Save changes" }).click();
    await expect(contoso.getByTestId("toast").getByText("Workout saved")).toBeVisible();
    await expectAccessible(contoso);

    // Its customer sees the change on the same domain and requests times.
    const customer = await otherPerson();
    await onContoso(customer, "otherCustomerAdmin", `/workout/${WORKOUT_ID}`);
    await expect(customer.getByRole("heading", { name: WORKOUT, level: 1 })).toBeVisible(FIRST);
    await expect(customer.getByText(subtitle)).toBeVisible();
    await expectAccessible(customer);
    await open(customer, `${CONTOSO_ORIGIN}/workout/${WORKOUT_ID}/book`);
    const dialog = customer.getByRole("dialog");
    await expect(dialog.getByText("Sessions", { exact: true })).toBeVisible();
    await dialog.getByRole("button", { name: "Next", exact: true }).click();
    await dialog.getByRole("radio", { name: /Request times/ }).check();
    const pickers = dialog.getByTestId("preferred-time");
    const count = await pickers.count();
    expect(count).toBe(2);
    for (let i = 0; i < count; i++) await pickTime(pickers.nth(i), { months: 1, day: 3 + i });
    await dialog.getByRole("button", { name: "Next", exact: true }).click();
    await expect(dialog.getByText("The team confirms within 24 hours")).toBeVisible();
    const posted = customer.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/v1/bookings");
    await dialog.getByRole("button", { name: "Confirm booking" }).click();
    const booking = await posted;
    expect(booking.status()).toBe(201);
    const jobId = ((await booking.json()) as { id: string }).id;
    await expect(customer).toHaveURL(`${CONTOSO_ORIGIN}/bookings`);
    await expect(customer.getByRole("heading", { name: "Your Bookings", level: 1 })).toBeVisible();
    await open(customer, `${CONTOSO_ORIGIN}/bookings?job=${jobId}`);
    await expect(row(customer)).toHaveCount(1);
    await expect(row(customer).getByTestId("status")).toHaveText("Booking Requested");
    await expectAccessible(customer);

    // Contoso confirms it on Your Jobs.
    await open(contoso, `${CONTOSO_ORIGIN}/jobs?job=${jobId}`);
    await expect(row(contoso)).toHaveCount(1, FIRST);
    await expect(row(contoso).getByTestId("status")).toHaveText("Booking Requested");
    await row(contoso)
      .getByRole("button", { name: `Actions for ${WORKOUT}` })
      .click();
    await contoso.getByRole("menuitem", { name: "Confirm request" }).click();
    await contoso.getByRole("dialog").getByRole("button", { name: "Confirm request" }).click();
    await expect(row(contoso).getByTestId("status")).toHaveText("Booked");
    await expectAccessible(contoso);

    await open(customer, `${CONTOSO_ORIGIN}/bookings?job=${jobId}`);
    await expect(row(customer).getByTestId("status")).toHaveText("Booked");

    // Northwind's admin finds the job neither on Your Jobs nor by its id.
    const northwind = await otherPerson();
    await signIn(northwind, "partnerAdmin", `/jobs?job=${jobId}`);
    await expect(northwind.getByRole("heading", { name: "Your Jobs", level: 1 })).toBeVisible(FIRST);
    await expect(northwind.getByRole("alert").filter({ hasText: "We couldn't find this booking." })).toBeVisible();
    await expect(row(northwind)).toHaveCount(0);
    await open(northwind, `${MAIN}/jobs`);
    await expect(northwind.getByTestId("job-row").first()).toBeVisible();
    await expect(row(northwind)).toHaveCount(0);
    const { token } = (await (await northwind.request.get(`${MAIN}/api/auth/token`)).json()) as { token: string };
    const byId = await northwind.request.get(`${MAIN}/v1/jobs/${jobId}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(byId.status()).toBe(404);
    // The same request of Contoso's admin finds it: the 404 is Northwind's, not a wrong id.
    const contosoToken = (await (await contoso.request.get(`${MAIN}/api/auth/token`)).json()) as { token: string };
    const own = await contoso.request.get(`${MAIN}/v1/jobs/${jobId}`, { headers: { Authorization: `Bearer ${contosoToken.token}` } });
    expect(own.status(), await own.text()).toBe(200);
  });
});
