/**
 * A partner's homepage layout: a fixed welcome banner (not stored),
 * exactly one hero row (`isHero`, never moved or deleted, one slot with hero
 * text), then rows ordered by `sequence`, each with ordered slots.
 */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { Category, HomepageRowType, MediaDisplayType, SlotItemType } from "../../contract/enums";
import { accounts } from "./accounts";
import { id, timestamps } from "./columns";
import { featuredGroups } from "./groups";

export const homepageRows = sqliteTable(
  "homepage_rows",
  {
    id: id(),
    /** The partner whose homepage this is. */
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** 0 for the hero row, then 1, 2, … */
    sequence: integer("sequence").notNull(),
    isHero: integer("is_hero", { mode: "boolean" }).notNull().default(false),
    /** Null only for the hero row. */
    type: text("type", { enum: HomepageRowType }),
    title: text("title"),
    subtitle: text("subtitle"),
    ...timestamps(),
  },
  (t) => [
    index("homepage_rows_account_id_sequence_idx").on(t.accountId, t.sequence),
    // Only one hero row per partner.
    uniqueIndex("homepage_rows_account_id_hero_uq")
      .on(t.accountId)
      .where(sql`is_hero = 1`),
  ],
);

export const homepageSlots = sqliteTable(
  "homepage_slots",
  {
    id: id(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    rowId: text("row_id")
      .notNull()
      .references(() => homepageRows.id, { onDelete: "cascade" }),
    sequence: integer("sequence").notNull(),
    itemType: text("item_type", { enum: SlotItemType }).notNull(),
    /** For 'category' slots (required there). */
    category: text("category", { enum: Category }),
    /** For 'featuredGroup' slots. */
    featuredGroupId: text("featured_group_id").references(() => featuredGroups.id, { onDelete: "set null" }),
    /** For 'workout' and 'program' slots: the chosen workouts, in order. */
    workoutIds: text("workout_ids", { mode: "json" }).$type<string[]>().notNull().default([]),
    /** For 'media' slots: an uploaded file (R2 key) or an external URL. */
    mediaKey: text("media_key"),
    mediaUrl: text("media_url"),
    mediaDisplayType: text("media_display_type", { enum: MediaDisplayType }),
    /** Required on the hero slot. */
    heroText: text("hero_text"),
    title: text("title"),
    subtitle: text("subtitle"),
    linkUrl: text("link_url"),
    /** A start date is required if an end date is set; the end must be after the start. */
    startDate: text("start_date"),
    endDate: text("end_date"),
    ...timestamps(),
  },
  (t) => [index("homepage_slots_row_id_sequence_idx").on(t.rowId, t.sequence), index("homepage_slots_account_id_idx").on(t.accountId)],
);

export type HomepageRow = typeof homepageRows.$inferSelect;
export type NewHomepageRow = typeof homepageRows.$inferInsert;
export type HomepageSlot = typeof homepageSlots.$inferSelect;
export type NewHomepageSlot = typeof homepageSlots.$inferInsert;
