/**
 * A partner's custom domains. A request on a host that is not the main host is
 * looked up here by `uri`; a connected domain names its partner. Adding a
 * domain only claims it: several partners may claim the same host, each with
 * its own verification token, and only one claim of a host can be connected
 * (the one whose token its DNS owner published).
 */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { CustomDomainState } from "../../contract/enums";
import { accounts } from "./accounts";
import { id, timestamps } from "./columns";

export const customDomains = sqliteTable(
  "custom_domains",
  {
    id: id(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** Host name only, lower case, no protocol (e.g. 'learn.northwind.test'). */
    uri: text("uri").notNull(),
    state: text("state", { enum: CustomDomainState }).notNull().default("awaitingConnection"),
    isSatellite: integer("is_satellite", { mode: "boolean" }).notNull().default(true),
    /** Token the connection test looks for (TXT record or well-known path). */
    verificationToken: text("verification_token").notNull(),
    /** Cloudflare for SaaS custom hostname id, when provisioned. */
    providerHostnameId: text("provider_hostname_id"),
    connectedAt: text("connected_at"),
    ...timestamps(),
  },
  (t) => [
    index("custom_domains_account_id_idx").on(t.accountId),
    uniqueIndex("custom_domains_account_uri_unique").on(t.accountId, t.uri),
    uniqueIndex("custom_domains_connected_uri_unique")
      .on(t.uri)
      .where(sql`${t.state} = 'connected'`),
  ],
);

export type CustomDomain = typeof customDomains.$inferSelect;
export type NewCustomDomain = typeof customDomains.$inferInsert;
