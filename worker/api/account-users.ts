import { and, asc, eq } from "drizzle-orm";
import { inList } from "../data/bound";
import { Hono } from "hono";
import { ErrorEnvelope } from "../../contract/errors";
import {
  IdParam,
  InviteBody,
  InviteResult,
  TEAM_MESSAGES,
  TeamMemberDto,
  TeamMemberList,
  UpdateTeamMemberBody,
  splitEmails,
} from "../../contract/team";
import { accountUsers, authInvitations, invites, teamMemberships, teams } from "../../db/schema";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";
import { conflict, invalid, notFound } from "../http/errors";
import { requireAccount, requireAccountAdmin, type Acting } from "../identity/context";
import { dispatchMail, enqueueMail } from "../mail/outbox";
import { inviteMail } from "../mail/account-mail";
import { partnerMails, productBrand, recipientLanguage, usersByEmail, type PartnerMail, type UserLanguage } from "../data/mail-context";
import { clerkInvite, clerkRevokeInvite } from "../identity/clerk-organizations";

/**
 * Team members of the acting account (Profile → Team Members):
 * list (members and pending invites), edit, mark inactive, invite by email
 * (semicolon-separated), revoke an invite. Only owners and admins manage
 * members; every member may read the list.
 */
export const accountUsersApi = new Hono<AppEnv>();

const errors = {
  400: { description: "Invalid input, with the fields that failed", schema: ErrorEnvelope },
  401: { description: "No or bad token", schema: ErrorEnvelope },
  403: { description: "Not a member, or not an owner or admin", schema: ErrorEnvelope },
};

type Batch = Parameters<AppEnv["Variables"]["db"]["batch"]>[0];

async function memberDtos(c: Parameters<typeof requireAccount>[0], accountId: string): Promise<TeamMemberDto[]> {
  const db = c.get("db");
  const [members, pending, memberships] = await db.batch([
    db.select().from(accountUsers).where(eq(accountUsers.accountId, accountId)).orderBy(asc(accountUsers.name), asc(accountUsers.email)),
    db
      .select()
      .from(invites)
      .where(and(eq(invites.accountId, accountId), eq(invites.status, "pending")))
      .orderBy(asc(invites.email)),
    db
      .select({ accountUserId: teamMemberships.accountUserId, id: teams.id, name: teams.name })
      .from(teamMemberships)
      .innerJoin(teams, eq(teams.id, teamMemberships.teamId))
      .where(eq(teamMemberships.accountId, accountId))
      .orderBy(asc(teams.name)),
  ]);
  const teamsOf = new Map<string, { id: string; name: string }[]>();
  for (const m of memberships) teamsOf.set(m.accountUserId, [...(teamsOf.get(m.accountUserId) ?? []), { id: m.id, name: m.name }]);
  return [
    ...members.map(
      (m): TeamMemberDto => ({
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
      }),
    ),
    ...pending.map(
      (i): TeamMemberDto => ({
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
      }),
    ),
  ];
}

/** `GET v1/admin/account-users`: the acting account's members and pending invites. */
endpoint(
  accountUsersApi,
  "/v1",
  {
    method: "get",
    path: "/admin/account-users",
    summary: "Team members and pending invites of the acting account",
    tags: ["team"],
    auth: "account",
    responses: { 200: { description: "The members", schema: TeamMemberList }, ...errors },
  },
  async (c) => {
    const acting = await requireAccount(c);
    return c.json({ items: await memberDtos(c, acting.account.id) });
  },
);

/** `PUT v1/admin/account-users/{id}`: edit a member (name, role, teams) or mark them inactive / active again. */
endpoint(
  accountUsersApi,
  "/v1",
  {
    method: "put",
    path: "/admin/account-users/{id}",
    summary: "Edit a team member, or mark them inactive",
    tags: ["team"],
    auth: "accountAdmin",
    params: IdParam,
    body: UpdateTeamMemberBody,
    responses: {
      200: { description: "The member", schema: TeamMemberDto },
      ...errors,
      404: { description: "No such member in this account", schema: ErrorEnvelope },
      409: { description: "The owner, or yourself, cannot be changed this way", schema: ErrorEnvelope },
    },
  },
  async (c, { params, body }) => {
    const acting = await requireAccountAdmin(c);
    const db = c.get("db");
    const found = await db
      .select()
      .from(accountUsers)
      .where(and(eq(accountUsers.id, params.id), eq(accountUsers.accountId, acting.account.id)))
      .limit(1);
    const member = found[0];
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
        .where(and(eq(teams.accountId, acting.account.id), inList(teams.id, teamIds)));
      if (own.length !== teamIds.length) throw invalid({ teamIds: "Not a team of this account" });
    }
    const patch: Partial<typeof accountUsers.$inferInsert> = {};
    if (body.name !== undefined) patch.name = body.name || null;
    if (body.role) patch.role = body.role;
    if (body.status) patch.status = body.status;
    const statements: Batch[number][] = [];
    if (Object.keys(patch).length) statements.push(db.update(accountUsers).set(patch).where(eq(accountUsers.id, member.id)));
    if (teamIds) {
      statements.push(db.delete(teamMemberships).where(eq(teamMemberships.accountUserId, member.id)));
      for (const teamId of teamIds) {
        statements.push(db.insert(teamMemberships).values({ accountId: acting.account.id, teamId, accountUserId: member.id }));
      }
    }
    if (statements.length) await db.batch(statements as unknown as Batch);
    const all = await memberDtos(c, acting.account.id);
    return c.json(all.find((m) => m.kind === "member" && m.id === member.id)!);
  },
);

/**
 * The invitation mail: in the branding of the account's partner (a partner
 * itself, a customer's parent) and in the invitee's language (their stored
 * preference when they already use the product, else the partner's default).
 * The link goes to the origin the invite was sent from, where the invitee's
 * sign-up continues.
 */
function invitationMail(origin: string, acting: Acting, to: string, inviteId: string, partner: PartnerMail, invitee: UserLanguage | undefined) {
  const link = `${origin}/onboarding?invite=${acting.account.id}.${inviteId}`;
  const inviter = [acting.user.firstName, acting.user.lastName].filter(Boolean).join(" ") || acting.user.email;
  const mail = inviteMail({ language: recipientLanguage(invitee, partner), brand: partner.brand, link, inviter, accountName: acting.account.name });
  return { to, accountId: acting.account.id, replyTo: acting.user.email, fromName: partner.brand.platformName, subject: mail.subject, text: mail.text, html: mail.html };
}

/**
 * `POST v1/admin/account-users/invites`: invite each address
 * (separated by semicolons). Every new invite writes the identity provider's
 * organisation invitation, the product's invite and the mail in one batch;
 * addresses already invited or already members are reported, not sent.
 */
endpoint(
  accountUsersApi,
  "/v1",
  {
    method: "post",
    path: "/admin/account-users/invites",
    summary: "Invite people to the acting account by email",
    tags: ["team"],
    auth: "accountAdmin",
    body: InviteBody,
    responses: { 200: { description: "The outcome per address", schema: InviteResult }, ...errors },
  },
  async (c, { body }) => {
    const acting = await requireAccountAdmin(c);
    const db = c.get("db");
    const emails = splitEmails(body.emails);
    const [members, pending] = await db.batch([
      db.select({ email: accountUsers.email }).from(accountUsers).where(and(eq(accountUsers.accountId, acting.account.id), inList(accountUsers.email, emails))),
      db
        .select({ email: invites.email })
        .from(invites)
        .where(and(eq(invites.accountId, acting.account.id), eq(invites.status, "pending"), inList(invites.email, emails))),
    ]);
    const memberSet = new Set(members.map((m) => m.email.toLowerCase()));
    const pendingSet = new Set(pending.map((p) => p.email.toLowerCase()));
    const origin = new URL(c.req.url).origin;
    const partnerId = acting.account.type === "partner" ? acting.account.id : acting.account.parentAccountId;
    const partner = (partnerId ? (await partnerMails(db, c.env, [partnerId])).get(partnerId) : undefined) ?? productBrand(c.env);
    const invitees = await usersByEmail(db, emails);
    const now = new Date();
    const statements: Batch[number][] = [];
    const mailIds: string[] = [];
    const results: InviteResult["results"] = [];
    for (const email of emails) {
      if (memberSet.has(email)) {
        results.push({ email, outcome: "alreadyMember", inviteId: null, message: "Already a member of this account" });
        continue;
      }
      if (pendingSet.has(email)) {
        results.push({ email, outcome: "alreadyInvited", inviteId: null, message: TEAM_MESSAGES.inviteAlreadySent });
        continue;
      }
      const inviteId = crypto.randomUUID();
      const mailId = crypto.randomUUID();
      let authInviteId: string | null = null;
      if (acting.auth.provider === "clerk" && acting.account.authId) {
        // Clerk's organisation invitation (its own mail off: the product's branded mail goes instead).
        authInviteId = await clerkInvite(c.env, acting.account.authId, email, body.role ?? "member", acting.auth.userId);
      } else if (acting.account.authId) {
        authInviteId = crypto.randomUUID();
        statements.push(
          db.insert(authInvitations).values({
            id: authInviteId,
            organizationId: acting.account.authId,
            email,
            role: body.role ?? "member",
            status: "pending",
            expiresAt: new Date(now.getTime() + 7 * 24 * 3600 * 1000),
            createdAt: now,
            inviterId: acting.auth.userId,
          }),
        );
      }
      statements.push(
        db.insert(invites).values({
          id: inviteId,
          accountId: acting.account.id,
          email,
          role: body.role ?? "member",
          status: "pending",
          invitedByUserId: acting.user.id,
          authInviteId,
        }),
        enqueueMail(db, { id: mailId, ...invitationMail(origin, acting, email, inviteId, partner, invitees.find((u) => u.email.toLowerCase() === email)) }),
      );
      mailIds.push(mailId);
      results.push({ email, outcome: "sent", inviteId, message: null });
    }
    if (statements.length) await db.batch(statements as unknown as Batch);
    await dispatchMail(c.env, mailIds);
    return c.json({ results, sent: mailIds.length, total: emails.length } satisfies InviteResult);
  },
);

/** `POST v1/admin/account-users/invites/{id}/revoke`: a pending invite can no longer be accepted. */
endpoint(
  accountUsersApi,
  "/v1",
  {
    method: "post",
    path: "/admin/account-users/invites/{id}/revoke",
    summary: "Revoke a pending invite",
    tags: ["team"],
    auth: "accountAdmin",
    params: IdParam,
    responses: {
      204: { description: "Revoked" },
      ...errors,
      404: { description: "No such invite in this account", schema: ErrorEnvelope },
      409: { description: "Already accepted or revoked", schema: ErrorEnvelope },
    },
  },
  async (c, { params }) => {
    const acting = await requireAccountAdmin(c);
    const db = c.get("db");
    const found = await db
      .select()
      .from(invites)
      .where(and(eq(invites.id, params.id), eq(invites.accountId, acting.account.id)))
      .limit(1);
    const invite = found[0];
    if (!invite) throw notFound("Invite not found");
    if (invite.status !== "pending") throw conflict("This invite is no longer pending");
    const statements: Batch[number][] = [
      db.update(invites).set({ status: "revoked", respondedAt: new Date().toISOString() }).where(and(eq(invites.id, invite.id), eq(invites.status, "pending"))),
    ];
    if (invite.authInviteId && acting.auth.provider === "clerk" && acting.account.authId) {
      await clerkRevokeInvite(c.env, acting.account.authId, invite.authInviteId, acting.auth.userId);
    } else if (invite.authInviteId) {
      statements.push(db.update(authInvitations).set({ status: "canceled" }).where(eq(authInvitations.id, invite.authInviteId)));
    }
    await db.batch(statements as unknown as Batch);
    return c.body(null, 204);
  },
);
