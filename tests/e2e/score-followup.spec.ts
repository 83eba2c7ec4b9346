import type { Locator, Page } from "@playwright/test";
import { DEMO } from "../../db/seed/data";
import { signIn, signUpNewCustomer } from "./auth";
import { expect, expectAccessible, MAIN, test } from "./fixtures";

/** Answers every statement of the step on screen with the option at `index` (0 = "Not at all", 4 = "Fully"). */
async function answerStep(page: Page, index: number, upTo?: number) {
  const questions = page.getByTestId("assessment-question");
  await expect(questions.first()).toBeVisible();
  const n = upTo ?? (await questions.count());
  for (let i = 0; i < n; i++) await questions.nth(i).getByRole("radio").nth(index).check();
}

const progress = (page: Page) => page.getByTestId("assessment-progress");
const checkedIn = (question: Locator) => question.getByRole("radio", { checked: true });

test.describe("a customer's assessment as a guided flow, then a retake and a reassessment", () => {
  test.setTimeout(240_000);

  test("one category a step, checked per step, resumed after a reload; the result offers the recommended workouts; Home then offers a retake and a reassessment", async ({
    page,
  }) => {
    await signUpNewCustomer(page, "Gail Guided", `Guided Co ${Date.now().toString(36)}`);
    const prompt = page.getByTestId("tan-prompt");
    await prompt.getByLabel("Provider TAN").fill("482913");
    await prompt.getByRole("button", { name: "Link" }).click();
    await expect(prompt).toBeHidden();
    await page.getByRole("region", { name: "Earn your Northwind Learn fitness score" }).getByRole("button", { name: "Take the assessment" }).click();

    // Step 1 of 7: one category's eight statements, not all 56.
    await expect(progress(page)).toHaveText("Step 1 of 7");
    await expect(page.getByRole("heading", { name: "AI and automation", level: 2 })).toBeVisible();
    await expect(page.getByTestId("assessment-question")).toHaveCount(8);
    await expect(page.getByRole("button", { name: "Back" })).toHaveCount(0);
    // Next with nothing answered: this step's statements say Required, and no more.
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByTestId("toast").getByText("Please complete the required fields.")).toBeVisible();
    await expect(page.getByText("Required", { exact: true })).toHaveCount(8);
    await expect(progress(page)).toHaveText("Step 1 of 7");
    await expectAccessible(page);

    await answerStep(page, 3);
    await page.getByRole("button", { name: "Next" }).click();
    await expect(progress(page)).toHaveText("Step 2 of 7");
    await expect(page.getByRole("heading", { name: "Data and insights", level: 2 })).toBeFocused();
    // Half of step 2, then the page is reloaded: the same step, the same answers.
    await answerStep(page, 0, 4);
    await page.reload();
    await expect(progress(page)).toHaveText("Step 2 of 7", { timeout: 30_000 });
    const questions = page.getByTestId("assessment-question");
    for (let i = 0; i < 4; i++) await expect(checkedIn(questions.nth(i))).toHaveAccessibleName("Not at all");
    await expect(checkedIn(questions.nth(4))).toHaveCount(0);
    await page.getByRole("button", { name: "Back" }).click();
    await expect(progress(page)).toHaveText("Step 1 of 7");
    for (let i = 0; i < 8; i++) await expect(checkedIn(questions.nth(i))).toHaveAccessibleName("Mostly");
    await page.getByRole("button", { name: "Next" }).click();

    // Data and insights lowest (20 %), every other category 80 %.
    await answerStep(page, 0);
    for (let step = 3; step <= 7; step++) {
      await page.getByRole("button", { name: "Next" }).click();
      await expect(progress(page)).toHaveText(`Step ${step} of 7`);
      await answerStep(page, 3);
    }
    await expect(page.getByRole("button", { name: "Next" })).toHaveCount(0);
    await page.getByRole("button", { name: "Submit my answers" }).click();
    await expect(page.getByRole("heading", { name: "Your fitness score", level: 1 })).toBeVisible();
    await expect(page.getByTestId("assessment-overall")).toHaveText("71");

    // The next step: workouts for the weakest categories, each opening its page to book it.
    const next = page.getByRole("region", { name: "Your next step" });
    await expect(next).toContainText("Data and insights");
    const workout = next.getByRole("link").first();
    await expect(workout).toBeVisible();
    await expectAccessible(page);
    await workout.click();
    await expect(page).toHaveURL(/\/workout\/[\w-]+$/);

    // Home now offers a retake and a reassessment of one category.
    await page.goto("/");
    await expect(page.getByTestId("fitness-score")).toHaveText("71", { timeout: 30_000 });
    await expect(page.getByRole("region", { name: "Earn your Northwind Learn fitness score" })).toHaveCount(0);
    const card = page.getByRole("region", { name: "Keep your Northwind Learn fitness score current" });
    await expect(card.getByRole("button", { name: "Retake the assessment" })).toBeVisible();
    await expectAccessible(page);
    await card.getByLabel("Category to reassess").selectOption({ label: "Data and insights" });
    await card.getByRole("button", { name: "Reassess this category" }).click();
    await expect(page.getByRole("heading", { name: "Fitness assessment: Data and insights", level: 1 })).toBeVisible();
    await expect(progress(page)).toHaveText("Step 1 of 1");
    await expect(page.getByTestId("assessment-question")).toHaveCount(8);
    await answerStep(page, 4);
    await page.getByRole("button", { name: "Submit my answers" }).click();
    await expect(page.getByRole("list", { name: "Score by category" }).getByRole("listitem")).toHaveText(["Data and insights100%"]);

    // Its new score replaces the category's current one: (6 × 80 + 100) / 7.
    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page.getByTestId("fitness-score")).toHaveText("83");
    // And the whole assessment can be taken again.
    await page.getByRole("button", { name: "Retake the assessment" }).click();
    await expect(progress(page)).toHaveText("Step 1 of 7");
  });

  test("a partner's link asks who takes it first, as its own step, with the e-mail messages of the product", async ({ page, otherPerson }) => {
    await signIn(page, "partnerAdmin", "/admin/submitted-scores");
    const linkSection = page.getByRole("region", { name: "Assessment link" });
    await linkSection.getByLabel("Category").selectOption({ label: "Strategy" });
    await linkSection.getByRole("button", { name: "Get a link" }).click();
    const url = await linkSection.getByLabel("Link to share").inputValue();
    // The link field copies the link, and says so to a screen reader.
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: MAIN });
    await linkSection.getByRole("button", { name: "Copy the link" }).click();
    await expect(linkSection.getByRole("status").filter({ hasText: "Copied" })).toHaveCount(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await expectAccessible(page);

    const taker = await otherPerson();
    await taker.goto(url);
    await expect(taker.getByTestId("assessment-progress")).toHaveText("Step 1 of 2");
    await taker.getByLabel("Your name").fill("Pat Partner-link");
    await taker.getByRole("button", { name: "Next" }).click();
    await expect(taker.getByLabel("Your work email")).toHaveAccessibleDescription("Required");
    await taker.getByLabel("Your work email").fill("not an address");
    await taker.getByRole("button", { name: "Next" }).click();
    await expect(taker.getByLabel("Your work email")).toHaveAccessibleDescription("Invalid Email");
    await expect(taker.getByText("Invalid email", { exact: true })).toHaveCount(0);
    await taker.getByLabel("Your work email").fill("pat@nowhere.test");
    await taker.getByRole("button", { name: "Next" }).click();
    await expect(taker.getByTestId("assessment-progress")).toHaveText("Step 2 of 2");
    await answerStep(taker, 2);
    await expect(taker.getByRole("button", { name: "Submit my answers" })).toBeVisible();
    await expectAccessible(taker);
    // Not submitted: an unknown taker's score would wait under Submitted Scores, which other tests expect empty.
  });
});

test.describe("a customer's scores for its partner", () => {
  test.setTimeout(120_000);

  test("the history per category on a time axis with a legend of toggles, scores on their scale, links sent to chosen members, and no mark-assessed without scores", async ({
    page,
  }) => {
    await signIn(page, "partnerAdmin", `/admin/customers/${DEMO.customers.fabrikam.id}/details?tab=scores`);
    const history = page.getByRole("region", { name: "Score history" });
    await expect(history).toBeVisible({ timeout: 30_000 });
    const chart = history.getByTestId("score-chart");
    await expect(chart).toBeVisible({ timeout: 30_000 });
    // A real time axis: labels on calendar boundaries (months for Fabrikam's year of scores).
    await expect(chart.getByTestId("chart-tick").first()).toBeAttached();
    expect(await chart.getByTestId("chart-tick").count()).toBeGreaterThan(1);
    // The legend shows and hides a series, by keyboard as by mouse.
    const security = chart.getByRole("button", { name: "Security and continuity" });
    await expect(security).toHaveAttribute("aria-pressed", "true");
    await expect(chart.locator('[data-series="securityAndContinuity"]')).toHaveCount(1);
    await security.focus();
    await page.keyboard.press("Enter");
    await expect(security).toHaveAttribute("aria-pressed", "false");
    await expect(chart.locator('[data-series="securityAndContinuity"]')).toHaveCount(0);
    await page.keyboard.press("Space");
    await expect(security).toHaveAttribute("aria-pressed", "true");
    // Every score, each on its 1–5 scale with its percent; one category's history on its own.
    const table = history.getByRole("table");
    await expect(table.getByRole("cell", { name: /^\d\.\d \/ 5 · \d+%$/ }).first()).toBeVisible();
    await history.getByLabel("Category").selectOption({ label: "Data and insights" });
    await expect(table.getByRole("cell", { name: "Data and insights" })).not.toHaveCount(0);
    await expect(table.getByRole("cell", { name: "Security and continuity" })).toHaveCount(0);
    await expect(history.getByTestId("score-chart").getByRole("button")).toHaveCount(1);
    await expect(page.getByTestId("customer-score").filter({ hasText: "AI and automation" })).toContainText(/\d\.\d \/ 5/);
    await expectAccessible(page);

    // The assessment in progress has no scores: nothing to mark assessed.
    const assessments = page.getByRole("region", { name: "Submitted assessments" });
    await expect(assessments.getByRole("row", { name: /In progress/ }).first()).toBeVisible();
    await expect(assessments.getByRole("row", { name: /In progress/ }).getByRole("button", { name: /Mark the assessment/ })).toHaveCount(0);

    // A link sent to a chosen member.
    await page.getByRole("button", { name: "Send an assessment link" }).click();
    const dialog = page.getByRole("dialog", { name: "Send an assessment link" });
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(dialog.getByText("Choose at least one person")).toBeVisible();
    await dialog.getByLabel("Category").selectOption({ label: "Strategy" });
    await dialog.getByRole("checkbox", { name: "Dan Moreau" }).check();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(page.getByTestId("toast").getByText("Assessment link sent to 1 person")).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(assessments.getByRole("row", { name: /Strategy.*Dan Moreau.*Pending/ }).first()).toBeVisible();
  });

  test("reads at 390 px in the dark theme", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript(() => localStorage.setItem("theme", "dark"));
    await signIn(page, "partnerAdmin", `/admin/customers/${DEMO.customers.fabrikam.id}/details?tab=scores`);
    await expect(page.getByRole("region", { name: "Score history" }).getByTestId("score-chart")).toBeVisible({ timeout: 30_000 });
    await expectAccessible(page);
  });
});

test("Your Activity shows each assessee's score on its scale", async ({ page }) => {
  await signIn(page, "customerAdmin", "/activity");
  const ai = page.getByTestId("category-score").filter({ hasText: "AI and automation" });
  await expect(ai).toContainText("Dana Whitfield", { timeout: 30_000 });
  await expect(ai.getByText(/^\d\.\d \/ 5$/).first()).toBeVisible();
});
