/**
 * Which partners deliver which partners' workouts, in the directory
 * (worker/d1/placement.ts; docs/decisions/2026-11-27-delivery-index.md): one
 * row per workout and delivering partner, naming the workout's author (the
 * partner whose customers book it). A workout's delivery partners are kept
 * on its author's shard; this index tells a delivering partner which shards
 * hold workouts it delivers, so its settings read those shards only (the
 * author's shard comes from the author's routing row, so a partner's move to
 * another shard keeps the index right).
 *
 * Written only by the publish step (worker/flows/catalogue.ts), from the
 * author's shard, over an older version only: a delivering partner no longer
 * named keeps its row, marked `removed` at the version that removed it, so a
 * late older step cannot add it back.
 */
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const deliveryIndex = sqliteTable(
  "delivery_index",
  {
    workoutId: text("workout_id").notNull(),
    /** The delivering partner (an entry naming only a TAN is indexed under the partner with that TAN). */
    delivererAccountId: text("deliverer_account_id").notNull(),
    /** The workout's author: its routing row places the shard the workout and its delivery partners are on. */
    authorAccountId: text("author_account_id").notNull(),
    /** The workout's version this row was read at (workouts.version on the author's shard). */
    version: integer("version").notNull(),
    /** The author no longer names this partner (as of `version`). */
    removed: integer("removed", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.workoutId, t.delivererAccountId] }),
    index("delivery_index_deliverer_idx").on(t.delivererAccountId, t.removed),
    // The partners delivering an author's workouts, read with its (or its customers') routing row.
    index("delivery_index_author_idx").on(t.authorAccountId, t.removed),
  ],
);

export type DeliveryIndexRow = typeof deliveryIndex.$inferSelect;
