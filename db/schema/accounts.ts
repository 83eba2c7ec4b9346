/**
 * Accounts: the tenants. An account is an identity-provider organisation
 * (`authId`), either a partner (with a unique 6-digit TAN) or a customer linked
 * to one partner (`parentAccountId`, set by assign-parent with the partner's TAN).
 */
import { index, integer, sqliteTable, text, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { AccountLocation, AccountType, Currency, Industry, Language, OrgSize } from "../../contract/enums";
import { id, timestamps } from "./columns";
import { priceGroups } from "./groups";

export const accounts = sqliteTable(
  "accounts",
  {
    id: id(),
    type: text("type", { enum: AccountType }).notNull(),
    name: text("name").notNull(),
    /** Partner number: 6 digits, partners only; unique. */
    tan: text("tan").unique(),
    /** A customer's partner. Null for partners and for customers not yet linked. */
    parentAccountId: text("parent_account_id").references((): AnySQLiteColumn => accounts.id, {
      onDelete: "set null",
    }),
    /** The identity provider's organisation id. */
    authId: text("auth_id").unique(),
    industry: text("industry", { enum: Industry }),
    size: text("size", { enum: OrgSize }),
    website: text("website"),
    /** R2 key of the organisation logo. */
    logoKey: text("logo_key"),
    primaryEmail: text("primary_email"),
    currency: text("currency", { enum: Currency }).notNull().default("USD"),
    location: text("location", { enum: AccountLocation }),
    language: text("language", { enum: Language }).notNull().default("enUS"),
    /** A partner's IANA time zone: the default for its slots and for mail to its staff; from its creator's zone. */
    timeZone: text("time_zone"),
    /** A customer's price group within its partner (pricing lines may target it). */
    priceGroupId: text("price_group_id").references((): AnySQLiteColumn => priceGroups.id, {
      onDelete: "set null",
    }),
    /**
     * Partners only: the shard (D1 database) that holds the partner's data, and
     * the partner's region (a D1 location hint, from its location), set at
     * onboarding (worker/domain/regions.ts). A partner without one is on the
     * default shard. Customers live on their partner's shard.
     */
    shard: text("shard"),
    region: text("region"),
    /**
     * Customers, in the directory: the shards it lived on before a re-link to
     * a partner on another shard moved it (JSON array of names). Its history
     * stays there (docs/decisions/2026-11-27-relinked-history.md); null: none.
     */
    formerShards: text("former_shards", { mode: "json" }).$type<string[]>(),
    /**
     * Partners only, in the directory: a move to another shard under way
     * (worker/domain/shard-move.ts); null: none. While `phase` is "copying"
     * the partner's writes are refused; "moved": routed to `to`, the rows left
     * on `from` still to be deleted.
     */
    shardMove: text("shard_move", { mode: "json" }).$type<ShardMove>(),
    /**
     * The version of the part of the row the directory keeps (worker/data/routing-rows.ts
     * directoryPatch): one more at each change of it, on the shard and in the directory
     * alike, so the directory's repair (worker/data/directory-copy.ts) never writes an
     * older copy over a newer one.
     */
    directoryVersion: integer("directory_version").notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    // A partner's customers ("dependents"), listed by name.
    index("accounts_parent_account_id_name_idx").on(t.parentAccountId, t.name),
    index("accounts_type_idx").on(t.type),
    index("accounts_price_group_id_idx").on(t.priceGroupId),
  ],
);

/** A partner's move to another shard, as the directory records it (docs/decisions/2026-11-27-moving-a-partner.md). */
export type ShardMove = { from: string; to: string; phase: "copying" | "moved"; at: string };

export type Account = typeof accounts.$inferSelect;
export type NewAccount = typeof accounts.$inferInsert;
