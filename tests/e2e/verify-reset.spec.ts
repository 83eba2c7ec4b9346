import type { Page } from "@playwright/test";
import { confirmWithPassword, DEMO_PASSWORD, DEMO_USERS, mailLink, signInWithForm, signUpConfirmed, uniqueEmail } from "./auth";
import { expect, expectAccessible, MAIN, test, open } from "./fixtures";
import { present } from "../present";

// Sign-ups, mail and axe checks in one journey: allow for a busy machine.
test.describe.configure({ timeout: 90_000 });

const dark = (page: Page) => page.addInitScript(() => localStorage.setItem("theme", "dark"));

test.describe("e-mail verification", () => {
  test("sign up → check your inbox (resend on a cooldown) → the link in the dev mailbox → confirmed → onboarding", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const email = uniqueEmail("verify");
    await open(page, "/signup");
    await page.getByRole("link", { name: /I'm a new customer/ }).click();
    await page.getByLabel("Full name").fill("Val Verify");
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Password").fill("Str0ng-pass!");
    await page.getByRole("button", { name: "Create account" }).click();

    await expect(page).toHaveURL(/\/verify-email\?next=/);
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    await expect(page.getByText(`We've sent a confirmation link to ${email}.`, { exact: false })).toBeVisible();
    // A link was just sent: resending waits for the cooldown.
    await expect(page.getByRole("button", { name: /Send again in \d+ s/ })).toBeDisabled();
    await expectAccessible(page);
    // Not signed in yet: a signed-in-only screen still sends to /login.
    await page.goto("/bookings");
    await expect(page).toHaveURL(/\/login$/);

    const link = await mailLink(page, email, "/verify-email");
    await page.goto("/dev/mail");
    await expect(page.locator(`li.mail[data-to="${email}"]`).getByRole("link", { name: link })).toHaveAttribute("href", link);
    await open(page, link);
    // The link alone confirms nothing: the password chosen at sign-up goes with it.
    await expect(page.getByRole("heading", { name: "Confirm your email address" })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(`To confirm ${email}, enter the password you chose when you signed up.`)).toBeVisible();
    await expectAccessible(page);
    await confirmWithPassword(page, "Str0ng-pass!");
    await expect(page.getByRole("heading", { name: "Email address confirmed" })).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByLabel("Account type")).toHaveValue("customer");
  });

  test("signing in before confirming leads to the inbox screen, and a new link is mailed", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 403/);
    const email = uniqueEmail("unconfirmed");
    const res = await page.request.post(`${MAIN}/api/auth/sign-up/email`, {
      data: { email, password: "Str0ng-pass!", name: "Uma" },
      headers: { Origin: MAIN },
    });
    expect(res.status()).toBe(200);
    await page.goto("/login");
    await signInWithForm(page, email, "Str0ng-pass!");
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    await expect(page.getByText(email, { exact: false })).toBeVisible();
    const html = await (await page.request.get(`${MAIN}/dev/mail`)).text();
    expect(html.split('<li class="mail"').filter((item) => item.includes(`data-to="${email}"`) && item.includes("Confirm your email address"))).toHaveLength(2);
  });

  test("an invalid link is explained and offers a new one (dark theme)", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 401/);
    await dark(page);
    await open(page, "/verify-email?token=not-a-real-token");
    await expect(page.getByRole("heading", { name: "This link doesn't work" })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel("Email address").fill(uniqueEmail("nobody"));
    await page.getByRole("button", { name: "Send the link again" }).click();
    await expect(page.getByRole("status")).toHaveText("We've sent a new link. It may take a minute to arrive.");
    await expect(page.getByRole("button", { name: /Send again in \d+ s/ })).toBeDisabled();
  });
});

test.describe("password reset", () => {
  test("forgot password → mail → reset → sign in with the new password; the used link is explained", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 400/);
    const email = uniqueEmail("reset");
    await signUpConfirmed(page, email, "Rae Reset");
    await page.context().clearCookies();

    await open(page, "/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status")).toContainText(`If an account exists for ${email}`);

    const link = await mailLink(page, email, "/reset-password");
    await dark(page);
    await open(page, link);
    await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel(/^New password/).fill("N3w-password!");
    await page.getByLabel("Confirm new password").fill("Different-1");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("The passwords don't match")).toBeVisible();
    await page.getByLabel("Confirm new password").fill("N3w-password!");
    await page.getByRole("button", { name: "Change password" }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("status")).toHaveText("Your password has been changed. Sign in with your new password.");
    await signInWithForm(page, email, "N3w-password!");
    await expect(page).toHaveURL(/\/onboarding$/);

    // The link works once.
    await page.context().clearCookies();
    await open(page, link);
    await page.getByLabel(/^New password/).fill("Third-pass-3");
    await page.getByLabel("Confirm new password").fill("Third-pass-3");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByRole("heading", { name: "This reset link has expired or was already used" })).toBeVisible();
    await expectAccessible(page);
    await expect(page.getByRole("link", { name: "Request a new link" })).toHaveAttribute("href", "/forgot-password");
  });

  test("an unknown address gets the same answer (390 px)", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/forgot-password");
    const email = uniqueEmail("nobody");
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status")).toContainText(`If an account exists for ${email}`);
    await expectAccessible(page);
  });
});

test.describe("invites bound to the verified address", () => {
  test("someone with another verified address is told the invite was sent to another address", async ({ page, otherPerson }) => {
    // Finn (Harbour Health, which no other journey's team list watches) invites an
    // address; someone else, signed in with their own confirmed address, opens the link.
    await page.goto("/login");
    await signInWithForm(page, DEMO_USERS.otherCustomerAdmin.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(`${MAIN}/`, { timeout: 20_000 });
    const invited = uniqueEmail("invited");
    const sent = await page.evaluate(async (email) => {
      const { token } = await (await fetch("/api/auth/token")).json<{ token: string }>();
      const res = await fetch("/v1/admin/account-users/invites", {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ emails: email }),
      });
      return res.status;
    }, invited);
    expect(sent).toBe(200);
    const html = await (await page.request.get(`${MAIN}/dev/mail`)).text();
    const item = present(
      html.split('<li class="mail"').find((i) => i.includes(`data-to="${invited}"`)),
      "the invite mail",
    );
    const inviteLink = present(item.match(/href="([^"]+\/signup\?invite=[^"]+)"/)?.[1], "the invite link");

    const other = await otherPerson();
    await signUpConfirmed(other, uniqueEmail("other"), "Oscar Other");
    // The link opens the partner's domain, where this browser is not signed in yet:
    // the invite's sign-up page, whose "Sign in" passes through the main domain's session.
    await other.goto(inviteLink);
    await expect(other.getByRole("heading", { name: "Accept your invite" })).toBeVisible();
    await other.getByRole("link", { name: "Sign in" }).click();
    const explained = "This invite was sent to another email address. Sign in with the address the invite was sent to, or ask for a new invite.";
    // A failed invite is said once, as an error toast (the account form stays as it is). It comes at the end of a
    // chain of pages, each started by the one before: the partner's sign-in, the main domain's, the hand-off back,
    // post-auth's session and its acceptance. On a loaded runner each takes a second or more (the last full run: 10 s
    // from the click to the refusal), so the check waits for the chain as the other hand-off journeys do.
    const failed = other.getByTestId("toast").filter({ hasText: "Invite not accepted" });
    await expect(failed.getByText(explained, { exact: true })).toBeVisible({ timeout: 30_000 });
    await expectAccessible(other);
    await other.context().close();
  });
});
