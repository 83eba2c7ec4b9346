/**
 * GET /dev/dns-query?name=&type=TXT: a local stand-in for a DNS-over-HTTPS
 * resolver, answering the same JSON as Cloudflare's, for development only
 * (requireDevHost: APP_ENV "development", the product's own host or
 * loopback; 404 everywhere else). Reserved test domains (`*.test` and the
 * like) have no real DNS, so the stand-in plays the DNS owner of every one of
 * them: `_<verification name>.<domain>` holds the token of every claim of
 * that registered domain, one TXT record each. Every other name does not exist here. `.dev.vars` points
 * DNS_RESOLVER_URL at it; a developer who wants real DNS sets that var to a
 * public resolver instead.
 */
import { Hono } from "hono";
import { TEST_TLDS, txtRecordPrefix } from "../../contract/domains";
import { claimTokens } from "../data/custom-domains";
import { requireDevHost } from "../config";
import type { AppEnv } from "../env";

export const DEV_DNS_PATH = "/dev/dns-query";

export const devDns = new Hono<AppEnv>();

devDns.get(DEV_DNS_PATH, async (c) => {
  requireDevHost(c);
  const name = (c.req.query("name") ?? "").trim().toLowerCase().replace(/\.$/, "");
  const type = (c.req.query("type") ?? "A").toUpperCase();
  const question = [{ name, type: type === "TXT" ? 16 : type }];
  const answer = (body: object) =>
    c.body(JSON.stringify({ Question: question, ...body }), 200, { "Content-Type": "application/dns-json", "Cache-Control": "no-store" });
  const prefix = `${txtRecordPrefix(c.env)}.`;
  const domain = name.startsWith(prefix) ? name.slice(prefix.length) : "";
  const tld = domain.slice(domain.lastIndexOf(".") + 1);
  if (type !== "TXT" || !domain || !TEST_TLDS.includes(tld)) return answer({ Status: 3 });
  const tokens = await claimTokens(c.get("directory"), domain);
  if (tokens.length === 0) return answer({ Status: 3 });
  return answer({ Status: 0, Answer: tokens.map((token) => ({ name, type: 16, TTL: 60, data: `"${token}"` })) });
});
