/**
 * Team members of the acting account: its members and pending invites, edits
 * of a member (name, role, teams, status), and the statements that invite
 * addresses or revoke an invite. Another account's member or invite is 404.
 */
import { and, asc, count, eq, gt, min, sql } from "drizzle-orm";
import type { z } from "zod";
import { INVITES_PER_DAY, type TeamMemberDto, type UpdateTeamMemberBody } from "../../contract/team";
import { accountUsers, authInvitations, authMembers, invites, teamMemberships, teams, users } from "../../db/schema";
import type { Db } from "../env";
import type { AccountScope, AdminScope } from "../http/endpoint";
import { conflict, invalid, notFound } from "../http/errors";
import { inList } from "./bound";
import { enqueueMail, type StoredMail } from "../mail/outbox";
import { batch, type Stmt } from "./query";
import { dropInvitesStatements, undoLater } from "./invite-undo";
import type { UndoInvitesMessage, UndoMemberStatusMessage } from "../domain/flows";
import { identityUndoStatements, keptInFirstBatch, type Compensation } from "./undo-steps";
import { d1Of, errorText, raw, runBatch, type Statement } from "./statements";
import { betweenDatabases } from "../domain/cut-off";

/** What a status step changed in the directory's identity memberships (see identityMembership). */
type IdentityStep = Pick<UndoMemberStatusMessage, "restore" | "added">;

/**
 * `shard`: the account's shard (members, teams, the invite mail's outbox);
 * `directory`: its invites (found by address before the invitee has any
 * account) and the embedded provider's invitations. Reads of both run side by side.
 */
export function membersOf({ shard: db, directory }: { shard: Db; directory: Db }, scope: AccountScope) {
  const accountId = scope.account.id;

  async function list(): Promise<TeamMemberDto[]> {
    const [[members, memberships], pending] = await Promise.all([
      db.batch([
        db.select().from(accountUsers).where(eq(accountUsers.accountId, accountId)).orderBy(asc(accountUsers.name), asc(accountUsers.email)),
        db
          .select({ accountUserId: teamMemberships.accountUserId, id: teams.id, name: teams.name })
          .from(teamMemberships)
          .innerJoin(teams, eq(teams.id, teamMemberships.teamId))
          .where(eq(teamMemberships.accountId, accountId))
          .orderBy(asc(teams.name)),
      ]),
      directory
        .select()
        .from(invites)
        .where(and(eq(invites.accountId, accountId), eq(invites.status, "pending")))
        .orderBy(asc(invites.email)),
    ]);
    const teamsOf = new Map<string, { id: string; name: string }[]>();
    for (const m of memberships) teamsOf.set(m.accountUserId, [...(teamsOf.get(m.accountUserId) ?? []), { id: m.id, name: m.name }]);
    return [
      ...members.map((m): TeamMemberDto => ({
        id: m.id,
        kind: "member",
        userId: m.userId,
        name: m.name,
        email: m.email,
        type: m.type,
        role: m.role,
        status: m.status,
        teams: teamsOf.get(m.id) ?? [],
        createdAt: m.createdAt,
      })),
      ...pending.map((i): TeamMemberDto => ({
        id: i.id,
        kind: "invite",
        userId: null,
        name: null,
        email: i.email,
        type: "member",
        role: i.role,
        status: "pending",
        teams: [],
        createdAt: i.createdAt,
      })),
    ];
  }

  /**
   * The identity provider's membership of the account (`auth_members`, in the
   * directory) follows a member's status: removed when the member is marked
   * inactive, added again when active, so the satellite hand-off and mail's
   * partner branding, which read the directory alone, count active members
   * only. Answers what the step changed (the rows it removed, the ids it
   * added: its undo puts the directory back as it was), with the
   * `undoMemberStatus` step kept in its batch (the directory following the
   * shard's status, whatever became of the request: a membership of the
   * member's present role put back while the shard says active, the row
   * added (of `role`) taken while it says inactive), or null when the
   * account has no embedded organisation (Clerk keeps its own memberships).
   */
  async function identityMembership(
    member: { id: string; role: string },
    authUserId: string | null,
    status: "active" | "inactive",
    role: string,
    shard: string,
  ): Promise<{ identity: IdentityStep; step: UndoMemberStatusMessage } | null> {
    const orgId = scope.account.authId;
    if (!orgId || !authUserId || scope.auth.provider === "clerk") return null;
    const mine = and(eq(authMembers.organizationId, orgId), eq(authMembers.userId, authUserId));
    const row = { id: crypto.randomUUID(), organizationId: orgId, userId: authUserId, role: status === "inactive" ? member.role : role, createdAt: new Date() };
    const undo: IdentityStep =
      status === "inactive" ? { restore: [{ ...row, createdAt: row.createdAt.toISOString() }], added: [] } : { restore: [], added: [row.id] };
    const { step, keep } = keptInFirstBatch(directory, { kind: "undoMemberStatus", shard, memberId: member.id, accountId, ...undo } as const, "directory");
    if (status === "inactive") {
      const [, removed] = await directory.batch([keep, directory.delete(authMembers).where(mine).returning()]);
      return { identity: { restore: removed.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), added: [] }, step };
    }
    const [, added] = await directory.batch([keep, directory.insert(authMembers).values(row).onConflictDoNothing().returning({ id: authMembers.id })]);
    return { identity: { restore: [], added: added.map((a) => a.id) }, step };
  }

  return {
    list,

    /** Edits a member: the owner's role and status, and the caller's own status and role, stay as they are (409). */
    async edit(id: string, body: z.output<typeof UpdateTeamMemberBody>, acting: AdminScope, compensation: Compensation): Promise<TeamMemberDto> {
      const found = await db
        .select({ member: accountUsers, authId: users.authId })
        .from(accountUsers)
        .leftJoin(users, eq(users.id, accountUsers.userId))
        .where(and(eq(accountUsers.id, id), eq(accountUsers.accountId, accountId)))
        .limit(1);
      const member = found[0]?.member;
      if (!member) throw notFound("Team member not found");
      if ((body.role || body.status) && member.type === "owner") throw conflict("The owner's role and status cannot be changed");
      if (body.status === "inactive" && member.userId === acting.user.id) throw conflict("You cannot mark yourself inactive");
      if (body.role && member.userId === acting.user.id && body.role !== acting.role) throw conflict("You cannot change your own role");
      if (body.role === "admin" && acting.role !== "owner" && acting.role !== "admin") throw conflict("Only owners and admins can make admins");
      const teamIds = body.teamIds ? [...new Set(body.teamIds)] : undefined;
      if (teamIds?.length) {
        const own = await db
          .select({ id: teams.id })
          .from(teams)
          .where(and(eq(teams.accountId, accountId), inList(teams.id, teamIds)));
        if (own.length !== teamIds.length) throw invalid({ teamIds: "Not a team of this account" });
      }
      const patch: Partial<typeof accountUsers.$inferInsert> = {};
      if (body.name !== undefined) patch.name = body.name || null;
      if (body.role) patch.role = body.role;
      if (body.status) patch.status = body.status;
      const statements: Stmt[] = [];
      if (Object.keys(patch).length) statements.push(db.update(accountUsers).set(patch).where(eq(accountUsers.id, member.id)));
      if (teamIds) {
        statements.push(db.delete(teamMemberships).where(eq(teamMemberships.accountUserId, member.id)));
        for (const teamId of teamIds) {
          statements.push(db.insert(teamMemberships).values({ accountId: accountId, teamId, accountUserId: member.id }));
        }
      }
      // The directory's identity membership follows the status first (its step kept in its batch); the shard's write second, the first undone when it fails.
      const followed =
        body.status && body.status !== member.status
          ? await identityMembership(member, found[0]!.authId, body.status, patch.role ?? member.role, compensation.shard)
          : null;
      if (followed) betweenDatabases("memberStatus");
      try {
        if (statements.length) await batch(db, statements);
      } catch (err) {
        // The directory put back as it was; when that fails too, the kept step makes it follow the shard's status.
        const undo = followed ? identityUndoStatements(directory, followed.identity) : [];
        if (followed && undo.length)
          await batch(directory, undo).catch((undoErr: unknown) => undoLater(followed.step.kind, undoErr, () => compensation.later(followed.step)));
        throw err;
      }
      return (await list()).find((m) => m.kind === "member" && m.id === member.id)!;
    },

    /** Which of these addresses are already members, and which already have a pending invite (lower case). */
    async knownAddresses(emails: string[], now = new Date()) {
      const dayAgo = new Date(now.getTime() - 24 * 3600 * 1000).toISOString();
      const [members, [pending, today]] = await Promise.all([
        db
          .select({ email: accountUsers.email })
          .from(accountUsers)
          .where(and(eq(accountUsers.accountId, accountId), inList(accountUsers.email, emails))),
        directory.batch([
          directory
            .select({ email: invites.email })
            .from(invites)
            .where(and(eq(invites.accountId, accountId), eq(invites.status, "pending"), inList(invites.email, emails))),
          // Every invite the account sent in the last 24 hours, whatever became of it since.
          directory
            .select({ n: count(), oldest: min(invites.createdAt) })
            .from(invites)
            .where(and(eq(invites.accountId, accountId), gt(invites.createdAt, dayAgo))),
        ]),
      ]);
      return {
        members: new Set(members.map((m) => m.email.toLowerCase())),
        pending: new Set(pending.map((p) => p.email.toLowerCase())),
        sentToday: today[0]?.n ?? 0,
        /** When the oldest of them was sent (the cap frees a place 24 hours later). */
        oldestToday: today[0]?.oldest ?? null,
      };
    },

    /**
     * Writes the invites, then their mails. The directory's batch holds, for
     * each, the embedded provider's organisation invitation (when it has one)
     * and the product's invite, with the day's cap; the shard's batch the
     * queued mails. When the shard refuses, the invites just written are
     * taken back (compensation), so no invite stays without its mail; when
     * that undo fails too, it goes to the flow queue as an idempotent step
     * (`compensation.later`, worker/data/invite-undo.ts), kept in the
     * directory's batch: the cron runs it even when the request stops before
     * the mails (once their mails are there, it takes nothing back).
     */
    async sendInvites(
      list: {
        id: string;
        email: string;
        role: "owner" | "admin" | "member";
        authInviteId: string | null;
        embeddedInvitation: boolean;
        mail: StoredMail;
      }[],
      compensation: { shard: string; later: (m: UndoInvitesMessage) => Promise<void> },
      now = new Date(),
    ) {
      const out: Statement[] = [];
      for (const invite of list) {
        if (invite.embeddedInvitation && invite.authInviteId && scope.account.authId) {
          out.push(
            directory.insert(authInvitations).values({
              id: invite.authInviteId,
              organizationId: scope.account.authId,
              email: invite.email,
              role: invite.role,
              status: "pending",
              expiresAt: new Date(now.getTime() + 7 * 24 * 3600 * 1000),
              createdAt: now,
              inviterId: scope.auth.userId,
            }),
          );
        }
        out.push(
          directory.insert(invites).values({
            id: invite.id,
            accountId,
            email: invite.email,
            role: invite.role,
            status: "pending",
            invitedByUserId: scope.user.id,
            authInviteId: invite.authInviteId,
          }),
        );
      }
      if (!out.length) return;
      const inviteIds = list.map((i) => i.id);
      const authInvitationIds = list.flatMap((i) => (i.embeddedInvitation && i.authInviteId ? [i.authInviteId] : []));
      const undo: UndoInvitesMessage = {
        kind: "undoInvites",
        shard: compensation.shard,
        inviteIds,
        authInvitationIds,
        mailIds: list.map((i) => i.mail.id),
        accountId,
      };
      // Kept in the directory's batch: a request stopped before the mails is repaired by the cron (the step asks for the mails first).
      const { step, keep } = keptInFirstBatch(directory, undo, "directory");
      // The day's cap, checked inside the same transaction as the inserts: requests sent at once cannot pass it
      // together. Over the cap, the last statement writes a row its NOT NULL account_id refuses, and the whole
      // batch rolls back (see overInviteCap).
      const dayAgo = new Date(now.getTime() - 24 * 3600 * 1000).toISOString();
      await runBatch(d1Of(directory), [
        keep,
        ...out,
        raw(sql`INSERT INTO invites (id, account_id, email) SELECT ${crypto.randomUUID()}, NULL, ''
          WHERE (SELECT count(*) FROM invites WHERE account_id = ${accountId} AND created_at > ${dayAgo}) > ${INVITES_PER_DAY}`),
      ]);
      betweenDatabases("sendInvites");
      try {
        await batch(
          db,
          list.map((invite) => enqueueMail(db, invite.mail)),
        );
      } catch (err) {
        await batch(directory, dropInvitesStatements(directory, inviteIds, authInvitationIds)).catch((undoErr: unknown) =>
          undoLater(step.kind, undoErr, () => compensation.later(step)),
        );
        throw err;
      }
    },

    /** A pending invite of the account (404 when there is none, 409 when no longer pending). */
    async pendingInvite(id: string) {
      const found = await directory
        .select()
        .from(invites)
        .where(and(eq(invites.id, id), eq(invites.accountId, accountId)))
        .limit(1);
      const invite = found[0];
      if (!invite) throw notFound("Invite not found");
      if (invite.status !== "pending") throw conflict("This invite is no longer pending");
      return invite;
    },

    /** Revokes the invite while it is still pending (and the embedded provider's invitation with it). */
    async revoke(invite: typeof invites.$inferSelect, embeddedInvitation: boolean) {
      const statements: Stmt[] = [
        directory
          .update(invites)
          .set({ status: "revoked", respondedAt: new Date().toISOString() })
          .where(and(eq(invites.id, invite.id), eq(invites.status, "pending"))),
      ];
      if (embeddedInvitation && invite.authInviteId)
        statements.push(directory.update(authInvitations).set({ status: "canceled" }).where(eq(authInvitations.id, invite.authInviteId)));
      await batch(directory, statements);
    },

    /** Sends the statements as one batch. */
  };
}

/** Whether a failed invite batch was refused by the day's cap (its guard row's NOT NULL account_id). */
export const overInviteCap = (err: unknown) => errorText(err).includes("invites.account_id");
