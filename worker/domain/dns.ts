/**
 * TXT look-ups over DNS-over-HTTPS (the JSON API that Cloudflare's and
 * Google's public resolvers answer), with the global `fetch` so tests can
 * stand in for the resolver. DNS_RESOLVER_URL names the resolver; unset, it
 * is Cloudflare's. Local development points it at the dev stand-in
 * (worker/domain/dev-dns.ts), since reserved test domains have no real DNS.
 */
import { txtRecordPrefix } from "../../contract/domains";

export const PUBLIC_RESOLVER = "https://cloudflare-dns.com/dns-query";

export type DnsEnv = { DNS_RESOLVER_URL?: string };

/** The record a partner creates to prove it controls `uri`. */
export function txtRecordName(env: object, uri: string): string {
  return `${txtRecordPrefix(env)}.${uri}`;
}

/** The resolver could not answer (unreachable, timed out, SERVFAIL): nothing is known about the records. */
export class DnsLookupError extends Error {}

/** One TXT record's text: its character-strings (each quoted in the JSON API) joined, as DNS defines. */
export function txtText(data: string): string {
  const parts = [...data.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map(([, text = ""]) => text.replace(/\\(.)/g, "$1"));
  return parts.length ? parts.join("") : data;
}

type DohAnswer = { Status?: number; Answer?: { name?: string; type?: number; data?: string }[] };

const TXT = 16;
const NOERROR = 0;
const NXDOMAIN = 3;

/** The TXT records at `name` (empty when the name has none or does not exist). */
export async function lookUpTxt(env: DnsEnv, name: string): Promise<string[]> {
  const url = new URL(env.DNS_RESOLVER_URL || PUBLIC_RESOLVER);
  url.searchParams.set("name", name);
  url.searchParams.set("type", "TXT");
  let res: Response;
  try {
    res = await fetch(url, { headers: { Accept: "application/dns-json" }, signal: AbortSignal.timeout(5_000) });
  } catch {
    throw new DnsLookupError("resolver unreachable");
  }
  if (!res.ok) throw new DnsLookupError(`resolver answered ${res.status}`);
  const body = (await res.json().catch(() => null)) as DohAnswer | null;
  if (!body || typeof body.Status !== "number") throw new DnsLookupError("resolver answer is not DNS JSON");
  if (body.Status === NXDOMAIN) return [];
  if (body.Status !== NOERROR) throw new DnsLookupError(`resolver status ${body.Status}`);
  // A CNAME at the name answers the target's records too; those are still the name owner's choice.
  return (body.Answer ?? []).filter((a) => a.type === TXT && typeof a.data === "string").map((a) => txtText(a.data!));
}
