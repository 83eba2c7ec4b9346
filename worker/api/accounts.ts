import { Hono } from "hono";
import {
  AcceptInviteParams,
  AccountDto,
  AccountExistQuery,
  AccountIdParam,
  AccountPathParam,
  AssignParentBody,
  CreateAccountData,
  DetailsPromptDto,
  INVITE_MESSAGES,
  InviteLinkDto,
  missingDetails,
  UpdateAccountProfileData,
} from "../../contract/accounts";
import { ExistsResponse } from "../../contract/domains";
import { ErrorEnvelope } from "../../contract/errors";
import {
  acceptInvite,
  createAccount,
  detailsPromptDismissed,
  dismissDetailsPrompt,
  inviteOf,
  linkToPartner,
  memberAccount,
  tanExists,
  verifiedEmail,
} from "../data/accounts";
import { setAccountTimeZone, updateProfile } from "../data/account-settings";
import { SetTimeZoneBody } from "../../contract/time-zones";
import { pendingInvite } from "../data/invite-links";
import { partnerRows } from "../data/partner-numbers";
import type { AppEnv } from "../env";
import { clerkAddMember, clerkRevokeInvite } from "../identity/clerk-organizations";
import { endpoint } from "../http/endpoint";
import { errorResponses } from "../http/responses";
import { conflict, forbidden, notFound } from "../http/errors";
import { limitClient, type RateRule } from "../http/rate-limit";
import { signInLimitOf } from "../identity/embedded";
import { availableInSession } from "../identity/context";
import { membershipStatements, organisationForNewAccount } from "../identity/organizations";
import { storeUpload } from "../storage/uploads";
import { defaultShard } from "../d1/shards";
import { keptLater } from "../flows/kept";
import { sendFlows } from "../flows/queue";
import { accountShardDb, accountShardName, bothDatabases, placementFor, shardDb } from "../tenant/scope";
import { forgetAccountPlacement } from "../tenant/shard";
import { accountDto } from "./dto";

export const accountsApi = new Hono<AppEnv>();

const errors = errorResponses();

/**
 * `POST v1/accounts` (multipart: data + logo): the signed-in user
 * creates an account (onboarding) and becomes its owner. A partner receives
 * its TAN and a default styling.
 */
endpoint(
  accountsApi,
  "/v1",
  {
    method: "post",
    path: "/accounts",
    summary: "Create an account (onboarding); the caller becomes its owner",
    tags: ["accounts"],
    auth: "user",
    form: { data: CreateAccountData, files: [{ field: "logo" }] },
    responses: {
      201: { description: "The new account", schema: AccountDto },
      ...errors,
      413: { description: "Logo over 50 MB" },
      415: { description: "Logo not an image" },
    },
  },
  async (c, { form }, scope) => {
    const data = form.data;
    // On a partner's domain (a session made for it) a new organisation is that partner's customer.
    if (scope.auth.partnerScope && data.type === "partner") throw forbidden("Create a partner account on the product's own site");
    const id = crypto.randomUUID();
    const logo = form.files.logo;
    const logoKey = logo ? await storeUpload(c.env.UPLOADS, `public/accounts/${id}`, logo) : null;
    const org = organisationForNewAccount(c, scope.auth, data.name);
    // A new partner's data goes to a shard in its region (worker/domain/regions.ts); a customer to its partner's.
    const placement = data.type === "partner" ? placementFor(c.env, data.location) : undefined;
    // A customer made on a partner's domain is that partner's, in its currency (linkTerms): its row and shard are read side by side.
    const partnerId = scope.auth.partnerScope ?? null;
    const [partnerShard, [partner = null]] = partnerId
      ? await Promise.all([accountShardName(c, partnerId), partnerRows(c.get("directory"), [partnerId])])
      : [null, []];
    if (partnerId && !partner) throw notFound("Partner not found");
    const shard = placement?.shard ?? partnerShard ?? defaultShard(c.env);
    const created = await createAccount(
      { shard: shardDb(c, shard), directory: c.get("directory") },
      scope,
      {
        id,
        data,
        partner,
        logoKey,
        org,
        placement,
      },
      { shard, later: keptLater(c) },
    );
    return c.json(accountDto(created), 201);
  },
);

/** `GET v1/accounts/exist?tan=&type=`: whether an account with that TAN (and type) exists. */
endpoint(
  accountsApi,
  "/v1",
  {
    method: "get",
    path: "/accounts/exist",
    summary: "Whether an account with this TAN exists",
    tags: ["accounts"],
    auth: "user",
    query: AccountExistQuery,
    responses: { 200: { description: "The answer", schema: ExistsResponse }, ...errors },
  },
  async (c, { query }) => c.json({ exists: await tanExists(c.get("directory"), query.tan, query.type) }),
);

/** `GET v1/accounts/{id}`: an account the caller belongs to; any other answers 404. */
endpoint(
  accountsApi,
  "/v1",
  {
    method: "get",
    path: "/accounts/{id}",
    summary: "An account the caller is a member of",
    tags: ["accounts"],
    auth: "user",
    params: AccountIdParam,
    responses: { 200: { description: "The account", schema: AccountDto }, ...errors, 404: { description: "Absent or not yours", schema: ErrorEnvelope } },
  },
  async (c, { params }, scope) => {
    const account = await memberAccount(await accountShardDb(c, params.id), scope, params.id);
    if (!account || !availableInSession(scope.auth, account)) throw notFound("Account not found");
    return c.json(accountDto(account));
  },
);

/**
 * The invite link's look-up is the first step of its sign-up and is public:
 * each client address gets three times the sign-up's own rule a minute (the
 * page's first read, its reloads and retries), found or not, so its ids
 * cannot be guessed at full speed.
 */
const inviteLinkLimit = (env: { AUTH_SIGNIN_LIMIT?: string }): RateRule => ({ bucket: "invite-link", max: 3 * signInLimitOf(env), windowSeconds: 60 });

/**
 * `GET v1/accounts/{accountId}/invites/{inviteId}`: the pending invite an
 * invite link names, for its sign-up (no session yet). The link's ids are
 * the secret, as the link is; an unknown, used or revoked invite, or on a
 * partner's domain one to an organisation outside that partner, is 404.
 * Rate limited per client address (429 with Retry-After).
 */
endpoint(
  accountsApi,
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
    return c.json({ email: invite.email, accountName: invite.accountName } satisfies InviteLinkDto);
  },
);

/**
 * `POST v1/accounts/{accountId}/invites/{inviteId}/accept`: the
 * invitee joins the account. The caller's verified address must be the
 * invited one: 403 for an unverified address or another address.
 */
endpoint(
  accountsApi,
  "/v1",
  {
    method: "post",
    path: "/accounts/{accountId}/invites/{inviteId}/accept",
    summary: "Accept an invitation to join an account",
    tags: ["accounts"],
    auth: "user",
    params: AcceptInviteParams,
    responses: {
      200: { description: "Joined; the account", schema: AccountDto },
      ...errorResponses({
        403: "The caller's address is not verified, or is not the invited one",
        404: "No such invite",
        409: "The invite was already used or revoked",
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
    if (row.invite.status !== "pending") throw conflict("This invite is no longer valid");
    const clerk = auth.provider === "clerk" && row.account.authId;
    if (clerk) {
      // Clerk: the membership is made at Clerk, and the invitation it stood for is used up.
      await clerkAddMember(c.env, row.account.authId!, auth.userId, row.invite.role);
      if (row.invite.authInviteId) await clerkRevokeInvite(c.env, row.account.authId!, row.invite.authInviteId, auth.userId).catch(() => undefined);
    }
    await acceptInvite(
      { shard, directory },
      scope,
      row,
      membershipStatements(c, auth, row.account.authId, row.invite.role),
      clerk ? null : row.invite.authInviteId,
      { shard: shardName, later: keptLater(c) },
    );
    return c.json(accountDto(row.account));
  },
);

// ─── Profile and linking to a partner ─────────────────────────────

/** The acting account must be the one in the path; any other answers 404 (no existence leak). */
function assertActing(scope: { account: { id: string } }, accountId: string) {
  if (scope.account.id !== accountId) throw notFound("Account not found");
}

/**
 * `PUT v1/admin/accounts/{accountId}/profile` (multipart: data + logo
 * as `details.logo`): an owner or admin edits the account's details
 * (name and website cannot be empty; URLs and emails must be valid).
 */
endpoint(
  accountsApi,
  "/v1",
  {
    method: "put",
    path: "/admin/accounts/{accountId}/profile",
    summary: "Update the account's details and logo",
    tags: ["accounts"],
    auth: "accountAdmin",
    params: AccountPathParam,
    form: { data: UpdateAccountProfileData, files: [{ field: "details.logo" }] },
    responses: {
      200: { description: "The account", schema: AccountDto },
      ...errorResponses({ 403: "Not an owner or admin", 404: "Not the acting account", 409: "Price groups priced only in the old currency" }),
      413: { description: "Logo over 50 MB" },
      415: { description: "Logo not an image" },
    },
  },
  async (c, { params, form }, scope) => {
    assertActing(scope, params.accountId);
    const logo = form.files["details.logo"];
    const logoKey = logo ? await storeUpload(c.env.UPLOADS, `public/accounts/${scope.account.id}`, logo) : undefined;
    const dbs = { ...bothDatabases(c), shardName: c.get("shard").name };
    return c.json(accountDto(await updateProfile(dbs, scope, form.data, logoKey, (m) => sendFlows(c.env, [m]))));
  },
);

/**
 * `PUT v1/admin/accounts/{accountId}/time-zone`: a partner's owner or admin
 * sets the partner's zone, the default for its slots and for mail to its staff.
 */
endpoint(
  accountsApi,
  "/v1",
  {
    method: "put",
    path: "/admin/accounts/{accountId}/time-zone",
    summary: "Set the partner's time zone",
    tags: ["accounts"],
    auth: "partnerAdmin",
    params: AccountPathParam,
    body: SetTimeZoneBody,
    responses: {
      200: { description: "The account", schema: AccountDto },
      ...errorResponses({ 403: "Not a partner's owner or admin", 404: "Not the acting account" }),
    },
  },
  async (c, { params, body }, scope) => {
    assertActing(scope, params.accountId);
    return c.json(accountDto(await setAccountTimeZone(bothDatabases(c), scope, body.timeZone)));
  },
);

/**
 * `GET v1/admin/accounts/{accountId}/details-prompt`: Home's "complete your
 * details" card for an owner or admin: the acting account's details still
 * empty (as stored) and whether this caller has put the card away.
 */
endpoint(
  accountsApi,
  "/v1",
  {
    method: "get",
    path: "/admin/accounts/{accountId}/details-prompt",
    summary: "The account's details still empty, and whether the caller dismissed the prompt",
    tags: ["accounts"],
    auth: "accountAdmin",
    params: AccountPathParam,
    responses: {
      200: { description: "The prompt", schema: DetailsPromptDto },
      ...errors,
      403: { description: "Not an owner or admin", schema: ErrorEnvelope },
      404: { description: "Not the acting account", schema: ErrorEnvelope },
    },
  },
  async (c, { params }, scope) => {
    assertActing(scope, params.accountId);
    const dismissed = await detailsPromptDismissed(c.get("db"), scope);
    return c.json({ missing: missingDetails(scope.account), dismissed } satisfies DetailsPromptDto);
  },
);

/**
 * `POST v1/admin/accounts/{accountId}/details-prompt/dismiss`: the caller
 * puts the card away for this account (its own choice: other members still
 * see it). Answers the prompt as it now stands.
 */
endpoint(
  accountsApi,
  "/v1",
  {
    method: "post",
    path: "/admin/accounts/{accountId}/details-prompt/dismiss",
    summary: "Dismiss the complete-your-details prompt for the caller",
    tags: ["accounts"],
    auth: "accountAdmin",
    params: AccountPathParam,
    responses: {
      200: { description: "The prompt, dismissed", schema: DetailsPromptDto },
      ...errors,
      403: { description: "Not an owner or admin", schema: ErrorEnvelope },
      404: { description: "Not the acting account", schema: ErrorEnvelope },
    },
  },
  async (c, { params }, scope) => {
    assertActing(scope, params.accountId);
    await dismissDetailsPrompt(c.get("db"), scope);
    return c.json({ missing: missingDetails(scope.account), dismissed: true } satisfies DetailsPromptDto);
  },
);

/**
 * `POST v1/admin/accounts/{accountId}/assign-parent` (body tan): a
 * customer's owner or admin links it to the partner with that TAN. An unknown
 * TAN is a 400 on `tan` ("Invalid Partner TAN"); partners cannot be linked.
 */
endpoint(
  accountsApi,
  "/v1",
  {
    method: "post",
    path: "/admin/accounts/{accountId}/assign-parent",
    summary: "Link a customer account to its partner by TAN",
    tags: ["accounts"],
    auth: "accountAdmin",
    params: AccountPathParam,
    body: AssignParentBody,
    responses: {
      200: { description: "The account, now linked", schema: AccountDto },
      202: { description: "The partner is on another shard: the account as it stands, linked once the re-link has run", schema: AccountDto },
      ...errorResponses({ 403: "Not an owner or admin, or not a customer account", 404: "Not the acting account" }),
    },
  },
  async (c, { params, body }, scope) => {
    assertActing(scope, params.accountId);
    if (scope.account.type !== "customer") throw forbidden("Only customer accounts link to a partner");
    const shard = { name: c.get("shard").name, defaultName: defaultShard(c.env) };
    const { account, moving } = await linkToPartner(c.get("directory"), c.get("db"), scope, body.tan, shard, keptLater(c));
    // This isolate's cached routing of the account is read again on its next request (worker/tenant/shard.ts).
    forgetAccountPlacement(scope.account.id);
    if (!moving) return c.json(accountDto(account));
    // A partner on another shard: the re-link runs through the Queue (worker/flows/relink.ts).
    await sendFlows(c.env, [moving]);
    return c.json(accountDto(account), 202);
  },
);
