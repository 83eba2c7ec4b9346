import type { Page } from "@playwright/test";
import { confirmWithPassword, DEMO_USERS, mailLink, signIn, uniqueEmail } from "./auth";
import { expect, expectAccessible, MAIN, open, PARTNER_ORIGIN, test } from "./fixtures";
import { present } from "../present";

// Two people, sign-ups, the mailbox and axe checks in one journey: allow for a busy machine.
test.describe.configure({ timeout: 120_000 });

const SQUATTER_PASSWORD = "Squ4tter-pass!";
const OWNER_PASSWORD = "0wner-own-pass!";

/** Someone who does not own `email` signs it up first, with a password of their own. */
async function squat(squatter: Page, email: string) {
  const res = await squatter.request.post(`${MAIN}/api/auth/sign-up/email`, {
    data: { email, password: SQUATTER_PASSWORD, name: "Mallory" },
    headers: { Origin: MAIN },
  });
  expect(res.status()).toBe(200);
}

/** What the squatter's password gets at sign-in. */
async function squatterSignIn(squatter: Page, email: string) {
  const res = await squatter.request.post(`${MAIN}/api/auth/sign-in/email`, { data: { email, password: SQUATTER_PASSWORD }, headers: { Origin: MAIN } });
  return res.status();
}

async function signUpWithForm(page: Page, name: string, email: string) {
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill(OWNER_PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText(`We've sent a confirmation link to ${email}.`, { exact: false })).toBeVisible();
}

test.describe("an address someone else signed up first stays its owner's", () => {
  test("a customer owner signs up, confirms with their own password and onboards; the squatter's password never signs in", async ({
    page,
    otherPerson,
    allowConsoleErrors,
  }) => {
    // The void link and the wrong password are refused (401) before the screen explains them.
    allowConsoleErrors(/status of 401/);
    const email = uniqueEmail("owner");
    const squatter = await otherPerson();
    await squat(squatter, email);
    const squattersLink = await mailLink(squatter, email, "/verify-email");

    await open(page, "/signup");
    await page.getByRole("link", { name: /I'm a new customer/ }).click();
    await signUpWithForm(page, "Olivia Owner", email);

    // The link mailed before the owner signed up no longer works.
    await page.goto(squattersLink);
    await expect(page.getByRole("heading", { name: "Confirm your email address" })).toBeVisible({ timeout: 20_000 });
    await confirmWithPassword(page, OWNER_PASSWORD);
    await expect(page.getByRole("heading", { name: "This link doesn't work" })).toBeVisible();

    // The owner's own link, with the squatter's password: refused, with the way to a new password.
    const ownersLink = await mailLink(page, email, "/verify-email");
    expect(ownersLink).not.toBe(squattersLink);
    await page.goto(ownersLink);
    await confirmWithPassword(page, SQUATTER_PASSWORD);
    await expect(page.getByRole("alert")).toContainText("That isn't the password this account was signed up with.");
    await expect(page.getByRole("link", { name: "Set a new password" })).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel("Password").fill(OWNER_PASSWORD);
    await page.getByRole("button", { name: "Confirm email address" }).click();
    await expect(page.getByRole("heading", { name: "Email address confirmed" })).toBeVisible({ timeout: 20_000 });
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByLabel("Account type")).toHaveValue("customer");

    expect(await squatterSignIn(squatter, email)).toBe(401);
    await squatter.context().close();
  });

  test("an invited partner admin's link opens sign-up with the address fixed; signing up confirms it and joins, and the squatter's password never signs in", async ({
    page,
    otherPerson,
  }) => {
    const email = uniqueEmail("admin");
    await signIn(page, "partnerAdmin", "/");
    const sent = await page.evaluate(async (to) => {
      const { token } = await (await fetch("/api/auth/token")).json<{ token: string }>();
      const res = await fetch("/v1/admin/account-users/invites", {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ emails: to, role: "admin" }),
      });
      return res.status;
    }, email);
    expect(sent).toBe(200);
    const squatter = await otherPerson();
    await squat(squatter, email);

    const invitee = await otherPerson();
    const html = await (await invitee.request.get(`${MAIN}/dev/mail`)).text();
    const item = present(
      html.split('<li class="mail"').find((i) => i.includes(`data-to="${email}"`) && i.includes("/signup?invite=")),
      "the invite mail",
    );
    const link = present(item.match(/href="([^"]+\/signup\?invite=[^"]+)"/)?.[1], "the invite link").replace(/&#38;|&amp;/g, "&");
    // The link is Northwind's: its sign-up, in its branding, with the invited address filled in and fixed.
    expect(link.startsWith(`${PARTNER_ORIGIN}/signup?invite=`)).toBe(true);
    await invitee.goto(link);
    await expect(invitee.getByRole("heading", { name: "Accept your invite" })).toBeVisible({ timeout: 20_000 });
    const address = invitee.getByLabel("Email address");
    await expect(address).toHaveValue(email);
    await expect(address).toHaveAttribute("readonly", "");
    await expect(address).toHaveAccessibleDescription(/The address Northwind Learning invited/);
    await expectAccessible(invitee);
    if (process.env.SCREENSHOTS_DIR) {
      await invitee.setViewportSize({ width: 390, height: 844 });
      await invitee.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/invite-signup-390.png`, fullPage: true });
    }
    await invitee.getByLabel("Full name").fill("Ada Admin");
    await invitee.getByLabel("Password").fill(OWNER_PASSWORD);
    await invitee.getByRole("button", { name: "Create account" }).click();
    // No confirmation mail or step: the invite proved the address. The invitee joins on Northwind's domain and stays there.
    await expect(invitee).toHaveURL(`${PARTNER_ORIGIN}/`, { timeout: 20_000 });
    await expect(invitee.getByRole("button", { name: /Northwind Learning/ })).toBeVisible();

    expect(await squatterSignIn(squatter, email)).toBe(401);
    await squatter.context().close();
    await invitee.context().close();
  });

  test("a wrong invite link says so and leaves a plain sign-up", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 404/);
    await open(page, `${MAIN}/signup?invite=${crypto.randomUUID()}.${crypto.randomUUID()}`);
    const toast = page.getByTestId("toast");
    await expect(toast.getByText("The provided invite code could not be validated, please reload and try again.")).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(`${MAIN}/signup`);
    await expect(page.getByRole("link", { name: /I'm a new customer/ })).toBeVisible();
  });
});

test.describe("a link never switches the signed-in user", () => {
  test("someone signed in who opens another person's confirmation link stays themselves, told so on the screen", async ({ page, otherPerson }) => {
    const attacker = await otherPerson();
    const email = uniqueEmail("attacker");
    await squat(attacker, email);
    const link = await mailLink(attacker, email, "/verify-email");
    await attacker.context().close();

    await signIn(page, "customerAdmin", "/");
    const victim = DEMO_USERS.customerAdmin.email;
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Confirm your email address" })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("status").filter({ hasText: `You're signed in as ${victim}.` })).toBeVisible();
    await expectAccessible(page);
    // Even with that account's password, the address is confirmed and the victim stays signed in.
    await confirmWithPassword(page, SQUATTER_PASSWORD);
    await expect(page.getByRole("heading", { name: "Email address confirmed" })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(`You're still signed in as ${victim}.`, { exact: false })).toBeVisible();
    const session = await (await page.request.get(`${MAIN}/api/auth/get-session`)).json();
    expect(session.user.email).toBe(victim);
    await page.getByRole("link", { name: "Continue" }).click();
    await expect(page).toHaveURL(`${MAIN}/`);
    await expect(page.getByRole("button", { name: /Fabrikam Manufacturing/ })).toBeVisible();
  });
});
