import type { Context } from "hono";
import type { AppEnv } from "../env";
import { rememberSignupPartner } from "../data/auth-links";
import { organizationUnderPartner } from "../data/customers";
import { identityProvider, NOT_AVAILABLE_HERE, providerOrigins } from "./context";
import { embeddedAuth } from "./embedded";
import { forgetSessions } from "./tokens";
import { cookieSessionOnHost } from "./host-session";
import { pendingInvite } from "../data/invite-links";
import { InviteCode, inviteCodeParts, withPresentedInvite, type PresentedInvite } from "./invite-signup";

/**
 * What a satellite (a connected partner domain) may reach of the provider:
 * its own session, bearer tokens, the organisation switch, sign-out and the
 * hand-off redeem; sign-up, so a partner's new customer signs up on the
 * partner's domain and gets the partner's mail; and what the mailed links
 * need, as a partner's mail links back to its own domain
 * (worker/identity/auth-mail.ts): confirming an address (which signs in
 * there, ./confirmation.ts), asking for a new link, a password reset. Each
 * with the main domain's rate limits and answers. Sign-in happens on the main
 * domain only (the hand-off brings the session back).
 */
const SATELLITE_ROUTES = new Set([
  "GET /get-session",
  "GET /token",
  "POST /organization/set-active",
  "POST /sign-out",
  "POST /revoke-sessions",
  "POST /handoff/redeem",
  "POST /sign-up/email",
  "POST /sign-up/invite",
  "POST /confirm-email",
  "POST /send-verification-email",
  "POST /request-password-reset",
  "POST /reset-password",
]);

/** The satellite routes that act on the session of the request's cookie (worker/identity/host-session.ts checks it first). */
const COOKIE_SESSION_ROUTES = new Set(["GET /get-session", "GET /token", "POST /organization/set-active"]);

/**
 * On a partner's domain the organisation switch reaches only that partner's
 * own organisation or one of its customers' (or none): the session there acts
 * for nothing else. Named by id; a slug is not taken there.
 */
async function switchAllowedHere(c: Context<AppEnv>, partnerId: string | null): Promise<boolean> {
  const body = await c.req.raw
    .clone()
    .json<{ organizationId?: unknown; organizationSlug?: unknown }>()
    .catch(() => null);
  if (!body || !partnerId || body.organizationSlug !== undefined) return false;
  if (body.organizationId === null || body.organizationId === undefined) return true;
  return typeof body.organizationId === "string" && (await organizationUnderPartner(c.get("directory"), partnerId, body.organizationId));
}

/**
 * The pending invite a sign-up by invite link presents, read from the
 * request's shard: on a partner's domain only an invite to that partner or
 * one of its customers (the session made there is that partner's).
 */
async function presentedInvite(c: Context<AppEnv>): Promise<PresentedInvite | null> {
  const body = await c.req.raw
    .clone()
    .json<{ invite?: unknown }>()
    .catch(() => null);
  const code = InviteCode.safeParse(body?.invite);
  const tenant = c.get("tenant");
  if (!code.success || (tenant.mode === "satellite" && !tenant.partner)) return null;
  const { accountId, inviteId } = inviteCodeParts(code.data);
  const partnerId = tenant.partner?.id ?? null;
  const invite = await pendingInvite(c.get("directory"), accountId, inviteId, partnerId);
  return invite ? { ...invite, partnerId } : null;
}

/** Calls after which some session may have ended: this isolate re-checks sessions at once. */
const ENDS_SESSIONS = /^\/(sign-out|revoke-|delete-user|change-password|reset-password|sign-up|confirm-email)/;

/**
 * /api/auth/*: the embedded provider (absent when Clerk is configured), on
 * trusted origins only. An unknown host, or a satellite asking for more than
 * it needs, gets 404 as if nothing were there.
 */
export async function embeddedProvider(c: Context<AppEnv>): Promise<Response> {
  if (identityProvider(c.env) !== "embedded") return c.notFound();
  const tenant = c.get("tenant");
  const where = providerOrigins(c.env, tenant, new URL(c.req.url).origin);
  if (!where) return c.notFound();
  const route = `${c.req.method} ${c.req.path.slice("/api/auth".length)}`;
  if (tenant.mode === "satellite" && !SATELLITE_ROUTES.has(route)) return c.notFound();
  if (tenant.mode === "satellite" && COOKIE_SESSION_ROUTES.has(route) && !(await cookieSessionOnHost(c))) {
    // A session this domain does not take (another partner's, or the main domain's without an account here): signed out here.
    return route === "GET /get-session" ? c.json(null) : c.json({ code: "UNAUTHORIZED", message: "Sign in to continue" }, 401);
  }
  if (tenant.mode === "satellite" && route === "POST /organization/set-active" && !(await switchAllowedHere(c, tenant.partner?.id ?? null))) {
    return c.json({ code: "NOT_AVAILABLE_HERE", message: NOT_AVAILABLE_HERE }, 403);
  }
  if (route === "POST /sign-up/email") {
    // Later mail to a still unconfirmed address (a sign-in on the main domain before confirming) speaks for the
    // partner on whose domain it was last signed up; a sign-up on the main domain forgets that (before its own mail).
    const body = await c.req.raw
      .clone()
      .json<{ email?: unknown }>()
      .catch(() => null);
    if (typeof body?.email === "string" && body.email.length <= 320) await rememberSignupPartner(c.get("directory"), body.email, tenant.partner?.id ?? null);
  }
  const auth = embeddedAuth(c.env, where.base, where.trusted);
  const res =
    route === "POST /sign-up/invite" ? await withPresentedInvite(await presentedInvite(c), () => auth.handler(c.req.raw)) : await auth.handler(c.req.raw);
  if (c.req.method === "POST" && ENDS_SESSIONS.test(route.slice(5))) forgetSessions();
  return res;
}
