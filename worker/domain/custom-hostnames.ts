import { Hono } from "hono";
import { TEST_TLDS, verificationName, verificationPath } from "../../contract/domains";
import { claimTokens } from "../data/custom-domains";
import { isDevelopment } from "../config";
import type { AppEnv } from "../env";
import { hostOf } from "../tenant/resolve";
import { DnsLookupError, lookUpTxt, txtRecordName, type DnsEnv } from "./dns";

/**
 * Custom domains outside the database ("connected by pressing
 * Connect (a connection test)"; "custom domains through Cloudflare
 * for SaaS custom hostnames").
 *
 * Production: when CF_ZONE_ID and CF_API_TOKEN are set, a domain becomes a
 * Cloudflare for SaaS custom hostname of the product's zone: created on add,
 * its hostname and certificate status read on connect, removed on delete.
 *
 * Everywhere, the connection test proves two things:
 * - ownership: the TXT record `_<verification name>.<domain>` holds the
 *   domain's verification token. Only whoever controls the domain's DNS can
 *   set it, so a partner cannot claim a domain whose CNAME still points here
 *   after its owner left (a dangling CNAME): serving our own token over HTTP
 *   proves nothing, since this Worker answers it for any registered host.
 * - routing: `<domain>/.well-known/<verification name>` answers the token,
 *   i.e. the domain's traffic reaches this product.
 * Both use the global `fetch` so tests can stand in for the outside world.
 */
export type CustomHostnameEnv = DnsEnv & {
  APP_ENV?: string;
  MAIN_HOST: string;
  MAIN_ORIGIN: string;
  /** The Cloudflare zone that holds the custom hostnames (Cloudflare for SaaS). */
  CF_ZONE_ID?: string;
  /** An API token with "SSL and Certificates: Edit" on that zone (a secret). */
  CF_API_TOKEN?: string;
  /** Where partners point their CNAME (the zone's fallback origin host); MAIN_HOST when unset. */
  CF_CNAME_TARGET?: string;
};

const API = "https://api.cloudflare.com/client/v4";

export function hostnamesConfigured(env: CustomHostnameEnv): boolean {
  return Boolean(env.CF_ZONE_ID && env.CF_API_TOKEN);
}

/** The DNS record a partner creates for `uri`. */
export function dnsRecordFor(env: CustomHostnameEnv, uri: string) {
  return { type: "CNAME" as const, name: uri, value: env.CF_CNAME_TARGET || env.MAIN_HOST };
}

/** The TXT record a partner creates to prove it controls `uri`. */
export function txtRecordFor(env: object, uri: string, token: string) {
  return { type: "TXT" as const, name: txtRecordName(env, uri), value: token };
}

/** A failure of the hostname provider or of the connection test, with text fit to show the partner. */
export class HostnameError extends Error {}

type CfEnvelope<T> = { success: boolean; errors?: { code: number; message: string }[]; result?: T };
type CfHostname = {
  id: string;
  hostname: string;
  status: string;
  ssl?: { status?: string; validation_errors?: { message: string }[] };
  verification_errors?: string[];
};

async function cf<T>(env: CustomHostnameEnv, method: string, path: string, body?: unknown): Promise<{ status: number; data: CfEnvelope<T> }> {
  let res: Response;
  try {
    res = await fetch(`${API}/zones/${env.CF_ZONE_ID}/custom_hostnames${path}`, {
      method,
      headers: { Authorization: `Bearer ${env.CF_API_TOKEN}`, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new HostnameError("Cloudflare could not be reached. Please try again later.");
  }
  const data = (await res.json().catch(() => ({ success: false }))) as CfEnvelope<T>;
  return { status: res.status, data };
}

const cfMessage = (data: CfEnvelope<unknown>) => data.errors?.map((e) => e.message).join("; ") || "Cloudflare refused the request";

/** Creates the custom hostname (production); answers its id, or null when not configured. */
export async function createCustomHostname(env: CustomHostnameEnv, hostname: string): Promise<string | null> {
  if (!hostnamesConfigured(env)) return null;
  const { data } = await cf<CfHostname>(env, "POST", "", { hostname, ssl: { method: "http", type: "dv" } });
  if (!data.success || !data.result) throw new HostnameError(cfMessage(data));
  return data.result.id;
}

/** Removes the custom hostname (production); one that is already gone is fine. */
export async function deleteCustomHostname(env: CustomHostnameEnv, id: string | null): Promise<void> {
  if (!id || !hostnamesConfigured(env)) return;
  const { status, data } = await cf<unknown>(env, "DELETE", `/${encodeURIComponent(id)}`);
  if (!data.success && status !== 404) throw new HostnameError(cfMessage(data));
}

/** Reads the hostname and certificate status (production); throws the reason when either is not active. */
async function checkCustomHostname(env: CustomHostnameEnv, id: string): Promise<void> {
  const { data } = await cf<CfHostname>(env, "GET", `/${encodeURIComponent(id)}`);
  if (!data.success || !data.result) throw new HostnameError(cfMessage(data));
  const h = data.result;
  const ssl = h.ssl?.status ?? "unknown";
  if (h.status !== "active" || ssl !== "active") {
    const details = [...(h.verification_errors ?? []), ...(h.ssl?.validation_errors ?? []).map((e) => e.message)];
    throw new HostnameError(`The domain is not active yet (hostname: ${h.status}, certificate: ${ssl})${details.length ? `: ${details.join("; ")}` : "."}`);
  }
}

/**
 * Where the connection test asks: `http(s)://<domain>/.well-known/<verification name>`.
 * In development a reserved test domain (`*.test`) has no DNS, so the test
 * asks this product's own origin on loopback with the domain as Host, which
 * is what a browser mapping `*.test` to loopback would do.
 */
export function verificationRequest(env: CustomHostnameEnv, uri: string): { url: string; headers: Record<string, string> } {
  const tld = uri.slice(uri.lastIndexOf(".") + 1);
  if (isDevelopment(env) && TEST_TLDS.includes(tld)) {
    const main = new URL(env.MAIN_ORIGIN);
    return { url: `http://127.0.0.1${main.port ? `:${main.port}` : ""}${verificationPath(env)}`, headers: { Host: uri, "X-Forwarded-Host": uri } };
  }
  const scheme = hostnamesConfigured(env) ? "https" : "http";
  return { url: `${scheme}://${uri}${verificationPath(env)}`, headers: {} };
}

/** Ownership: the domain's TXT record holds its token; otherwise the reason, fit to show the partner. */
async function checkOwnership(env: CustomHostnameEnv, domain: { uri: string; verificationToken: string }): Promise<void> {
  const name = txtRecordName(env, domain.uri);
  let records: string[];
  try {
    records = await lookUpTxt(env, name);
  } catch (e) {
    if (e instanceof DnsLookupError) throw new HostnameError(`The DNS records of ${domain.uri} could not be checked. Please try again in a few minutes.`);
    throw e;
  }
  if (records.length === 0) {
    throw new HostnameError(
      `${domain.uri} has no TXT record ${name} yet. Create it with the value shown to prove the domain is yours, then connect again (DNS changes can take a few minutes).`,
    );
  }
  if (!records.some((r) => r.trim() === domain.verificationToken)) {
    throw new HostnameError(`The TXT record ${name} does not hold this domain's verification value. Set it to the value shown, then connect again.`);
  }
}

/**
 * The connection test: production first asks Cloudflare for the
 * hostname's status; then (everywhere) the domain's TXT record must hold its
 * token (ownership), and the domain must answer its token (routing).
 * Throws a HostnameError whose text the partner sees.
 */
export async function testConnection(
  env: CustomHostnameEnv,
  domain: { uri: string; verificationToken: string; providerHostnameId: string | null },
): Promise<void> {
  if (hostnamesConfigured(env)) {
    if (!domain.providerHostnameId) throw new HostnameError("The domain has no Cloudflare hostname. Delete it and add it again.");
    await checkCustomHostname(env, domain.providerHostnameId);
  }
  await checkOwnership(env, domain);
  const { url, headers } = verificationRequest(env, domain.uri);
  let res: Response;
  try {
    res = await fetch(url, { headers, redirect: "manual", signal: AbortSignal.timeout(10_000) });
  } catch {
    throw new HostnameError(`${domain.uri} could not be reached. Check that its CNAME record points to ${dnsRecordFor(env, domain.uri).value}.`);
  }
  // One token a line: each partner's claim of the host has its own.
  const tokens = res.ok ? (await res.text().catch(() => "")).slice(0, 64_000).split(/\s+/) : [];
  if (!res.ok || !tokens.includes(domain.verificationToken)) {
    throw new HostnameError(
      `${domain.uri} does not serve this platform yet (HTTP ${res.status}). Check that its CNAME record points to ${dnsRecordFor(env, domain.uri).value}.`,
    );
  }
}

/**
 * `GET /.well-known/<verification name>` on any host (contract/domains.ts): the verification tokens
 * of that host's claims (connected or not), one a line, else 404.
 * In development the connection test's loopback request names the domain in
 * X-Forwarded-Host (see verificationRequest).
 */
export const verification = new Hono<AppEnv>();

verification.get("/.well-known/:name", async (c, next) => {
  if (c.req.param("name") !== verificationName(c.env)) return next();
  const forwarded = isDevelopment(c.env) ? c.req.header("X-Forwarded-Host") : undefined;
  const host = hostOf(forwarded ?? c.req.header("Host") ?? new URL(c.req.url).host);
  const tokens = host ? await claimTokens(c.get("directory"), host) : [];
  c.header("Cache-Control", "no-store");
  c.header("X-Content-Type-Options", "nosniff");
  if (tokens.length === 0) return c.text("Not found", 404);
  return c.text(tokens.join("\n"));
});
