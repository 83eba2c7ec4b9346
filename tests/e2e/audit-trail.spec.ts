import { DEMO } from "../../db/seed/data";
import { STORY_DEMO } from "../../db/seed/story";
import { signIn } from "./auth";
import { expect, expectAccessible, test } from "./fixtures";
import { pickTime } from "./picker";

/** What the trail must never show: the stored codes behind its words. */
const CODES = /workoutJob|workoutSession|awaiting[A-Z]|confirmed →|→ cancelled|duplicateBooking|securityAndContinuity|\bavailability\b/;

test.describe("the audit trail", () => {
  test.describe.configure({ timeout: 90_000 });

  test("a customer's trail shows twenty entries, then more on Load more, in words: what, who and from → to", async ({ page }) => {
    await signIn(page, "partnerAdmin", `/admin/customers/${DEMO.customers.fabrikam.id}/details?tab=activity`);
    const trail = page.getByTestId("audit-trail");
    const entries = trail.getByRole("listitem");
    await expect(entries).toHaveCount(20, { timeout: 30_000 });
    await page.getByRole("button", { name: "Load more" }).click();
    await expect.poll(() => entries.count()).toBeGreaterThan(20);
    // The demo's latest bookings: requested by Cara (from no job to Booking Requested), confirmed by Ada.
    await expect(trail.getByText(/Times requested/).first()).toContainText("none → Booking Requested · by Cara Lindqvist");
    await expect(trail.getByText(/Booking confirmed/).first()).toContainText("Booking Requested → Booked · by Ada Lovelace");
    expect(await trail.textContent()).not.toMatch(CODES);
    await expectAccessible(page);
  });

  test("a customer's owners and admins read their organization's own trail on Profile, in words; a member does not see it", async ({ page, otherPerson }) => {
    await signIn(page, "customerAdmin", "/admin/profile");
    const section = page.getByRole("region", { name: "Audit trail" });
    await expect(section.getByText("Every change to your organization's bookings, credits, plan, prices and fitness scores")).toBeVisible();
    const trail = section.getByTestId("audit-trail");
    await expect(trail.getByRole("listitem").first()).toBeVisible({ timeout: 30_000 });
    await expect(trail.getByText(/Times requested/).first()).toContainText("none → Booking Requested · by Cara Lindqvist");
    expect(await trail.textContent()).not.toMatch(CODES);
    await expectAccessible(page);
    const member = await otherPerson();
    await signIn(member, "customerMember", "/admin/profile");
    await expect(member.getByRole("heading", { name: "Team Members" })).toBeVisible({ timeout: 30_000 });
    await expect(member.getByRole("region", { name: "Audit trail" })).toHaveCount(0);
  });

  test("the partner's reschedule says the new times apply at once, offers no 'Unknown' reason, and its toast and trail say what happened", async ({ page }) => {
    const name = "Phishing Resilience Bootcamp";
    await signIn(page, "partnerAdmin", `/jobs?job=${STORY_DEMO.startedJobId}`);
    const row = page.getByTestId("job-row").filter({ hasText: name }).first();
    await row.getByRole("button", { name: `Actions for ${name}` }).click({ timeout: 30_000 });
    await page.getByRole("menuitem", { name: "Reschedule" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText("The new times apply at once: the customer is emailed them with an updated calendar file.")).toBeVisible();
    await expect(dialog).not.toContainText("24 hours");
    const reason = dialog.getByLabel("Reason");
    await expect(reason).toHaveValue("");
    await expect(reason.locator("option").first()).toHaveText("Choose a reason");
    await expect(reason.locator("option")).not.toContainText(["Unknown"]);
    // The first session has begun: it is shown, not offered; the second is.
    await expect(dialog.getByTestId("session-begun")).toHaveCount(1);
    await expect(dialog.getByTestId("session-begun")).toContainText("has already begun, so it can't be moved");
    await expect(dialog.getByRole("checkbox")).toHaveCount(1);
    // Without a reason the move is refused on the form.
    await dialog.getByRole("checkbox").first().check();
    await expect(dialog.getByTestId("time-picker")).toHaveCount(1);
    await pickTime(dialog.getByTestId("time-picker"), { months: 1 });
    await dialog.getByRole("button", { name: "Reschedule" }).click();
    await expect(reason).toHaveAttribute("aria-invalid", "true");
    await expect(dialog).toBeVisible();
    await reason.selectOption("availability");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Reschedule" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("toast").getByText("Sessions moved to the new times; the customer has been emailed")).toBeVisible();
    await expect(page.getByText("Times sent")).toHaveCount(0);

    // The job opened from its link shows its sessions and trail.
    await expect(row.getByRole("button", { name: `Hide sessions of ${name}` })).toBeVisible();
    const trail = page.getByTestId("audit-trail");
    await expect(trail.getByText(/Booking rescheduled/).first()).toContainText("Booked → Booked · reason: Availability · by Ada Lovelace");
    await expect(trail.getByText(/Session moved/).first()).toContainText("by Ada Lovelace");
    expect(await trail.textContent()).not.toMatch(CODES);
    await expectAccessible(page);
  });

  test("the partner's own trail under Price Groups shows who created a group, and the name", async ({ page }) => {
    await signIn(page, "partnerAdmin", "/admin/price-groups");
    const name = `Schools ${Date.now().toString(36)}`;
    await page.getByRole("button", { name: "Create price group" }).click({ timeout: 30_000 });
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expect(dialog).toBeHidden();
    const trail = page.getByRole("region", { name: "Audit trail" }).getByTestId("audit-trail");
    await expect(trail.getByRole("listitem").filter({ hasText: name }).first()).toContainText(`Price group created · none → ${name} · by Ada Lovelace`);
    expect(await trail.textContent()).not.toMatch(/priceGroup[A-Z]/);
    await expectAccessible(page);
  });
});
