/**
 * Taking back what an invite wrote in the directory when the account's shard
 * refused its half (docs/decisions/2026-11-27-invite-undo-through-the-queue.md):
 * the statements the request runs at once, and the idempotent step the flow
 * consumer runs when that undo failed too (worker/flows/invites.ts). The step
 * first asks the shard whether its half is there after all: then the two
 * databases agree and nothing is taken back.
 */
import { and, eq, gte, inArray, or } from "drizzle-orm";
import { accountUsers, authInvitations, authMembers, invites, mailOutbox } from "../../db/schema";
import type { InviteClaim } from "../domain/flows";
import type { Db } from "../env";
import { batch, type Stmt } from "./query";

/** The acceptance taken back: the invite pending again (only the claim made at `respondedAt`), its identity memberships removed, the invitation pending. */
export function unclaimStatements(directory: Db, claim: InviteClaim): Stmt[] {
  const undo: Stmt[] = [
    directory
      .update(invites)
      .set({ status: "pending", respondedAt: null })
      .where(and(eq(invites.id, claim.inviteId), eq(invites.status, "accepted"), eq(invites.respondedAt, claim.respondedAt))),
  ];
  if (claim.authMemberIds.length) undo.push(directory.delete(authMembers).where(inArray(authMembers.id, claim.authMemberIds)));
  if (claim.authInvitationId)
    undo.push(
      directory
        .update(authInvitations)
        .set({ status: "pending" })
        .where(and(eq(authInvitations.id, claim.authInvitationId), eq(authInvitations.status, "accepted"))),
    );
  return undo;
}

/**
 * The flow step: the acceptance's claim taken back in the directory, unless
 * the account's shard holds the membership: active, or stamped at the
 * claim's time or later, as its batch writes it (a later edit, even marking
 * the member inactive, stamps it later still, so a completed acceptance is
 * never taken back; an inactive membership from before the invite, stamped
 * earlier, does not count).
 */
export async function takeBackAcceptance(dbs: { directory: Db; shard: Db }, claim: InviteClaim): Promise<void> {
  const member = await dbs.shard
    .select({ id: accountUsers.id })
    .from(accountUsers)
    .where(
      and(
        eq(accountUsers.accountId, claim.accountId),
        eq(accountUsers.userId, claim.userId),
        or(eq(accountUsers.status, "active"), gte(accountUsers.updatedAt, claim.respondedAt)),
      ),
    )
    .limit(1);
  if (member.length) return;
  await batch(dbs.directory, unclaimStatements(dbs.directory, claim));
}

/** New invites taken back: the product's invites and the embedded provider's invitations written with them. */
export function dropInvitesStatements(directory: Db, inviteIds: string[], authInvitationIds: string[]): Stmt[] {
  return [
    directory.delete(invites).where(inArray(invites.id, inviteIds)),
    ...(authInvitationIds.length ? [directory.delete(authInvitations).where(inArray(authInvitations.id, authInvitationIds))] : []),
  ];
}

/** The flow step: new invites taken back, unless the account's shard holds their mails (written in one batch: all or none). */
export async function takeBackInvites(
  dbs: { directory: Db; shard: Db },
  m: { inviteIds: string[]; authInvitationIds: string[]; mailIds: string[] },
): Promise<void> {
  const mailed = m.mailIds.length ? await dbs.shard.select({ id: mailOutbox.id }).from(mailOutbox).where(inArray(mailOutbox.id, m.mailIds)).limit(1) : [];
  if (mailed.length) return;
  await batch(dbs.directory, dropInvitesStatements(dbs.directory, m.inviteIds, m.authInvitationIds));
}

/**
 * The request's undo failed (`undoErr`): its step goes to the flow queue
 * (`send`). A failed send is logged with the step's kind (an operator's, as
 * for a flow whose compensation failed); the request fails as it would have.
 */
export async function undoLater(kind: string, undoErr: unknown, send: () => Promise<void>): Promise<void> {
  console.error(JSON.stringify({ level: "error", message: "undo failed, sent to the flow queue", kind, error: String(undoErr).slice(0, 300) }));
  await send().catch((sendErr: unknown) =>
    console.error(JSON.stringify({ level: "error", message: "flow queue send failed", kind, error: String(sendErr).slice(0, 300) })),
  );
}
