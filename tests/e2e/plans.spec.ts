import type { Locator, Page } from "@playwright/test";
import { DEMO } from "../../db/seed/data";
import { signIn, signUpNewCustomer } from "./auth";
import { expect, expectAccessible, test } from "./fixtures";

/** What the screen shows at a desktop's width and a phone's, scrolled to `target`, saved beside the test's other output. */
async function screenshots(page: Page, name: string, path: (file: string) => string, target?: Locator) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await target?.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path(`${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Opens the booking overlay of Copilot Foundations (one credit on plan, $950 off plan) and answers its price. */
async function bookingPrice(page: Page) {
  await page.goto(`/workout/${DEMO.workouts.copilotFoundations}/book`);
  const price = page.getByRole("dialog").getByTestId("booking-price");
  await expect(price).toBeVisible();
  return price;
}

test.describe("plans", () => {
  test("a partner admin defines a plan and starts it for a new customer, who sees its credits on Home", async ({ page, otherPerson }, testInfo) => {
    // Two people, a sign-up through the mailbox and four accessibility checks: a long journey.
    test.setTimeout(120_000);
    const shot = (file: string) => testInfo.outputPath(file);

    // A new customer links to Northwind: no plan, no credits.
    const org = `Planned Co ${Date.now().toString(36)}`;
    await signUpNewCustomer(page, "Pat Planned", org);
    const prompt = page.getByTestId("tan-prompt");
    await prompt.getByLabel("Provider TAN").fill("482913");
    await prompt.getByRole("button", { name: "Link" }).click();
    await expect(prompt).toBeHidden();
    await expect(page.getByTestId("workouts-remaining")).toHaveText("0");
    // Without a plan a workout costs money, and the overlay says how it is invoiced.
    const price = await bookingPrice(page);
    await expect(price).toHaveText("$950.00");
    await expect(page.getByTestId("booking-invoiced")).toHaveText("Your organization is not on a plan: this booking is invoiced to it at this price.");

    // The partner admin opens Admin → Plans from the sidebar.
    const partner = await otherPerson();
    await signIn(partner, "partnerAdmin", "/");
    await partner.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Admin" }).click();
    await partner.getByRole("menu", { name: "Admin" }).getByRole("group", { name: "Setup" }).getByRole("menuitem", { name: "Plans" }).click();
    await expect(partner).toHaveURL(/\/admin\/plans$/);
    await expect(partner.getByRole("heading", { name: "Plans", level: 1 })).toBeVisible();
    await expect(partner.getByRole("navigation", { name: "Breadcrumb" }).getByRole("listitem")).toHaveText(["Admin", "Setup", "Plans"]);
    await expect(partner.getByRole("row", { name: /Learning Plus/ })).toContainText("Annual");
    await expectAccessible(partner);

    // A plan whose credits would refresh less often than it renews is refused at the field.
    const name = `Team ${Date.now().toString(36)}`;
    await partner.getByRole("button", { name: "Create plan" }).click();
    const dialog = partner.getByRole("dialog", { name: "New plan" });
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByText("Required").first()).toBeVisible();
    await dialog.getByLabel("Plan name").fill(name);
    await dialog.getByLabel("Variant").fill("6 a month");
    await dialog.getByLabel("Commitment term").selectOption("monthly");
    await dialog.getByLabel("Refresh period").selectOption("quarterly");
    await dialog.getByLabel("Credits per period").fill("6");
    await dialog.getByLabel(/Price per term/).fill("99.50");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByText("Credits cannot refresh less often than the plan renews")).toBeVisible();
    await expectAccessible(partner);
    await screenshots(partner, "plan-dialog", shot);
    await dialog.getByLabel("Refresh period").selectOption("monthly");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(partner.getByTestId("toast").getByText("Plan created")).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = partner.getByRole("row", { name: new RegExp(name) });
    await expect(row).toContainText("6 a month");
    await expect(row).toContainText("Monthly");
    await expect(row).toContainText("$99.50");
    await screenshots(partner, "plans", shot);

    // On the customer's page: no plan yet, so the partner starts one today.
    await partner.goto("/admin/customers");
    await partner.getByLabel("Search customers").fill(org);
    await partner.getByRole("link", { name: org }).click();
    await expect(partner.getByRole("heading", { name: org, level: 1 })).toBeVisible();
    await partner.getByRole("tab", { name: /^Plan & credits/ }).click();
    const start = partner.getByRole("form", { name: "Start a plan" });
    await expect(start).toBeVisible();
    await start.getByLabel("Plan").selectOption({ label: `${name} · 6 a month` });
    await expectAccessible(partner);
    await start.getByRole("button", { name: "Start a plan" }).click();
    await expect(partner.getByTestId("toast").getByText("The plan is started")).toBeVisible();
    // The plan is in force: the page now offers to change or cancel it.
    await expect(partner.getByRole("form", { name: "Change plan" })).toBeVisible();
    await expect(partner.locator('section[aria-labelledby="plan-details"]')).toContainText(name);
    await expectAccessible(partner);
    await screenshots(partner, "customer-plan", shot, partner.locator('section[aria-labelledby="plan-details"]'));

    // The customer sees the plan's credits as workouts remaining.
    await page.goto("/");
    await expect(page.getByTestId("workouts-remaining")).toHaveText("6");
    await screenshots(page, "home", shot, page.getByTestId("workouts-remaining"));
    // Their profile shows the plan with the price the partner set.
    await page.goto("/admin/profile");
    const details = page.locator('section[aria-labelledby="plan-details"]');
    await expect(details).toContainText(name);
    await expect(details.getByTestId("plan-price")).toHaveText("$99.50");
    // On the plan the same workout costs credits, with the balance instead of an invoice.
    await expect(await bookingPrice(page)).toHaveText("1 credit");
    await expect(page.getByRole("dialog").getByText("Your balance: 6 credits")).toBeVisible();
    await expect(page.getByTestId("booking-invoiced")).toHaveCount(0);
  });
});
