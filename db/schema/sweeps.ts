/**
 * Where the cron's sweeps that walk a whole table stopped: each run reads the
 * batch after its cursor and moves it on; at the end it starts over
 * (worker/data/inactive-members.ts). Kept in the directory, one row per
 * sweep and shard ("inactiveMembers:weur-1").
 */
import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { updatedAt } from "./columns";

export const sweepCursors = sqliteTable("sweep_cursors", {
  sweep: text("sweep").primaryKey(),
  /** The last key the sweep read; "" to start from the beginning. */
  position: text("position").notNull(),
  updatedAt: updatedAt(),
});
