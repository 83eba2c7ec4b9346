import { Hono } from "hono";
import { AccountDto, AccountExistQuery, AccountIdParam, CreateAccountData } from "../../contract/accounts";
import { ExistsResponse } from "../../contract/domains";
import { ErrorEnvelope } from "../../contract/errors";
import { createAccount, memberAccount, tanExists } from "../data/accounts";
import { partnerRows } from "../data/partner-numbers";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";
import { errorResponses } from "../http/responses";
import { forbidden, notFound } from "../http/errors";
import { availableInSession } from "../identity/context";
import { organisationForNewAccount } from "../identity/organizations";
import { storeUpload } from "../storage/uploads";
import { defaultShard } from "../d1/shards";
import { keptLater } from "../flows/kept";
import { accountShardDb, accountShardName, placementFor, shardDb } from "../tenant/scope";
import { accountDto } from "./dto";

/**
 * An account itself: its creation (onboarding), whether a TAN exists and the
 * account a member reads. Joining one by invite is in ./account-invites.ts,
 * an owner's or admin's settings of it in ./account-settings.ts.
 */
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
