import { and, eq } from "drizzle-orm";
import { accounts, customDomains } from "../../db/schema";
import type { Db } from "../env";

type OriginEnv = { APP_ENV: string; MAIN_ORIGIN: string };

/**
 * The one origin a connected custom domain is registered under. A domain is
 * stored as a bare host name; its scheme is https and its port the default,
 * except in development, where partner hosts are served beside the main
 * origin and take its scheme and port (http://learn.northwind.test:5173 when
 * the app runs on http://localhost:5173).
 */
export function registeredOrigin(env: OriginEnv, host: string): string {
  if (env.APP_ENV === "development") {
    const main = new URL(env.MAIN_ORIGIN);
    return `${main.protocol}//${host}${main.port ? `:${main.port}` : ""}`;
  }
  return `https://${host}`;
}

/** The main origin, normalised (no path, no trailing slash). */
export function mainOrigin(env: OriginEnv): string {
  return new URL(env.MAIN_ORIGIN).origin;
}

export type Satellite = { host: string; origin: string; partnerId: string };

/**
 * The connected satellite domain whose registered origin is exactly `origin`
 * (scheme, host and port), with its partner; null for anything else: another
 * scheme or port, a path or query, a domain awaiting connection, not marked
 * satellite, or unknown.
 */
export async function satelliteOfOrigin(db: Db, env: OriginEnv, origin: string): Promise<Satellite | null> {
  if (!URL.canParse(origin)) return null;
  const url = new URL(origin);
  const host = url.hostname.toLowerCase();
  if (!host || url.username || url.password || registeredOrigin(env, host) !== origin) return null;
  const rows = await db
    .select({ partnerId: accounts.id })
    .from(customDomains)
    .innerJoin(accounts, eq(accounts.id, customDomains.accountId))
    .where(and(eq(customDomains.uri, host), eq(customDomains.state, "connected"), eq(customDomains.isSatellite, true), eq(accounts.type, "partner")))
    .limit(1);
  return rows[0] ? { host, origin, partnerId: rows[0].partnerId } : null;
}

/**
 * Whether cookies carry `Secure`: everywhere but local development, whatever
 * scheme or host the request names (a deployment is served over https only;
 * a request that claims http must not get a cookie a network could read).
 */
export function secureCookies(env: { APP_ENV: string }): boolean {
  return env.APP_ENV !== "development";
}

/**
 * The origin a link for this request's visitor goes to: the registered origin
 * of the partner's connected domain the request came to, else the main
 * origin. Never the scheme and host the request names (a forged Host, or
 * plain http, would send the link, and the token in it, elsewhere).
 */
export function servedOrigin(env: OriginEnv, tenant: { mode: "main" | "satellite"; host: string; partner: unknown }): string {
  return tenant.mode === "satellite" && tenant.partner ? registeredOrigin(env, tenant.host) : mainOrigin(env);
}
