import type { Page } from "@playwright/test";
import { signIn, signUpNewCustomer } from "./auth";
import { expect, expectAccessible, test } from "./fixtures";

/** Answers every question of the step on screen with the option at `index` (0 = lowest). */
async function answerAll(page: Page, index: number) {
  const questions = page.getByTestId("assessment-question");
  await expect(questions.first()).toBeVisible();
  const n = await questions.count();
  for (let i = 0; i < n; i++) await questions.nth(i).getByRole("radio").nth(index).check();
}

test.describe("the fitness assessment", () => {
  test.setTimeout(180_000);

  test("a new customer takes it from Home and sees the score on Home and a chart on Your Activity", async ({ page }) => {
    await signUpNewCustomer(page, "Ari Assessed", `Assessed Co ${Date.now().toString(36)}`);
    const prompt = page.getByTestId("tan-prompt");
    await prompt.getByLabel("Provider TAN").fill("482913");
    await prompt.getByRole("button", { name: "Link" }).click();
    await expect(prompt).toBeHidden();

    // No score yet: Home offers the assessment.
    await expect(page.getByTestId("fitness-score")).toHaveText("–");
    const card = page.getByRole("region", { name: "Earn your Northwind Learn fitness score" });
    await expect(card).toBeVisible();
    await expectAccessible(page);
    await card.getByRole("button", { name: "Take the assessment" }).click();
    await expect(page).toHaveURL(/\/assessment\/[\w.-]+$/);
    await expect(page.getByRole("heading", { name: "Fitness assessment", level: 1 })).toBeVisible();
    // A guided flow: a category a step; going on with a statement unanswered says which.
    await expect(page.getByTestId("assessment-progress")).toHaveText("Step 1 of 7");
    await page.getByTestId("assessment-question").first().getByRole("radio").nth(3).check();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByTestId("toast").getByText("Please complete the required fields.")).toBeVisible();
    await expect(page.getByText("Required").first()).toBeVisible();
    await expectAccessible(page);

    for (let step = 1; step <= 7; step++) {
      await expect(page.getByTestId("assessment-progress")).toHaveText(`Step ${step} of 7`);
      await answerAll(page, 3); // "Mostly": 4 of 5 everywhere.
      await page.getByRole("button", { name: step < 7 ? "Next" : "Submit my answers" }).click();
    }
    await expect(page.getByRole("heading", { name: "Your fitness score", level: 1 })).toBeVisible();
    await expect(page.getByTestId("assessment-overall")).toHaveText("80");
    await expect(page.getByText("80/100")).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page.getByTestId("fitness-score")).toHaveText("80");
    await expect(page.getByRole("region", { name: "Earn your Northwind Learn fitness score" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Keep your Northwind Learn fitness score current" })).toBeVisible();

    await page.goto("/activity");
    // The chart's own chunk loads after the screen's data: allow a busy machine its time.
    await expect(page.getByTestId("score-chart")).toBeVisible({ timeout: 30_000 });
    const table = page.getByRole("table", { name: "Scores over time, by date" });
    await expect(table.getByRole("columnheader", { name: "Overall" })).toBeAttached();
    await expect(table.getByRole("row")).toHaveCount(2);
    await expect(table.getByRole("cell", { name: "80%" }).first()).toBeAttached();
    await expectAccessible(page);
  });

  test("a link opened by someone it was not issued to is refused clearly", async ({ page, otherPerson }) => {
    await signIn(page, "customerMember", "/");
    const token = await page.evaluate(async () => {
      const auth = await fetch("/api/auth/token").then((r) => r.json<{ token: string }>());
      const res = await fetch("/v1/assessments/fitness-score", { headers: { Authorization: `Bearer ${auth.token}` } });
      return (await res.json<{ token: string }>()).token;
    });
    const other = await otherPerson();
    await signIn(other, "customerAdmin", `/assessment/${token}`);
    await expect(other.getByRole("alert")).toHaveText("This assessment link was issued to someone else.");
    await expectAccessible(other);
  });
});

test.describe("a customer's scores for its partner", () => {
  test.setTimeout(120_000);
  test("the partner sees a customer's score trend and assessments, and cannot mark the one in progress (no scores yet) assessed", async ({ page }) => {
    await signIn(page, "partnerAdmin", "/admin/customers");
    await page.getByRole("link", { name: "Fabrikam Manufacturing" }).click();
    // Recommendations are links to the workouts (the Overview tab).
    await expect(page.getByRole("region", { name: "Recommendations" }).getByRole("link").first()).toBeVisible({ timeout: 30_000 });
    await page.getByRole("tab", { name: /^Scores/ }).click();
    await expect(page.getByRole("heading", { name: "Fitness scores" })).toBeVisible({ timeout: 30_000 });
    const security = page.getByTestId("customer-score").filter({ hasText: "Security and continuity" });
    await expect(security).toContainText("64%");
    await expect(security).toContainText("down 2 points");
    await expect(page.getByTestId("customer-score").filter({ hasText: "AI and automation" })).toContainText("up 6 points");
    await expectAccessible(page);

    const assessments = page.getByRole("region", { name: "Submitted assessments" });
    const inProgress = assessments.getByRole("row", { name: /In progress/ });
    await expect(inProgress).toBeVisible();
    await expect(inProgress.getByRole("button", { name: /Mark the assessment of .* assessed/ })).toHaveCount(0);
  });

  test("a partner adds a manual score for a customer and puts it in a price group", async ({ page }) => {
    await signIn(page, "partnerAdmin", "/admin/customers");
    await page.getByRole("link", { name: "Alpine Ski House" }).click();
    await page.getByRole("tab", { name: /^Scores/ }).click();
    // The score history says "No scores yet." too: read the scores' own section.
    await expect(page.getByRole("region", { name: "Fitness scores" }).getByText("No scores yet.")).toBeVisible({ timeout: 30_000 });

    const form = page.getByRole("form", { name: "Add a score" });
    await form.getByRole("button", { name: "Add score" }).click();
    await expect(form.getByText("Required").first()).toBeVisible();
    await form.getByLabel("Category").selectOption({ label: "Strategy" });
    await form.getByLabel("Score (0–100)").fill("73");
    await form.getByRole("button", { name: "Add score" }).click();
    await expect(page.getByTestId("toast").getByText("Score added")).toBeVisible();
    const strategy = page.getByTestId("customer-score").filter({ hasText: "Strategy" });
    await expect(strategy).toContainText("73%");
    await expect(strategy).toContainText("first score");
    await expect(strategy).toContainText("Manual");
    // Recommendations now follow the scores.
    await page.getByRole("tab", { name: "Overview" }).click();
    await expect(page.getByText(/scores lowest: Strategy/)).toBeVisible();

    const priceGroup = page.getByRole("form", { name: "Price group" });
    await priceGroup.getByLabel("Price group").selectOption({ index: 1 });
    await priceGroup.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("toast").getByText("Price group saved")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("form", { name: "Price group" }).getByLabel("Price group")).not.toHaveValue("", { timeout: 30_000 });

    await page.addInitScript(() => localStorage.setItem("theme", "dark"));
    await page.reload();
    await page.getByRole("tab", { name: /^Scores/ }).click({ timeout: 30_000 });
    await expect(page.getByRole("heading", { name: "Fitness scores" })).toBeVisible({ timeout: 30_000 });
    await expectAccessible(page);
  });
});
