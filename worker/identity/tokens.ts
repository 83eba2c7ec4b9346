import { verifyToken as verifyClerkToken } from "@clerk/backend";
import { createLocalJWKSet, jwtVerify, type JWK } from "jose";
import { eq } from "drizzle-orm";
import { authJwks, authSessions } from "../../db/schema";
import type { Db } from "../env";
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from "./embedded";
import { claimRead, isolateCache, type Refreshable } from "../http/isolate-cache";

/** Who is calling, whichever provider signed the token. */
export type AuthContext = {
  provider: "embedded" | "clerk";
  sessionId: string;
  /** The identity provider's user id. */
  userId: string;
  email: string | null;
  /**
   * Whether the provider has verified that the caller controls `email`.
   * Anything that trusts the address (invites) requires it.
   */
  emailVerified: boolean;
  /**
   * For a session made by the satellite hand-off, the partner whose domain
   * it was made for: it acts only for that partner and its customers.
   */
  partnerScope?: string | null;
  /** The origin the provider made the token on (Clerk's `azp`: the page that asked for it); absent where not said. */
  madeOn?: string | null;
  /** The zone the caller's browser sent (contract/time-zone-header.ts): theirs until one is stored. */
  sentTimeZone?: string | null;
  name: string | null;
  /** The active organisation as the provider sees it (Clerk); null for embedded tokens. */
  orgId: string | null;
  orgRole: string | null;
  orgSlug: string | null;
  orgPermissions: string[];
};

export type ClerkConfig = { jwtKey: string; authorizedParties: string[] };

let keySet: { at: number; get: ReturnType<typeof createLocalJWKSet>; kids: Set<string> } | null = null;

async function embeddedKeys(db: Db, kid: string | undefined) {
  const fresh = keySet && Date.now() - keySet.at < 60_000 && (!kid || keySet.kids.has(kid));
  if (!fresh) {
    const rows = await db.select().from(authJwks);
    const keys = rows.map((r) => ({ ...(JSON.parse(r.publicKey) as JWK), kid: r.id, alg: r.alg ?? "EdDSA" }));
    keySet = { at: Date.now(), get: createLocalJWKSet({ keys }), kids: new Set(rows.map((r) => r.id)) };
  }
  return keySet!.get;
}

function kidOf(token: string): string | undefined {
  try {
    const [head = ""] = token.split(".");
    const header = JSON.parse(atob(head.replace(/-/g, "+").replace(/_/g, "/"))) as { kid?: unknown };
    return typeof header.kid === "string" ? header.kid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Signatures this isolate has checked, until the token expires: a signed
 * token's claims cannot change, so checking the signature again on every
 * request only costs time. It says nothing about the session behind the
 * token, which is checked separately (sessionLive). Bounded; the oldest
 * entry goes first.
 */
const VERIFIED_MAX = 2_000;
const verified = isolateCache<string, { until: number; auth: AuthContext }>(VERIFIED_MAX);

function rememberVerified(token: string, auth: AuthContext, exp: number | undefined) {
  if (!exp) return;
  verified.set(token, { until: exp * 1000, auth });
}

/**
 * How long this isolate trusts its last look at a session: a signed-out,
 * revoked or expired session's tokens stop working at most this long after
 * the change (at once in the isolate that signed it out). A look older than
 * SESSION_FRESH_MS is taken again by the next request; requests that come
 * while it is under way use the last look, within SESSION_CHECK_MS
 * (`claimRead`), so a burst of one caller's requests reads the session once.
 */
export const SESSION_CHECK_MS = 5_000;
export const SESSION_FRESH_MS = 3_000;
const SESSIONS_MAX = 5_000;
const sessions = isolateCache<string, Refreshable & { userId: string | null; expiresAt: number; partnerScope: string | null }>(SESSIONS_MAX);

/** Drops what this isolate knows of sessions (after a sign-out or revocation here). */
export function forgetSessions(): void {
  sessions.clear();
}

/** Whether the token's session still exists in the store, belongs to its user and has not expired. */
async function sessionLive(db: Db, sid: string, userId: string): Promise<{ partnerScope: string | null } | null> {
  const now = Date.now();
  let known = sessions.get(sid);
  if (!known || claimRead(known, now, SESSION_FRESH_MS, SESSION_CHECK_MS)) {
    const rows = await db
      .select({ userId: authSessions.userId, expiresAt: authSessions.expiresAt, partnerAccountId: authSessions.partnerAccountId })
      .from(authSessions)
      .where(eq(authSessions.id, sid))
      .limit(1);
    known = { at: now, userId: rows[0]?.userId ?? null, expiresAt: rows[0]?.expiresAt.getTime() ?? 0, partnerScope: rows[0]?.partnerAccountId ?? null };
    sessions.set(sid, known);
  }
  return known.userId === userId && known.expiresAt > now ? { partnerScope: known.partnerScope } : null;
}

/**
 * Verifies a bearer token from the embedded provider (EdDSA JWT from
 * /api/auth/token): its signature, issuer, audience and expiry, and that its
 * session (`sid`) is still live.
 */
export async function verifyEmbeddedToken(db: Db, token: string): Promise<AuthContext | null> {
  const auth = await verifiedClaims(db, token);
  if (!auth) return null;
  const live = await sessionLive(db, auth.sessionId, auth.userId);
  return live ? { ...auth, partnerScope: live.partnerScope } : null;
}

async function verifiedClaims(db: Db, token: string): Promise<AuthContext | null> {
  const hit = verified.get(token);
  if (hit) {
    if (hit.until > Date.now()) return hit.auth;
    verified.delete(token);
  }
  try {
    const keys = await embeddedKeys(db, kidOf(token));
    const { payload } = await jwtVerify(token, keys, { issuer: TOKEN_ISSUER, audience: TOKEN_AUDIENCE });
    if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
    const auth: AuthContext = {
      provider: "embedded",
      sessionId: payload.sid,
      userId: payload.sub,
      email: typeof payload.email === "string" ? payload.email : null,
      emailVerified: payload.email_verified === true,
      name: typeof payload.name === "string" ? payload.name : null,
      orgId: null,
      orgRole: null,
      orgSlug: null,
      orgPermissions: [],
    };
    rememberVerified(token, auth, payload.exp);
    return auth;
  } catch {
    return null;
  }
}

type ClerkClaims = {
  sub: string;
  sid?: string;
  /** The origin of the page the token was made for (checked against the authorised parties). */
  azp?: string;
  email?: string;
  /** From the session token template (`{{user.email_verified}}`); absent means not verified. */
  email_verified?: boolean | string;
  name?: string;
  org_id?: string;
  org_role?: string;
  org_slug?: string;
  org_permissions?: string[];
  /** Session token v2 packs the organisation into `o`. */
  o?: { id?: string; rol?: string; slg?: string; per?: string };
};

/**
 * Verifies a Clerk session token without network (PEM `jwtKey`), checking
 * expiry and the authorised party. Organisation claims of v1 (`org_*`) and v2
 * (`o`) tokens are both read; Clerk's roles are "org:admin" style.
 */
export async function verifyClerk(config: ClerkConfig, token: string): Promise<AuthContext | null> {
  try {
    const claims = (await verifyClerkToken(token, {
      jwtKey: config.jwtKey,
      authorizedParties: config.authorizedParties,
    })) as unknown as ClerkClaims;
    const o = claims.o ?? {};
    const role = claims.org_role ?? o.rol ?? null;
    return {
      provider: "clerk",
      sessionId: claims.sid ?? "",
      userId: claims.sub,
      email: claims.email ?? null,
      emailVerified: claims.email_verified === true || claims.email_verified === "true",
      name: claims.name ?? null,
      orgId: claims.org_id ?? o.id ?? null,
      orgRole: role ? role.replace(/^org:/, "") : null,
      orgSlug: claims.org_slug ?? o.slg ?? null,
      orgPermissions: claims.org_permissions ?? (o.per ? o.per.split(",") : []),
      madeOn: claims.azp ?? null,
    };
  } catch {
    return null;
  }
}
