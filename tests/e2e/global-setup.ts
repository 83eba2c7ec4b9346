import { chromium, type FullConfig } from "@playwright/test";
import { DEMO_PASSWORD, DEMO_USERS } from "../../db/seed/identity";
import { MAIN, PARTNER_ORIGIN } from "./fixtures";

/**
 * Before the first test: one visit of the signed-out and the signed-in app on
 * the freshly started server, so that no test pays for the server's one-time
 * start (compiling the Worker and the assets' first reads, the database's
 * first open, the first password hash). The tests' own time limits then
 * measure the product, not the server warming up.
 */
export default async function warmUp(config: FullConfig) {
  const browser = await chromium.launch(config.projects[0]?.use.launchOptions);
  try {
    const page = await browser.newPage();
    await page.goto(`${PARTNER_ORIGIN}/login`);
    await page.goto(`${MAIN}/login`);
    await page.getByLabel("Email address").waitFor({ timeout: 60_000 });
    const signedIn = await page.request.post(`${MAIN}/api/auth/sign-in/email`, {
      data: { email: DEMO_USERS.customerAdmin.email, password: DEMO_PASSWORD },
      headers: { Origin: MAIN },
    });
    if (!signedIn.ok()) throw new Error(`warm-up sign-in failed: ${signedIn.status()} ${await signedIn.text()}`);
    await page.goto(`${MAIN}/`);
    await page.getByRole("heading", { level: 1 }).first().waitFor({ timeout: 60_000 });
  } finally {
    await browser.close();
  }
}
