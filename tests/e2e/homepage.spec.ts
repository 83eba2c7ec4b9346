import type { Page } from "@playwright/test";
import { DEMO_USERS, signIn, signInWithForm } from "./auth";
import { CONTOSO_ORIGIN, MAIN, PARTNER_ORIGIN, expect, expectAccessible, test, hydrated } from "./fixtures";

// Signing in and the first paint are slow on a busy runner; the first check of each screen waits longer.
const FIRST = { timeout: 20_000 };
test.describe.configure({ timeout: 90_000 });

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

const rowTitles = (page: Page) => page.getByTestId("homepage").first().getByTestId("homepage-row").getByRole("heading", { level: 2 });

test.describe("the partner's homepage", () => {
  // The builder's save and the customer's read are one story, in this order.
  test.describe.configure({ mode: "serial" });

  test("a partner adds a carousel of two workouts and a media row, moves it up and saves", async ({ page }) => {
    await signIn(page, "partnerAdmin", "/admin/homepage");
    await expect(page.getByRole("heading", { name: "Homepage Builder", level: 1 })).toBeVisible(FIRST);
    await expect(page.getByRole("heading", { name: "Welcome banner" })).toBeVisible();
    await expect(page.getByLabel("Hero text")).toHaveValue("Get your teams fit for the future of work");
    const rows = page.getByTestId("builder-row");
    await expect(rows).toHaveCount(2);

    // Adding without a type is refused with the error catalogue's toast.
    await page.getByRole("button", { name: "Add row" }).click();
    await expect(page.getByTestId("toast").getByText("Please select a row type.")).toBeVisible();

    // A carousel of two workouts, picked by search.
    await page.getByLabel("Row type").selectOption("carouselSingle");
    await page.getByRole("button", { name: "Add row" }).click();
    let dialog = page.getByRole("dialog", { name: "Edit row: Carousel (single)" });
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(dialog.getByText("Title is required", { exact: true })).toBeVisible();
    await expect(dialog.getByText("A category must be set")).toBeVisible();
    await dialog.getByRole("textbox", { name: "Title", exact: true }).fill("Fresh picks");
    await dialog.getByRole("textbox", { name: "Subtitle", exact: true }).fill("Two to start the quarter");
    await dialog.getByLabel("Shows").selectOption("workout");
    await dialog.getByLabel("Search your workout library").fill("Modern");
    await dialog.getByRole("button", { name: "Add Modern Meetings" }).click();
    await dialog.getByLabel("Search your workout library").fill("Phishing");
    await dialog.getByRole("button", { name: "Add Phishing Resilience Bootcamp" }).click();
    await expect(dialog.getByRole("list", { name: "Chosen workouts" }).getByRole("listitem")).toHaveText([
      /1\. Modern Meetings/,
      /2\. Phishing Resilience Bootcamp/,
    ]);
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(dialog).toBeHidden();

    // A media row with a video link.
    await page.getByLabel("Row type").selectOption("mediaSingle");
    await page.getByRole("button", { name: "Add row" }).click();
    dialog = page.getByRole("dialog", { name: "Edit row: Media (single)" });
    await dialog.getByRole("textbox", { name: "Title", exact: true }).fill("See a session");
    await dialog.getByRole("textbox", { name: "Subtitle", exact: true }).fill("Three minutes from a live workout");
    // An uploaded image shows its preview and takes the link's place; removing it brings the link back.
    const link = dialog.getByLabel("Or a video or image link");
    await dialog.getByLabel("Image (optional)").setInputFiles({ name: "session.png", mimeType: "image/png", buffer: PNG });
    await expect(dialog.getByRole("status").filter({ hasText: "Image uploaded" })).toBeVisible();
    await expect(dialog.getByTestId("upload-preview")).toBeVisible();
    await expect(link).toBeDisabled();
    await dialog.getByRole("button", { name: "Remove the image" }).click();
    await expect(dialog.getByTestId("upload-preview")).toBeHidden();
    await expect(link).toBeEnabled();
    await link.fill("https://video.example.com/watch/42");
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(dialog).toBeHidden();
    await expect(rows).toHaveCount(4);

    // Move the carousel above "Explore by goal" and "Quick wins" (buttons; the keyboard reaches them too).
    await page.getByRole("button", { name: "Move Fresh picks up" }).click();
    await page.getByRole("button", { name: "Move Fresh picks up" }).focus();
    await page.keyboard.press("Enter");
    await expect(rows.locator("p.font-semibold")).toHaveText(["Fresh picks", "Quick wins", "Explore by goal", "See a session"]);
    await expect(page.getByRole("button", { name: "Move Fresh picks up" })).toBeDisabled();

    // A second press that comes as soon as the first move is on screen, before anything else the move sets off,
    // moves the row its button names once more (a held key or a quick double tap): never another row, never back.
    const pressTwice = (label: string) =>
      page.evaluate(async (name) => {
        const button = () => document.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`);
        const row = button()?.closest("li");
        const place = () => (row?.parentElement ? [...row.parentElement.children].indexOf(row) : -1);
        const before = place();
        button()?.click();
        // The first move is drawn in a microtask after the click; a timer would also let the rest of its work run.
        for (let i = 0; i < 50 && place() === before; i++) await Promise.resolve();
        if (place() === before) throw new Error("the first move was not drawn within the click's microtasks");
        button()?.click();
      }, label);
    await pressTwice("Move Fresh picks down");
    await expect(rows.locator("p.font-semibold")).toHaveText(["Quick wins", "Explore by goal", "Fresh picks", "See a session"]);
    await pressTwice("Move Fresh picks up");
    await expect(rows.locator("p.font-semibold")).toHaveText(["Fresh picks", "Quick wins", "Explore by goal", "See a session"]);

    // The live preview is the Home itself, in the new order.
    const preview = page.getByTestId("homepage-preview");
    await expect(preview.getByTestId("homepage-row").getByRole("heading", { level: 2 })).toHaveText([
      "Fresh picks",
      "Quick wins",
      "Explore by goal",
      "See a session",
    ]);
    await expectAccessible(page);

    await page.getByRole("button", { name: "Save homepage" }).click();
    await expect(page.getByTestId("toast").getByText("Homepage saved")).toBeVisible();

    // On a phone the preview follows the form, and neither makes the page scroll sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(preview.getByTestId("homepage-row")).toHaveCount(4);
    // The preview zooms to the space it has once the resize is observed (a frame or more later on a busy machine).
    await expect.poll(() => preview.evaluate((el) => el.getBoundingClientRect().right <= document.documentElement.clientWidth)).toBe(true);
    await expectAccessible(page);
  });

  test("a customer of that partner sees it on Home in that order, in both themes and at 390 px", async ({ page }) => {
    await signIn(page, "customerMember", "/");
    await expect(page.getByRole("heading", { name: "Welcome, Dan", level: 1 })).toBeVisible(FIRST);
    await expect(page.getByTestId("homepage-hero")).toContainText("Get your teams fit for the future of work");
    await expect(rowTitles(page)).toHaveText(["Fresh picks", "Quick wins", "Explore by goal", "See a session"]);
    const fresh = page.getByRole("list", { name: "Fresh picks" });
    await expect(fresh.getByRole("link")).toHaveCount(2);
    await expect(fresh.getByRole("link").first()).toContainText("Modern Meetings");
    await expect(fresh.getByRole("link").nth(1)).toContainText("Phishing Resilience Bootcamp");
    await expect(page.getByRole("link", { name: /Watch the video/ })).toHaveAttribute("href", "https://video.example.com/watch/42");
    // Cards carry a picture: the featured image or the category's illustration.
    await expect(fresh.getByTestId("category-art")).toHaveCount(2);
    await expectAccessible(page);

    await page.evaluate(() => localStorage.setItem("theme", "dark"));
    await page.reload();
    await expect(rowTitles(page)).toHaveText(["Fresh picks", "Quick wins", "Explore by goal", "See a session"], FIRST);
    await expectAccessible(page);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole("list", { name: "Fresh picks" })).toBeVisible();
    await expectAccessible(page);
  });

  test("the partner's own Home shows what needs attention and its homepage as customers see it", async ({ page }) => {
    await signIn(page, "partnerMember", "/");
    await expect(page.getByRole("heading", { name: "Needs your attention" })).toBeVisible(FIRST);
    await expect(page.getByRole("link", { name: /booking requests? awaiting confirmation/ })).toHaveAttribute("href", "/jobs?status=awaitingConfirmation");
    await expect(rowTitles(page)).toHaveText(["Fresh picks", "Quick wins", "Explore by goal", "See a session"]);
    await expectAccessible(page);
  });
});

test("Contoso's customer sees the notice that the homepage is not set up", async ({ page }) => {
  await signIn(page, "otherCustomerAdmin", "/");
  await expect(page.getByTestId("homepage-notice")).toContainText("The homepage isn't set up yet", FIRST);
  await expect(page.getByTestId("homepage")).toHaveCount(0);
  await expectAccessible(page);
});

test("Contoso's owner is offered the builder from the notice", async ({ page }) => {
  await signIn(page, "otherPartnerAdmin", "/");
  await page.getByRole("link", { name: "Set up your homepage" }).click(FIRST);
  await expect(page).toHaveURL(/\/admin\/homepage$/);
  await expect(page.getByLabel("Hero text")).toHaveValue("");
  await expectAccessible(page);
});

test("the partner's wide wordmark keeps its shape on the sign-in card and in the top bar, in both themes", async ({ page }) => {
  // Northwind's logo is 4:1; squeezed into a square it would be as wide as tall.
  const wide = () =>
    expect
      .poll(async () => {
        const box = await page.getByTestId("brand-logo").boundingBox();
        return box && box.height > 0 ? box.width / box.height : 0;
      })
      .toBeGreaterThan(3);
  // Signed out on the partner's domain: the main domain's sign-in card wears Northwind's logo.
  await page.goto(`${PARTNER_ORIGIN}/`);
  await expect(page).toHaveURL(new RegExp(`^${MAIN}/login\\?redirectUrl=`), FIRST);
  await expect(page.getByTestId("platform-name")).toHaveText("Northwind Learn");
  await wide();
  await signInWithForm(page, DEMO_USERS.customerMember.email);
  await expect(page).toHaveURL(`${PARTNER_ORIGIN}/`, FIRST);
  await expect(page.getByRole("heading", { name: "Welcome, Dan", level: 1 })).toBeVisible(FIRST);
  await wide();
  await page.evaluate(() => localStorage.setItem("theme", "dark"));
  await page.reload();
  await expect(page.getByRole("heading", { name: "Welcome, Dan", level: 1 })).toBeVisible(FIRST);
  await wide();
  await expectAccessible(page);
});

test("a square emblem keeps its shape beside the platform name on the sign-in card, in the top bar and in the mobile sheet, in both themes", async ({
  page,
}) => {
  // Contoso's logo is an emblem (1:1): stretched or squeezed, its box would not be square.
  const square = (logo = page.getByTestId("brand-logo").first()) =>
    expect
      .poll(async () => {
        const box = await logo.boundingBox();
        return box && box.height > 0 ? Math.round((box.width / box.height) * 10) / 10 : 0;
      })
      .toBe(1);
  await page.goto(`${CONTOSO_ORIGIN}/`);
  await expect(page).toHaveURL(new RegExp(`^${MAIN}/login\\?redirectUrl=`), FIRST);
  await expect(page.getByTestId("platform-name")).toHaveText("Contoso Skills");
  await square();
  await signInWithForm(page, DEMO_USERS.otherCustomerAdmin.email);
  await expect(page).toHaveURL(`${CONTOSO_ORIGIN}/`, FIRST);
  await expect(page.getByRole("heading", { name: "Welcome, Finn", level: 1 })).toBeVisible(FIRST);
  await square();
  await expect(page.getByRole("banner").getByRole("link", { name: /Contoso Skills/ })).toContainText("Contoso Skills");

  await page.setViewportSize({ width: 390, height: 800 });
  await page.evaluate(() => localStorage.setItem("theme", "dark"));
  await page.reload();
  await hydrated(page);
  await page.getByTestId("sidebar-trigger").click(FIRST);
  const sheet = page.getByTestId("sidebar-sheet");
  await expect(sheet.getByTestId("sheet-brand")).toContainText("Contoso Skills");
  await square(sheet.getByTestId("brand-logo"));
  await expectAccessible(page);
});
