/** Partners' custom domains: the partner's own (another partner's is 404) and the public "is it connected" look-up. */
import { and, asc, eq } from "drizzle-orm";
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

/** Whether any partner holds the domain. */
export async function domainTaken(db: Db, uri: string): Promise<boolean> {
  const taken = await db.select({ id: customDomains.id }).from(customDomains).where(eq(customDomains.uri, uri)).limit(1);
  return Boolean(taken[0]);
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
    async get(id: string): Promise<DomainRow> {
      const rows = await db
        .select()
        .from(customDomains)
        .where(and(eq(customDomains.id, id), eq(customDomains.accountId, accountId)))
        .limit(1);
      if (!rows[0]) throw notFound("Custom domain not found");
      return rows[0];
    },
    /** Adds a domain awaiting connection; null when another request took the domain first. */
    async add(values: { uri: string; isSatellite: boolean; verificationToken: string; providerHostnameId: string | null }): Promise<DomainRow | null> {
      const inserted = await db
        .insert(customDomains)
        .values({ accountId, state: "awaitingConnection", ...values })
        .onConflictDoNothing()
        .returning();
      return inserted[0] ?? null;
    },
    async markConnected(row: DomainRow): Promise<DomainRow> {
      const now = new Date().toISOString();
      const updated = await db
        .update(customDomains)
        .set({ state: "connected", connectedAt: row.connectedAt ?? now, updatedAt: now })
        .where(and(eq(customDomains.id, row.id), eq(customDomains.accountId, accountId)))
        .returning();
      const saved = updated[0] ?? row;
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
