import { and, eq } from "drizzle-orm";
import { DEFAULT_STYLING, type Styling } from "../../contract/styling";
import { accounts, customDomains, stylings } from "../../db/schema";
import { writesPaused } from "../domain/shard-move";
import type { Db } from "../env";
import { partnerStylingOf } from "./styling";
import { isolateCache } from "../http/isolate-cache";

/**
 * Who a request is for ("Start-up domain mode").
 * main: the product's own host; satellite: any other host, whether or not a
 * partner has connected it (an unknown host wears the default styling).
 */
export type Tenant = {
  mode: "main" | "satellite";
  host: string;
  /** The host's partner, with the shard its data lives on (null: the default shard), and whether its writes are paused for a move. */
  partner: { id: string; name: string; tan: string | null; shard: string | null; moving?: boolean } | null;
  styling: Styling;
};

export function isMainHost(host: string, mainHost: string): boolean {
  const h = host.toLowerCase();
  const m = mainHost.toLowerCase();
  return h === m || h.endsWith(`.${m}`);
}

/** Host name without port, lower case; "" when the value is not a host. */
export function hostOf(hostHeaderOrUrl: string): string {
  try {
    const url = hostHeaderOrUrl.includes("://") ? new URL(hostHeaderOrUrl) : new URL(`http://${hostHeaderOrUrl}`);
    return url.hostname.toLowerCase().replace(/\.$/, "");
  } catch {
    return "";
  }
}

const TTL_MS = 5_000;
const MAX_ENTRIES = 1_000;
const cache = isolateCache<string, { at: number; value: Promise<Tenant> }>(MAX_ENTRIES);

/** Forget cached tenants (after a partner changes its styling or domains in this isolate). */
export function invalidateTenants(): void {
  cache.clear();
}

async function lookUp(db: Db, host: string, mainHost: string): Promise<Tenant> {
  if (isMainHost(host, mainHost)) return { mode: "main", host, partner: null, styling: DEFAULT_STYLING };
  const rows = await db
    .select({ account: accounts, styling: stylings })
    .from(customDomains)
    .innerJoin(accounts, eq(accounts.id, customDomains.accountId))
    .leftJoin(stylings, eq(stylings.accountId, accounts.id))
    .where(and(eq(customDomains.uri, host), eq(customDomains.state, "connected")))
    .limit(1);
  const row = rows[0];
  if (!row || row.account.type !== "partner") return { mode: "satellite", host, partner: null, styling: DEFAULT_STYLING };
  return {
    mode: "satellite",
    host,
    partner: { id: row.account.id, name: row.account.name, tan: row.account.tan, shard: row.account.shard, moving: writesPaused(row.account.shardMove) },
    styling: partnerStylingOf(row.account.name, row.styling),
  };
}

/** Resolves a host to its tenant, cached per isolate for a few seconds. */
export function resolveTenant(db: Db, host: string, mainHost: string, onCache?: (hit: boolean) => void): Promise<Tenant> {
  const now = Date.now();
  const hit = cache.get(host);
  onCache?.(Boolean(hit && now - hit.at < TTL_MS));
  if (hit && now - hit.at < TTL_MS) return hit.value;
  const value = lookUp(db, host, mainHost);
  cache.set(host, { at: now, value });
  // A failed look-up is not cached: the next request tries again.
  value.catch(() => cache.delete(host));
  return value;
}
