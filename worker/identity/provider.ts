import type { Context } from "hono";
import type { AppEnv } from "../env";
import { identityProvider, providerOrigins } from "./context";
import { embeddedAuth } from "./embedded";
import { forgetSessions } from "./tokens";

/**
 * What a satellite (a connected partner domain) may reach of the provider:
 * its own session, bearer tokens, the organisation switch, sign-out and the
 * hand-off redeem; and what the mailed links need, as a partner's mail links
 * back to its own domain (worker/identity/auth-mail.ts): confirming an
 * address, asking for a new link, a password reset. Sign-in and sign-up
 * happen on the main domain only.
 */
const SATELLITE_ROUTES = new Set([
  "GET /get-session",
  "GET /token",
  "POST /organization/set-active",
  "POST /sign-out",
  "POST /revoke-sessions",
  "POST /handoff/redeem",
  "GET /verify-email",
  "POST /send-verification-email",
  "POST /request-password-reset",
  "POST /reset-password",
]);

/** Calls after which some session may have ended: this isolate re-checks sessions at once. */
const ENDS_SESSIONS = /^\/(sign-out|revoke-|delete-user|change-password|reset-password)/;

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
  const res = await embeddedAuth(c.env, where.base, where.trusted).handler(c.req.raw);
  if (c.req.method === "POST" && ENDS_SESSIONS.test(route.slice(5))) forgetSessions();
  return res;
}
