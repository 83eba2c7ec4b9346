/**
 * The published catalogue, in the directory (worker/d1/placement.ts): one
 * versioned copy of each workout a partner has listed (or limited to named
 * partners), for other partners to browse and add, whichever shard its author
 * is on. Filled through the flow queue when the author lists, changes or
 * unlists it (worker/flows/catalogue.ts), idempotent by workout id and version:
 * a version is written only over an older one. An unlisted workout stays as a
 * private row of its last version, so an older message cannot list it again.
 */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { Category, Difficulty, PartnerVisibility } from "../../contract/enums";
import { nowIso } from "./columns";
import type { DeliveryPartner, Prerequisite, PricingLine, SessionActionItem, SessionAttachment, Workout, WorkoutSession, WorkoutVariant } from "./workouts";

/** A listed workout's rows on its author's shard, the author's own: what a copy in another shard is made of. */
export type PublishedDocument = {
  workout: Workout;
  sessions: WorkoutSession[];
  actionItems: SessionActionItem[];
  attachments: SessionAttachment[];
  prerequisites: Prerequisite[];
  variants: WorkoutVariant[];
  /** Without the lines priced for one of the author's customers or price groups (they are the author's alone). */
  pricing: PricingLine[];
  deliveryPartners: DeliveryPartner[];
};

export const publishedWorkouts = sqliteTable(
  "published_workouts",
  {
    /** The workout's id, the same on the author's shard and in every copy. */
    workoutId: text("workout_id").primaryKey(),
    /** The authoring partner, and the shard its workout is on. */
    partnerAccountId: text("partner_account_id").notNull(),
    shard: text("shard").notNull(),
    authorName: text("author_name").notNull(),
    /** The workout's version this row holds (workouts.version on the author's shard). */
    version: integer("version").notNull(),
    partnerVisibility: text("partner_visibility", { enum: PartnerVisibility }).notNull(),
    /** For "limited": the partners its delivery partners name, the only ones that may add it. */
    limitedTo: text("limited_to", { mode: "json" }).$type<string[]>().notNull().default([]),
    title: text("title").notNull(),
    category: text("category", { enum: Category }).notNull(),
    difficulty: text("difficulty", { enum: Difficulty }).notNull(),
    totalMinutes: integer("total_minutes").notNull(),
    priority: integer("priority").notNull(),
    /** What a copy in another partner's shard is made of (worker/data/publication.ts). */
    document: text("document", { mode: "json" }).$type<PublishedDocument>().notNull(),
    publishedAt: text("published_at").notNull().default(nowIso),
  },
  (t) => [index("published_workouts_partner_visibility_priority_idx").on(t.partnerVisibility, t.priority)],
);

export type PublishedWorkout = typeof publishedWorkouts.$inferSelect;
