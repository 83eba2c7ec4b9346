import type { Page } from "@playwright/test";
import { confirmFromMailbox, postSignInForm, signIn, signInWithForm, signUpConfirmed, DEMO_PASSWORD, DEMO_USERS, uniqueEmail } from "./auth";
import { expect, expectAccessible, hydrated, MAIN, PARTNER_ORIGIN, test, open } from "./fixtures";

test.describe("sign-up and onboarding", () => {
  test("a new partner signs up, onboards and sees its TAN in the profile", async ({ page }) => {
    await open(page, "/signup");
    await expectAccessible(page);
    await page.getByRole("link", { name: /Join the Partner Program/ }).click();
    await page.getByLabel("Full name").fill("Pat Partner");
    const email = uniqueEmail("partner");
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Password").fill("Str0ng-pass!");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    await confirmFromMailbox(page, email);

    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByRole("heading", { name: "Create your organization" })).toBeVisible();
    await expect(page.getByLabel("Account type")).toHaveValue("partner");
    await expectAccessible(page);
    // Required fields are enforced before anything is sent.
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByTestId("toast").filter({ hasText: "Missing Fields" })).toContainText("Please complete the required fields.");
    await expect(page.getByText("Required").first()).toBeVisible();
    // Only the minimum before any value: names and the type; the organisation's other details come later.
    await expect(page.getByLabel("Website")).toHaveCount(0);
    await expect(page.getByLabel("Industry")).toHaveCount(0);
    if (process.env.SCREENSHOTS_DIR) {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/onboarding-390.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 720 });
    }
    await page.getByLabel("Organization name").fill("Pat's Academy");
    await page.getByRole("button", { name: "Create account" }).click();

    await expect(page).toHaveURL(`${MAIN}/`);
    await page.goto("/admin/profile");
    await expect(page.getByTestId("account-tan")).toHaveText(/^\d{6}$/);
    // Your Profile asks gently for what onboarding did not.
    await expect(page.getByTestId("complete-details")).toContainText("website, industry, size, primary email, location");
    await expectAccessible(page);
    await expect(page.getByText("Pat's Academy").first()).toBeVisible();
  });

  test("a new customer signs up and lands in onboarding as a customer", async ({ page }) => {
    await open(page, "/signup");
    await page.getByRole("link", { name: /I'm a new customer/ }).click();
    await page.getByLabel("Full name").fill("Casey Customer");
    const email = uniqueEmail("customer");
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Password").fill("Str0ng-pass!");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    await confirmFromMailbox(page, email);
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByLabel("Account type")).toHaveValue("customer");
    await expect(page.getByLabel("First name")).toHaveValue("Casey");
    await expect(page.getByLabel("Last name")).toHaveValue("Customer");
  });

  test("a wrong password is explained and nothing else happens", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 401/);
    await page.goto("/login");
    await signInWithForm(page, DEMO_USERS.customerAdmin.email, "not-the-password");
    await expect(page.getByRole("alert")).toHaveText("Wrong email or password.");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a sign-in the server never answers is explained, and the form can be sent again", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/ERR_FAILED|ERR_INTERNET_DISCONNECTED|Failed to load resource/);
    await page.goto("/login");
    // Once the script has taken over, a submit is the script's request, which this test cuts off.
    await hydrated(page);
    await page.route("**/api/auth/sign-in/email", (route) => route.abort("internetdisconnected"));
    await signInWithForm(page, DEMO_USERS.customerAdmin.email);
    await expect(page.getByRole("alert")).toHaveText("We couldn't reach the server. Check your connection and try again.");
    await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
    await page.unroute("**/api/auth/sign-in/email");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Welcome, Cara", level: 1 })).toBeVisible({ timeout: 20_000 });
  });
});

test.describe("the sign-in form before or without JavaScript: a plain form post", () => {
  test("a demo user signs in without JavaScript and lands signed in", async ({ otherPerson }) => {
    const page = await otherPerson({ javaScriptEnabled: false });
    await page.goto("/login");
    await postSignInForm(page, DEMO_USERS.customerAdmin.email);
    // Where the script goes after its own sign-in; the session is the provider's cookie.
    await expect(page).toHaveURL(`${MAIN}/post-auth`);
    await page.goto("/");
    await expect(page.getByTestId("app-shell")).toBeVisible();
    await expect(page.getByTestId("app-shell")).toContainText("Fabrikam");
    await expect(page.getByRole("link", { name: "Sign in" })).toHaveCount(0);
  });

  test("without JavaScript a wrong password shows the message with the address kept, and empty fields their own", async ({ otherPerson }) => {
    const page = await otherPerson({ javaScriptEnabled: false });
    await page.goto("/login?invite=abc.def");
    await postSignInForm(page, DEMO_USERS.customerAdmin.email, "not-the-password");
    await expect(page.getByRole("alert")).toHaveText("Wrong email or password.");
    await expect(page).toHaveURL(`${MAIN}/login?invite=abc.def`);
    await expect(page.getByLabel("Email address")).toHaveValue(DEMO_USERS.customerAdmin.email);
    await expect(page.getByLabel("Password")).toHaveValue("");

    await page.getByLabel("Email address").fill("");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByTestId("field-error")).toHaveText(["Required", "Required"]);
    await expect(page.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
  });

  test("the page a refused post answers hydrates as it is, and the script then signs in", async ({ page, allowConsoleErrors }) => {
    // Three page loads and axe in one journey.
    test.slow();
    allowConsoleErrors(/status of 401/); // the refused post's page
    const warnings: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "warning" && /hydrat|did not match/i.test(msg.text())) warnings.push(msg.text());
    });
    await page.goto("/login");
    await page.getByLabel("Email address").fill(DEMO_USERS.customerAdmin.email);
    await page.getByLabel("Password").fill("not-the-password");
    // A post as the browser makes it before the script (form.submit() skips the script's submit handler).
    const posted = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/login");
    await page.locator("form").evaluate((form: HTMLFormElement) => form.submit());
    expect((await posted).status()).toBe(401);
    await expect(page.getByRole("alert")).toHaveText("Wrong email or password.");
    await hydrated(page);
    await expect(page.getByRole("alert")).toHaveText("Wrong email or password.");
    await expect(page.getByLabel("Email address")).toHaveValue(DEMO_USERS.customerAdmin.email);
    // axe runs in the page, so on the hydrated page: the same markup as the server's (no mismatch, checked below).
    await expectAccessible(page);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    const byScript = page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/api/auth/sign-in/email"));
    await page.getByRole("button", { name: "Sign in" }).click();
    await byScript;
    await expect(page).toHaveURL(`${MAIN}/`, { timeout: 20_000 });
    expect(warnings).toEqual([]);
  });
});

test.describe("across domains", () => {
  test("a signed-out visitor of the partner's domain signs in on the main domain and comes back signed in", async ({ page }) => {
    // A public screen stays on the partner's domain, signed out.
    await page.goto(`${PARTNER_ORIGIN}/help`);
    await expect(page.getByRole("heading", { name: "Help", level: 1 })).toBeVisible();
    expect(page.url()).toBe(`${PARTNER_ORIGIN}/help`);
    await page.goto(`${PARTNER_ORIGIN}/bookings`);
    // Sent to the main domain's /login, wearing Northwind's branding.
    await expect(page).toHaveURL(new RegExp(`^${MAIN}/login\\?redirectUrl=`));
    // Back to the partner's /post-auth, with the challenge of the verifier this browser keeps there.
    expect(new URL(page.url()).searchParams.get("redirectUrl")).toMatch(new RegExp(`^${PARTNER_ORIGIN}/post-auth\\?challenge=[\\w-]{43}$`));
    await expect(page.getByTestId("platform-name")).toHaveText("Northwind Learn");
    await expect(page).toHaveTitle("Sign in · Northwind Learn");
    await expectAccessible(page);
    await signInWithForm(page, DEMO_USERS.customerAdmin.email);
    // Back on the partner's domain, signed in: two full page loads and the token hand-off, slow on a busy runner.
    await expect(page).toHaveURL(`${PARTNER_ORIGIN}/`, { timeout: 20_000 });
    await expect(page.getByRole("main")).toBeVisible();
    // The partner's domain has a session of its own (the browser resolves *.test to loopback; Node does not).
    const email = await page.evaluate(() =>
      fetch("/api/auth/get-session")
        .then((r) => r.json<{ user: { email: string } }>())
        .then((s) => s.user.email),
    );
    expect(email).toBe(DEMO_USERS.customerAdmin.email);
  });

  test("a hand-off link minted by someone else leaves the signed-in visitor of the partner's domain as themselves", async ({
    page,
    playwright,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 400/); // the refused redeem
    await page.goto(`${PARTNER_ORIGIN}/bookings`);
    await expect(page).toHaveURL(new RegExp(`^${MAIN}/login\\?redirectUrl=`));
    await signInWithForm(page, DEMO_USERS.customerAdmin.email);
    await expect(page).toHaveURL(`${PARTNER_ORIGIN}/`, { timeout: 20_000 });
    const sessionThere = () =>
      page.evaluate(() =>
        fetch("/api/auth/get-session")
          .then((r) => r.json<{ session: { id: string }; user: { email: string } }>())
          .then((s) => ({ id: s.session.id, email: s.user.email })),
      );
    const before = await sessionThere();
    // Another user of the same partner mints a hand-off from a server and sends the link.
    const sender = await playwright.request.newContext({ baseURL: MAIN, extraHTTPHeaders: { Origin: MAIN } });
    const signedIn = await sender.post("/api/auth/sign-in/email", { data: { email: DEMO_USERS.partnerAdmin.email, password: DEMO_PASSWORD } });
    expect(signedIn.status()).toBe(200);
    const created = await sender.post("/api/auth/handoff/create", { data: { redirectUrl: `${PARTNER_ORIGIN}/post-auth?challenge=${"A".repeat(43)}` } });
    expect(created.status(), await created.text()).toBe(200);
    const { url } = (await created.json()) as { url: string };
    await sender.dispose();
    expect(url).toContain(`${PARTNER_ORIGIN}/post-auth?ott=`);
    // The visitor opens it: the token is refused and they stay themselves, in the same session.
    const redeemed = page.waitForResponse((r) => r.url().endsWith("/api/auth/handoff/redeem"));
    await page.goto(url);
    expect((await redeemed).status()).toBe(400);
    await expect(page).toHaveURL(`${PARTNER_ORIGIN}/`, { timeout: 20_000 });
    await expect(page.getByRole("main")).toBeVisible();
    expect(await sessionThere()).toEqual(before);
    expect(before.email).toBe(DEMO_USERS.customerAdmin.email);
  });

  test("sign-up on the partner's domain offers only the customer path and ends in onboarding there, linked to the partner", async ({ page }) => {
    // The partner's domain signs its visitors up itself (its confirmation mail is the partner's).
    await open(page, `${PARTNER_ORIGIN}/signup`);
    await expect(page).toHaveURL(`${PARTNER_ORIGIN}/signup`);
    await expect(page.getByTestId("platform-name")).toHaveText("Northwind Learn");
    // A partner's domain never recruits partners: no choice, the customer's form at once.
    await expect(page.getByRole("heading", { name: "Sign up", level: 1 })).toBeVisible();
    await expect(page.getByText("Create your account to book Northwind Learn workouts for your team")).toBeVisible();
    await expect(page.getByText(/Partner Program/)).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Change" })).toHaveCount(0);
    await expectAccessible(page);
    await page.getByLabel("Full name").fill("Sat Ellite");
    const email = uniqueEmail("satellite");
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Password").fill("Str0ng-pass!");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    await confirmFromMailbox(page, email);
    // Confirmed on the partner's domain, signed in there: two full page loads, slow on a busy runner.
    await expect(page).toHaveURL(`${PARTNER_ORIGIN}/onboarding`, { timeout: 20_000 });
    await expect(page.getByRole("heading", { name: "Create your organization" })).toBeVisible();
    // No account type to choose and no partner number to enter: the organisation is Northwind's customer.
    await expect(page.getByLabel("Account type")).toHaveCount(0);
    await expect(page.getByTestId("customer-of-partner")).toHaveText("Your organization will book its workouts with Northwind Learn.");
    await expectAccessible(page);
    await page.getByLabel("Organization name").fill("Ellite Logistics");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(`${PARTNER_ORIGIN}/`, { timeout: 20_000 });
    await expect(page.getByTestId("fitness-score-name")).toHaveText("Northwind Learn fitness score");
    await expect(page.getByText("Link to your provider")).toHaveCount(0);
  });
});

test.describe("route guards", () => {
  test("anonymous to /bookings goes to /login", async ({ page }) => {
    await page.goto("/bookings?tab=upcoming");
    await expect(page).toHaveURL(`${MAIN}/login?tab=upcoming`);
  });

  test("signed in to /login goes home", async ({ page }) => {
    await signIn(page, "customerAdmin", "/login");
    await expect(page).toHaveURL(`${MAIN}/`);
  });

  test("a customer on a partner-only screen goes to /404", async ({ page }) => {
    await signIn(page, "customerAdmin", "/admin/customers");
    await expect(page).toHaveURL(`${MAIN}/404`);
  });

  test("a partner reaches its admin screens", async ({ page }) => {
    await signIn(page, "partnerAdmin", "/admin/customers");
    await expect(page).toHaveURL(`${MAIN}/admin/customers`);
  });

  test("a user with no account is sent to onboarding", async ({ page }) => {
    await signUpConfirmed(page, uniqueEmail("noaccount"), "No Account");
    await page.goto("/bookings");
    await expect(page).toHaveURL(`${MAIN}/onboarding`);
  });

  test("viaClerk=true is stripped from the sign-in URL", async ({ page }) => {
    await page.goto("/login?viaClerk=true&x=1");
    await expect(page).toHaveURL(`${MAIN}/login?x=1`);
  });
});

test("a signed-in visitor sent from the partner's domain to the main /login is handed straight back", async ({ page }) => {
  await signIn(page, "customerAdmin", "/");
  await page.goto(`/login?redirectUrl=${encodeURIComponent(`${PARTNER_ORIGIN}/post-auth`)}`);
  // Started here, the hand-off starts over on the partner's domain (its verifier), then comes back: four page loads.
  await expect(page).toHaveURL(`${PARTNER_ORIGIN}/`, { timeout: 20_000 });
  expect(
    await page.evaluate(() =>
      fetch("/api/auth/get-session")
        .then((r) => r.json<{ user: { email: string } }>())
        .then((s) => s.user.email),
    ),
  ).toBe(DEMO_USERS.customerAdmin.email);
});

test.describe("the hand-off to a partner's domain is only for that partner's users", () => {
  const partnerLogin = `/login?redirectUrl=${encodeURIComponent(`${PARTNER_ORIGIN}/post-auth`)}`;

  /** What the partner's domain knows of the browser: its session there, if any. */
  async function partnerSession(page: Page) {
    await page.goto(`${PARTNER_ORIGIN}/api/auth/get-session`);
    return JSON.parse((await page.locator("body").textContent()) ?? "null") as { user: { email: string } } | null;
  }

  test("another partner's owner signing in from Northwind's domain is told so on the main domain, with no session on Northwind's", async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 403/); // the refused hand-off
    await page.goto(`${PARTNER_ORIGIN}/bookings`);
    await expect(page).toHaveURL(new RegExp(`^${MAIN}/login\\?redirectUrl=`));
    await signInWithForm(page, DEMO_USERS.otherPartnerAdmin.email);
    await expect(page.getByRole("heading", { name: "Your account isn't available on Northwind Learn" })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(`You're signed in as ${DEMO_USERS.otherPartnerAdmin.email}`)).toBeVisible();
    expect(new URL(page.url()).origin).toBe(MAIN);
    expect(page.url()).not.toContain("ott=");
    await expectAccessible(page);
    await page.getByRole("link", { name: "Continue to your home page" }).click();
    await expect(page).toHaveURL(`${MAIN}/`);
    expect(await partnerSession(page)).toBeNull();
  });

  test("a customer of another partner, already signed in, is not handed over silently and can switch account (dark theme)", async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 403/); // the refused hand-off
    await page.addInitScript(() => localStorage.setItem("theme", "dark"));
    await signIn(page, "otherCustomerAdmin", partnerLogin);
    await expect(page.getByTestId("handoff-refused")).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(/learn\.northwind\.test/)).toBeVisible();
    await expectAccessible(page);
    // Signing in with an account of Northwind's customer hands over as usual.
    await page.getByRole("button", { name: "Sign in with another account" }).click();
    await expect(page).toHaveURL(new RegExp(`^${MAIN}/login`));
    await signInWithForm(page, DEMO_USERS.customerAdmin.email);
    await expect(page).toHaveURL(`${PARTNER_ORIGIN}/`, { timeout: 20_000 });
    expect((await partnerSession(page))?.user.email).toBe(DEMO_USERS.customerAdmin.email);
  });
});
