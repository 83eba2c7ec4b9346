import { signIn } from "./auth";
import { expect, expectAccessible, hydrated, MAIN, PARTNER_ORIGIN, serverHtml, test } from "./fixtures";

/** The browser's console note of a page answered 404 (the not-found screen, visited on purpose). */
const NOT_FOUND_LOAD = /status of 404 \(Not Found\)/;

test.describe("the branded shell", () => {
  test("/login on the main host wears the product's default branding", async ({ page, consoleErrors }) => {
    const response = await page.goto("/login");
    const html = await response!.text();
    // The server's title already names the screen: the tab does not change when the script runs.
    expect(html).toContain("<title>Sign in · TechFIT</title>");
    await expect(page.getByTestId("platform-name")).toHaveText("TechFIT");
    await expect(page).toHaveTitle("Sign in · TechFIT");
    await expectAccessible(page);
    expect(consoleErrors).toEqual([]);
  });

  test("/login on the partner's domain sends the visitor to the main domain's sign-in in Northwind's look, from the server", async ({
    page,
    consoleErrors,
  }) => {
    const redirects: number[] = [];
    page.on("response", (r) => {
      if (r.request().resourceType() === "document") redirects.push(r.status());
    });
    await page.goto(`${PARTNER_ORIGIN}/login`);
    // The return address carries the challenge of the hand-off verifier the partner's domain keeps in this browser.
    await expect(page).toHaveURL(
      new RegExp(`^${MAIN}/login\\?redirectUrl=${encodeURIComponent(`${PARTNER_ORIGIN}/post-auth?challenge=`).replace(/[.?]/g, "\\$&")}[\\w-]{43}$`),
    );
    // One server redirect, then the page: the satellite's client never booted.
    expect(redirects).toEqual([302, 200]);
    const html = await serverHtml(page.url());
    expect(html).toContain("<title>Sign in · Northwind Learn</title>");
    expect(html).toContain("--brand:15 118 110;");
    expect(html).toMatch(/data-testid="platform-name"[^>]*>Northwind Learn</);
    // After hydration, the same branding.
    const name = page.getByTestId("platform-name");
    await expect(name).toHaveText("Northwind Learn");
    await expect(name).toHaveCSS("color", "rgb(15, 118, 110)");
    await expect(page).toHaveTitle("Sign in · Northwind Learn");
    await expectAccessible(page);
    expect(consoleErrors).toEqual([]);
  });

  test("a main-domain page opened afresh after the partner's sign-in link takes Northwind's look from the script", async ({ page, consoleErrors }) => {
    await page.goto(`${PARTNER_ORIGIN}/login`);
    await expect(page).toHaveURL(new RegExp(`^${MAIN}/login\\?redirectUrl=`));
    // The page keeps the return address for the tab (session storage) once its script has started.
    await hydrated(page);
    await page.goto(`${MAIN}/signup`);
    // The server knows nothing of it: the page arrives in the product's look, and the script applies the partner's.
    expect(await serverHtml(page.url())).toContain("<title>Sign up · TechFIT</title>");
    await expect(page).toHaveTitle("Sign up · Northwind Learn");
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--brand").trim())).toBe("15 118 110");
    expect(consoleErrors).toEqual([]);
  });

  test("public screens arrive rendered and hydrate without a mismatch", async ({ page, consoleErrors, allowConsoleErrors }) => {
    allowConsoleErrors(NOT_FOUND_LOAD); // /404 answers 404, which the browser logs
    // Five screens, each loaded and checked with axe: a busy runner needs more than one screen's time.
    test.setTimeout(60_000);
    const warnings: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "warning" && /hydrat|did not match/i.test(msg.text())) warnings.push(msg.text());
    });
    for (const [path, heading] of [
      ["/404", "Page not found"],
      ["/signup", "Sign up"],
      ["/signup?type=customer", "I&#x27;m a new customer"],
      ["/help", "Help"],
      ["/login", "Sign in"],
    ] as const) {
      expect(await serverHtml(`${MAIN}${path}`)).toContain(`>${heading}</h1>`);
      await page.goto(path);
      await expect(page.getByRole("heading", { name: heading.replace("&#x27;", "'"), level: 1 })).toBeVisible();
      await expectAccessible(page);
    }
    // The client took over: a link navigates without a new document.
    await page.getByRole("link", { name: "Sign up" }).click();
    await expect(page.getByRole("heading", { name: "Sign up", level: 1 })).toBeVisible();
    expect(warnings).toEqual([]);
    expect(consoleErrors.filter((text) => !NOT_FOUND_LOAD.test(text))).toEqual([]);
  });

  test("sign-up's choice works before its script: a plain link to the form, which waits for the script to submit", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${MAIN}/signup`);
      await page.getByRole("link", { name: /Join the Partner Program/ }).click();
      await expect(page).toHaveURL(/\/signup\?type=partner$/);
      await expect(page.getByRole("heading", { name: "Join the Partner Program", level: 1 })).toBeVisible();
      await expect(page.getByLabel("Full name")).toBeEditable();
      await expect(page.getByRole("button", { name: "Create account" })).toBeDisabled();
      await page.getByRole("link", { name: "Change" }).click();
      await expect(page).toHaveURL(/\/signup$/);
    } finally {
      await context.close();
    }
  });

  test("help hydrates for a signed-in visitor with their shell, without a mismatch", async ({ page, consoleErrors }) => {
    await signIn(page, "customerMember", "/help");
    await expect(page.getByRole("heading", { name: "Help", level: 1 })).toBeVisible();
    await expect(page.getByTestId("user-button")).toBeEnabled();
    await expectAccessible(page);
    expect(consoleErrors).toEqual([]);
  });

  test("a signed-in screen starts from the identity in the page: no session or token request first", async ({ page, consoleErrors }) => {
    const asked: string[] = [];
    page.on("request", (r) => {
      const path = new URL(r.url()).pathname;
      if (/^\/(api\/auth|v1)\//.test(path)) asked.push(`${r.method()} ${path}`);
    });
    await signIn(page, "partnerAdmin", "/admin/profile");
    await expect(page).toHaveURL(/\/admin\/profile$/);
    await expect(page.getByRole("main")).toBeVisible();
    await expect(page.getByRole("button", { name: "Account menu for Ada Lovelace" })).toBeVisible();
    // The Profile screen reads the user and the account itself; what went away is the identity round trips before it.
    expect(asked.filter((a) => /get-session|\/api\/auth\/token$/.test(a))).toEqual([]);
    await page.goto("/");
    await expect(page.getByRole("navigation").first()).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  for (const { who, heading, shows } of [
    { who: "customerMember", heading: "Welcome, Dan", shows: "fitness-score" },
    { who: "partnerAdmin", heading: "Welcome, Ada", shows: "attention" },
  ] as const) {
    test(`${who}'s Home arrives as the shell and the screen with its data inlined and hydrates without a mismatch or a request for it`, async ({
      page,
      consoleErrors,
    }) => {
      const warnings: string[] = [];
      const asked: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() === "warning" && /hydrat|did not match/i.test(msg.text())) warnings.push(msg.text());
      });
      page.on("request", (r) => {
        const path = new URL(r.url()).pathname;
        if (r.method() === "GET" && /^\/(api\/auth|v1)\//.test(path)) asked.push(path);
      });
      await signIn(page, who, "/");
      // The document itself: the shell and the screen, not the full-screen loader or a skeleton, with Home's reads.
      const html = await (await page.request.get(`${MAIN}/`)).text();
      expect(html).toContain('data-testid="app-shell"');
      expect(html).toContain(`data-testid="${shows}"`);
      expect(html).not.toContain('data-testid="screen-skeleton"');
      expect(html).not.toContain('class="boot-screen"');
      expect(html).toContain('"queries"');
      await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
      await expect(page.getByTestId(shows)).toBeVisible();
      await expect(page.getByTestId("screen-skeleton")).toHaveCount(0);
      await expectAccessible(page);
      // Home's reads came with the page: none was asked for again after hydration.
      expect(asked.filter((p) => /\/v1\/(homepage|scores\/summary|entitlements|workouts|admin\/saved-items|accounts\/)/.test(p))).toEqual([]);
      // The client took over: a link navigates without a new document.
      await page.getByRole("link", { name: "My List" }).first().click();
      await expect(page).toHaveURL(/\/my-list$/);
      await page.goBack();
      await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
      expect(warnings).toEqual([]);
      expect(consoleErrors).toEqual([]);
    });
  }

  test("the sign-in form is on the page before any script runs", async ({ otherPerson }) => {
    const page = await otherPerson({ javaScriptEnabled: false });
    await page.goto(`${MAIN}/login`);
    await expect(page.getByLabel("Email address")).toBeVisible();
    await expect(page.getByLabel("Password")).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  });

  test("the theme is applied before first paint from local storage", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("theme", "dark"));
    await page.goto("/login");
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expectAccessible(page);
  });

  test("an unknown path is not found: answered 404, its address turned to /404, the screen hydrated without a mismatch", async ({
    page,
    consoleErrors,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(NOT_FOUND_LOAD);
    const warnings: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "warning" && /hydrat|did not match/i.test(msg.text())) warnings.push(msg.text());
    });
    const response = await page.goto("/this/does/not/exist?from=mail");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expectAccessible(page);
    // The screen's link home works, in the page the client took over: signed out, home is sign-in.
    await page.getByRole("link", { name: "Back to home" }).click();
    await expect(page.getByRole("heading", { name: "Sign in", level: 1 })).toBeVisible();
    expect(warnings).toEqual([]);
    // The one error is the browser's note of the document's status.
    expect(consoleErrors).toEqual(["Failed to load resource: the server responded with a status of 404 (Not Found)"]);
  });

  test("routes load lazily: a screen's code arrives only when it is visited", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    // The app has taken over: the link navigates in the page (before, it would load /signup as a new document).
    await hydrated(page);
    expect(scripts.some((u) => /SignupScreen/.test(u))).toBe(false);
    await page.getByRole("link", { name: "Sign up" }).click();
    await expect(page.getByRole("heading", { name: "Sign up" })).toBeVisible();
    await expect.poll(() => scripts.some((u) => /SignupScreen/.test(u))).toBe(true);
  });
});
