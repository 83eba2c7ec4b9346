import { expect, test, type Page } from "@playwright/test";
import { DEMO_PASSWORD, DEMO_USERS, type DemoUserKey } from "../../db/seed/identity";
import { hydrated, MAIN, open } from "./fixtures";

export { DEMO_PASSWORD, DEMO_USERS, type DemoUserKey };

/**
 * Signs `who` in through the embedded provider's API in the page's context
 * (the session cookie lands in the browser), then opens `path` and waits for
 * the app to take over (`script: false` for a browser without JavaScript,
 * where it never does). For journeys about the sign-in screen itself, use
 * signInWithForm.
 */
export async function signIn(page: Page, who: DemoUserKey, path = "/", origin = MAIN, { script = true }: { script?: boolean } = {}) {
  const res = await page.request.post(`${origin}/api/auth/sign-in/email`, {
    data: { email: DEMO_USERS[who].email, password: DEMO_PASSWORD },
    headers: { Origin: origin },
  });
  expect(res.status(), await res.text()).toBe(200);
  if (script) await open(page, `${origin}${path}`);
  else await page.goto(`${origin}${path}`);
}

/**
 * `who` signs in on a partner's domain (`origin`) as a person does: its
 * sign-in is the main domain's, in the partner's look, which hands the
 * session back; then `path` opens there. The hand-off and the first paint are
 * slow on a busy runner.
 */
export async function signInOnDomain(page: Page, who: DemoUserKey, origin: string, path = "/") {
  const first = { timeout: 20_000 };
  await page.goto(`${origin}/`);
  await expect(page).toHaveURL(new RegExp(`^${MAIN}/login\\?redirectUrl=`), first);
  await signInWithForm(page, DEMO_USERS[who].email);
  await expect(page).toHaveURL(`${origin}/`, first);
  await open(page, `${origin}${path}`);
}

/**
 * Fills and submits the sign-in form on the current /login page. Signs in through the sign-in screen as a person would once the page is the
 * app: it waits for the script to take over first, since a form submitted
 * before is a plain post (postSignInForm), after which the client knows
 * nothing of what was typed (the inbox screen names no address).
 */
export async function signInWithForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await hydrated(page);
  await postSignInForm(page, email, password);
}

/** Fills and submits the sign-in form as the page is: a plain form post when its script has not taken over (or is off). */
export async function postSignInForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

export function uniqueEmail(prefix = "e2e") {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.test`;
}

/** The newest mail to `email` whose text holds a link to `path` (/verify-email, /reset-password): its link. */
export async function mailLink(page: Page, email: string, path: string, origin = MAIN): Promise<string> {
  const html = await (await page.request.get(`${origin}/dev/mail`)).text();
  const items = html.split('<li class="mail"').filter((item) => item.includes(`data-to="${email.toLowerCase()}"`));
  for (const item of items) {
    const link = item.match(new RegExp(`href="(https?://[^"]+${path}\\?token=[^"]+)"`))?.[1];
    if (link) return link.replace(/&#38;|&amp;/g, "&");
  }
  throw new Error(`no ${path} link in a mail to ${email}`);
}

/**
 * Follows the confirmation link mailed to `email` from the dev mailbox, as its
 * owner would, confirms with the account's password and continues from the
 * confirmation screen (signed in).
 */
export async function confirmFromMailbox(page: Page, email: string, origin = MAIN, password = "Str0ng-pass!") {
  // Two more full page loads (the mailbox, the confirmation screen) in the journey.
  test.info().setTimeout(test.info().timeout + 30_000);
  // The inbox screen shows once the sign-up has been answered: leaving for the
  // mailbox before that could cancel the sign-up or find no mail yet.
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  await page.goto(`${origin}/dev/mail`);
  const mail = page.locator(`li.mail[data-to="${email.toLowerCase()}"]`).filter({ hasText: "Confirm your email address" }).first();
  const href = await mail.getByRole("link", { name: /\/verify-email\?token=/ }).getAttribute("href");
  await page.goto(href!);
  await confirmWithPassword(page, password);
  await expect(page.getByRole("heading", { name: "Email address confirmed" })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "Continue" }).click();
}

/** On the confirmation screen a mailed link opens: types the password and confirms. */
export async function confirmWithPassword(page: Page, password: string) {
  await expect(page.getByRole("heading", { name: "Confirm your email address" })).toBeVisible({ timeout: 20_000 });
  await hydrated(page);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Confirm email address" }).click();
}

/** Signs up through the embedded provider's API and confirms the address from the mail: the page's context is signed in. */
export async function signUpConfirmed(page: Page, email: string, name = "New Person", password = "Str0ng-pass!", origin = MAIN) {
  const res = await page.request.post(`${origin}/api/auth/sign-up/email`, { data: { email, password, name }, headers: { Origin: origin } });
  expect(res.status(), await res.text()).toBe(200);
  const link = new URL(await mailLink(page, email, "/verify-email", origin));
  const verified = await page.request.post(`${origin}/api/auth/confirm-email`, {
    data: { token: link.searchParams.get("token"), password },
    headers: { Origin: origin },
  });
  expect(verified.status(), await verified.text()).toBe(200);
}

/**
 * A new person signs up as a new customer through the screens, confirms from
 * the dev mailbox and creates an organisation named `org` in onboarding; the
 * page ends on Home, not yet linked to a provider.
 */
export async function signUpNewCustomer(page: Page, person: string, org: string, origin = MAIN) {
  await open(page, `${origin}/signup`);
  await page.getByRole("link", { name: /I'm a new customer/ }).click();
  await page.getByLabel("Full name").fill(person);
  const email = uniqueEmail(person.split(" ")[0]!.toLowerCase());
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill("Str0ng-pass!");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  await confirmFromMailbox(page, email, origin);
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByLabel("Organization name").fill(org);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(`${origin}/`);
  return email;
}

/**
 * A brand-new partner: sign-up through the screens on the main host
 * ("Join the Partner Program"), the confirmation from the dev mailbox and
 * onboarding; the page ends on Home. Nothing seeded is touched.
 */
export async function signUpNewPartner(page: Page, organisation: string, person = "Bea Brand") {
  await open(page, "/signup");
  await page.getByRole("link", { name: /Join the Partner Program/ }).click();
  await page.getByLabel("Full name").fill(person);
  const email = uniqueEmail(person.split(" ")[0]!.toLowerCase());
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill("Str0ng-pass!");
  await page.getByRole("button", { name: "Create account" }).click();
  await confirmFromMailbox(page, email);
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByLabel("Organization name").fill(organisation);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(`${MAIN}/`);
  return email;
}

/** Invites `emails` (separated by semicolons) from Your Profile's team members, as its owner does; answers the dialog. */
export async function inviteFromProfile(page: Page, emails: string) {
  await page.getByRole("button", { name: "Invite", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Invite team members" });
  await dialog.getByLabel("Email addresses").fill(emails);
  await dialog.getByRole("button", { name: "Send invites" }).click();
  return dialog;
}
