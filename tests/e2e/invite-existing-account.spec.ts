import type { Page } from "@playwright/test";
import { inviteFromProfile, signIn, signUpNewCustomer, uniqueEmail } from "./auth";
import { expect, expectAccessible, MAIN, PARTNER_ORIGIN, test } from "./fixtures";

/** Opens the invite mail to `email` in the dev mailbox and follows its link (to Northwind's domain: Fabrikam is its customer). */
async function followInvite(page: Page, email: string) {
  await page.goto(`${MAIN}/dev/mail`);
  const mail = page.locator(`li.mail[data-to="${email.toLowerCase()}"]`).first();
  await expect(mail).toContainText("You're invited to join Fabrikam Manufacturing");
  await mail.getByRole("link", { name: new RegExp(`^${PARTNER_ORIGIN}/signup\\?invite=`) }).click();
}

test.describe("an invite link", () => {
  test("for an address that has an account: sign-in in the partner's brand, the address filled in, then the invite accepted on the partner's domain", async ({
    page,
    otherPerson,
  }) => {
    // A sign-up through the mailbox, an invite and a sign-in across two domains: a long journey.
    test.setTimeout(120_000);
    // Someone with an account already (a customer of no partner), signed up on the main domain in a browser of their own.
    const email = await signUpNewCustomer(await otherPerson(), "Ivo Existing", "Ivo Existing Ltd");

    await signIn(page, "customerAdmin", "/admin/profile");
    await inviteFromProfile(page, email);
    await expect(page.getByTestId("toast").getByText("Invites sent", { exact: true })).toBeVisible();

    // The invitee follows the mailed link from another browser (signed in nowhere).
    const invitee = await otherPerson();
    const accepts: string[] = [];
    invitee.on("request", (r) => {
      if (r.method() === "POST" && /\/invites\/[^/]+\/accept$/.test(r.url())) accepts.push(r.url());
    });
    await followInvite(invitee, email);
    // Not "Create your account": the sign-in, on the main domain in Northwind's brand, the invited address filled in.
    await expect(invitee).toHaveURL(new RegExp(`^${MAIN}/login\\?invite=[^&]+&redirectUrl=`), { timeout: 15_000 });
    await expect(invitee).toHaveTitle(/Northwind Learn/);
    await expect(invitee.getByTestId("platform-name")).toHaveText("Northwind Learn");
    await expect(invitee.getByRole("heading", { name: "Accept your invite" })).toBeVisible();
    await expect(invitee.getByLabel("Email address")).toHaveValue(email);
    await expect(invitee.getByRole("button", { name: "Create account" })).toHaveCount(0);
    await expectAccessible(invitee);

    await invitee.getByLabel("Password").fill("Str0ng-pass!");
    await invitee.getByRole("button", { name: "Sign in" }).click();
    // Back on Northwind's domain, joined: Fabrikam is the account there.
    await expect(invitee).toHaveURL(`${PARTNER_ORIGIN}/`, { timeout: 20_000 });
    await expect(invitee.getByRole("button", { name: /Fabrikam Manufacturing/ })).toBeVisible();
    expect(accepts).toHaveLength(1);
    await expectAccessible(invitee);

    await page.reload();
    await expect(page.locator('section[aria-labelledby="team-members"]').getByRole("row", { name: new RegExp(email) })).toContainText("Active");
  });

  test("for a new address: the partner's own sign-up, the address fixed, then the invite accepted", async ({ page, otherPerson }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail("ivy");
    await signIn(page, "customerAdmin", "/admin/profile");
    await inviteFromProfile(page, email);
    await expect(page.getByTestId("toast").getByText("Invites sent", { exact: true })).toBeVisible();

    const invitee = await otherPerson();
    await followInvite(invitee, email);
    await expect(invitee).toHaveURL(new RegExp(`^${PARTNER_ORIGIN}/signup\\?invite=`));
    await expect(invitee.getByRole("heading", { name: "Accept your invite" })).toBeVisible();
    await expect(invitee.getByLabel("Email address")).toHaveValue(email);
    await expect(invitee.getByTestId("platform-name")).toHaveText("Northwind Learn");
    await expectAccessible(invitee);
    await invitee.getByLabel("Full name").fill("Ivy New");
    await invitee.getByLabel("Password").fill("Str0ng-pass!");
    // The next screens' code comes slowly, as on a loaded runner or a slow phone: the sign-up screen is still there
    // when the new session makes it ask about the link again, and the address has an account now, its own. It does
    // not send its own new account to sign in.
    await invitee.route(/\.m?js(\?.*)?$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    const visited: string[] = [];
    invitee.on("framenavigated", (frame) => {
      if (frame === invitee.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await invitee.getByRole("button", { name: "Create account" }).click();
    await expect(invitee).toHaveURL(`${PARTNER_ORIGIN}/`, { timeout: 30_000 });
    await expect(invitee.getByRole("button", { name: /Fabrikam Manufacturing/ })).toBeVisible();
    expect(visited).not.toContain("/login");
  });
});
