import { signIn } from "./auth";
import { expect, expectAccessible, MAIN, test, open } from "./fixtures";

/**
 * A partner authors a workout (two sessions, an attachment, a price),
 * makes it available; its customer finds it by category and opens it; a
 * customer of the other partner never sees it.
 */
test.describe.configure({ mode: "serial" });

const title = `Teams Calling ${Date.now().toString(36)}`;
let workoutPath = "";

test("a partner creates a workout with two sessions, an attachment and a price, and makes it available", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "partnerAdmin", "/admin/workout-library", MAIN);
  await expect(page.getByRole("heading", { name: "Workout Library" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Copilot Foundations" })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("link", { name: "Create workout" }).click();
  await expect(page.getByRole("heading", { name: "Create workout", level: 1 })).toBeVisible();
  // Placeholders.
  await expect(page.getByLabel("Priority")).toHaveAttribute("placeholder", "100");
  await expect(page.getByLabel("Total time (minutes)")).toHaveAttribute("placeholder", "60");
  await expect(page.getByLabel("Max attendees")).toHaveAttribute("placeholder", "5");

  // Submitting empty: Required and the missing-fields toast.
  await page.getByRole("button", { name: "Create workout" }).click();
  await expect(page.getByTestId("toast").getByText("Missing Fields", { exact: true })).toBeVisible();
  await expect(page.getByText("Required").first()).toBeVisible();

  await page.getByLabel("Name", { exact: false }).first().fill(title);
  await page.getByLabel("SKU").fill(`E2E-${Date.now()}`);
  await page.getByLabel("Type").selectOption("workshop");
  await page.getByLabel("Category").first().selectOption("commsAndConnectivity");
  await page.getByLabel("Total time (minutes)").fill("90");
  await page.getByLabel("Difficulty").selectOption("beginner");
  await page.getByLabel(/^Title/).fill(title);
  await page.getByLabel(/^Subtitle/).fill("Calls without desk phones");

  await page.getByRole("button", { name: "Add session" }).click();
  await page.getByRole("button", { name: "Add session" }).click();
  await page.getByLabel("Session name").nth(0).fill("Set up calling");
  await page.getByLabel("Length (minutes)").nth(0).fill("45");
  await page.getByLabel("Short summary").nth(0).fill("Numbers and policies");
  await expect(page.getByText("140 characters remaining")).toBeVisible();
  await page.getByLabel("Session name").nth(1).fill("Go live");
  await page.getByLabel("Length (minutes)").nth(1).fill("30");
  await expect(page.getByText("Session length does not match total workout length")).toBeVisible();
  await page.getByLabel("Length (minutes)").nth(1).fill("45");
  await expect(page.getByText("Session length does not match total workout length")).toHaveCount(0);

  await page.getByRole("button", { name: "Add pricing line" }).click();
  const line = page.getByRole("group", { name: "Pricing line 1" });
  await line.getByLabel(/^Name/).fill("Standard price");
  await line.getByLabel(/^Price \(USD\)/).fill("450");

  await page.getByRole("button", { name: "Add delivery partner" }).click();
  await page.getByLabel("Partner TAN").fill("000000");
  await expect(page.getByText("Invalid Partner TAN")).toBeVisible();
  await page.getByLabel("Partner TAN").fill("482913");
  await expect(page.getByText("Partner: Northwind Learning")).toBeVisible();

  await page.getByRole("button", { name: "Create workout" }).click();
  await expect(page.getByTestId("toast").getByText("Workout created")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/workout-library\/[0-9a-f-]{36}$/);
  workoutPath = new URL(page.url()).pathname.replace("/admin/workout-library/", "/workout/");
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();

  // An attachment on the first (now saved) session.
  await page.getByLabel("File for session 1").setInputFiles({ name: "guide.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%e2e\n") });
  await page.getByRole("button", { name: "Attach" }).first().click();
  await expect(page.getByTestId("toast").getByText("Attachment added")).toBeVisible();
  await expect(page.getByText("guide.pdf · Resource")).toBeVisible();
  await expectAccessible(page);

  // Moved down, the session's attachments go with its fields in the same moment: a Remove seen beside a session
  // never removes another session's file.
  await expect(page.getByRole("group", { name: "Session 1" })).toContainText("guide.pdf");
  const drawnTogether = await page.evaluate(async () => {
    const button = document.querySelector<HTMLButtonElement>('button[aria-label="Move item 1 down"]');
    const item = button?.closest("li");
    if (!button || !item?.parentElement) return "no session 1";
    const place = () => [...item.parentElement!.children].indexOf(item);
    const before = place();
    button.click();
    for (let i = 0; i < 50 && place() === before; i++) await Promise.resolve();
    if (place() === before) return "not moved within the click's microtasks";
    return item.textContent?.includes("guide.pdf") ? "together" : "the attachment stayed behind";
  });
  expect(drawnTogether).toBe("together");
  await expect(page.getByRole("group", { name: "Session 2" })).toContainText("guide.pdf");
  await expect(page.getByRole("group", { name: "Session 1" })).not.toContainText("guide.pdf");
  await page.getByRole("button", { name: "Move item 2 up" }).click();
  await expect(page.getByRole("group", { name: "Session 1" })).toContainText("guide.pdf");

  // Draft → complete → available, each through the confirmation dialog.
  await page.getByRole("button", { name: "Mark as Complete" }).click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  await page.getByRole("alertdialog").getByRole("button", { name: "Mark as Complete" }).click();
  await expect(page.getByTestId("toast").getByText("Workout marked as Complete")).toBeVisible();
  await page.getByRole("button", { name: "Mark as Available" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Mark as Available" }).click();
  await expect(page.getByTestId("toast").getByText("Workout marked as Available")).toBeVisible();

  // Its first variant, edited on its own screen.
  await page.getByRole("link", { name: "Standard", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Variant: Standard", level: 1 })).toBeVisible();
  await page.getByLabel(/^Variant name/).fill("Standard (US)");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("toast").getByText("Variant saved")).toBeVisible();
  await expectAccessible(page);
});

test("the partner's customer finds it by category and opens it", async ({ page }) => {
  await signIn(page, "customerMember", "/workouts?category=commsAndConnectivity", MAIN);
  await expect(page.getByRole("heading", { name: "Comms and connectivity", level: 1 })).toBeVisible();
  const card = page.getByRole("link", { name: new RegExp(title) });
  await expect(card).toBeVisible();
  await expect(card).toContainText("$450.00");
  await expectAccessible(page);
  await card.click();
  await expect(page).toHaveURL(new RegExp(`${workoutPath}$`));
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(page.getByText("Set up calling")).toBeVisible();
  await expect(page.getByText("Go live")).toBeVisible();
  // The uploaded file downloads through the access-checked route with the customer's token.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: /guide\.pdf/ }).click();
  expect((await download).suggestedFilename()).toBe("guide.pdf");
  await expect(page.getByRole("tab", { name: "Description" })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("tab", { name: "Reviews" }).click();
  await expect(page.getByText("No reviews yet.")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Book Workout" }).click();
  await expect(page).toHaveURL(new RegExp(`${workoutPath}/book$`));
  // The booking overlay opens over the workout; closing it returns to the workout.
  const overlay = page.getByRole("dialog", { name: `Book ${title}` });
  await expect(overlay).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(overlay).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${workoutPath}$`));

  await page.addInitScript(() => localStorage.setItem("theme", "dark"));
  await page.goto(`${MAIN}${workoutPath}`);
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expectAccessible(page);
});

test("a customer of the other partner does not find it", async ({ page }) => {
  await signIn(page, "otherCustomerAdmin", "/workouts?category=commsAndConnectivity", MAIN);
  await expect(page.getByRole("heading", { name: "Comms and connectivity", level: 1 })).toBeVisible();
  // Contoso's library has nothing in this category; Northwind's new workout is not there either.
  await expect(page.getByText("No workouts found")).toBeVisible();
  await expect(page.getByRole("link", { name: new RegExp(title) })).toHaveCount(0);
  await page.getByRole("button", { name: "All categories" }).click();
  await page.getByLabel("Search workouts").fill(title);
  await expect(page.getByText("No workouts found")).toBeVisible();
  await page.getByLabel("Search workouts").fill("Copilot");
  await expect(page.getByRole("link", { name: /Copilot Foundations/ })).toBeVisible();
});

test("price groups and featured groups: create, update, delete", async ({ page }) => {
  await signIn(page, "partnerAdmin", "/admin/price-groups", MAIN);
  await expect(page.getByRole("heading", { name: "Price Groups", level: 1 })).toBeVisible();
  await expectAccessible(page);
  const name = `Schools ${Date.now().toString(36)}`;
  await page.getByRole("button", { name: "Create price group" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("dialog").getByText("Required")).toBeVisible();
  await page.getByRole("dialog").getByLabel(/^Name/).fill(name);
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("toast").getByText("Price group created")).toBeVisible();
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByTestId("toast").getByText("Price group deleted")).toBeVisible();

  await open(page, `${MAIN}/admin/featured-groups`);
  await expect(page.getByRole("heading", { name: "Quick wins" })).toBeVisible();
  await expectAccessible(page);
  const group = `Calling month ${Date.now().toString(36)}`;
  await page.getByRole("button", { name: "Create featured group" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(/^Title/).fill(group);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Add at least one workout")).toBeVisible();
  // The library is searched on the server: a workout beyond the first page can be found.
  await dialog.getByLabel("Search your library").fill("modern meet");
  await expect(dialog.getByLabel("Workout to add").locator("option")).toHaveText(["Select…", "Modern Meetings"]);
  await dialog.getByLabel("Workout to add").selectOption({ label: "Modern Meetings" });
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await dialog.getByLabel("Search your library").fill("");
  await dialog.getByLabel("Workout to add").selectOption({ label: "Copilot Foundations" });
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  // A workout on the list is not offered again; the rest of the library is.
  const offered = dialog.getByLabel("Workout to add").locator("option");
  await expect(offered.nth(1)).toBeAttached();
  await expect(offered.filter({ hasText: /^Copilot Foundations$/ })).toHaveCount(0);
  await expect(offered.filter({ hasText: /^Modern Meetings$/ })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Move item 2 up" }).click();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("toast").getByText("Featured group created")).toBeVisible();
  const card = page.getByRole("listitem").filter({ hasText: group });
  await expect(card.getByRole("listitem").first()).toHaveText("Copilot Foundations");
  await page.getByRole("button", { name: `Delete ${group}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByTestId("toast").getByText("Featured group deleted")).toBeVisible();
});
