import { AsyncLocalStorage } from "node:async_hooks";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint } from "better-auth/api";
import * as z from "zod";
import { MESSAGES } from "../../contract/messages";
import { nameProblem } from "../../contract/forms";
import { takeOverUnconfirmed } from "../data/auth-links";
import type { PendingInvite } from "../data/invite-links";
import { database } from "../db";
import { signInHere } from "./handoff";

/**
 * Sign-up through an invite link (embedded provider): the invite was mailed
 * to the address, so the link proves it, as a confirmation link would. The
 * address is the invite's (a different one typed by hand is refused); the
 * account is created verified and signed in at once, with no confirmation
 * mail (docs/decisions/2026-11-27-invite-link-proves-the-address.md).
 *
 * The invite is read where the request's data lives (its shard), by the
 * provider's mount (./provider.ts), and handed to the endpoint for the one
 * request: `withPresentedInvite`.
 */
export type PresentedInvite = PendingInvite & {
  /** The partner whose domain the sign-up came to (its session is that partner's), or null. */ partnerId: string | null;
};

const presented = new AsyncLocalStorage<PresentedInvite | null>();

/** Runs `run` (the provider's handler) with the pending invite this request presents, or null when it presents none that is valid here. */
export function withPresentedInvite<T>(invite: PresentedInvite | null, run: () => T): T {
  return presented.run(invite, run);
}

/** An invite link's code, "<accountId>.<inviteId>", as the sign-up sends it. */
export const InviteCode = z.string().regex(/^[0-9a-f-]{36}\.[0-9a-f-]{36}$/i);
export const inviteCodeParts = (code: string) => {
  const [accountId = "", inviteId = ""] = code.toLowerCase().split(".");
  return { accountId, inviteId };
};

const SignUpByInvite = z.object({
  invite: InviteCode,
  email: z.string().max(320),
  name: z.string().max(1000),
  password: z.string().max(1000),
});

const invalidInvite = () =>
  new APIError("NOT_FOUND", { code: "INVALID_INVITE", message: "The provided invite code could not be validated, please reload and try again." });

const alreadyExists = () => new APIError("UNPROCESSABLE_ENTITY", { code: "USER_ALREADY_EXISTS", message: "User already exists. Use another email." });

export function inviteSignUp(env: { DB: D1Database }) {
  return {
    id: "invite-sign-up",
    endpoints: {
      signUpByInvite: createAuthEndpoint("/sign-up/invite", { method: "POST", body: SignUpByInvite, requireHeaders: true }, async (ctx) => {
        const invite = presented.getStore();
        if (!invite) throw invalidInvite();
        const email = ctx.body.email.trim().toLowerCase();
        // The invite proves its own address only: another one typed by hand signs up the usual way, confirmed by mail.
        if (email !== invite.email) throw new APIError("FORBIDDEN", { code: "INVITE_OTHER_ADDRESS", message: MESSAGES.inviteOtherAddress });
        const problem = nameProblem(ctx.body.name);
        if (problem) throw new APIError("BAD_REQUEST", { code: "INVALID_NAME", message: `Name: ${problem}` });
        const name = ctx.body.name.trim();
        const options = ctx.context.options.emailAndPassword;
        if (ctx.body.password.length < (options?.minPasswordLength ?? 8))
          throw new APIError("BAD_REQUEST", { code: "PASSWORD_TOO_SHORT", message: "Password too short" });
        if (ctx.body.password.length > (options?.maxPasswordLength ?? 128))
          throw new APIError("BAD_REQUEST", { code: "PASSWORD_TOO_LONG", message: "Password too long" });
        const db = database(env.DB);
        const hash = await ctx.context.password.hash(ctx.body.password);
        const found = await ctx.context.internalAdapter.findUserByEmail(email, { includeAccounts: true });
        // A confirmed address keeps its credential: its owner signs in and accepts there.
        if (found?.user.emailVerified) throw alreadyExists();
        let user;
        if (found) {
          // Someone signed this address up before without confirming it: the invitee's password replaces theirs
          // (their sessions end, their links are void), as a sign-up over an unconfirmed address does, and the invite
          // confirms it, all at once; a sign-up of the same invite that took it over a moment before wins.
          if (!(await takeOverUnconfirmed(db, found.user.id, name, hash))) throw alreadyExists();
          if (!found.accounts.some((a) => a.providerId === "credential")) {
            await ctx.context.internalAdapter.linkAccount({ userId: found.user.id, providerId: "credential", accountId: found.user.id, password: hash });
          }
          user = { ...found.user, name, emailVerified: true };
        } else {
          // Two sign-ups of one address at once: the address is unique, the one that creates it second is told it exists.
          user = await ctx.context.internalAdapter
            .createUser({ email, name, emailVerified: true }, { method: "email-password" })
            .catch(async (err: unknown) => {
              if (await ctx.context.internalAdapter.findUserByEmail(email)) throw alreadyExists();
              throw err;
            });
          await ctx.context.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: hash });
        }
        await signInHere(ctx, db, user, invite.partnerId);
        return ctx.json({ status: "signedIn" as const });
      }),
    },
  } satisfies BetterAuthPlugin;
}
