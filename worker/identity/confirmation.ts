import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint, createAuthMiddleware, createEmailVerificationToken, getSessionFromCtx } from "better-auth/api";
import { errors, jwtVerify } from "jose";
import * as z from "zod";
import { confirmAddress, confirmationLinkLive, recordConfirmationLink, replaceUnconfirmedCredential, voidLinks } from "../data/auth-links";
import { database } from "../db";
import type { Db } from "../env";
import { satelliteOfOrigin } from "../tenant/origins";
import { belongsToPartner, signInHere } from "./handoff";

/**
 * Address confirmation for the embedded provider: confirming an address
 * never activates a credential the confirming person did not set
 * (docs/decisions/2026-11-26-confirmation-proves-the-credential.md).
 *
 * - POST /api/auth/confirm-email {token, password} replaces better-auth's
 *   GET /verify-email (closed): the mailed link proves the mailbox, the
 *   password proves the credential; only both together verify the address.
 *   Then every earlier session of the user ends and every outstanding link is
 *   void. The browser is signed in only when it holds no session of another
 *   user; otherwise that session stays and the answer says so.
 * - A sign-up over an address that is still unconfirmed replaces its password
 *   and name, ends its sessions, voids its earlier links and mails a new one;
 *   it answers exactly as a sign-up with a new address (better-auth's own
 *   answer follows).
 * - A password change voids the user's outstanding links (a reset does too,
 *   in embedded.ts's onPasswordReset).
 */
/** How long a mailed confirmation link stays usable. */
export const CONFIRMATION_TTL_S = 60 * 60 * 24;

/**
 * A new confirmation link's token for the user, recorded as live. Each is
 * unique (better-auth's own token is the same for the same user within a
 * second), so voiding the earlier links never spares a later one's twin.
 */
export async function mintConfirmation(db: Db, secret: string, user: { id: string; email: string }): Promise<string> {
  const token = await createEmailVerificationToken(secret, user.email, undefined, CONFIRMATION_TTL_S, { userId: user.id, jti: crypto.randomUUID() });
  await recordConfirmationLink(db, user.id, token, new Date(Date.now() + CONFIRMATION_TTL_S * 1000));
  return token;
}

const invalidLink = () => new APIError("UNAUTHORIZED", { code: "INVALID_TOKEN", message: "Invalid or replaced link" });
const expiredLink = () => new APIError("UNAUTHORIZED", { code: "TOKEN_EXPIRED", message: "This link has expired" });
const wrongPassword = () => new APIError("UNAUTHORIZED", { code: "INVALID_PASSWORD", message: "Invalid password" });

const SignUp = z.object({ email: z.email(), name: z.string(), password: z.string(), callbackURL: z.string().optional() });
/** A confirmation link's claims (a change-of-address link, with `updateTo`, is no confirmation). */
const Link = z.object({ email: z.string(), userId: z.string(), updateTo: z.never().optional() });

export function addressConfirmation(env: { DB: D1Database; APP_ENV: string; MAIN_ORIGIN: string }) {
  return {
    id: "address-confirmation",
    hooks: {
      before: [
        {
          // Confirming by the link alone would activate whatever password the address was signed up with.
          matcher: (ctx) => ctx.path === "/verify-email",
          handler: createAuthMiddleware(async () => {
            throw new APIError("NOT_FOUND");
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/sign-up/email",
          handler: createAuthMiddleware(async (ctx) => {
            const body = SignUp.safeParse(ctx.body);
            if (!body.success) return;
            const { email, name, password, callbackURL } = body.data;
            const options = ctx.context.options.emailAndPassword;
            if (password.length < (options?.minPasswordLength ?? 8) || password.length > (options?.maxPasswordLength ?? 128)) return;
            const found = await ctx.context.internalAdapter.findUserByEmail(email.toLowerCase());
            if (!found || found.user.emailVerified) return;
            const user = found.user;
            await replaceUnconfirmedCredential(database(env.DB), user.id, name, await ctx.context.password.hash(password));
            // A new link, as for a new address (embedded.ts's sendVerificationEmail mints and records it).
            const url = `${ctx.context.baseURL}/verify-email?callbackURL=${encodeURIComponent(callbackURL ?? "/")}`;
            await ctx.context.options.emailVerification?.sendVerificationEmail?.({ user: { ...user, name }, url, token: "" }, ctx.request);
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === "/change-password",
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            if (returned instanceof Error || (returned instanceof Response && !returned.ok)) return;
            const userId = ctx.context.newSession?.user.id ?? ctx.context.session?.user.id;
            if (userId) await voidLinks(database(env.DB), userId);
          }),
        },
      ],
    },
    endpoints: {
      confirmEmail: createAuthEndpoint(
        "/confirm-email",
        { method: "POST", body: z.object({ token: z.string().min(1).max(4096), password: z.string().min(1).max(256) }), requireHeaders: true },
        async (ctx) => {
          let claims: z.infer<typeof Link>;
          try {
            const { payload } = await jwtVerify(ctx.body.token, new TextEncoder().encode(ctx.context.secret), { algorithms: ["HS256"] });
            const parsed = Link.safeParse(payload);
            if (!parsed.success) throw invalidLink();
            claims = parsed.data;
          } catch (e) {
            throw e instanceof errors.JWTExpired ? expiredLink() : invalidLink();
          }
          const found = await ctx.context.internalAdapter.findUserByEmail(claims.email, { includeAccounts: true });
          if (!found || found.user.id !== claims.userId) throw invalidLink();
          const { user } = found;
          if (user.emailVerified) return ctx.json({ status: "alreadyVerified" as const });
          const db = database(env.DB);
          if (!(await confirmationLinkLive(db, user.id, ctx.body.token))) throw invalidLink();
          const hash = found.accounts.find((a) => a.providerId === "credential")?.password;
          if (!hash || !(await ctx.context.password.verify({ hash, password: ctx.body.password }))) throw wrongPassword();
          await confirmAddress(db, user.id);
          // A link never replaces the session of someone else who is signed in here.
          const current = await getSessionFromCtx(ctx);
          if (current && current.user.id !== user.id) return ctx.json({ status: "confirmed" as const });
          // On a partner's domain the new session is that partner's, as a hand-off's would be, and only for a
          // user it may have (anyone else confirmed the address and signs in through the main domain).
          const satellite = await satelliteOfOrigin(db, env, new URL(ctx.context.baseURL).origin);
          if (satellite && !(await belongsToPartner(db, user.id, satellite.partnerId))) return ctx.json({ status: "verified" as const });
          await signInHere(ctx, db, { ...user, emailVerified: true }, satellite?.partnerId ?? null);
          return ctx.json({ status: "signedIn" as const });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
