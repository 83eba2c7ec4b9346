import { signIn } from "./auth";
import { expect, hydrated, test } from "./fixtures";

/**
 * The server's page is on screen before the app's code has arrived. A tap on one of its buttons in that moment
 * is kept and answered once the app has taken the page over, once; before, it did nothing.
 */
test("a tap on Home's button before the app's script has started is answered once the script has, once", async ({ page, allowConsoleErrors }) => {
  // The link below is made up: the assessment screen says it is not valid.
  allowConsoleErrors(/status of 40\d/);
  await signIn(page, "customerMember", "/help");

  // The app's code is held back until the tap has been made.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.m?js(\?.*)?$/, async (route) => {
    await held;
    await route.continue();
  });
  // The button asks for an assessment link; answered here, so that no link is left open for the other journeys.
  const asked: string[] = [];
  await page.route("**/v1/assessments/fitness-score**", async (route) => {
    asked.push(route.request().url());
    await route.fulfill({ json: { id: "kept-tap", category: "all", url: "http://localhost/assessment/kept-tap", token: "kept-tap" } });
  });

  await page.goto("/", { waitUntil: "commit" });
  const retake = page.getByRole("button", { name: "Retake the assessment" });
  await expect(retake).toBeVisible();
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
  await retake.click();
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
  expect(asked).toEqual([]);

  release();
  await hydrated(page);
  await expect(page).toHaveURL(/\/assessment\/kept-tap$/);
  expect(asked).toHaveLength(1);
  expect(new URL(asked[0]!).searchParams.get("category")).toBe("all");
});
