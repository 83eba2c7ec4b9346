/** A user's saved list ("My List") within an account, ordered by `sequence`. */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { SavedItemType } from "../../contract/enums";
import { accounts } from "./accounts";
import { id, timestamps } from "./columns";
import { users } from "./users";
import { workouts } from "./workouts";

export const savedItems = sqliteTable(
  "saved_items",
  {
    id: id(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemType: text("item_type", { enum: SavedItemType }).notNull().default("workout"),
    workoutId: text("workout_id")
      .notNull()
      .references(() => workouts.id, { onDelete: "cascade" }),
    sequence: integer("sequence").notNull(),
    ...timestamps(),
  },
  (t) => [
    index("saved_items_account_id_user_id_sequence_idx").on(t.accountId, t.userId, t.sequence),
    uniqueIndex("saved_items_account_id_user_id_workout_id_uq").on(t.accountId, t.userId, t.workoutId),
  ],
);

export type SavedItem = typeof savedItems.$inferSelect;
export type NewSavedItem = typeof savedItems.$inferInsert;
