import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { jwt, type Jwk } from "better-auth/plugins/jwt";
import { organization } from "better-auth/plugins/organization";
import { getAuthTables } from "better-auth/db";
import type { BetterAuthOptions } from "better-auth";
import { eq } from "drizzle-orm";
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import { authSchema, authSessions, authUsers } from "../../db/schema";
import { afterPasswordReset } from "../data/auth-links";
import { database } from "../db";
import { sendAlreadyRegisteredMail, sendResetMail, sendVerificationMail } from "./auth-mail";
import { addressConfirmation, CONFIRMATION_TTL_S, mintConfirmation } from "./confirmation";
import { satelliteHandoff } from "./handoff";
import { requestD1 } from "../d1/metered";
import { isolateCache } from "../http/isolate-cache";
import { secureCookies } from "../tenant/origins";
import { namesChecked } from "./auth-names";
import { inviteSignUp } from "./invite-signup";

/**
 * The embedded identity provider: better-auth on D1, mounted
 * at /api/auth on the main domain and, for what a satellite needs, on
 * connected partner domains (worker/index.ts). Email and password, with the
 * address confirmed by mail, together with the password, before the first
 * sign-in (./confirmation.ts) and reset by mail; the organization plugin (organisations are accounts); short-lived JWTs with a
 * JWKS for /v1 bearer tokens; the satellite hand-off (./handoff.ts).
 */
export const TOKEN_ISSUER = "techfit";
export const TOKEN_AUDIENCE = "techfit-api";

export type IdentityEnv = Env & {
  BETTER_AUTH_SECRET?: string;
  AUTH_SIGNIN_LIMIT?: string;
};

/**
 * The secret that signs sessions and encrypts the JWT keys. There is no
 * built-in fallback in any environment: local development gets a random one
 * in `.dev.vars` (scripts/local.mjs), and a deployment without it refuses to
 * serve (worker/config.ts).
 */
export function authSecret(env: IdentityEnv): string {
  if (env.BETTER_AUTH_SECRET) return env.BETTER_AUTH_SECRET;
  throw new Error("BETTER_AUTH_SECRET is not set");
}

/** How long this isolate signs with the key set it read: keys are made once and never rotated in place. */
const JWKS_TTL_MS = 60_000;
const jwks = isolateCache<"keys", { at: number; keys: Jwk[] }>(1);

/**
 * The signing keys, read once a minute per isolate instead of on every
 * get-session and token (an empty set is not kept; the key the plugin makes
 * then is kept as it is stored).
 */
type JwksContext = {
  context: { adapter: { findMany: <T>(q: { model: string }) => Promise<T[]>; create: <T>(q: { model: string; data: Record<string, unknown> }) => Promise<T> } };
};

async function cachedJwks(ctx: JwksContext): Promise<Jwk[]> {
  const hit = jwks.get("keys");
  if (hit && Date.now() - hit.at < JWKS_TTL_MS) return hit.keys;
  const keys = await ctx.context.adapter.findMany<Jwk>({ model: "jwks" });
  if (keys.length > 0) jwks.set("keys", { at: Date.now(), keys });
  return keys;
}

/** The first key, stored as the plugin stores it; with no key before it, it is the whole set. */
async function createJwk(data: Omit<Jwk, "id">, ctx: JwksContext): Promise<Jwk> {
  const key = await ctx.context.adapter.create<Jwk>({ model: "jwks", data: { ...data, createdAt: new Date() } });
  jwks.set("keys", { at: Date.now(), keys: [key] });
  return key;
}

type Adapter = ReturnType<typeof drizzleAdapter>;
type FindOne = Parameters<ReturnType<Adapter>["findOne"]>[0];

/** The session token a find is looking up with its user (get-session's read), or null for any other find. */
function sessionWithUserBy({ model, where, select, join }: FindOne): string | null {
  const [only] = where;
  if (model !== "session" || where.length !== 1 || select?.length || !join || Object.keys(join).join() !== "user") return null;
  if (!only || only.field !== "token" || (only.operator ?? "eq") !== "eq" || typeof only.value !== "string") return null;
  return only.value;
}

/**
 * The drizzle adapter with get-session's read in ONE round trip. better-auth
 * reads a session by its token and then the session's user, one after the
 * other (its joins are off: the adapter's own would need a relational schema
 * for every model it joins). Here that read is one select of the session
 * joined with its user, answered as the two reads would: the fields
 * better-auth's schema declares, the user null when there is none. Every
 * other call goes to the adapter as it is.
 */
export function sessionReadInOne(db: DrizzleD1Database, base: Adapter): Adapter {
  return (options: BetterAuthOptions) => {
    const adapter = base(options);
    const tables = getAuthTables(options);
    const fields = (model: "session" | "user") => ["id", ...Object.keys(tables[model]!.fields)];
    const pick = (row: Record<string, unknown>, model: "session" | "user") => Object.fromEntries(fields(model).map((f) => [f, row[f]]));
    const findOne = adapter.findOne.bind(adapter);
    adapter.findOne = async <T>(query: FindOne): Promise<T | null> => {
      const token = sessionWithUserBy(query);
      if (token === null) return findOne<T>(query);
      const [row] = await db
        .select({ session: authSessions, user: authUsers })
        .from(authSessions)
        .leftJoin(authUsers, eq(authUsers.id, authSessions.userId))
        .where(eq(authSessions.token, token))
        .limit(1);
      if (!row) return null;
      return { ...pick(row.session, "session"), user: row.user ? pick(row.user, "user") : null } as T;
    };
    return adapter;
  };
}

/** How many sign-ins (and sign-ups, and mails asked for) a client address gets a minute: AUTH_SIGNIN_LIMIT, 10 unless set. */
export const signInLimitOf = (env: { AUTH_SIGNIN_LIMIT?: string }) => Number(env.AUTH_SIGNIN_LIMIT ?? "10") || 10;

function createAuth(requestEnv: IdentityEnv, origin: string, trusted: string[]) {
  // Built once per isolate: its D1 forwards to the current request's metered session.
  const env: IdentityEnv = { ...requestEnv, DB: requestD1(requestEnv.DB) };
  const signInLimit = signInLimitOf(env);
  return betterAuth({
    appName: "TechFIT",
    baseURL: origin,
    basePath: "/api/auth",
    secret: authSecret(env),
    trustedOrigins: trusted,
    database: sessionReadInOne(drizzle(env.DB), drizzleAdapter(drizzle(env.DB), { provider: "sqlite", schema: authSchema })),
    // Only verified addresses sign in: sign-up sends the confirmation mail and
    // answers the same whether or not the address is taken.
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      requireEmailVerification: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: ({ user, token }) => sendResetMail(env, origin, user, token),
      // An unconfirmed address was signed up again: ./confirmation.ts replaced its credential and mailed a new link.
      onExistingUserSignUp: async ({ user }) => {
        if (user.emailVerified) await sendAlreadyRegisteredMail(env, origin, user);
      },
      // The reset link reached the address's mailbox and its opener set the password: that proves the address
      // too. Every other outstanding link of the user is void (sessions end by revokeSessionsOnPasswordReset).
      onPasswordReset: ({ user }) => afterPasswordReset(database(env.DB), user.id),
    },
    // Confirmation goes through POST /confirm-email with the password (./confirmation.ts), never signing in by the link alone.
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: CONFIRMATION_TTL_S,
      // The mail carries a link of its own, unique and recorded (better-auth's token is only a same-second twin).
      sendVerificationEmail: async ({ user, url }) => {
        const token = await mintConfirmation(database(env.DB), authSecret(env), user);
        await sendVerificationMail(env, origin, user, token, url);
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 600,
      customRules: {
        "/sign-in/email": { window: 60, max: signInLimit },
        "/sign-up/email": { window: 60, max: signInLimit },
        "/sign-up/invite": { window: 60, max: signInLimit },
        "/handoff/redeem": { window: 60, max: signInLimit * 3 },
        "/send-verification-email": { window: 60, max: signInLimit },
        "/confirm-email": { window: 60, max: signInLimit },
        "/request-password-reset": { window: 60, max: signInLimit },
        "/reset-password": { window: 60, max: signInLimit },
      },
    },
    advanced: {
      // HttpOnly and SameSite=Lax always; Secure everywhere but local development, whatever scheme the request names.
      useSecureCookies: secureCookies(env),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { ipAddressHeaders: ["cf-connecting-ip", "x-forwarded-for"] },
      database: { generateId: () => crypto.randomUUID() },
    },
    telemetry: { enabled: false },
    // Names the provider takes (sign-up, profile, organisation) follow the product's one rule (contract/forms.ts).
    hooks: { before: namesChecked },
    plugins: [
      organization({ allowUserToCreateOrganization: true, creatorRole: "owner", requireEmailVerificationOnInvitation: true }),
      jwt({
        jwks: { keyPairConfig: { alg: "EdDSA", crv: "Ed25519" } },
        adapter: { getJwks: cachedJwks, createJwk },
        jwt: {
          issuer: TOKEN_ISSUER,
          audience: TOKEN_AUDIENCE,
          expirationTime: "15m",
          definePayload: ({ user, session }) => ({ email: user.email, email_verified: user.emailVerified === true, name: user.name, sid: session.id }),
        },
      }),
      satelliteHandoff(env),
      addressConfirmation(env),
      inviteSignUp(env),
    ],
  });
}

export type EmbeddedAuth = ReturnType<typeof createAuth>;

const instances = new Map<string, EmbeddedAuth>();

/** One better-auth instance per origin and trusted set, kept for the isolate's life. */
export function embeddedAuth(env: IdentityEnv, origin: string, trusted: string[]): EmbeddedAuth {
  const key = `${origin}|${trusted.join(",")}`;
  let auth = instances.get(key);
  if (!auth) {
    if (instances.size > 200) instances.clear();
    auth = createAuth(env, origin, trusted);
    instances.set(key, auth);
  }
  return auth;
}
