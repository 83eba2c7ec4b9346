import { DEMO } from "../../db/seed/data";
import { inviteFromProfile, signIn, signUpNewCustomer, uniqueEmail } from "./auth";
import { expect, expectAccessible, PARTNER_ORIGIN, test } from "./fixtures";

const invite = inviteFromProfile;

test.describe("accounts, team members and teams", () => {
  test("invites go out; a duplicate gives 'some sent'; the invitee accepts from the dev mailbox and is active", async ({ page, otherPerson }) => {
    // Two people, a sign-up through the mailbox and three accessibility checks: a long journey.
    test.setTimeout(90_000);
    await signIn(page, "customerAdmin", "/admin/profile");
    const members = page.locator('section[aria-labelledby="team-members"]');
    await expect(page.getByRole("heading", { name: "Team Members" })).toBeVisible();
    await expect(members.getByText("dan@fabrikam.test")).toBeVisible();
    await expectAccessible(page);

    const first = uniqueEmail("first");
    const second = uniqueEmail("second");
    const third = uniqueEmail("third");
    const dialog = await invite(page, first);
    await expect(page.getByTestId("toast").getByText("Invites sent", { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(members.getByRole("row", { name: new RegExp(first) })).toContainText("Pending");

    // Three addresses, one of them already invited: only some are sent.
    const again = await invite(page, `${first}; ${second};${third}`);
    await expect(page.getByTestId("toast").getByText("Some invites not sent", { exact: true })).toBeVisible();
    await expect(page.getByTestId("toast").getByText("We could only send some invites. Please check the addresses and try again.")).toBeVisible();
    await expect(again.getByText(`${first}: An invite has already been sent to this user`)).toBeVisible();
    await expectAccessible(page);
    await again.getByRole("button", { name: "Cancel" }).click();
    await expect(members.getByRole("row", { name: new RegExp(second) })).toContainText("Pending");

    // The invitee opens the mail in the dev mailbox and follows the link through sign-up.
    const invitee = await otherPerson();
    const accepts: string[] = [];
    invitee.on("request", (r) => {
      if (r.method() === "POST" && /\/invites\/[^/]+\/accept$/.test(r.url())) accepts.push(r.url());
    });
    await invitee.goto("/dev/mail");
    const mail = invitee.locator(`li.mail[data-to="${second}"]`);
    await expect(mail).toContainText("You're invited to join Fabrikam Manufacturing");
    // Fabrikam is Northwind's customer: the invite is Northwind's, and its link goes to Northwind's domain.
    await expect(mail).toContainText("Northwind Learn");
    await mail.getByRole("link", { name: new RegExp(`^${PARTNER_ORIGIN}/signup\\?invite=`) }).click();
    // The link opens sign-up: it speaks of the invite, and the invite decides what the account is (no partner-or-customer
    // choice) and which address it has (filled in, not editable).
    await expect(invitee).toHaveURL(/\/signup\?invite=/);
    await expect(invitee.getByRole("heading", { name: "Accept your invite" })).toBeVisible();
    await expect(invitee.getByRole("link", { name: /I'm a new customer/ })).toHaveCount(0);
    await expect(invitee.getByRole("link", { name: /Join the Partner Program/ })).toHaveCount(0);
    await expect(invitee.getByLabel("Email address")).toHaveValue(second);
    await expect(invitee.getByLabel("Email address")).toHaveAttribute("readonly", "");
    await invitee.getByLabel("Full name").fill("Sam Second");
    await invitee.getByLabel("Password").fill("Str0ng-pass!");
    await invitee.getByRole("button", { name: "Create account" }).click();
    // The invite proved the address: no confirmation mail or step; the invitee joins on Northwind's domain.
    await expect(invitee).toHaveURL(`${PARTNER_ORIGIN}/`, { timeout: 15_000 });
    await expect(invitee.getByRole("button", { name: /Fabrikam Manufacturing/ })).toBeVisible();
    // The acceptance is posted once.
    expect(accepts).toHaveLength(1);
    await invitee.context().close();

    await page.reload();
    await expect(members.getByRole("row", { name: new RegExp(second) })).toContainText("Active");
  });

  test("Your Profile fits a 390 px screen: a table's rows are cards that fit it; the page is named after the screen", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, "partnerAdmin", "/admin/profile");
    await expect(page).toHaveTitle(/^Your Profile · \S/);
    const members = page.locator('section[aria-labelledby="team-members"]');
    await expect(members.getByText("ben@northwind.test")).toBeVisible();
    const table = members.getByRole("region").first();
    // Each member is a card as wide as the phone allows: nothing scrolls sideways, in the table or the page.
    expect(await table.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test("a wrong value says what is wrong at its field, not 'try again later'", async ({ page }) => {
    await signIn(page, "customerAdmin", "/admin/profile");
    const details = page.getByRole("form", { name: "Account Details" });
    await details.getByLabel("Website").fill("not a url");
    await details.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByTestId("toast").getByText("Check the highlighted fields")).toBeVisible();
    await expect(page.getByTestId("toast")).not.toContainText("Missing Fields");
    await expect(details.getByTestId("field-error")).toContainText(/valid URL/);
  });

  test("a department's last team cannot be deleted", async ({ page }) => {
    // Create, delete, refuse, then reload in the dark theme for an accessibility check: two page loads and axe.
    test.setTimeout(60_000);
    await signIn(page, "customerAdmin", "/admin/profile");
    const leadership = page.getByTestId("department-leadership");
    await expect(leadership).toContainText("Leadership");
    // A second Leadership team can be created and deleted.
    const name = `Board ${Date.now().toString(36)}`;
    await page.getByRole("button", { name: "Create team" }).click();
    const dialog = page.getByRole("dialog", { name: "Create a team" });
    await dialog.getByLabel("Team name").fill(name);
    await dialog.getByLabel("Department").selectOption("leadership");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(leadership).toContainText(name);
    await page.getByRole("button", { name: `Delete ${name}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(leadership).not.toContainText(name);
    // The last one cannot.
    await page.getByRole("button", { name: "Delete Leadership" }).click();
    await expect(page.getByTestId("toast").getByText("Please check your team details!")).toBeVisible();
    await expect(leadership).toContainText("Leadership");
    await page.addInitScript(() => localStorage.setItem("theme", "dark"));
    await page.reload();
    await expect(page.getByRole("heading", { name: "Teams", exact: true })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe("a partner's customers and credits", () => {
  test("a partner's credit adjustment shows in the customer's Credit Entries and Home's workouts remaining", async ({ page, otherPerson }) => {
    // Two people in two browsers, two accessibility checks and the customer details page: a long journey.
    test.setTimeout(90_000);
    const customer = await otherPerson();
    await signIn(customer, "customerAdmin", "/");
    const remaining = customer.getByTestId("workouts-remaining");
    await expect(remaining).toHaveText(/^\d+$/);
    const before = Number(await remaining.textContent());

    await signIn(page, "partnerAdmin", "/admin/customers");
    await expect(page.getByRole("heading", { name: "Your Customers" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Fabrikam Manufacturing" })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel("Search customers").fill("alpine");
    await expect(page.getByRole("link", { name: "Fabrikam Manufacturing" })).toBeHidden();
    await expect(page.getByRole("link", { name: "Alpine Ski House" })).toBeVisible();
    await page.getByLabel("Search customers").fill("");
    await page.getByRole("button", { name: "Customer", exact: true }).click();
    await expect(page.getByRole("columnheader", { name: "Customer" })).toHaveAttribute("aria-sort", "descending");
    await page.getByRole("link", { name: "Fabrikam Manufacturing" }).click();

    await expect(page.getByRole("heading", { name: "Fabrikam Manufacturing", level: 1 })).toBeVisible();
    await expect(page.getByTestId("team-size")).toHaveText(/^\d+$/);
    await expect(page.getByRole("heading", { name: "Recommendations" })).toBeVisible();
    await expectAccessible(page);
    const context = `Thank-you bonus ${Date.now().toString(36)}`;
    await page.getByRole("tab", { name: /^Plan & credits/ }).click();
    const form = page.getByRole("form", { name: "Adjust credits" });
    await form.getByLabel("Item type").selectOption("bonus");
    await form.getByLabel("Quantity").fill("3");
    await form.getByLabel("Context").fill(context);
    await form.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("toast").getByText(/Credits updated\. Balance: \d+/)).toBeVisible();

    await customer.goto("/admin/profile");
    await expect(customer.getByRole("row", { name: new RegExp(context) })).toContainText("+3");
    await customer.goto("/");
    await expect(remaining).toHaveText(String(before + 3));
    await customer.context().close();
  });

  test("a new customer links to its partner by TAN from Home", async ({ page }) => {
    await signUpNewCustomer(page, "Lee Linker", `Linker Co ${Date.now().toString(36)}`);

    const prompt = page.getByTestId("tan-prompt");
    await expect(prompt.getByRole("heading", { name: "Link to your provider" })).toBeVisible();
    await expectAccessible(page);
    await prompt.getByLabel("Provider TAN").fill("000000");
    await prompt.getByRole("button", { name: "Link" }).click();
    await expect(page.getByTestId("toast").getByText("We couldn't link your account. Please try again later.")).toBeVisible();
    await expect(prompt.getByText("Invalid Partner TAN")).toBeVisible();
    await prompt.getByLabel("Provider TAN").fill("482913");
    await prompt.getByRole("button", { name: "Link" }).click();
    await expect(page.getByTestId("toast").getByText("Your organization is now linked to your provider")).toBeVisible();
    await expect(prompt).toBeHidden();
    await page.reload();
    await expect(page.getByTestId("workouts-remaining")).toHaveText("0");
    await expect(page.getByTestId("tan-prompt")).toBeHidden();
  });

  test("a new customer links to a partner on another shard from Home: the move is said to be under way, then Home shows it linked", async ({ page }) => {
    test.setTimeout(60_000);
    await signUpNewCustomer(page, "Mo Mover", `Mover Co ${Date.now().toString(36)}`);
    const prompt = page.getByTestId("tan-prompt");
    await expect(prompt.getByRole("heading", { name: "Link to your provider" })).toBeVisible();
    // Contoso is on the second shard: the link answers 202 and the account moves through the Queue. The reads of the
    // account wait until the move has been seen under way (it lands within a second or two).
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const account = /\/v1\/accounts\/[0-9a-f-]{36}$/;
    await page.route(account, async (route) => {
      await released;
      await route.continue();
    });
    await prompt.getByLabel("Provider TAN").fill(DEMO.contoso.tan);
    await prompt.getByRole("button", { name: "Link" }).click();
    await expect(prompt.getByRole("status")).toHaveText("Moving your organization to your provider. This takes a moment; Home updates when it's done.");
    await expect(page.getByTestId("toast").getByText("Your organization is now linked to your provider")).toBeHidden();
    await expectAccessible(page);
    release();
    await expect(page.getByTestId("toast").getByText("Your organization is now linked to your provider")).toBeVisible({ timeout: 20_000 });
    await expect(prompt).toBeHidden();
    await page.unroute(account);
    await page.reload();
    await expect(page.getByTestId("workouts-remaining")).toHaveText("0");
    await expect(page.getByTestId("tan-prompt")).toBeHidden();
  });

  test("the customer screens and Home pass axe in the dark theme", async ({ page }) => {
    // Three screens, each with an accessibility check.
    test.setTimeout(60_000);
    await page.addInitScript(() => localStorage.setItem("theme", "dark"));
    await signIn(page, "partnerAdmin", "/admin/customers");
    await expect(page.getByRole("link", { name: "Tailspin Logistics" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Tailspin Logistics" }).click();
    await expect(page.getByRole("heading", { name: "Recommendations" })).toBeVisible();
    await expectAccessible(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Welcome");
    await expectAccessible(page);
  });
});
