import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { LoginFailure } from "../../contract/boot";
import { providerFailure } from "../../client/auth/embedded";
import { signInErrors } from "../../client/features/auth/signInRules";
import type { AppEnv } from "../env";
import { identityProvider, providerOrigins } from "../identity/context";
import { embeddedAuth } from "../identity/embedded";
import { renderPageWith } from "./render";

/**
 * POST /login: the server-rendered sign-in form posted before (or without)
 * its script. The sign-in is the provider's own: the same request the
 * client's JavaScript makes (`/api/auth/sign-in/email` as JSON) goes through
 * better-auth's handler in-process, so its origin check, its rate limit, the
 * unverified-address rule (a new link is mailed) and its cookies apply as
 * they do there. Signed in: 303 to /post-auth with the same query, where the
 * client goes after its own sign-in. Refused: the sign-in page again, with
 * the address kept and the client's message for that refusal. Embedded
 * provider on the main domain only (with Clerk, and on a partner's domain,
 * whose /login goes to the main domain, nothing is here).
 */

/** Enough for the longest address and password the rules allow, percent-encoded. */
export const LOGIN_BODY_LIMIT = 4 * 1024;

const FORM = /^application\/x-www-form-urlencoded\s*(;|$)/i;

/** Headers of the visitor's request the provider reads (its rate limit's client address, the session cookie it may replace, fetch metadata). */
const PASSED_ON = ["cookie", "user-agent", "cf-connecting-ip", "x-forwarded-for", "accept-language", "sec-fetch-site", "sec-fetch-mode", "sec-fetch-dest"];

function originOf(url: string | undefined): string | null {
  if (!url || !URL.canParse(url)) return null;
  return new URL(url).origin;
}

/**
 * A form post is a cross-site request forgery surface: only a post from a
 * page of this very origin is taken. The Origin header decides when the
 * browser sent one (a "null" origin is refused); without it, fetch
 * metadata (Sec-Fetch-Site: same-origin); without either, the Referer.
 */
export function postedFromHere(c: Context<AppEnv>): boolean {
  const here = new URL(c.req.url).origin;
  const origin = c.req.header("Origin");
  if (origin !== undefined) return origin === here;
  const site = c.req.header("Sec-Fetch-Site");
  if (site !== undefined) return site === "same-origin";
  return originOf(c.req.header("Referer")) === here;
}

/** The sign-in page again, with the refusal the client would show (the provider's status, or 400 for the form's own rules). */
function refused(c: Context<AppEnv>, status: 400 | 401 | 403 | 429 | 500, loginFailure: LoginFailure): Promise<Response> {
  return renderPageWith(c, { status, loginFailure });
}

function see(location: string, setCookies: string[] = []): Response {
  const headers = new Headers({ Location: location, "Cache-Control": "no-store" });
  setCookies.forEach((value) => headers.append("Set-Cookie", value));
  return new Response(null, { status: 303, headers });
}

async function signInWithForm(c: Context<AppEnv>): Promise<Response> {
  if (!FORM.test(c.req.header("Content-Type") ?? "")) return c.text("Unsupported Media Type", 415, { "Cache-Control": "no-store" });
  const form = new URLSearchParams(await c.req.text());
  const email = form.get("email") ?? "";
  const password = form.get("password") ?? "";
  const fields = signInErrors({ email, password });
  if (fields.email || fields.password) return refused(c, 400, { email, fields });

  const here = new URL(c.req.url);
  const where = providerOrigins(c.env, c.get("tenant"), here.origin);
  if (!where) return c.notFound();
  const headers = new Headers({ "Content-Type": "application/json", Origin: here.origin });
  for (const name of PASSED_ON) {
    const value = c.req.header(name);
    if (value !== undefined) headers.set(name, value);
  }
  const answer = await embeddedAuth(c.env, where.base, where.trusted).handler(
    new Request(new URL("/api/auth/sign-in/email", here), { method: "POST", headers, body: JSON.stringify({ email: email.trim(), password }) }),
  );
  const setCookies = answer.headers.getSetCookie();
  const next = `/post-auth${here.search}`;
  if (answer.ok) return see(next, setCookies);
  const failure = providerFailure(answer.status, await answer.json<{ code?: string; message?: string }>().catch(() => null));
  // As the client does: the provider has mailed a new confirmation link; the inbox screen explains it.
  if (failure.kind === "unverified") return see(`/verify-email?next=${encodeURIComponent(next)}`, setCookies);
  const status = answer.status >= 500 ? 500 : answer.status === 401 || answer.status === 403 || answer.status === 429 ? answer.status : 400;
  const page = await refused(c, status, { email, kind: failure.kind });
  setCookies.forEach((value) => page.headers.append("Set-Cookie", value));
  return page;
}

export const loginPost = new Hono<AppEnv>();

// The checks come before the body is read: the provider and domain that serve this form, the origin, then the size.
loginPost.post(
  "/login",
  async (c, next) => {
    if (identityProvider(c.env) !== "embedded" || c.get("tenant").mode !== "main") return c.notFound();
    if (!postedFromHere(c)) return c.text("Forbidden", 403, { "Cache-Control": "no-store" });
    await next();
  },
  bodyLimit({ maxSize: LOGIN_BODY_LIMIT, onError: (c) => c.text("Payload Too Large", 413, { "Cache-Control": "no-store" }) }),
  signInWithForm,
);
