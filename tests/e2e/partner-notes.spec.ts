import { signIn } from "./auth";
import { expect, test } from "./fixtures";

test.describe("what partners noticed", () => {
  test("a carousel of a featured group named like its row does not repeat the row's heading", async ({ page }) => {
    await signIn(page, "customerMember", "/");
    const row = page.getByTestId("homepage-row").filter({ has: page.getByRole("heading", { name: "Quick wins", level: 2 }) });
    await expect(row.getByRole("heading", { name: "Quick wins" })).toHaveCount(1);
    await expect(row.getByText("Short workouts every team can take this month")).toHaveCount(1);
    // The carousel is still named (its list and its buttons).
    await expect(row.getByRole("list", { name: "Quick wins" })).toBeVisible();
  });
});
