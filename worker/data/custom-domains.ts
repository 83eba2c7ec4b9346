/** Partners' custom domains: the partner's own (another partner's is 404) and the public "is it connected" look-up. */
import { and, asc, eq, ne, notExists, sql } from "drizzle-orm";
import { customDomains } from "../../db/schema";
import type { Db } from "../env";
import type { PartnerScope } from "../http/endpoint";
import { notFound } from "../http/errors";

export type DomainRow = typeof customDomains.$inferSelect;

/** Whether `uri` is a connected custom domain (and, when asked, whether its satellite flag matches). */
export async function domainConnected(db: Db, uri: string, isSatellite?: boolean): Promise<boolean> {
  const conditions = [eq(customDomains.uri, uri), eq(customDomains.state, "connected")];
  if (isSatellite !== undefined) conditions.push(eq(customDomains.isSatellite, isSatellite));
  const row = await db
    .select({ id: customDomains.id })
    .from(customDomains)
    .where(and(...conditions))
    .limit(1);
  return row.length > 0;
}

/**
 * What stands in the way of `accountId` claiming `uri`: "held" when a partner
 * has connected it or this partner claims it already; else the Cloudflare
 * hostname another partner's claim made for it (claims share it), or null.
 * Another partner's unproven claim never blocks: adding a domain proves
 * nothing, so a first claim must not keep the domain's owner out.
 */
export async function claimOf(db: Db, accountId: string, uri: string): Promise<"held" | { providerHostnameId: string | null }> {
  const rows = await db
    .select({ accountId: customDomains.accountId, state: customDomains.state, providerHostnameId: customDomains.providerHostnameId })
    .from(customDomains)
    .where(eq(customDomains.uri, uri));
  if (rows.some((r) => r.state === "connected" || r.accountId === accountId)) return "held";
  return { providerHostnameId: rows.find((r) => r.providerHostnameId)?.providerHostnameId ?? null };
}

/** Every claim's verification token for `host` (the routing check and the development DNS answer each partner's own). */
export async function claimTokens(db: Db, host: string): Promise<string[]> {
  const rows = await db.select({ token: customDomains.verificationToken }).from(customDomains).where(eq(customDomains.uri, host));
  return rows.map((r) => r.token);
}

/**
 * `db`: the directory (host → partner). `shard`, when given: the partner's
 * shard, which keeps a copy of its connected domains (the origin its mail
 * links to; docs/decisions/2026-11-27-partner-brand-copies.md).
 */
export function domainsOf(db: Db, scope: PartnerScope, shard?: Db) {
  const accountId = scope.account.id;
  return {
    /** The partner's domains, oldest first. */
    list: () => db.select().from(customDomains).where(eq(customDomains.accountId, accountId)).orderBy(asc(customDomains.createdAt), asc(customDomains.uri)),
    /**
     * The partner's claim with what the other claims of its host say, in one
     * read: whether another claim of the host is connected, and whether
     * another claim shares its Cloudflare hostname.
     */
    async claim(id: string): Promise<{ row: DomainRow; connectedElsewhere: boolean; hostnameShared: boolean }> {
      // Another claim of the same host (the outer row is custom_domains itself).
      const elsewhere = (condition: string) =>
        sql<number>`exists (select 1 from custom_domains as other_claim where other_claim.uri = custom_domains.uri and other_claim.id <> custom_domains.id and ${sql.raw(condition)})`;
      const rows = await db
        .select({
          row: customDomains,
          connectedElsewhere: elsewhere("other_claim.state = 'connected'"),
          hostnameShared: elsewhere("other_claim.provider_hostname_id = custom_domains.provider_hostname_id"),
        })
        .from(customDomains)
        .where(and(eq(customDomains.id, id), eq(customDomains.accountId, accountId)))
        .limit(1);
      const found = rows[0];
      if (!found) throw notFound("Custom domain not found");
      return { row: found.row, connectedElsewhere: Boolean(found.connectedElsewhere), hostnameShared: Boolean(found.hostnameShared) };
    },
    /** Adds a domain awaiting connection; null when this partner's other request claimed it first. */
    async add(values: { uri: string; isSatellite: boolean; verificationToken: string; providerHostnameId: string | null }): Promise<DomainRow | null> {
      const inserted = await db
        .insert(customDomains)
        .values({ accountId, state: "awaitingConnection", ...values })
        .onConflictDoNothing()
        .returning();
      return inserted[0] ?? null;
    },
    /** Connects the claim; null when another partner's claim of the same host is connected (one connected claim per host). */
    async markConnected(row: DomainRow): Promise<DomainRow | null> {
      const now = new Date().toISOString();
      const others = db
        .select({ id: customDomains.id })
        .from(customDomains)
        .where(and(eq(customDomains.uri, row.uri), eq(customDomains.state, "connected"), ne(customDomains.id, row.id)));
      const updated = await db
        .update(customDomains)
        .set({ state: "connected", connectedAt: row.connectedAt ?? now, updatedAt: now })
        .where(and(eq(customDomains.id, row.id), eq(customDomains.accountId, accountId), notExists(others)))
        .returning()
        // Another partner's claim connected in between: the one-connected-per-host index refuses this one.
        .catch((e: unknown) => {
          if (String(e).includes("UNIQUE constraint failed")) return [];
          throw e;
        });
      if (!updated[0]) return null;
      const saved = updated[0];
      if (shard) {
        const { id: _id, ...rest } = saved;
        await shard.insert(customDomains).values(saved).onConflictDoUpdate({ target: customDomains.id, set: rest });
      }
      return saved;
    },
    async remove(id: string): Promise<void> {
      const gone = (from: Db) => from.delete(customDomains).where(and(eq(customDomains.id, id), eq(customDomains.accountId, accountId)));
      await Promise.all([gone(db), shard ? gone(shard) : null]);
    },
  };
}
