import { inviteLink, partnerOf } from "../domain/accounts";
import { Hono } from "hono";
import {
  INVITES_PER_DAY,
  IdParam,
  InviteBody,
  InviteResult,
  TEAM_MESSAGES,
  TeamMemberDto,
  TeamMemberList,
  UpdateTeamMemberBody,
  splitEmails,
} from "../../contract/team";
import { membersOf, overInviteCap } from "../data/team-members";
import type { AppEnv } from "../env";
import { bothDatabases } from "../tenant/scope";
import { endpoint } from "../http/endpoint";
import { errorResponses } from "../http/responses";
import { ApiError } from "../http/errors";
import type { Acting } from "../identity/context";
import { dispatchMail, storeMail, type MailInput } from "../mail/outbox";
import { inviteMail } from "../mail/account-mail";
import { partnerMails, productBrand, recipientLanguage, usersByEmail, type PartnerMail, type UserLanguage } from "../data/mail-context";
import { clerkInvite, clerkRevokeInvite } from "../identity/clerk-organizations";
import { keptLater } from "../flows/kept";

/**
 * Team members of the acting account (Profile → Team Members): list (members
 * and pending invites), edit, mark inactive, invite by email
 * (semicolon-separated), revoke an invite. Only owners and admins manage
 * members; every member may read the list.
 */
export const accountUsersApi = new Hono<AppEnv>();

const errors = errorResponses({ 403: "Not a member, or not an owner or admin" });

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
  async (c, _input, scope) => c.json({ items: await membersOf(bothDatabases(c), scope).list() }),
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
      ...errorResponses({ 404: "No such member in this account", 409: "The owner, or yourself, cannot be changed this way" }),
    },
  },
  async (c, { params, body }, scope) =>
    c.json(
      await membersOf(bothDatabases(c), scope).edit(params.id, body, scope, {
        shard: c.get("shard").name,
        later: keptLater(c),
      }),
    ),
);

/**
 * The invitation mail: in the branding of the account's partner (a partner
 * itself, a customer's parent) and in the invitee's language (their stored
 * preference when they already use the product, else the partner's default).
 * The link goes to that partner's registered domain (else the main origin),
 * never to the host or scheme the inviting request named.
 */
function invitationMail(
  acting: Acting,
  to: string,
  inviteId: string,
  partner: PartnerMail,
  invitee: UserLanguage | undefined,
  clerkTicket: string | null = null,
) {
  // The link opens sign-up with the invited address (a signed-in invitee goes on to join: client/app/guards.ts);
  // with Clerk, its invitation's ticket, which Clerk's sign-up reads from the URL to fix and verify that address.
  const link = inviteLink(partner.brand.origin, acting.account.id, inviteId, clerkTicket);
  const inviter = [acting.user.firstName, acting.user.lastName].filter(Boolean).join(" ") || acting.user.email;
  const mail = inviteMail({ language: recipientLanguage(invitee, partner), brand: partner.brand, link, inviter, accountName: acting.account.name });
  return {
    to,
    accountId: acting.account.id,
    replyTo: acting.user.email,
    fromName: partner.brand.platformName,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
  };
}

const DAY_MS = 24 * 3600 * 1000;
/**
 * The answer to an invite that would take the account past its day's cap (429, the field named), with `Retry-After`:
 * when the oldest invite of the last 24 hours leaves them (a place comes free), or 24 hours when none is counted.
 */
const inviteCapReached = (oldest: string | null, now = Date.now()) =>
  new ApiError(
    "rate_limited",
    TEAM_MESSAGES.inviteDailyLimit,
    { emails: TEAM_MESSAGES.inviteDailyLimit },
    ((oldest ? Date.parse(oldest) + DAY_MS : now + DAY_MS) - now) / 1000,
  );

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
    responses: {
      200: { description: "The outcome per address", schema: InviteResult },
      ...errors,
      ...errorResponses({ 429: `The account would send more than ${INVITES_PER_DAY} invites in 24 hours` }),
    },
  },
  async (c, { body }, acting) => {
    const directory = c.get("directory");
    const members = membersOf(bothDatabases(c), acting);
    const emails = splitEmails(body.emails);
    const known = await members.knownAddresses(emails);
    const memberSet = known.members;
    const pendingSet = known.pending;
    const newOnes = emails.filter((e) => !memberSet.has(e) && !pendingSet.has(e)).length;
    if (known.sentToday + newOnes > INVITES_PER_DAY) throw inviteCapReached(known.oldestToday);
    const partnerId = partnerOf(acting.account);
    const partner = (partnerId ? (await partnerMails(directory, c.env, [partnerId])).get(partnerId) : undefined) ?? productBrand(c.env);
    const invitees = await usersByEmail(directory, emails);
    const sending: (Omit<Parameters<typeof members.sendInvites>[0][number], "mail"> & { mail: MailInput })[] = [];
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
      let authInviteId: string | null = null;
      let clerkTicket: string | null = null;
      const clerk = acting.auth.provider === "clerk" && Boolean(acting.account.authId);
      // Clerk's organisation invitation (its own mail off: the product's branded mail goes instead, with its ticket).
      if (clerk)
        ({ id: authInviteId, ticket: clerkTicket } = await clerkInvite(c.env, acting.account.authId!, email, body.role ?? "member", acting.auth.userId));
      else if (acting.account.authId) authInviteId = crypto.randomUUID();
      const mail = {
        id: crypto.randomUUID(),
        ...invitationMail(
          acting,
          email,
          inviteId,
          partner,
          invitees.find((u) => u.email.toLowerCase() === email),
          clerkTicket,
        ),
      };
      sending.push({ id: inviteId, email, role: body.role ?? "member", authInviteId, embeddedInvitation: !clerk, mail });
      results.push({ email, outcome: "sent", inviteId, message: null });
    }
    // The mails' bodies go to R2 before the batch that writes their outbox rows (worker/mail/outbox.ts).
    const stored = await storeMail(
      c.env.UPLOADS,
      sending.map((i) => i.mail),
    );
    const compensation = { shard: c.get("shard").name, later: keptLater(c) };
    await members
      .sendInvites(
        sending.map((i, n) => ({ ...i, mail: stored[n]! })),
        compensation,
      )
      .catch((err: unknown) => {
        // Other requests of the account got there first: nothing of this one was written.
        if (overInviteCap(err)) throw inviteCapReached(known.oldestToday);
        throw err;
      });
    await dispatchMail(
      c.env,
      stored.map((m) => m.id),
      c.get("shard").name,
    );
    return c.json({ results, sent: sending.length, total: emails.length } satisfies InviteResult);
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
      ...errorResponses({ 404: "No such invite in this account", 409: "Already accepted or revoked" }),
    },
  },
  async (c, { params }, acting) => {
    const members = membersOf(bothDatabases(c), acting);
    const invite = await members.pendingInvite(params.id);
    const clerk = Boolean(invite.authInviteId && acting.auth.provider === "clerk" && acting.account.authId);
    if (clerk) await clerkRevokeInvite(c.env, acting.account.authId!, invite.authInviteId!, acting.auth.userId);
    await members.revoke(invite, !clerk);
    return c.body(null, 204);
  },
);
