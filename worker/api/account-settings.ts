import { Hono } from "hono";
import { AccountDto, AccountPathParam, AssignParentBody, DetailsPromptDto, missingDetails, UpdateAccountProfileData } from "../../contract/accounts";
import { ErrorEnvelope } from "../../contract/errors";
import { SetTimeZoneBody } from "../../contract/time-zones";
import { detailsPromptDismissed, dismissDetailsPrompt, linkToPartner } from "../data/accounts";
import { setAccountTimeZone, updateProfile } from "../data/account-settings";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";
import { errorResponses } from "../http/responses";
import { forbidden, notFound } from "../http/errors";
import { storeUpload } from "../storage/uploads";
import { defaultShard } from "../d1/shards";
import { keptLater } from "../flows/kept";
import { sendFlows } from "../flows/queue";
import { bothDatabases } from "../tenant/scope";
import { forgetAccountPlacement } from "../tenant/shard";
import { accountDto } from "./dto";

/**
 * The acting account's own settings, for its owners and admins: its details
 * and logo, its time zone, Home's complete-your-details card, and its link
 * to a partner.
 */
export const accountSettingsApi = new Hono<AppEnv>();

const errors = errorResponses();

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
  accountSettingsApi,
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
    // The directory's copy, when it refuses, is repaired by a kept step (worker/data/directory-copy.ts).
    return c.json(accountDto(await updateProfile(dbs, scope, form.data, logoKey, keptLater(c))));
  },
);

/**
 * `PUT v1/admin/accounts/{accountId}/time-zone`: a partner's owner or admin
 * sets the partner's zone, the default for its slots and for mail to its staff.
 */
endpoint(
  accountSettingsApi,
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
    const dbs = { ...bothDatabases(c), shardName: c.get("shard").name };
    return c.json(accountDto(await setAccountTimeZone(dbs, scope, body.timeZone, keptLater(c))));
  },
);

/**
 * `GET v1/admin/accounts/{accountId}/details-prompt`: Home's "complete your
 * details" card for an owner or admin: the acting account's details still
 * empty (as stored) and whether this caller has put the card away.
 */
endpoint(
  accountSettingsApi,
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
  accountSettingsApi,
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
  accountSettingsApi,
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
