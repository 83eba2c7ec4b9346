import { env } from "cloudflare:workers";
import { count, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { DEMO_PASSWORD, DEMO_USERS } from "../../db/seed";
import { app } from "../../worker/index";
import { LOGIN_BODY_LIMIT } from "../../worker/ssr/login-post";
import { authed, freshEmail, lastMailTo, NEW_PASSWORD, nextIp, postSignUp, tokenForCookie } from "./auth";
import { call, json } from "./helpers";
import { nth } from "../present";
import { withClockHeld } from "./clock";

const ORIGIN = "http://localhost";
const CARA = DEMO_USERS.customerAdmin.email;

/** The sign-in form as a browser posts it from /login (same origin), from one client address; a header given as "" is left out. */
function post(fields: Record<string, string>, init: { query?: string; headers?: Record<string, string>; ip?: string; host?: string } = {}) {
  return call(`/login${init.query ?? ""}`, {
    method: "POST",
    host: init.host,
    redirect: "manual",
    headers: Object.entries({
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: ORIGIN,
      "Sec-Fetch-Site": "same-origin",
      "CF-Connecting-IP": init.ip ?? nextIp(),
      ...init.headers,
    }).filter(([, value]) => value !== ""),
    body: new URLSearchParams(fields).toString(),
  });
}

const sessionCookies = (res: Response) => res.headers.getSetCookie().filter((c) => /better-auth\.session_token=/.test(c));
const cookieHeader = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

function bootData(html: string) {
  const m = html.match(/<script id="boot" type="application\/json">(.*?)<\/script>/s);
  if (!m) throw new Error("no boot data");
  return JSON.parse(nth(m, 1));
}
const root = (html: string) => html.match(/<div id="root">(.*?)<\/div><script id="boot"/s)?.[1] ?? "";

async function sessionsOf(email: string): Promise<number> {
  const db = drizzle(env.DB, { schema });
  const [user] = await db.select().from(schema.authUsers).where(eq(schema.authUsers.email, email));
  if (!user) throw new Error(`no user ${email}`);
  const [row] = await db.select({ n: count() }).from(schema.authSessions).where(eq(schema.authSessions.userId, user.id));
  return row?.n ?? 0;
}

describe("POST /login: the sign-in form without its script", () => {
  it("signs in, sets the provider's session cookie and sends the browser to /post-auth with the same query", async () => {
    const query = `?redirectUrl=${encodeURIComponent("http://learn.northwind.test:5173/post-auth")}&invite=abc.def`;
    const res = await post({ email: CARA, password: DEMO_PASSWORD }, { query });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/post-auth${query}`);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const [session] = sessionCookies(res);
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);

    // The cookie is a working session: a bearer token for the API, and a signed-in page.
    const cookie = cookieHeader(res);
    const me = await json(await call("/v1/users/me", authed(await tokenForCookie(cookie))));
    expect(me.email).toBe(CARA);
    const page = await call("/help", { headers: { Cookie: cookie } });
    expect(bootData(await page.text()).identity.session.email).toBe(CARA);
  });

  it("trims the address as the client does", async () => {
    const res = await post({ email: `  ${CARA} `, password: DEMO_PASSWORD });
    expect(res.status).toBe(303);
    expect(sessionCookies(res)).toHaveLength(1);
  });

  it("answers a wrong password with the sign-in page again: 401, the client's message as an alert, the address kept, no session", async () => {
    const before = await sessionsOf(CARA);
    const res = await post({ email: CARA, password: "not-the-password" }, { query: "?invite=abc.def" });
    expect(res.status).toBe(401);
    expect(res.headers.get("Content-Type")).toMatch(/text\/html/);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(sessionCookies(res)).toEqual([]);
    const html = await res.text();
    const body = root(html);
    expect(body).toMatch(/<p role="alert"[^>]*>Wrong email or password\.<\/p>/);
    expect(body).toMatch(new RegExp(`<input[^>]*type="email"[^>]*name="email"[^>]*value="${CARA.replace(/\./g, "\\.")}"`));
    expect(body).toMatch(/<input(?=[^>]*name="password")(?![^>]*value="[^"])[^>]*>/);
    expect(html).not.toContain("not-the-password");
    // The client's first render shows the same (no hydration mismatch).
    expect(bootData(html)).toMatchObject({ ssr: true, identity: null, loginFailure: { email: CARA, kind: "invalid" } });
    expect(await sessionsOf(CARA)).toBe(before);
  });

  it.each([
    ["empty fields", { email: "", password: "" }, { email: "form.requiredField", password: "form.requiredField" }, ["Required", "Required"]],
    ["no fields at all", {}, { email: "form.requiredField", password: "form.requiredField" }, ["Required", "Required"]],
    ["a malformed address", { email: "not-an-address", password: "x" }, { email: "message.invalidEmail" }, ["Invalid Email"]],
  ])("answers %s with 400 and the form's own field messages, asking the provider nothing", async (_, fields, expected, messages) => {
    const res = await post(fields);
    expect(res.status).toBe(400);
    expect(sessionCookies(res)).toEqual([]);
    const html = await res.text();
    expect(bootData(html).loginFailure).toEqual({ email: (fields as { email?: string }).email ?? "", fields: expected });
    const shown = [...root(html).matchAll(/<p id="[^"]*-error"[^>]*>([^<]*)<\/p>/g)].map((m) => m[1]);
    expect(shown).toEqual(messages);
    expect(root(html)).not.toContain('role="alert"');
  });

  it("sends an unconfirmed address to the inbox screen, as the client does, after the provider mailed a new link", async () => {
    const email = freshEmail();
    expect((await postSignUp(email)).status).toBe(200);
    const first = await lastMailTo(email, "Confirm your email address");
    const res = await post({ email, password: NEW_PASSWORD }, { query: "?invite=abc.def" });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/verify-email?next=${encodeURIComponent("/post-auth?invite=abc.def")}`);
    expect(sessionCookies(res)).toEqual([]);
    const again = await lastMailTo(email, "Confirm your email address");
    expect(again?.id).not.toBe(first?.id);
  });

  // Under a held clock: the rate window cannot pass between the attempts on a slow machine.
  it("shares the provider's rate limit with the JSON sign-in: the next attempt from that address is refused with the client's message", () =>
    withClockHeld(async () => {
      const ip = nextIp();
      for (let i = 0; i < 5; i++) {
        const res = await call("/api/auth/sign-in/email", {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: ORIGIN, "CF-Connecting-IP": ip },
          body: JSON.stringify({ email: CARA, password: "wrong-password" }),
        });
        expect(res.status).toBe(401);
      }
      for (let i = 0; i < 5; i++) expect((await post({ email: CARA, password: "wrong-password" }, { ip })).status).toBe(401);
      const limited = await post({ email: CARA, password: DEMO_PASSWORD }, { ip });
      expect(limited.status).toBe(429);
      expect(sessionCookies(limited)).toEqual([]);
      expect(root(await limited.text())).toMatch(/<p role="alert"[^>]*>Too many attempts\. Please wait a minute and try again\.<\/p>/);
      // Another address is not held back.
      expect((await post({ email: CARA, password: DEMO_PASSWORD })).status).toBe(303);
    }));

  it.each([
    ["a foreign Origin", { Origin: "https://evil.example" }],
    ["a foreign Origin beside a same-origin fetch metadata", { Origin: "https://evil.example", "Sec-Fetch-Site": "same-origin" }],
    ["an opaque Origin", { Origin: "null" }],
    ["the same host on another scheme", { Origin: "https://localhost" }],
    ["no Origin, from another site", { Origin: "", "Sec-Fetch-Site": "cross-site" }],
    ["no Origin, a foreign Referer", { Origin: "", "Sec-Fetch-Site": "", Referer: "https://evil.example/login" }],
    ["nothing that names where it came from", { Origin: "", "Sec-Fetch-Site": "" }],
  ])("refuses a post with %s (403), signing nobody in", async (_, headers) => {
    const before = await sessionsOf(CARA);
    const res = await post({ email: CARA, password: DEMO_PASSWORD }, { headers });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await sessionsOf(CARA)).toBe(before);
  });

  it.each([
    ["Sec-Fetch-Site: same-origin", { Origin: "", "Sec-Fetch-Site": "same-origin" }],
    ["a Referer of this origin", { Origin: "", "Sec-Fetch-Site": "", Referer: `${ORIGIN}/login?invite=abc.def` }],
  ])("takes a post without an Origin header when %s says it came from here", async (_, headers) => {
    const res = await post({ email: CARA, password: DEMO_PASSWORD }, { headers });
    expect(res.status).toBe(303);
    expect(sessionCookies(res)).toHaveLength(1);
  });

  it("refuses a body over the limit (413) and anything but a urlencoded form (415)", async () => {
    const big = await post({ email: CARA, password: "x".repeat(LOGIN_BODY_LIMIT) });
    expect(big.status).toBe(413);
    expect(sessionCookies(big)).toEqual([]);
    const asJson = await call("/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN, "CF-Connecting-IP": nextIp() },
      body: JSON.stringify({ email: CARA, password: DEMO_PASSWORD }),
    });
    expect(asJson.status).toBe(415);
    expect(sessionCookies(asJson)).toEqual([]);
  });

  it("is not there on a partner's domain, whose sign-in is the main domain's", async () => {
    const host = "learn.northwind.test";
    const res = await post({ email: CARA, password: DEMO_PASSWORD }, { host, headers: { Origin: `http://${host}` } });
    expect(res.status).toBe(404);
    expect(sessionCookies(res)).toEqual([]);
  });

  it("is not there with Clerk, which signs in with its own screens", async () => {
    const clerk = { CLERK_PUBLISHABLE_KEY: "pk_test_x", CLERK_SECRET_KEY: "sk_test_x", CLERK_JWT_KEY: "key" };
    const res = await app.fetch(
      new Request(`${ORIGIN}/login`, {
        method: "POST",
        headers: { Host: "localhost", "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, "CF-Connecting-IP": nextIp() },
        body: new URLSearchParams({ email: CARA, password: DEMO_PASSWORD }).toString(),
      }),
      { ...env, ...clerk },
    );
    expect(res.status).toBe(404);
    expect(sessionCookies(res)).toEqual([]);
  });
});
