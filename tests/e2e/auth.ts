import { expect, type Page } from "@playwright/test";
import { DEMO_PASSWORD, DEMO_USERS, type DemoUserKey } from "../../db/seed/identity";
import { MAIN } from "./fixtures";

export { DEMO_PASSWORD, DEMO_USERS, type DemoUserKey };

/**
 * Signs `who` in through the embedded provider's API in the page's context
 * (the session cookie lands in the browser), then opens `path`. For journeys
 * about the sign-in screen itself, use signInWithForm.
 */
export async function signIn(page: Page, who: DemoUserKey, path = "/", origin = MAIN) {
  const res = await page.request.post(`${origin}/api/auth/sign-in/email`, {
    data: { email: DEMO_USERS[who].email, password: DEMO_PASSWORD },
    headers: { Origin: origin },
  });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto(`${origin}${path}`);
}

/** Fills and submits the sign-in form on the current /login page. */
export async function signInWithForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

export function uniqueEmail(prefix = "e2e") {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.test`;
}
