/**
 * Per-client rate limits of public endpoints (worker/data/rate-limits.ts
 * stores them with the identity provider's own). The client is the address
 * Cloudflare reports (`CF-Connecting-IP`), as for sign-in; a request without
 * one (local development) counts against one shared bucket.
 */
import type { Context, MiddlewareHandler } from "hono";
import { countRequest } from "../data/rate-limits";
import type { AppEnv } from "../env";
import { ApiError } from "./errors";

export type RateRule = { /** Names the bucket; endpoints sharing a name share the count. */ bucket: string; max: number; windowSeconds: number };

export const RATE_LIMITED_MESSAGE = "Too many requests. Please wait a minute and try again.";

/** The client's address as Cloudflare reports it. */
export const clientAddress = (c: Context<AppEnv>) => c.req.header("CF-Connecting-IP")?.trim() || "unknown";

/** Counts the request; past the rule's maximum it is refused with 429 `rate_limited` in the error envelope, `Retry-After` the rule's window. */
export async function limitClient(c: Context<AppEnv>, rule: RateRule): Promise<void> {
  const count = await countRequest(c.get("directory"), `${rule.bucket}:${clientAddress(c)}`, rule.windowSeconds * 1000);
  if (count > rule.max) throw new ApiError("rate_limited", RATE_LIMITED_MESSAGE, undefined, rule.windowSeconds);
}

/** What a 429 the product did not word itself (the identity provider's own limits) says when it has no `Retry-After`: a minute, or its `X-Retry-After`. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

/**
 * Every 429 the product sends says when to try again (`Retry-After`, in
 * seconds): the product's own refusals set it where they know it (a rate
 * rule's window, the invite cap's next free place); any other 429 (the
 * embedded identity provider's sign-in, sign-up and mail limits, the sign-in
 * form's post) gets the provider's `X-Retry-After`, else a minute.
 */
export const retryAfterOn429: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.res.status !== 429 || c.res.headers.has("Retry-After")) return;
  const given = Number(c.res.headers.get("X-Retry-After"));
  const res = new Response(c.res.body, c.res);
  res.headers.set("Retry-After", String(Number.isFinite(given) && given > 0 ? Math.ceil(given) : DEFAULT_RETRY_AFTER_SECONDS));
  c.res = undefined;
  c.res = res;
};
