/**
 * The server-rendered page starts the client from the session cookie: it
 * inlines the session, the user with memberships, the active account and a
 * bearer token (no request waterfall after hydration), and sends a signed-out
 * visitor who opens a screen that needs sign-in straight to sign-in (302),
 * before any JavaScript runs: the main domain's /login, from a partner's
 * domain too.
 */
import { describe, expect, it } from "vitest";
import { SIGN_IN_PATHS } from "../../client/app/guarded";
import { DEMO, DEMO_USERS } from "../../db/seed";
import { apiAs, authPost, getWithCookie, multipart, satelliteCookie, signInCookie, signUp } from "./auth";
import { call } from "./helpers";
import { nth } from "../present";

const MAIN = "http://localhost:5173";
const NORTHWIND = "http://learn.northwind.test:5173";
const NORTHWIND_HOST = "learn.northwind.test";

function bootData(html: string) {
  const m = html.match(/<script id="boot" type="application\/json">(.*?)<\/script>/s);
  if (!m) throw new Error("no boot data");
  return JSON.parse(nth(m, 1));
}

/** The satellite's return address, with the challenge of the browser's hand-off verifier. */
const CHALLENGED = new RegExp(`^${NORTHWIND}/post-auth\\?challenge=[\\w-]{43}$`);

/** A concrete path for each route pattern. */
const concrete = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, "0000");

describe("the satellite's redirect to sign-in, on the server", () => {
  it.each(SIGN_IN_PATHS.map(concrete))("sends a signed-out visitor of %s to the main domain's /login with redirectUrl", async (path) => {
    const res = await call(`${path}?invite=abc`, { host: NORTHWIND_HOST, redirect: "manual" });
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get("Location")!);
    expect(to.origin).toBe(MAIN);
    expect(to.pathname).toBe("/login");
    expect(to.searchParams.get("redirectUrl")).toMatch(CHALLENGED);
    expect(to.searchParams.get("invite")).toBe("abc");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
  });

  it("sends sign-in to the main domain's /login, dropping a stale redirectUrl and ott, and keeps sign-up on the partner's domain", async () => {
    const login = await call("/login?redirectUrl=https%3A%2F%2Fevil.test&ott=x", { host: NORTHWIND_HOST, redirect: "manual" });
    expect(login.status).toBe(302);
    const to = new URL(login.headers.get("Location")!);
    expect(`${to.origin}${to.pathname}`).toBe(`${MAIN}/login`);
    expect([...to.searchParams.keys()]).toEqual(["redirectUrl"]);
    expect(to.searchParams.get("redirectUrl")).toMatch(CHALLENGED);
    // With the embedded provider the partner's domain signs its visitors up itself (its mail is the partner's).
    expect((await call("/signup", { host: NORTHWIND_HOST, redirect: "manual" })).status).toBe(200);
  });

  it.each([
    ["/help", 200],
    ["/404", 404],
    ["/post-auth", 200],
    ["/post-auth?ott=abc", 200],
    ["/assessment/abc", 200],
    ["/signup", 200],
    ["/verify-email?token=x", 200],
    ["/forgot-password", 200],
    ["/reset-password", 200],
    ["/no-such-page", 404],
  ] as const)("renders the public page %s without a redirect (%i)", async (path, status) => {
    const res = await call(path, { host: NORTHWIND_HOST, redirect: "manual" });
    expect(res.status).toBe(status);
    // The partner's name closes the title (after the screen's name, for a screen the server renders itself).
    expect(await res.text()).toMatch(/<title>(?:[^<]+ · )?Northwind Learn<\/title>/);
  });

  it("renders a guarded screen for the satellite's own session", async () => {
    const satellite = await satelliteCookie(await signInCookie(DEMO_USERS.customerAdmin.email));
    const res = await getWithCookie(satellite, "/admin/profile", { host: NORTHWIND_HOST, redirect: "manual" });
    expect(res.status).toBe(200);
    const boot = bootData(await res.text());
    expect(boot.identity.me.email).toBe(DEMO_USERS.customerAdmin.email);
    expect(boot.identity.account.id).toBe(DEMO.customers.fabrikam.id);
  });

  it("redirects a visitor whose session cookie names no live session", async () => {
    const res = await getWithCookie("better-auth.session_token=forged.value", "/", { host: NORTHWIND_HOST, redirect: "manual" });
    expect(res.status).toBe(302);
  });
});

describe("the main domain's redirect to sign-in, on the server", () => {
  // An invite link of the older form (/onboarding?invite=) opens sign-up, where the invited address is filled in.
  it.each(SIGN_IN_PATHS.map(concrete))("sends a signed-out visitor of %s to sign-in (sign-up for an invite) with the same query", async (path) => {
    const res = await call(`${path}?invite=abc`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(path === "/onboarding" ? "/signup?invite=abc" : "/login?invite=abc");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
  });

  it.each(["/help", "/login", "/signup", "/post-auth", "/assessment/abc", "/verify-email?token=x", "/reset-password"])(
    "renders the public page %s without a redirect",
    async (path) => {
      expect((await call(path, { redirect: "manual" })).status).toBe(200);
    },
  );

  it.each(["/404", "/no-such-page"])("renders %s, not found, to a signed-out visitor without a redirect", async (path) => {
    expect((await call(path, { redirect: "manual" })).status).toBe(404);
  });

  it("renders a guarded screen for a signed-in visitor, and redirects once the session is signed out", async () => {
    const cookie = await signInCookie(DEMO_USERS.customerAdmin.email);
    expect((await getWithCookie(cookie, "/admin/profile", { redirect: "manual" })).status).toBe(200);
    await authPost("/sign-out", {}, { cookie });
    const after = await getWithCookie(cookie, "/admin/profile", { redirect: "manual" });
    expect(after.status).toBe(302);
    expect(after.headers.get("Location")).toBe("/login");
  });
});

describe("the identity inlined in the page", () => {
  it("holds the session, the user with memberships, the active account and a token the API accepts", async () => {
    const cookie = await signInCookie(DEMO_USERS.partnerAdmin.email);
    const res = await getWithCookie(cookie, "/admin/profile");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const { identity } = bootData(await res.text());
    expect(identity.session.email).toBe(DEMO_USERS.partnerAdmin.email);
    expect(identity.account).toMatchObject({ id: DEMO.northwind.id, type: "partner" });
    const me = await apiAs(identity.token).get("/v1/users/me");
    expect(me.status).toBe(200);
    expect(identity.me).toEqual(await me.json());
  });

  it("is null without a session cookie (no D1 call), or with a signed-out session's cookie", async () => {
    const anonymous = await call("/login");
    expect(bootData(await anonymous.text()).identity).toBeNull();
    expect(anonymous.headers.get("Cache-Control")).toBe("no-cache");
    const cookie = await signInCookie(DEMO_USERS.customerAdmin.email);
    const out = await authPost("/sign-out", {}, { cookie });
    expect(out.status).toBe(200);
    const after = await getWithCookie(cookie, "/");
    expect(bootData(await after.text()).identity).toBeNull();
  });

  it("cannot be made to end the boot script through the user's name", async () => {
    const { token, cookie } = await signUp("Script Person");
    const saved = await apiAs(token).post("/v1/users", multipart({ firstName: "</script><script>alert(1)</script>", lastName: "X" }));
    expect(saved.status).toBe(200);
    const html = await (await getWithCookie(cookie, "/")).text();
    expect(html).not.toContain("<script>alert(1)");
    expect(bootData(html).identity.me.firstName).toBe("</script><script>alert(1)</script>");
  });
});
