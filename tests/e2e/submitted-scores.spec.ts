import { signIn } from "./auth";
import { expect, expectAccessible, test, hydrated } from "./fixtures";

// Both journeys read the whole list of orphaned scores: one after the other.
test.describe.configure({ mode: "serial", timeout: 90_000 });

test("a partner assigns a submitted score with no customer to one of its customers", async ({ page }) => {
  await signIn(page, "partnerAdmin", "/");
  await page.getByRole("button", { name: "Admin" }).click();
  await page.getByRole("menuitem", { name: "Submitted Scores" }).click();
  await expect(page.getByRole("heading", { name: "Submitted Scores", level: 1 })).toBeVisible();
  const row = page.getByRole("row", { name: /Jordan Lee/ });
  await expect(row).toContainText("Security and continuity");
  await expect(row).toContainText("50%");
  await expectAccessible(page);

  await row.getByRole("button", { name: "Assign the score of Jordan Lee" }).click();
  const dialog = page.getByRole("dialog", { name: "Assign to a customer" });
  await dialog.getByRole("button", { name: "Assign" }).click();
  await expect(dialog.getByText("Required")).toBeVisible();
  await expectAccessible(page);
  // The customers are searched on the server: whatever their number, the one wanted can be found.
  await dialog.getByLabel("Search customers").fill("tailspin");
  const customer = dialog.getByRole("combobox", { name: "Customer", exact: true });
  await expect(customer.locator("option")).toHaveText(["Select…", "Tailspin Logistics"]);
  await customer.selectOption({ label: "Tailspin Logistics" });
  await dialog.getByRole("button", { name: "Assign" }).click();
  await expect(page.getByTestId("toast").getByText("Score assigned to Tailspin Logistics")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Nothing to assign")).toBeVisible();

  await page.addInitScript(() => localStorage.setItem("theme", "dark"));
  await page.reload();
  await expect(page.getByText("Nothing to assign")).toBeVisible();
  await expectAccessible(page);
});

test("someone unknown takes the assessment through a partner's link; the score appears under Submitted Scores and is assigned", async ({
  page,
  otherPerson,
}) => {
  test.setTimeout(150_000);
  await signIn(page, "partnerAdmin", "/admin/submitted-scores");
  const linkSection = page.getByRole("region", { name: "Assessment link" });
  await linkSection.getByLabel("Category").selectOption({ label: "Strategy" });
  await linkSection.getByRole("button", { name: "Get a link" }).click();
  const url = await linkSection.getByLabel("Link to share").inputValue();
  expect(url).toMatch(/\/assessment\/[\w.-]+$/);
  await expectAccessible(page);

  // A visitor with no account opens it.
  const taker = await otherPerson();
  await taker.goto(url);
  await expect(taker.getByRole("heading", { name: "Fitness assessment: Strategy", level: 1 })).toBeVisible();
  await expect(taker.getByText("Sign in first and your scores go to your team straight away")).toBeVisible();
  await taker.getByLabel("Your name").fill("Robin Unknown");
  await taker.getByLabel("Your work email").fill("robin@nowhere.test");
  await taker.getByRole("button", { name: "Next" }).click();
  const questions = taker.getByTestId("assessment-question");
  await expect(questions).toHaveCount(8);
  for (let i = 0; i < 8; i++) await questions.nth(i).getByRole("radio").nth(1).check();
  await expectAccessible(taker);
  await taker.getByRole("button", { name: "Submit my answers" }).click();
  await expect(taker.getByTestId("assessment-overall")).toHaveText("40");
  await expect(taker.getByText("Your provider will add your scores")).toBeVisible();

  await page.reload();
  await hydrated(page);
  const row = page.getByRole("row", { name: /Robin Unknown/ });
  await expect(row).toContainText("robin@nowhere.test");
  await expect(row).toContainText("40%");
  await row.getByRole("button", { name: "Assign the score of Robin Unknown" }).click();
  const dialog = page.getByRole("dialog", { name: "Assign to a customer" });
  await dialog.getByRole("combobox", { name: "Customer", exact: true }).selectOption({ label: "Tailspin Logistics" });
  await dialog.getByRole("button", { name: "Assign" }).click();
  await expect(page.getByTestId("toast").getByText("Score assigned to Tailspin Logistics")).toBeVisible();
  await expect(page.getByRole("row", { name: /Robin Unknown/ })).toHaveCount(0);
});

test("a signed-in member of a customer takes a partner's link: no details asked, the scores go to their team", async ({ page, otherPerson }) => {
  test.setTimeout(150_000);
  await signIn(page, "partnerAdmin", "/admin/submitted-scores");
  const linkSection = page.getByRole("region", { name: "Assessment link" });
  await linkSection.getByLabel("Category").selectOption({ label: "Strategy" });
  await linkSection.getByRole("button", { name: "Get a link" }).click();
  const url = await linkSection.getByLabel("Link to share").inputValue();

  const taker = await otherPerson();
  await signIn(taker, "customerMember", new URL(url).pathname);
  await expect(taker.getByRole("heading", { name: "Fitness assessment: Strategy", level: 1 })).toBeVisible();
  await expect(taker.getByTestId("assessment-question")).toHaveCount(8);
  await expect(taker.getByLabel("Your work email")).toHaveCount(0);
  const questions = taker.getByTestId("assessment-question");
  for (let i = 0; i < 8; i++) await questions.nth(i).getByRole("radio").nth(4).check();
  await taker.getByRole("button", { name: "Submit my answers" }).click();
  await expect(taker.getByTestId("assessment-overall")).toHaveText("100");
  await expect(taker.getByText("Your scores are saved to your team's activity")).toBeVisible();
  await expectAccessible(taker);
});
