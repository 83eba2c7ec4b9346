import { Hono } from "hono";
import { AccountPathParam } from "../../contract/accounts";
import { CurrencyChangeDto, CurrencyChangeQuery } from "../../contract/currency";
import { currencyChange } from "../data/customer-currency";
import type { AppEnv } from "../env";
import { endpoint } from "../http/endpoint";
import { notFound } from "../http/errors";
import { errorResponses } from "../http/responses";

/** A partner's currency: what a change would do, before its settings screen asks to confirm it (the change itself is the profile's save). */
export const accountCurrencyApi = new Hono<AppEnv>();

/**
 * `GET v1/admin/accounts/{accountId}/currency-change?currency=`: a partner's
 * owner or admin asks what changing its currency would do: how many of its
 * customers follow, how many keep theirs and why, and the price groups with
 * prices only in the current currency, which hold the change back
 * (docs/decisions/2026-11-27-currency-follows-the-partner.md).
 */
endpoint(
  accountCurrencyApi,
  "/v1",
  {
    method: "get",
    path: "/admin/accounts/{accountId}/currency-change",
    summary: "What changing the partner's currency would do to its customers and price groups",
    tags: ["accounts"],
    auth: "partnerAdmin",
    params: AccountPathParam,
    query: CurrencyChangeQuery,
    responses: {
      200: { description: "The change's effect", schema: CurrencyChangeDto },
      ...errorResponses({ 403: "Not a partner's owner or admin", 404: "Not the acting account" }),
    },
  },
  async (c, { params, query }, scope) => {
    if (scope.account.id !== params.accountId) throw notFound("Account not found");
    return c.json(await currencyChange(c.get("db"), scope.account, query.currency));
  },
);
