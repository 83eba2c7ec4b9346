import type { BetterAuthPlugin, GenericEndpointContext, User } from "better-auth";
import { APIError, createAuthEndpoint, getSessionFromCtx, sessionMiddleware } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { and, eq, sql } from "drizzle-orm";
import * as z from "zod";
import { accounts, authMembers, authVerifications, invites } from "../../db/schema";
import { bindSessionToPartner } from "../data/auth-links";
import { underPartner } from "../data/customers";
import { database } from "../db";
import type { Db } from "../env";
import { hostOf, isMainHost } from "../tenant/resolve";
import { satelliteOfOrigin, type Satellite } from "../tenant/origins";

/**
 * The satellite hand-off of the embedded provider: the door between the main
 * domain and a partner's custom domain, so it opens only one way and only for
 * its owner.
 *
 * The browser that will redeem is the one that left the satellite: before
 * sending a signed-out visitor to the main domain's sign-in, the satellite's
 * server gives the browser a secret verifier in an HttpOnly cookie of its own
 * host (`handoffStart`) and puts the verifier's challenge (SHA-256,
 * base64url) in the return address: `redirectUrl =
 * <registered origin>/post-auth?challenge=<challenge>`, like PKCE.
 *
 * POST /api/auth/handoff/create (main domain, signed in) takes that
 * `redirectUrl`. It answers a one-time token only when the URL is exactly
 * `<registered origin of a connected satellite domain>/post-auth` with a
 * challenge and the user belongs to that partner (a member of the partner or
 * of one of its customers, or of no account at all yet: a fresh sign-up
 * onboards there), or has a pending invite there to their verified address
 * (an invite link followed by an existing user); otherwise 403 HANDOFF_NOT_AVAILABLE (or 400 for a URL that
 * is no satellite). Without a challenge (the visitor started on the main
 * domain) it answers no token but the satellite's /login, which starts the
 * hand-off from that browser. The token is stored hashed, bound to the user,
 * the partner, that origin and the challenge, for two minutes.
 *
 * POST /api/auth/handoff/redeem (on that satellite host, Origin exactly its
 * registered origin) consumes the token once and signs the browser in on that
 * host with a NEW session, only when the browser's verifier matches the
 * token's challenge, and never in place of a session of another user there
 * (409 HANDOFF_SESSION_CONFLICT: a link does not switch accounts); the main
 * domain's session is never handed over.
 */
export const HANDOFF_TTL_MS = 2 * 60 * 1000;
export const HANDOFF_PATH = "/post-auth";
/** The satellite's cookie with the browser's hand-off verifier; it lives as long as a sign-up may take to confirm. */
export const VERIFIER_COOKIE = "handoff_verifier";
const VERIFIER_MAX_AGE_S = 60 * 60;
/** Where the main domain sends a visitor who did not come from the satellite: its sign-in, which starts the hand-off. */
const SATELLITE_START_PATH = "/login";
const PREFIX = "satellite-handoff:";
const CHALLENGE = /^[\w-]{43}$/;

type OriginEnv = { APP_ENV: string; MAIN_ORIGIN: string; MAIN_HOST: string; DB: D1Database };
type Bound = { userId: string; partnerId: string; origin: string; challenge: string };

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const randomToken = () => base64url(crypto.getRandomValues(new Uint8Array(32)));

/** The challenge of a verifier: its SHA-256, base64url (43 characters). */
export async function codeChallenge(verifier: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))));
}

function cookieValue(header: string | null | undefined, name: string): string | null {
  return header?.match(new RegExp(`(?:^|;\\s*)${name}=([\\w-]{43})(?:;|$)`))?.[1] ?? null;
}

/**
 * The satellite's side of a sign-in leaving for the main domain: this
 * browser's verifier (the one it has, else a new one) in an HttpOnly cookie of
 * the satellite's host, and the challenge that travels in `redirectUrl`.
 */
export async function handoffStart(cookieHeader: string | undefined, satelliteOrigin: string): Promise<{ challenge: string; setCookie: string }> {
  const verifier = cookieValue(cookieHeader, VERIFIER_COOKIE) ?? randomToken();
  const secure = satelliteOrigin.startsWith("https://") ? "; Secure" : "";
  return {
    challenge: await codeChallenge(verifier),
    setCookie: `${VERIFIER_COOKIE}=${verifier}; Path=/; Max-Age=${VERIFIER_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure}`,
  };
}

/**
 * The satellite a `redirectUrl` names, when it is exactly a connected
 * satellite's registered origin + /post-auth, with at most the browser's
 * challenge as its one parameter (null when it has none).
 */
export async function handoffTarget(db: Db, env: OriginEnv, redirectUrl: string): Promise<{ satellite: Satellite; challenge: string | null } | null> {
  if (!URL.canParse(redirectUrl)) return null;
  const url = new URL(redirectUrl);
  if (url.pathname !== HANDOFF_PATH || url.hash || url.username || url.password) return null;
  const challenge = url.searchParams.get("challenge");
  const exact = `${url.origin}${HANDOFF_PATH}${challenge === null ? "" : `?challenge=${challenge}`}`;
  if (exact !== redirectUrl || (challenge !== null && !CHALLENGE.test(challenge))) return null;
  const satellite = await satelliteOfOrigin(db, env, url.origin);
  return satellite ? { satellite, challenge } : null;
}

/**
 * Whether the identity-provider user may be handed to this partner's domain:
 * a member of the partner or of one of its customers, or a user with no
 * account anywhere yet (nothing of any tenant to reach; onboarding happens on
 * the partner's domain). Read from the directory alone (the identity
 * provider's memberships ⋈ the accounts' routing rows), whatever shards the
 * user's accounts are on; whether a membership is active is checked on the
 * partner's shard when the session acts (worker/identity/context.ts).
 */
export async function belongsToPartner(db: Db, authUserId: string, partnerId: string): Promise<boolean> {
  const rows = await db
    .select({
      under: sql<number>`max(case when ${underPartner(partnerId)} then 1 else 0 end)`,
      memberships: sql<number>`count(${accounts.id})`,
    })
    .from(authMembers)
    .innerJoin(accounts, eq(accounts.authId, authMembers.organizationId))
    .where(eq(authMembers.userId, authUserId));
  // One row always (an aggregate); no membership yet counts as no account.
  const row = rows[0];
  return !row || Number(row.memberships) === 0 || Number(row.under) === 1;
}

/**
 * Whether a pending invite to the partner or one of its customers is
 * addressed to `email` (the user's verified address): an existing user
 * following an invite link signs in on the main domain and is handed to the
 * partner's domain to accept it there, though no account of theirs is the
 * partner's yet (docs/decisions/2026-11-27-invite-for-an-existing-account.md).
 */
export async function invitedUnderPartner(db: Db, email: string, partnerId: string): Promise<boolean> {
  const rows = await db
    .select({ id: invites.id })
    .from(invites)
    .innerJoin(accounts, eq(accounts.id, invites.accountId))
    .where(and(sql`lower(trim(${invites.email})) = ${email.trim().toLowerCase()}`, eq(invites.status, "pending"), underPartner(partnerId)))
    .limit(1);
  return rows.length > 0;
}

/** Takes the token's record out of the store (once: a second redeem finds nothing). */
async function consume(db: Db, token: string): Promise<Bound | null> {
  const taken = await db
    .delete(authVerifications)
    .where(eq(authVerifications.identifier, `${PREFIX}${await sha256(token)}`))
    .returning();
  const row = taken[0];
  if (!row || row.expiresAt.getTime() <= Date.now()) return null;
  try {
    return JSON.parse(row.value) as Bound;
  } catch {
    return null;
  }
}

/** Expired hand-off records are dropped as new ones are made. */
async function sweep(db: Db): Promise<void> {
  await db.delete(authVerifications).where(and(sql`${authVerifications.identifier} like ${`${PREFIX}%`}`, sql`${authVerifications.expiresAt} < ${Date.now()}`));
}

/** The host a request arrived on (its Host header, as the tenant middleware reads it). */
const arrivedOn = (ctx: { headers?: Headers; request?: Request }) =>
  hostOf(ctx.headers?.get("host") ?? ctx.request?.headers.get("host") ?? ctx.request?.url ?? "");

/**
 * Signs the browser in with a NEW session of `user` on the host the request
 * came to; on a partner's domain (`partnerId`) the session is that partner's
 * and acts only for it and its customers. Every session made on a partner's
 * domain is made here (the hand-off, a confirmation there).
 */
export async function signInHere(ctx: GenericEndpointContext, db: Db, user: User, partnerId: string | null): Promise<void> {
  const session = await ctx.context.internalAdapter.createSession(user.id);
  if (!session) throw new APIError("INTERNAL_SERVER_ERROR");
  if (partnerId) await bindSessionToPartner(db, session.id, partnerId);
  await setSessionCookie(ctx, { session, user });
}

const notAvailable = () => new APIError("FORBIDDEN", { code: "HANDOFF_NOT_AVAILABLE", message: "This account is not available on that domain" });
const invalidToken = () => new APIError("BAD_REQUEST", { code: "INVALID_HANDOFF_TOKEN", message: "Invalid or expired token" });
const otherUser = () => new APIError("CONFLICT", { code: "HANDOFF_SESSION_CONFLICT", message: "Another user is signed in on this domain" });

export function satelliteHandoff(env: OriginEnv) {
  return {
    id: "satellite-handoff",
    endpoints: {
      createHandoff: createAuthEndpoint(
        "/handoff/create",
        { method: "POST", body: z.object({ redirectUrl: z.string().max(2048) }), use: [sessionMiddleware], requireHeaders: true },
        async (ctx) => {
          if (!isMainHost(arrivedOn(ctx), env.MAIN_HOST)) throw new APIError("NOT_FOUND");
          const db = database(env.DB);
          const found = await handoffTarget(db, env, ctx.body.redirectUrl);
          if (!found) throw new APIError("BAD_REQUEST", { code: "INVALID_REDIRECT_URL", message: "Not a connected partner domain" });
          const { satellite: target, challenge } = found;
          const { id: userId, email, emailVerified } = ctx.context.session.user;
          const [belongs, invited] = await Promise.all([
            belongsToPartner(db, userId, target.partnerId),
            emailVerified ? invitedUnderPartner(db, email, target.partnerId) : false,
          ]);
          if (!belongs && !invited) throw notAvailable();
          // No browser to bind the token to: the satellite starts the hand-off itself.
          if (!challenge) return ctx.json({ url: new URL(SATELLITE_START_PATH, target.origin).toString() });
          const token = randomToken();
          const bound: Bound = { userId, partnerId: target.partnerId, origin: target.origin, challenge };
          const now = new Date();
          await sweep(db);
          await db.insert(authVerifications).values({
            id: crypto.randomUUID(),
            identifier: `${PREFIX}${await sha256(token)}`,
            value: JSON.stringify(bound),
            expiresAt: new Date(now.getTime() + HANDOFF_TTL_MS),
            createdAt: now,
            updatedAt: now,
          });
          const url = new URL(HANDOFF_PATH, target.origin);
          url.searchParams.set("ott", token);
          return ctx.json({ url: url.toString() });
        },
      ),
      redeemHandoff: createAuthEndpoint(
        "/handoff/redeem",
        { method: "POST", body: z.object({ token: z.string().min(1).max(200) }), requireHeaders: true },
        async (ctx) => {
          const db = database(env.DB);
          const origin = ctx.headers?.get("origin") ?? "";
          const satellite = await satelliteOfOrigin(db, env, origin);
          // Redeemed only from the satellite's own page, on the satellite's own host.
          if (!satellite || satellite.host !== arrivedOn(ctx)) throw invalidToken();
          const bound = await consume(db, ctx.body.token);
          if (!bound || bound.origin !== satellite.origin || bound.partnerId !== satellite.partnerId) throw invalidToken();
          // Only the browser that left this domain for the sign-in holds the verifier of the token's challenge.
          const verifier = cookieValue(ctx.headers?.get("cookie"), VERIFIER_COOKIE);
          if (!verifier || !bound.challenge || (await codeChallenge(verifier)) !== bound.challenge) throw invalidToken();
          const user = await ctx.context.internalAdapter.findUserById(bound.userId);
          if (!user) throw invalidToken();
          // A link never puts another user in the place of the one signed in here.
          const current = await getSessionFromCtx(ctx).catch(() => null);
          if (current && current.user.id !== user.id) throw otherUser();
          await signInHere(ctx, db, user, bound.partnerId);
          ctx.setCookie(VERIFIER_COOKIE, "", { path: "/", maxAge: 0, httpOnly: true, sameSite: "lax", secure: satellite.origin.startsWith("https://") });
          return ctx.json({ status: true });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
