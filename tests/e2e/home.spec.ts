import { signIn } from "./auth";
import { expect, expectAccessible, test } from "./fixtures";

test.describe("a customer's Home", () => {
  test("shows the score summary, the partner's top picks and the goal buttons", async ({ page }) => {
    await signIn(page, "customerMember", "/");
    await expect(page.getByRole("heading", { name: "Welcome, Dan", level: 1 })).toBeVisible();
    // Seeded: Fabrikam's latest scores (AI 84, data 61, security 64, productivity 55) make 66 overall.
    await expect(page.getByTestId("fitness-score")).toHaveText("66");
    await expect(page.getByText("66 out of 100")).toBeVisible();
    // A score already: Home offers a retake, not a first assessment.
    await expect(page.getByRole("button", { name: "Take the assessment", exact: true })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Retake the assessment" })).toBeVisible();
    await expect(page.getByTestId("completed-workouts")).toHaveText(/^\d+$/);
    await expect(page.getByTestId("month-streak")).toHaveText(/^\d+ months?$/);
    await expect(page.getByTestId("workouts-remaining")).toHaveText(/^\d+$/);

    const picks = page.getByRole("region", { name: "Top picks for your team" });
    await expect(picks.getByRole("link")).not.toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole("link", { name: "Data and insights" }).click();
    await expect(page).toHaveURL(/\/workouts\?category=dataAndInsights$/);
    await expect(page.getByRole("link", { name: /Data Literacy Essentials/ })).toBeVisible();
  });

  test("reads well at 390 px in the dark theme", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript(() => localStorage.setItem("theme", "dark"));
    await signIn(page, "customerMember", "/");
    await expect(page.getByTestId("fitness-score")).toHaveText("66");
    await expect(page.getByRole("link", { name: "Strategy" })).toBeVisible();
    await expectAccessible(page);
  });
});
