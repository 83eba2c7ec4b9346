/**
 * An invite as its link presents it, before anyone is signed in: the invited
 * address and the organisation, for the sign-up that the link opens
 * (docs/decisions/2026-11-27-invite-link-proves-the-address.md).
 */
import { and, eq } from "drizzle-orm";
import { accounts, authUsers, invites, users } from "../../db/schema";
import type { Db } from "../env";
import { underPartner } from "./customers";

export type PendingInvite = { accountId: string; inviteId: string; email: string; accountName: string };

/**
 * The pending invite `inviteId` of `accountId`, or null when there is none:
 * unknown, revoked or already accepted, or (on a partner's domain,
 * `partnerId`) an invite to an organisation that is neither that partner nor
 * one of its customers. Invites are in the directory, with every account's
 * routing row (its name and partner): `directory` is the request's directory,
 * whatever shard the host's partner is on.
 */
export async function pendingInvite(directory: Db, accountId: string, inviteId: string, partnerId: string | null): Promise<PendingInvite | null> {
  const rows = await directory
    .select({ accountId: invites.accountId, inviteId: invites.id, email: invites.email, accountName: accounts.name })
    .from(invites)
    .innerJoin(accounts, eq(accounts.id, invites.accountId))
    .where(and(eq(invites.id, inviteId), eq(invites.accountId, accountId), eq(invites.status, "pending"), partnerId ? underPartner(partnerId) : undefined))
    .limit(1);
  const row = rows[0];
  return row ? { ...row, email: row.email.trim().toLowerCase() } : null;
}

/**
 * Whether the invited address already has an account with the identity
 * provider (the embedded provider's users whose address is confirmed; with
 * Clerk, the product's users seen so far, whose addresses Clerk confirmed):
 * its invite link then leads to sign-in rather than sign-up. An account
 * someone signed up with the address and never confirmed is no account: the
 * invitee signs up, which confirms the address and takes it back
 * (docs/decisions/2026-11-26-confirmation-proves-the-credential.md).
 * Asked only of an invite's own address, which the link's holder already
 * knows (docs/decisions/2026-11-27-invite-for-an-existing-account.md).
 */
export async function addressHasAccount(directory: Db, email: string, provider: "embedded" | "clerk"): Promise<boolean> {
  const rows =
    provider === "embedded"
      ? await directory
          .select({ id: authUsers.id })
          .from(authUsers)
          .where(and(eq(authUsers.email, email), eq(authUsers.emailVerified, true)))
          .limit(1)
      : await directory.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return rows.length > 0;
}
