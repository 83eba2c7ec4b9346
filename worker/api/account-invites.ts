import { Hono } from "hono";
import { AcceptInviteParams, AccountDto, INVITE_MESSAGES, InviteLinkDto } from "../../contract/accounts";
import { acceptInvite, inviteOf, memberAccount, verifiedEmail } from "../data/accounts";
import { addressHasAccount, pendingInvite } from "../data/invite-links";
import { identityProvider } from "../identity/context";
import type { AppEnv } from "../env";
import { clerkAddMember, clerkRevokeInvite } from "../identity/clerk-organizations";
import { endpoint } from "../http/endpoint";
import { errorResponses } from "../http/responses";
import { conflict, forbidden, notFound } from "../http/errors";
import { limitClient, type RateRule } from "../http/rate-limit";
import { signInLimitOf } from "../identity/embedded";
import { membershipStatements } from "../identity/organizations";
import { keptLater } from "../flows/kept";
import { accountShardName, shardDb } from "../tenant/scope";
import { accountDto } from "./dto";

/** Joining an account by invite: the invite link's look-up for its sign-up, and the invitee's acceptance. */
export const accountInvitesApi = new Hono<AppEnv>();

/**
 * The invite link's look-up is the first step of its sign-up and is public:
 * each client address gets three times the sign-up's own rule a minute (the
 * page's first read, its reloads and retries), found or not, so its ids
 * cannot be guessed at full speed.
 */
const inviteLinkLimit = (env: { AUTH_SIGNIN_LIMIT?: string }): RateRule => ({ bucket: "invite-link", max: 3 * signInLimitOf(env), windowSeconds: 60 });

/**
 * `GET v1/accounts/{accountId}/invites/{inviteId}`: the pending invite an
 * invite link names, for its sign-up or, when its address has an account
 * already, its sign-in (no session yet). The link's ids are
 * the secret, as the link is; an unknown, used or revoked invite, or on a
 * partner's domain one to an organisation outside that partner, is 404.
 * Rate limited per client address (429 with Retry-After).
 */
endpoint(
  accountInvitesApi,
  "/v1",
  {
    method: "get",
    path: "/accounts/{accountId}/invites/{inviteId}",
    summary: "The invited address and organisation of a pending invite (the invite link's sign-up)",
    tags: ["accounts"],
    auth: "public",
    params: AcceptInviteParams,
    responses: {
      200: { description: "The invite", schema: InviteLinkDto },
      ...errorResponses({ 404: "No such pending invite (here)", 429: "Too many requests from this client address (per minute)" }),
    },
  },
  async (c, { params }) => {
    await limitClient(c, inviteLinkLimit(c.env));
    const tenant = c.get("tenant");
    if (tenant.mode === "satellite" && !tenant.partner) throw notFound("Invite not found");
    const invite = await pendingInvite(c.get("directory"), params.accountId, params.inviteId, tenant.partner?.id ?? null);
    if (!invite) throw notFound("Invite not found");
    // Told only of the invite's own address, which the link's holder knows already.
    const hasAccount = await addressHasAccount(c.get("directory"), invite.email, identityProvider(c.env));
    return c.json({ email: invite.email, accountName: invite.accountName, hasAccount } satisfies InviteLinkDto);
  },
);

/**
 * `POST v1/accounts/{accountId}/invites/{inviteId}/accept`: the
 * invitee joins the account. The caller's verified address must be the
 * invited one: 403 for an unverified address or another address. Asked
 * again by the invitee once joined, it answers as the first time.
 */
endpoint(
  accountInvitesApi,
  "/v1",
  {
    method: "post",
    path: "/accounts/{accountId}/invites/{inviteId}/accept",
    summary: "Accept an invitation to join an account",
    tags: ["accounts"],
    auth: "user",
    params: AcceptInviteParams,
    responses: {
      200: { description: "Joined (or joined already through this invite); the account", schema: AccountDto },
      ...errorResponses({
        403: "The caller's address is not verified, or is not the invited one",
        404: "No such invite",
        409: "The invite was revoked, or used by a member who has since left",
      }),
    },
  },
  async (c, { params }, scope) => {
    const { auth } = scope;
    // The invite is in the directory, the membership goes to the account's shard.
    const directory = c.get("directory");
    const [row, shardName] = await Promise.all([inviteOf(directory, params.accountId, params.inviteId), accountShardName(c, params.accountId)]);
    const shard = shardDb(c, shardName);
    if (!row) throw notFound("Invite not found");
    const email = verifiedEmail(auth);
    if (!email) throw forbidden(INVITE_MESSAGES.verifyFirst);
    if (row.invite.email.trim().toLowerCase() !== email) throw forbidden(INVITE_MESSAGES.otherAddress);
    if (row.invite.status !== "pending") {
      // Accepted already, by the caller (the invited address): a second asking, whose first answer was lost to a
      // dropped connection or a page that moved on, is answered as the first was, and changes nothing.
      if (row.invite.status === "accepted" && (await memberAccount(shard, scope, params.accountId))) return c.json(accountDto(row.account));
      throw conflict("This invite is no longer valid");
    }
    const clerk = auth.provider === "clerk" && row.account.authId;
    if (clerk) {
      // Clerk: the membership is made at Clerk, and the invitation it stood for is used up.
      await clerkAddMember(c.env, row.account.authId!, auth.userId, row.invite.role);
      if (row.invite.authInviteId) await clerkRevokeInvite(c.env, row.account.authId!, row.invite.authInviteId, auth.userId).catch(() => undefined);
    }
    const authMemberId = crypto.randomUUID();
    const membership = membershipStatements(c, auth, row.account.authId, row.invite.role, authMemberId);
    await acceptInvite(
      { shard, directory },
      scope,
      row,
      { statements: membership, ids: membership.length ? [authMemberId] : [] },
      clerk ? null : row.invite.authInviteId,
      { shard: shardName, later: keptLater(c) },
    );
    return c.json(accountDto(row.account));
  },
);
