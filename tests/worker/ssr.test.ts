import { describe, expect, it } from "vitest";
import { enUS } from "../../client/i18n/en-US";
import { DEMO_USERS } from "../../db/seed";
import { PARTNER_DEFAULT_STYLING, platformNameFrom } from "../../contract/styling";
import { escapeHtml } from "../../worker/ssr/escape";
import { EARLY_TAPS_SCRIPT } from "../../client/app/early-taps";
import { addPartnerWithDomain } from "./fixtures";
import { apiAs, getWithCookie, signInCookie } from "./auth";
import { call } from "./helpers";
import { nth } from "../present";

function bootData(html: string) {
  const m = html.match(/<script id="boot" type="application\/json">(.*?)<\/script>/s);
  if (!m) throw new Error("no boot data");
  return JSON.parse(nth(m, 1));
}

describe("the server-rendered shell", () => {
  it("renders the product's default branding on the main host", async () => {
    const res = await call("/login");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain("<title>Sign in · TechFIT</title>");
    expect(html).toContain("--brand:37 99 235;");
    expect(bootData(html)).toMatchObject({ mode: "main", partner: null });
  });

  it("renders the partner's branding on its custom domain", async () => {
    const html = await (await call("/help", { host: "learn.northwind.test" })).text();
    expect(html).toContain("<title>Help · Northwind Learn</title>");
    expect(html).toContain("--brand:15 118 110;");
    expect(html).toContain("Manrope");
    // Help is rendered itself: the shell's top bar wears the partner's name.
    expect(html).toMatch(/<div id="root">.*data-testid="app-shell".*aria-label="Northwind Learn home"/s);
    const boot = bootData(html);
    expect(boot.mode).toBe("satellite");
    expect(boot.partner.name).toBe("Northwind Learning");
  });

  it("wears the partner's look on the main host's login when redirectUrl points at its domain", async () => {
    const url = "/login?redirectUrl=" + encodeURIComponent("https://learn.northwind.test/post-auth");
    const html = await (await call(url)).text();
    expect(html).toContain("<title>Sign in · Northwind Learn</title>");
    expect(bootData(html).mode).toBe("main");
  });

  it("sends a CSP with a per-response script nonce and no-sniff", async () => {
    const res = await call("/");
    const csp = res.headers.get("Content-Security-Policy") ?? "";
    const nonce = csp.match(/'nonce-([a-f0-9]+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const html = await res.text();
    for (const tag of html.match(/<script(?![^>]*type="application\/json")[^>]*>/g) ?? []) {
      expect(tag).toContain(`nonce="${nonce}"`);
    }
  });

  it("keeps a tap on a button before the app's script starts, in the head under the page's nonce, on every host", async () => {
    for (const host of [undefined, "learn.northwind.test"]) {
      const res = await call("/help", { host });
      const nonce = (res.headers.get("Content-Security-Policy") ?? "").match(/'nonce-([a-f0-9]+)'/)?.[1];
      const html = await res.text();
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head).toContain(`<script nonce="${nonce}">`);
      // In the head, before the body and the app's scripts after it.
      expect(head).toContain(EARLY_TAPS_SCRIPT);
    }
  });

  it("cannot be made to run script or inject CSS through styling values", async () => {
    const host = "evil.partner.test";
    await addPartnerWithDomain({
      host,
      platformName: "</script><script>alert(1)</script>",
      brandColour: ";}body{display:none",
    });
    const html = await (await call("/help", { host })).text();
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain("display:none");
    // A stored name with markup characters is read back as plain text (one platform-name rule), then escaped.
    const clean = platformNameFrom("</script><script>alert(1)</script>");
    expect(clean).not.toMatch(/[<>]/);
    expect(html).toContain(`<title>Help · ${escapeHtml(clean)}</title>`);
    expect(bootData(html).styling.platformName).toBe(clean);
    // The invalid colour fell back to the neutral partner brand colour, never the product's.
    expect(html).toContain("--brand:51 65 85;");
    expect(PARTNER_DEFAULT_STYLING.brandColour).toBe("#334155");
  });

  it("puts the theme and language from cookies on <html>", async () => {
    const html = await (await getWithCookie("theme=dark; language=enGB", "/")).text();
    expect(html).toMatch(/<html lang="en-GB" class="dark"/);
  });

  it("serves seeded branding files inert, with their true type", async () => {
    const res = await call("/files/public/seed/northwind-logo.svg");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect((await call("/files/private/anything")).status).toBe(404);
  });
});

describe("public screens rendered on the server", () => {
  const root = (html: string) => html.match(/<div id="root">(.*?)<\/div><script id="boot"/s)?.[1] ?? "";

  it("puts the sign-in form itself on /login, ready for hydration", async () => {
    const html = await (await call("/login")).text();
    const body = root(html);
    expect(body).toMatch(/<form[^>]*>/);
    expect(body).toMatch(/<input[^>]*type="email"[^>]*name="email"/);
    expect(body).toMatch(/<input[^>]*type="password"[^>]*name="password"/);
    expect(body).toMatch(/<button[^>]*type="submit"/);
    // Its submit works before the script: a plain post to the page's own address (its query kept), which the Worker answers.
    expect(body).toMatch(/<form(?=[^>]*method="post")(?![^>]*action=)[^>]*>/);
    expect(body).not.toMatch(/<button(?=[^>]*type="submit")(?=[^>]*\sdisabled(?:=""|\s|>))[^>]*>/);
    expect(body).not.toContain("boot-screen");
    expect(bootData(html)).toMatchObject({ ssr: true, identity: null });
    expect(bootData(html).loginFailure).toBeUndefined();
  });

  it("wears the partner's look on the main host's login for a redirectUrl", async () => {
    const url = "/login?redirectUrl=" + encodeURIComponent("https://learn.northwind.test/post-auth");
    const body = root(await (await call(url)).text());
    expect(body).toMatch(/data-testid="platform-name"[^>]*>Northwind Learn</);
    expect(body).toContain("<form");
  });

  it("escapes every styled value in the rendered login", async () => {
    const host = "evil-login.partner.test";
    await addPartnerWithDomain({ host, platformName: '"><img src=x onerror=alert(1)></script><script>alert(2)</script>', brandColour: ";}body{display:none" });
    const html = await (await call("/login?redirectUrl=" + encodeURIComponent(`https://${host}/post-auth`))).text();
    expect(html).not.toMatch(/<img src=x/);
    expect(html).not.toContain("<script>alert(2)");
    expect(html).not.toContain("display:none");
    expect(root(html)).toContain("<form");
  });

  it.each(["/404", "/post-auth"])("renders %s itself", async (path) => {
    const html = await (await call(path)).text();
    expect(bootData(html).ssr).toBe(true);
    expect(root(html)).not.toContain("boot-screen");
  });

  it("puts sign-up's two choices on /signup as links, and its form on /signup?type=customer, keeping the rest of the query", async () => {
    const choose = root(await (await call(`/signup?lang=en`)).text());
    expect(choose).toMatch(/data-testid="platform-name"[^>]*>TechFIT</);
    expect(choose).toContain(`href="/signup?lang=en&amp;type=partner"`);
    expect(choose).toContain(`href="/signup?lang=en&amp;type=customer"`);
    expect(choose).not.toContain("<form");

    const html = await (await call(`/signup?lang=en&type=customer`)).text();
    const form = root(html);
    expect(form).toMatch(/<form[^>]*method="post"/);
    expect(form).toMatch(/<input[^>]*autoComplete="name"|<input[^>]*autocomplete="name"/);
    expect(form).toMatch(/<input[^>]*type="email"[^>]*name="email"/);
    expect(form).toMatch(/<input[^>]*type="password"[^>]*name="password"/);
    // Its submit waits for the script, so a password is never posted in a page's address.
    expect(form).toMatch(/<button(?=[^>]*type="submit")(?=[^>]*disabled)[^>]*>/);
    // "Change" goes back to the choice, with the rest of the query.
    expect(form).toContain(`href="/signup?lang=en"`);
    expect(bootData(html)).toMatchObject({ ssr: true, identity: null });
  });

  it("on a partner's sign-up (its redirectUrl) renders the customer's form at once: no partner path, no choice to change", async () => {
    const redirect = encodeURIComponent("https://learn.northwind.test/post-auth");
    for (const query of [`redirectUrl=${redirect}`, `redirectUrl=${redirect}&type=partner`]) {
      const form = root(await (await call(`/signup?${query}`)).text());
      expect(form).toMatch(/data-testid="platform-name"[^>]*>Northwind Learn</);
      expect(form).toMatch(/<form[^>]*method="post"/);
      expect(form).toContain("Create your account to book Northwind Learn workouts for your team");
      expect(form).not.toMatch(/href="\/signup[^"]*type=partner/);
      expect(form).not.toContain("Partner Program");
      expect(form).not.toContain(`href="/signup?redirectUrl=${redirect}"`);
    }
  });

  it("renders help with the shell and the partner's support address, signed out and signed in", async () => {
    const host = "learn.northwind.test";
    const anonymous = await (await call("/help", { host })).text();
    expect(bootData(anonymous).ssr).toBe(true);
    expect(root(anonymous)).toContain('data-testid="app-shell"');
    expect(root(anonymous)).toMatch(/<h1[^>]*>Help<\/h1>/);
    expect(root(anonymous)).toMatch(/href="mailto:help@northwind\.test"/);
    expect(root(anonymous)).not.toContain("boot-screen");

    const cookie = await signInCookie("cara@fabrikam.test");
    const signedIn = await (await getWithCookie(cookie, "/help")).text();
    expect(bootData(signedIn).ssr).toBe(true);
    expect(root(signedIn)).toContain('data-testid="app-shell"');
    expect(root(signedIn)).toMatch(/<h1[^>]*>Help<\/h1>/);
    // The top bar of a signed-in visitor: the organisation they act for, not Sign in.
    expect(root(signedIn)).toContain("Fabrikam");
    expect(root(signedIn)).not.toMatch(/>Sign in</);
  });

  it("shows the loader, not the form, to a signed-in visitor of /login, and the shell on screens that need sign-in", async () => {
    const cookie = await signInCookie("cara@fabrikam.test");
    const signedIn = await (await getWithCookie(cookie, "/login")).text();
    expect(root(signedIn)).toContain("boot-screen");
    expect(bootData(signedIn).ssr).toBeUndefined();
    const bookings = root(await (await getWithCookie(cookie, "/bookings")).text());
    expect(bookings).toContain('data-testid="app-shell"');
    expect(bookings).not.toContain("boot-screen");
  });
});

describe("a path no screen has", () => {
  const root = (html: string) => html.match(/<div id="root">(.*?)<\/div><script id="boot"/s)?.[1] ?? "";
  const turnsTo404 = /<script nonce="[a-f0-9]+">history\.replaceState\(history\.state,"","\/404"\)<\/script>/;

  it.each(["/no-such-page", "/workout", "/admin/nothing-here", "/workout/abc/book/extra", "/%E2%9C%93"])(
    "answers %s with 404 and the not-found screen itself, the address turned to /404 before the script starts",
    async (path) => {
      const res = await call(`${path}?from=mail`, { redirect: "manual" });
      expect(res.status).toBe(404);
      expect(res.headers.get("Content-Type")).toMatch(/text\/html/);
      const html = await res.text();
      expect(root(html)).toMatch(/<h1[^>]*>Page not found<\/h1>/);
      expect(html).toContain("<title>Page not found · TechFIT</title>");
      expect(bootData(html)).toMatchObject({ ssr: true, route: "/404" });
      // Before the client's router reads the address: it starts on /404 and hydrates what the server rendered.
      const turn = html.search(turnsTo404);
      expect(turn).toBeGreaterThan(0);
      expect(turn).toBeLessThan(html.indexOf('<script id="boot"'));
    },
  );

  it("is not found on a partner's domain too, in the partner's look", async () => {
    const res = await call("/no-such-page", { host: "learn.northwind.test", redirect: "manual" });
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("<title>Page not found · Northwind Learn</title>");
    expect(html).not.toContain("TechFIT");
    expect(html).toMatch(turnsTo404);
  });

  it("is not found for a signed-in visitor, and never stored", async () => {
    const cookie = await signInCookie(DEMO_USERS.customerAdmin.email);
    const res = await getWithCookie(cookie, "/no-such-page", { redirect: "manual" });
    expect(res.status).toBe(404);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await res.text()).toMatch(turnsTo404);
  });

  it("answers /404 itself with 404, its address kept", async () => {
    for (const path of ["/404", "/404/"]) {
      const res = await call(path, { redirect: "manual" });
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toMatch(turnsTo404);
    }
  });

  it.each(["/help", "/HELP", "/help/", "/login", "/signup", "/assessment/abc", "/verify-email?token=x"])(
    "leaves a path a screen has (%s) as it is, matched as the router matches it",
    async (path) => {
      const res = await call(path, { redirect: "manual" });
      expect(res.status).toBe(200);
      expect(await res.text()).not.toMatch(turnsTo404);
    },
  );
});

describe("the page's title", () => {
  const titleOf = (html: string) => html.match(/<title>(.*?)<\/title>/s)?.[1];
  const invite = "11111111-1111-4111-8111-111111111111.22222222-2222-4222-8222-222222222222";

  it.each([
    ["/login", enUS["auth.signIn.title"]],
    [`/login?invite=${invite}`, enUS["auth.invite.signInTitle"]],
    ["/signup", enUS["auth.signUp.title"]],
    ["/signup?type=partner", enUS["auth.signUp.partner"]],
    ["/404", enUS["notFound.title"]],
    ["/help", enUS["help.title"]],
  ])("names the screen %s renders, as its script will (%s)", async (path, name) => {
    const html = await (await call(path)).text();
    expect(titleOf(html)).toBe(escapeHtml(`${name} · TechFIT`));
    // The client starts from the same name, so the tab does not change when the script runs.
    expect(bootData(html).title).toBe(name);
  });

  it("escapes the screen's name (a catalogue text with a quote)", async () => {
    const html = await (await call("/signup?type=customer")).text();
    expect(enUS["auth.signUp.customer"]).toContain("'");
    expect(html).toContain("<title>I&#39;m a new customer · TechFIT</title>");
  });

  it("is the platform's name alone where the screen names nothing or the server shows the loader", async () => {
    const postAuth = await (await call("/post-auth")).text();
    expect(titleOf(postAuth)).toBe("TechFIT");
    expect(bootData(postAuth).title).toBeUndefined();
    const assessment = await (await call("/assessment/abc")).text();
    expect(titleOf(assessment)).toBe("TechFIT");
  });

  it("names a signed-in screen rendered by the server (whole, or as the shell with its skeleton) by the route's title in en-US", async () => {
    const cookie = await signInCookie(DEMO_USERS.customerMember.email);
    const get = async (path: string) => (await call(path, { headers: { Cookie: cookie } })).text();
    const home = await get("/");
    expect(titleOf(home)).toBe(`Welcome, ${DEMO_USERS.customerMember.firstName} · TechFIT`);
    expect(bootData(home)).toMatchObject({ ssr: true, route: "/", title: `Welcome, ${DEMO_USERS.customerMember.firstName}` });
    expect(bootData(await get("/bookings"))).toMatchObject({ ssr: true, skeleton: true, route: "/bookings" });
    expect(titleOf(await get("/bookings"))).toBe(`${enUS["bookings.title"]} · TechFIT`);
    expect(titleOf(await get("/workouts?category=strategy"))).toBe(`${enUS["enum.Category.strategy"]} · TechFIT`);
    expect(titleOf(await get("/workouts"))).toBe(`${enUS["catalogue.title"]} · TechFIT`);
    expect(titleOf(await get("/my-list"))).toBe(`${enUS["myList.title"]} · TechFIT`);

    const partner = await signInCookie(DEMO_USERS.partnerAdmin.email);
    const library = await (await call("/admin/workout-library", { headers: { Cookie: partner } })).text();
    expect(titleOf(library)).toBe(`${enUS["library.title"]} · TechFIT`);
  });

  it("escapes the signed-in user's name in the greeting", async () => {
    const cookie = await signInCookie(DEMO_USERS.customerMember.email);
    const token = bootData(await (await call("/", { headers: { Cookie: cookie } })).text()).identity.token as string;
    const fd = new FormData();
    fd.set("data", JSON.stringify({ firstName: "</title><script>alert(1)</script>", lastName: "X" }));
    expect((await apiAs(token).post("/v1/users", fd)).status).toBe(200);
    const html = await (await call("/", { headers: { Cookie: cookie } })).text();
    expect(html).not.toContain("</title><script>");
    expect(titleOf(html)).toBe("Welcome, &#60;/title&#62;&#60;script&#62;alert(1)&#60;/script&#62; · TechFIT");
    expect(bootData(html).title).toBe("Welcome, </title><script>alert(1)</script>");
  });
});
