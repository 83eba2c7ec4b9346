/**
 * A partner's price groups (customers are placed in one; pricing lines can
 * target it) and featured groups (curated, dated, ordered lists of workouts).
 */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accounts } from "./accounts";
import { id, timestamps } from "./columns";
import { workouts } from "./workouts";

export const priceGroups = sqliteTable(
  "price_groups",
  {
    id: id(),
    /** The partner that owns the group. */
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    ...timestamps(),
  },
  (t) => [uniqueIndex("price_groups_account_id_name_uq").on(t.accountId, t.name)],
);

export const featuredGroups = sqliteTable(
  "featured_groups",
  {
    id: id(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    subtitle: text("subtitle"),
    startDate: text("start_date"),
    endDate: text("end_date"),
    ...timestamps(),
  },
  (t) => [index("featured_groups_account_id_title_idx").on(t.accountId, t.title)],
);

/** The ordered workouts of a featured group (at least one). */
export const featuredGroupItems = sqliteTable(
  "featured_group_items",
  {
    id: id(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    featuredGroupId: text("featured_group_id")
      .notNull()
      .references(() => featuredGroups.id, { onDelete: "cascade" }),
    workoutId: text("workout_id")
      .notNull()
      .references(() => workouts.id, { onDelete: "cascade" }),
    sequence: integer("sequence").notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("featured_group_items_group_id_workout_id_uq").on(t.featuredGroupId, t.workoutId),
    index("featured_group_items_group_id_sequence_idx").on(t.featuredGroupId, t.sequence),
    index("featured_group_items_account_id_idx").on(t.accountId),
  ],
);

export type PriceGroup = typeof priceGroups.$inferSelect;
export type NewPriceGroup = typeof priceGroups.$inferInsert;
export type FeaturedGroup = typeof featuredGroups.$inferSelect;
export type NewFeaturedGroup = typeof featuredGroups.$inferInsert;
export type FeaturedGroupItem = typeof featuredGroupItems.$inferSelect;
export type NewFeaturedGroupItem = typeof featuredGroupItems.$inferInsert;
