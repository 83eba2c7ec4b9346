/**
 * Per-client rate limits of public endpoints (worker/data/rate-limits.ts
 * stores them with the identity provider's own). The client is the address
 * Cloudflare reports (`CF-Connecting-IP`), as for sign-in; a request without
 * one (local development) counts against one shared bucket.
 */
import type { Context } from "hono";
import { countRequest } from "../data/rate-limits";
import type { AppEnv } from "../env";
import { ApiError } from "./errors";

export type RateRule = { /** Names the bucket; endpoints sharing a name share the count. */ bucket: string; max: number; windowSeconds: number };

export const RATE_LIMITED_MESSAGE = "Too many requests. Please wait a minute and try again.";

/** The client's address as Cloudflare reports it. */
export const clientAddress = (c: Context<AppEnv>) => c.req.header("CF-Connecting-IP")?.trim() || "unknown";

/** Counts the request; past the rule's maximum it is refused with 429 `rate_limited` in the error envelope. */
export async function limitClient(c: Context<AppEnv>, rule: RateRule): Promise<void> {
  const count = await countRequest(c.get("directory"), `${rule.bucket}:${clientAddress(c)}`, rule.windowSeconds * 1000);
  if (count > rule.max) throw new ApiError("rate_limited", RATE_LIMITED_MESSAGE);
}
