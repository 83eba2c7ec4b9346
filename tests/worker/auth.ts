import { env } from "cloudflare:workers";
import { and, desc, eq, like } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { expect } from "vitest";
import * as schema from "../../db/schema";
import { DEMO_PASSWORD, DEMO_USERS, type DemoUserKey } from "../../db/seed";
import { call, type Bindings } from "./helpers";
import { nth } from "../present";
import { withBodies } from "./mail-bodies";

const ORIGIN = "http://localhost";
let ip = 0;

/** A distinct client address per sign-in, so the sign-in rate limit does not couple tests. */
export const nextIp = () => `10.0.${Math.floor(++ip / 250)}.${ip % 250}`;

/**
 * Posts `body` as JSON to the embedded provider's own `/api/auth{path}` as the
 * browser does: from the origin of `host` (the main domain unless given), from
 * a client address of its own unless `ip` is given, with the session `cookie` if any.
 */
export function authPost(path: string, body: unknown, opts: { host?: string; ip?: string; cookie?: string; bindings?: Bindings } = {}): Promise<Response> {
  const headers = new Headers({
    "Content-Type": "application/json",
    Origin: opts.host ? `http://${opts.host}` : ORIGIN,
    "CF-Connecting-IP": opts.ip ?? nextIp(),
  });
  if (opts.cookie) headers.set("Cookie", opts.cookie);
  return call(`/api/auth${path}`, { method: "POST", host: opts.host, headers, body: JSON.stringify(body), bindings: opts.bindings });
}

/** The cookies a response sets, as the Cookie header of the next request. */
export const cookieOf = (res: Response): string =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

/** Signs in with email and password through the embedded provider; answers the session cookie. */
export async function signInCookie(email: string, password = DEMO_PASSWORD, clientIp = nextIp()): Promise<string> {
  const res = await authPost("/sign-in/email", { email, password }, { ip: clientIp });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return cookieOf(res);
}

/**
 * A GET as the browser sends it with `cookie` (a session's, or a visitor's
 * preferences): a server-rendered page, or the embedded provider's session and token.
 */
export function getWithCookie(cookie: string, path: string, opts: { host?: string; redirect?: RequestRedirect } = {}): Promise<Response> {
  return call(path, { ...opts, headers: { Cookie: cookie } });
}

/** A bearer token (JWT) for a session cookie, as the client gets it from /api/auth/token. */
export async function tokenForCookie(cookie: string): Promise<string> {
  const res = await getWithCookie(cookie, "/api/auth/token");
  if (res.status !== 200) throw new Error(`token failed: ${res.status}`);
  return (await res.json<{ token: string }>()).token;
}

const cache = new Map<string, Promise<string>>();

/** Forgets the demo users' tokens (their sessions go when the database is reset). */
export function forgetTokens(): void {
  cache.clear();
}

/**
 * What a signed-out browser gets from a partner's domain (Northwind's by
 * default) on its way to the main domain's sign-in: the hand-off verifier
 * cookie there and the `redirectUrl` (with its challenge) the main domain's
 * post-auth hands to create.
 */
export async function satelliteStart(origin = "http://learn.northwind.test:5173", cookie?: string): Promise<{ verifier: string; redirectUrl: string }> {
  const res = await call("/login", { host: new URL(origin).host, redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
  if (res.status !== 302) throw new Error(`satellite sign-in did not redirect: ${res.status}`);
  const redirectUrl = new URL(res.headers.get("Location")!).searchParams.get("redirectUrl")!;
  const verifier = cookieOf(res)
    .split("; ")
    .find((c) => c.startsWith("handoff_verifier="))!;
  return { verifier, redirectUrl };
}

/**
 * Hands the main domain's signed-in `cookie` to a partner's domain (Northwind's
 * by default) as a browser does: the satellite's sign-in redirect, create and
 * redeem; answers the session cookie there.
 */
export async function satelliteCookie(cookie: string, origin = "http://learn.northwind.test:5173"): Promise<string> {
  const { verifier, redirectUrl } = await satelliteStart(origin);
  const created = await call("/api/auth/handoff/create", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: ORIGIN, Cookie: cookie },
    body: JSON.stringify({ redirectUrl }),
  });
  if (created.status !== 200) throw new Error(`hand-off create failed: ${created.status} ${await created.text()}`);
  const ott = new URL((await created.json<{ url: string }>()).url).searchParams.get("ott")!;
  const redeemed = await call("/api/auth/handoff/redeem", {
    method: "POST",
    host: new URL(origin).host,
    headers: { "Content-Type": "application/json", Origin: origin, Cookie: verifier },
    body: JSON.stringify({ token: ott }),
  });
  if (redeemed.status !== 200) throw new Error(`hand-off redeem failed: ${redeemed.status}`);
  return cookieOf(redeemed)
    .split("; ")
    .filter((c) => !c.startsWith("handoff_verifier="))
    .join("; ");
}

/**
 * A bearer token for one of the demo users (README's demo sign-ins). Requests
 * sent at once share one sign-in.
 */
export function tokenFor(who: DemoUserKey): Promise<string> {
  let token = cache.get(who);
  if (!token) {
    token = signInCookie(DEMO_USERS[who].email).then(tokenForCookie);
    cache.set(who, token);
  }
  return token;
}

export const NEW_PASSWORD = "Str0ng-pass!";
export const freshEmail = () => `user-${crypto.randomUUID().slice(0, 8)}@example.test`;

/** Posts a sign-up to the embedded provider; answers the raw response (no session until the address is verified). */
export function postSignUp(email: string, name = "New Person", password = NEW_PASSWORD, extra: Record<string, unknown> = {}) {
  return authPost("/sign-up/email", { email, password, name, ...extra });
}

/** The newest outbox mail to `email` whose subject contains `subject`. */
export async function lastMailTo(email: string, subject: string) {
  const rows = await withBodies(
    drizzle(env.DB, { schema })
      .select()
      .from(schema.mailOutbox)
      .where(and(eq(schema.mailOutbox.to, email.toLowerCase()), like(schema.mailOutbox.subject, `%${subject}%`)))
      .orderBy(desc(schema.mailOutbox.createdAt))
      .limit(1),
  );
  return rows[0] ?? null;
}

/** The token of the link to `path` (/verify-email or /reset-password) in a mail's text. */
export function linkToken(text: string, path: string): string {
  const m = text.match(new RegExp(`https?://\\S+${path}\\?token=([^&\\s]+)`));
  if (!m) throw new Error(`no ${path} link in: ${text}`);
  return decodeURIComponent(nth(m, 1));
}

/**
 * Hands a confirmation link's token to the embedded provider with the
 * password, as the client's /verify-email does (from a browser holding
 * `cookie`, if given); answers the response.
 */
export function verifyEmail(token: string, password = NEW_PASSWORD, cookie?: string): Promise<Response> {
  return authPost("/confirm-email", { token, password }, { cookie });
}

/** The token of the newest confirmation mail to `email`. */
export async function confirmationToken(email: string): Promise<string> {
  const mail = await lastMailTo(email, "Confirm your email address");
  if (!mail) throw new Error(`no confirmation mail to ${email}`);
  return linkToken(mail.text, "/verify-email");
}

/** Follows the confirmation link of the newest mail to `email` with the password; answers the response. */
export async function verifyFromMail(email: string, password = NEW_PASSWORD) {
  return verifyEmail(await confirmationToken(email), password);
}

/** Signs up a brand-new user (no account yet) and verifies the address through the mail; answers the token and email. */
export async function signUp(name = "New Person", email = freshEmail()): Promise<{ token: string; email: string; cookie: string }> {
  const res = await postSignUp(email, name);
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const verified = await verifyFromMail(email);
  if (verified.status !== 200) throw new Error(`verification failed: ${verified.status} ${await verified.text()}`);
  const cookie = cookieOf(verified);
  return { token: await tokenForCookie(cookie), email, cookie };
}

/** An account's required details besides its name and type (POST v1/accounts, PUT …/profile). */
export const ACCOUNT_DETAILS = {
  website: "tailspin.test",
  industry: "transport",
  size: "250+",
  primaryEmail: "ops@tailspin.test",
  currency: "USD",
  location: "US",
  language: "enGB",
};

/**
 * A brand-new user who owns a new customer account (POST v1/accounts with
 * its required details), not linked to any provider; answers the user's
 * token, cookie and email and the account's id.
 */
export async function newCustomer(name = `New Co ${crypto.randomUUID().slice(0, 4)}`): Promise<{ token: string; cookie: string; email: string; id: string }> {
  const user = await signUp("Cora Customer");
  const res = await apiAs(user.token).post("/v1/accounts", multipart({ ...ACCOUNT_DETAILS, name, type: "customer" }));
  if (res.status !== 201) throw new Error(`account creation failed: ${res.status} ${await res.text()}`);
  const { id } = await res.json<{ id: string }>();
  return { ...user, id };
}

/** A new customer account (`newCustomer`) linked to Northwind by its TAN, with no plan and no credits. */
export async function newNorthwindCustomer() {
  const customer = await newCustomer();
  const linked = await apiAs(customer.token, { accountId: customer.id }).post(`/v1/admin/accounts/${customer.id}/assign-parent`, { tan: "482913" });
  expect(linked.status).toBe(200);
  return customer;
}

/** The headers of a bearer request, for a test that builds its own requests (API calls go through `apiAs`). */
export function authed(token: string, init: RequestInit & { host?: string; accountId?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set("Authorization", `Bearer ${token}`);
  if (init.accountId) headers.set("X-Account-Id", init.accountId);
  return { ...init, headers };
}

export function multipart(data: unknown, files: Record<string, Blob & { name?: string }> = {}): FormData {
  const fd = new FormData();
  fd.set("data", JSON.stringify(data));
  for (const [field, blob] of Object.entries(files)) fd.set(field, blob, blob instanceof File ? blob.name : "upload");
  return fd;
}

/** Smallest valid PNG (1×1). */
export const PNG = new Blob(
  [Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0))],
  { type: "image/png" },
);

/** A demo user, a bearer token (sent as it is, even a malformed one), or null for a request with no token. */
export type Caller = DemoUserKey | (string & {}) | null;

const isDemoUser = (who: string): who is DemoUserKey => Object.hasOwn(DEMO_USERS, who);

/**
 * The Worker's API as one caller: `apiAs("partnerAdmin").post("/v1/admin/teams", body)`.
 * A body is sent as JSON, except FormData and strings, which go as they are;
 * `accountId` adds the X-Account-Id header, `host` is the host asked for (or
 * the path is an absolute URL), `headers` go with every request, and
 * `bindings` are laid over the test bindings (a deployment's configuration).
 */
export function apiAs(who: Caller, opts: { accountId?: string; host?: string; headers?: HeadersInit; bindings?: Bindings } = {}) {
  const send = async (method: string, path: string, body?: unknown): Promise<Response> => {
    const headers = new Headers(opts.headers);
    if (who !== null) headers.set("Authorization", `Bearer ${isDemoUser(who) ? await tokenFor(who) : who}`);
    if (opts.accountId) headers.set("X-Account-Id", opts.accountId);
    if (body !== undefined && !(body instanceof FormData)) headers.set("Content-Type", "application/json");
    const payload = body === undefined || body instanceof FormData || typeof body === "string" ? body : JSON.stringify(body);
    return call(path, { method, headers, body: payload, host: opts.host, bindings: opts.bindings });
  };
  return {
    send,
    get: (path: string) => send("GET", path),
    post: (path: string, body?: unknown) => send("POST", path, body),
    put: (path: string, body?: unknown) => send("PUT", path, body),
    patch: (path: string, body?: unknown) => send("PATCH", path, body),
    delete: (path: string, body?: unknown) => send("DELETE", path, body),
  };
}

/** A caller made by `apiAs`. */
export type Api = ReturnType<typeof apiAs>;
