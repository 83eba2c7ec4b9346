import type { Page } from "@playwright/test";
import { STORY_DEMO } from "../../db/seed/story";
import { signIn } from "./auth";
import { expect, expectAccessible, test } from "./fixtures";

/** The demo's upcoming Dashboards booking: online, Ben instructs, Cara and Dan attend (db/seed/story.ts). */
const WORKOUT = "Building Dashboards that Matter";

/** That booking's row, by its id: other specs book the same workout, and the newest booking is listed first. */
function row(page: Page) {
  return page.locator(`[data-testid="job-row"][data-job-id="${STORY_DEMO.dashboardsJobId}"]`);
}

async function expand(page: Page) {
  await row(page)
    .getByRole("button", { name: new RegExp(`Show sessions of ${WORKOUT}`) })
    .click();
}

test.describe("places and people on a booking", () => {
  // One after another: the partner's address replaces the online link the instructor's agenda expects on the same booking.
  test.describe.configure({ mode: "default", timeout: 90_000 });

  test("an instructor finds their sessions in the agenda and the week, with place and instructor", async ({ page }) => {
    await signIn(page, "partnerMember", "/jobs");
    await page.getByTestId("mine-switch").click();
    await page.getByRole("tab", { name: "Agenda" }).click();
    const card = page.getByTestId("session-card").filter({ hasText: WORKOUT }).first();
    await expect(card).toContainText("Instructor: Ben Okafor");
    await expect(card.getByRole("link", { name: /Online: https:\/\/meet\.northwind\.test\/dashboards/ })).toBeVisible();
    await expectAccessible(page);
    // The tabs answer the arrow keys.
    await page.getByRole("tab", { name: "Agenda" }).focus();
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByRole("tab", { name: "Week" })).toHaveAttribute("aria-selected", "true");
    await page.getByRole("button", { name: "Next week" }).click();
    await expect(page.getByRole("list", { name: "Sessions this week, by day" })).toBeVisible();
    await expectAccessible(page);
  });

  test("the partner sets an address; an http link is refused with a clear message", async ({ page }) => {
    await signIn(page, "partnerAdmin", "/jobs");
    await expand(page);
    const panel = page.getByTestId("job-people").first();
    await expect(panel.getByLabel("Instructor")).toHaveValue(/.+/);
    await panel.getByLabel("Location of the open sessions").selectOption("online");
    await panel.getByLabel("Meeting link").fill("http://meet.example.test/x");
    await panel.getByRole("button", { name: "Save location" }).click();
    await expect(panel.getByText("Must be an https:// link")).toBeVisible();
    await panel.getByLabel("Location of the open sessions").selectOption("inPerson");
    await panel.getByLabel("Address").fill("Northwind HQ, Room 4");
    await panel.getByRole("button", { name: "Save location" }).click();
    await expect(page.getByTestId("session-place").first()).toContainText("In person: Northwind HQ, Room 4");
    await expectAccessible(page);
  });

  test("the customer sees upcoming and past bookings, and who attends", async ({ page }) => {
    await signIn(page, "customerAdmin", "/bookings");
    await expect(page.getByRole("tab", { name: /Upcoming/ })).toHaveAttribute("aria-selected", "true");
    await expand(page);
    await expect(page.getByTestId("attendees").first()).toContainText("Dan Moreau");
    await expectAccessible(page);
    await page.getByRole("tab", { name: /Past/ }).click();
    // Past holds the completed bookings (and any cancelled along the way).
    await expect(page.getByTestId("job-row").filter({ hasText: "Completed" }).first()).toBeVisible();
    await expectAccessible(page);
  });
  test("the list of attendees stays open, with its ticks, while the booking refreshes or its panel re-mounts", async ({ page, context }) => {
    await signIn(page, "customerAdmin", "/bookings");
    await expand(page);
    const panel = page.getByTestId("job-people");
    await panel.getByRole("button", { name: "Choose attendees" }).click();
    const dan = panel.getByRole("checkbox", { name: "Dan Moreau" });
    await expect(dan).toBeChecked();
    await dan.uncheck();

    // Back online, the app refetches the booking: the list stays open and Dan stays unticked.
    const refetched = page.waitForResponse((r) => r.request().method() === "GET" && new URL(r.url()).pathname === "/v1/bookings");
    await context.setOffline(true);
    await context.setOffline(false);
    await refetched;
    await expect(panel.getByRole("group", { name: /members of your organization/ })).toBeVisible();
    await expect(dan).not.toBeChecked();
    await expect(panel.getByRole("checkbox", { name: "Cara Lindqvist" })).toBeChecked();

    // The panel re-mounts (its sessions hidden and shown again): still open, still as chosen.
    await row(page)
      .getByRole("button", { name: new RegExp(`Hide sessions of ${WORKOUT}`) })
      .click();
    await expect(panel).toBeHidden();
    await expand(page);
    await expect(dan).not.toBeChecked();
    await expect(panel.getByRole("checkbox", { name: "Cara Lindqvist" })).toBeChecked();
    await expectAccessible(page);

    // Cancel closes it and forgets the ticks: the booking's attendees show, unchanged.
    await panel.getByRole("button", { name: "Cancel" }).click();
    await expect(dan).toBeHidden();
    await expect(panel.getByTestId("attendees")).toContainText("Dan Moreau");
    await panel.getByRole("button", { name: "Choose attendees" }).click();
    await expect(dan).toBeChecked();
    await panel.getByRole("button", { name: "Cancel" }).click();
  });
});
