import type { Page } from "@playwright/test";
import { confirmWithPassword, signInWithForm, uniqueEmail } from "./auth";
import { expect, expectAccessible, hydrated, MAIN, open, PARTNER_ORIGIN, test } from "./fixtures";
import { DEFAULT_STYLING } from "../../contract/styling-values";

// Sign-up, two mails, a reset and a sign-in through the hand-off, with axe at each screen: a long journey.
test.describe.configure({ timeout: 150_000 });

const PLATFORM = "Northwind Learn";
// Northwind's brand colour (#0f766e) as the page's --brand triple.
const NORTHWIND_BRAND = "15 118 110";
/** What would betray the product behind the partner: its name and its own colours. */
const PRODUCT_MARKS = ["TechFIT", DEFAULT_STYLING.brandColour, DEFAULT_STYLING.gradientColourTwo];

/** Some text (a page's HTML, a mail) speaks for the partner only. */
function expectPartnerOnly(text: string, where: string) {
  for (const mark of PRODUCT_MARKS) expect(text.toLowerCase(), `${where} shows ${mark}`).not.toContain(mark.toLowerCase());
  expect(text, `${where} names the partner`).toContain(PLATFORM);
}

/** The page as it is now (its HTML, inline styles and boot data included) wears the partner's brand only, and passes axe. */
async function expectPartnerScreen(page: Page, origin = PARTNER_ORIGIN) {
  expect(new URL(page.url()).origin).toBe(origin);
  await hydrated(page);
  expectPartnerOnly(await page.content(), page.url());
  // The brand colour the page is painted with is the partner's.
  const brand = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--brand").trim().toLowerCase());
  expect(brand).toBe(NORTHWIND_BRAND);
  await expectAccessible(page);
}

/** The newest mail to `email` with `subject` in the dev mailbox: its text (with links) and its HTML version. */
async function mailTo(page: Page, email: string, subject: string): Promise<{ text: string; html: string; link: string }> {
  const box = await page.context().newPage();
  try {
    await box.goto(`${MAIN}/dev/mail`);
    const mail = box.locator(`li.mail[data-to="${email.toLowerCase()}"]`).filter({ hasText: subject }).first();
    await expect(mail).toBeVisible();
    const text = await mail.innerText();
    const href = await mail.getByRole("link", { name: "HTML version" }).getAttribute("href");
    const html = await (await box.request.get(new URL(href!, MAIN).toString())).text();
    const link = await mail.getByRole("link", { name: /\?token=/ }).getAttribute("href");
    return { text, html, link: link! };
  } finally {
    await box.close();
  }
}

/** Whose session the browser holds on the partner's domain (read from a page of that domain). */
async function signedInHere(page: Page): Promise<string | null> {
  expect(new URL(page.url()).origin).toBe(PARTNER_ORIGIN);
  return page.evaluate(async () => {
    const body: { user?: { email: string } } | null = await (await fetch("/api/auth/get-session")).json();
    return body?.user?.email ?? null;
  });
}

test("a partner's new customer signs up, confirms, resets the password and signs in again without leaving the partner's brand", async ({ page }) => {
  const email = uniqueEmail("partner-signup");
  const first = "Str0ng-pass!";
  const second = "N3w-reset-pass!";

  // Sign-up happens on the partner's domain itself.
  await open(page, `${PARTNER_ORIGIN}/signup?type=customer`);
  await expectPartnerScreen(page);
  await page.getByLabel("Full name").fill("Nora Northwind");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill(first);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`^${PARTNER_ORIGIN}/verify-email\\?next=`));
  await expectPartnerScreen(page);

  // The confirmation is the partner's, and its link goes to the partner's domain.
  const confirmation = await mailTo(page, email, "Confirm your email address");
  expectPartnerOnly(confirmation.text, "confirmation mail");
  expectPartnerOnly(confirmation.html, "confirmation mail (HTML)");
  expect(confirmation.link.startsWith(`${PARTNER_ORIGIN}/verify-email?token=`)).toBe(true);

  await open(page, confirmation.link);
  await expect(page.getByRole("heading", { name: "Confirm your email address" })).toBeVisible();
  await expectPartnerScreen(page);
  await confirmWithPassword(page, first);
  await expect(page.getByRole("heading", { name: "Email address confirmed" })).toBeVisible({ timeout: 20_000 });
  await expectPartnerScreen(page);
  // Signed in on the partner's domain at once: on into onboarding there.
  expect(await signedInHere(page)).toBe(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(`${PARTNER_ORIGIN}/onboarding`, { timeout: 20_000 });
  await expectPartnerScreen(page);

  // Later, signed out, the customer has forgotten the password: from the partner's sign-in (on the main domain, in
  // the partner's styling) "Forgot password?" leads back to the partner's domain.
  await page.context().clearCookies();
  await page.goto(`${PARTNER_ORIGIN}/login`);
  await expect(page).toHaveURL(new RegExp(`^${MAIN}/login\\?redirectUrl=`));
  await expectPartnerScreen(page, MAIN);
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(`${PARTNER_ORIGIN}/forgot-password`);
  await expectPartnerScreen(page);
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText(email)).toBeVisible();
  await expectPartnerScreen(page);

  const reset = await mailTo(page, email, "Reset your");
  expectPartnerOnly(reset.text, "reset mail");
  expectPartnerOnly(reset.html, "reset mail (HTML)");
  expect(reset.link.startsWith(`${PARTNER_ORIGIN}/reset-password?token=`)).toBe(true);

  await open(page, reset.link);
  await expectPartnerScreen(page);
  await page.getByRole("textbox", { name: "New password", exact: true }).fill(second);
  await page.getByLabel("Confirm new password").fill(second);
  await page.getByRole("button", { name: "Change password" }).click();

  // Signing in again goes through the partner's sign-in and back to the partner's domain, signed in there.
  await expect(page).toHaveURL(new RegExp(`^${MAIN}/login\\?notice=passwordChanged&redirectUrl=`), { timeout: 20_000 });
  await expect(page.getByText("Your password has been changed. Sign in with your new password.")).toBeVisible();
  await expectPartnerScreen(page, MAIN);
  await signInWithForm(page, email, second);
  await expect(page).toHaveURL(`${PARTNER_ORIGIN}/onboarding`, { timeout: 20_000 });
  await expectPartnerScreen(page);
  expect(await signedInHere(page)).toBe(email);
});
