/**
 * Workouts and everything authored on them: the partner library, variants,
 * sessions (with action items and attachments), prerequisites, pricing lines,
 * delivery partners and customer reviews.
 *
 * Ownership: `workouts.accountId` is the authoring partner. Rows that hang off a
 * workout carry `accountId` = the account that owns that row (the author, or the
 * partner that made a variant and its pricing/delivery partners). Reads of child
 * rows go through their workout or variant id, hence the parent-id indexes.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import {
  ActionItemAssignee,
  ActionItemStage,
  Category,
  Currency,
  Difficulty,
  Language,
  LibraryStatus,
  PartnerVisibility,
  PrerequisiteType,
  PriceType,
  PricingType,
  SessionArtifactCategory,
  SessionArtifactType,
  WorkoutFormat,
  WorkoutType,
  type WorkoutTag,
} from "../../contract/enums";
import { accounts } from "./accounts";
import { id, timestamps } from "./columns";
import { priceGroups } from "./groups";
import type { FeaturedMedia, SessionLocation, VisibilityExpression } from "./json";
import { users } from "./users";

export const workouts = sqliteTable(
  "workouts",
  {
    id: id(),
    /** The authoring partner. */
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    sku: text("sku").notNull(),
    type: text("type", { enum: WorkoutType }).notNull(),
    category: text("category", { enum: Category }).notNull(),
    allowPartnerVariants: integer("allow_partner_variants", { mode: "boolean" }).notNull().default(false),
    /** Total time in minutes; the sessions' lengths must add up to it. */
    totalMinutes: integer("total_minutes").notNull().default(60),
    maxAttendees: integer("max_attendees").notNull().default(5),
    difficulty: text("difficulty", { enum: Difficulty }).notNull(),
    format: text("format", { enum: WorkoutFormat }).notNull().default("onlineInstructorLed"),
    greatFor: text("great_for", { mode: "json" }).$type<WorkoutTag[]>().notNull().default([]),
    title: text("title").notNull(),
    subtitle: text("subtitle"),
    description: text("description"),
    icon: text("icon"),
    featuredMedia: text("featured_media", { mode: "json" }).$type<FeaturedMedia[]>().notNull().default([]),
    /** Null: visible to every customer of a partner whose library has it available. */
    visibility: text("visibility", { mode: "json" }).$type<VisibilityExpression | null>(),
    partnerVisibility: text("partner_visibility", { enum: PartnerVisibility }).notNull().default("private"),
    /** Higher number is higher priority. */
    priority: integer("priority").notNull().default(100),
    /** Where its sessions happen unless the partner sets a session's own (shown to a job's parties only, never in the catalogue). */
    defaultLocation: text("default_location", { mode: "json" }).$type<SessionLocation | null>(),
    /**
     * The content's version: raised by every change of the workout or its
     * author's sections, published with it (published_workouts), and held by
     * each copy in another partner's shard (the version it was made from).
     */
    version: integer("version").notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("workouts_account_id_sku_uq").on(t.accountId, t.sku),
    index("workouts_account_id_category_idx").on(t.accountId, t.category),
    index("workouts_partner_visibility_idx").on(t.partnerVisibility),
    /** The cron's re-publishing of workouts changed in the last day (worker/data/publication.ts changedSince). */
    index("workouts_updated_at_idx").on(t.updatedAt),
    check("workouts_total_minutes_ck", sql`${t.totalMinutes} > 0`),
    check("workouts_max_attendees_ck", sql`${t.maxAttendees} > 0`),
  ],
);

/** A workout in a partner's library (the author's own, or a listed one it added). */
export const libraryEntries = sqliteTable(
  "library_entries",
  {
    id: id(),
    /** The partner whose library this is. */
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    workoutId: text("workout_id")
      .notNull()
      .references(() => workouts.id, { onDelete: "cascade" }),
    status: text("status", { enum: LibraryStatus }).notNull().default("draft"),
    priority: integer("priority").notNull().default(100),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("library_entries_account_id_workout_id_uq").on(t.accountId, t.workoutId),
    index("library_entries_account_id_status_priority_idx").on(t.accountId, t.status, t.priority),
    index("library_entries_workout_id_idx").on(t.workoutId),
  ],
);

/** A variant of a workout: locale, availability dates, own pricing and delivery partners. */
export const workoutVariants = sqliteTable(
  "workout_variants",
  {
    id: id(),
    workoutId: text("workout_id")
      .notNull()
      .references(() => workouts.id, { onDelete: "cascade" }),
    /** The partner that owns the variant (the author, or a partner allowed to make variants). */
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    locale: text("locale", { enum: Language }).notNull().default("enUS"),
    /** YYYY-MM-DD, inclusive; null means open-ended. */
    availableFrom: text("available_from"),
    availableTo: text("available_to"),
    /** When true, the variant's own pricing lines replace the workout's base pricing. */
    customPricing: integer("custom_pricing", { mode: "boolean" }).notNull().default(false),
    partnerVisibility: text("partner_visibility", { enum: PartnerVisibility }).notNull().default("private"),
    ...timestamps(),
  },
  (t) => [index("workout_variants_workout_id_idx").on(t.workoutId), index("workout_variants_account_id_workout_id_idx").on(t.accountId, t.workoutId)],
);

export const workoutSessions = sqliteTable(
  "workout_sessions",
  {
    id: id(),
    workoutId: text("workout_id")
      .notNull()
      .references(() => workouts.id, { onDelete: "cascade" }),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** 1-based position within the workout. */
    sequence: integer("sequence").notNull(),
    name: text("name").notNull(),
    shortSummary: text("short_summary"),
    description: text("description"),
    icon: text("icon"),
    lengthMinutes: integer("length_minutes").notNull(),
    startDate: text("start_date"),
    endDate: text("end_date"),
    ...timestamps(),
  },
  (t) => [
    index("workout_sessions_workout_id_sequence_idx").on(t.workoutId, t.sequence),
    index("workout_sessions_account_id_idx").on(t.accountId),
    check("workout_sessions_length_minutes_ck", sql`${t.lengthMinutes} > 0`),
  ],
);

/** An action item authored on a session (copied onto job lines when booked). */
export const sessionActionItems = sqliteTable(
  "session_action_items",
  {
    id: id(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    workoutId: text("workout_id")
      .notNull()
      .references(() => workouts.id, { onDelete: "cascade" }),
    sessionId: text("session_id")
      .notNull()
      .references(() => workoutSessions.id, { onDelete: "cascade" }),
    assigneeType: text("assignee_type", { enum: ActionItemAssignee }).notNull(),
    stage: text("stage", { enum: ActionItemStage }).notNull(),
    name: text("name").notNull(),
    link: text("link"),
    /**
     * Due-date calculation: days relative to the session's scheduled start
     * (negative = before). Null means no due date.
     */
    dueOffsetDays: integer("due_offset_days"),
    startDate: text("start_date"),
    endDate: text("end_date"),
    ...timestamps(),
  },
  (t) => [index("session_action_items_session_id_idx").on(t.sessionId), index("session_action_items_workout_id_idx").on(t.workoutId)],
);

/** An attachment of a session: an uploaded file (R2 key) or a value (URL or text). */
export const sessionAttachments = sqliteTable(
  "session_attachments",
  {
    id: id(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    workoutId: text("workout_id")
      .notNull()
      .references(() => workouts.id, { onDelete: "cascade" }),
    sessionId: text("session_id")
      .notNull()
      .references(() => workoutSessions.id, { onDelete: "cascade" }),
    type: text("type", { enum: SessionArtifactType }).notNull(),
    category: text("category", { enum: SessionArtifactCategory }).notNull().default("other"),
    description: text("description"),
    fileKey: text("file_key"),
    value: text("value"),
    startDate: text("start_date"),
    endDate: text("end_date"),
    ...timestamps(),
  },
  (t) => [index("session_attachments_session_id_idx").on(t.sessionId), index("session_attachments_workout_id_idx").on(t.workoutId)],
);

/** A prerequisite of a workout: a licence, a minimum score in a category, or another workout. */
export const prerequisites = sqliteTable(
  "prerequisites",
  {
    id: id(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    workoutId: text("workout_id")
      .notNull()
      .references(() => workouts.id, { onDelete: "cascade" }),
    type: text("type", { enum: PrerequisiteType }).notNull(),
    name: text("name").notNull(),
    category: text("category", { enum: Category }),
    /** For type 'workout': the workout that must be completed first. */
    requiredWorkoutId: text("required_workout_id").references(() => workouts.id, { onDelete: "set null" }),
    /** For type 'score': the minimum score value. */
    minimumScore: real("minimum_score"),
    startDate: text("start_date"),
    endDate: text("end_date"),
    ...timestamps(),
  },
  (t) => [index("prerequisites_workout_id_idx").on(t.workoutId)],
);

/**
 * A pricing line. `variantId` null: the workout's base pricing; otherwise the
 * variant's custom pricing. `priceType` says whom it applies to; the most
 * specific line wins (customer > customerPriceGroup > allCustomers).
 * 'unit' lines cost `amount` credits (on plan); 'value' lines cost `amount`
 * minor units of `currency` (off plan).
 */
export const pricingLines = sqliteTable(
  "pricing_lines",
  {
    id: id(),
    /** The partner that owns the line (workout author or variant owner). */
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    workoutId: text("workout_id")
      .notNull()
      .references(() => workouts.id, { onDelete: "cascade" }),
    variantId: text("variant_id").references(() => workoutVariants.id, { onDelete: "cascade" }),
    priceType: text("price_type", { enum: PriceType }).notNull().default("allCustomers"),
    customerAccountId: text("customer_account_id").references(() => accounts.id, { onDelete: "cascade" }),
    priceGroupId: text("price_group_id").references(() => priceGroups.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    pricingType: text("pricing_type", { enum: PricingType }).notNull(),
    onPlan: integer("on_plan", { mode: "boolean" }).notNull().default(false),
    currency: text("currency", { enum: Currency }).notNull(),
    /** Credits for 'unit' lines; integer minor units for 'value' lines. */
    amount: integer("amount").notNull(),
    startDate: text("start_date"),
    endDate: text("end_date"),
    ...timestamps(),
  },
  (t) => [
    index("pricing_lines_workout_id_variant_id_idx").on(t.workoutId, t.variantId),
    index("pricing_lines_account_id_workout_id_idx").on(t.accountId, t.workoutId),
    index("pricing_lines_customer_account_id_idx").on(t.customerAccountId),
    index("pricing_lines_price_group_id_idx").on(t.priceGroupId),
    check("pricing_lines_amount_ck", sql`${t.amount} >= 0`),
  ],
);

/**
 * A delivery partner of a workout (variantId null) or of a variant. The one that
 * delivers a booking is drawn at random, weighted by `selectionPercent`.
 */
export const deliveryPartners = sqliteTable(
  "delivery_partners",
  {
    id: id(),
    /** The partner that configured the entry (workout author or variant owner). */
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    workoutId: text("workout_id")
      .notNull()
      .references(() => workouts.id, { onDelete: "cascade" }),
    variantId: text("variant_id").references(() => workoutVariants.id, { onDelete: "cascade" }),
    partnerTan: text("partner_tan").notNull(),
    /** Resolved from the TAN once validated. */
    partnerAccountId: text("partner_account_id").references(() => accounts.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    selectionPercent: integer("selection_percent").notNull().default(100),
    startDate: text("start_date"),
    endDate: text("end_date"),
    visibleToPartners: integer("visible_to_partners", { mode: "boolean" }).notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    index("delivery_partners_workout_id_variant_id_idx").on(t.workoutId, t.variantId),
    index("delivery_partners_partner_account_id_idx").on(t.partnerAccountId),
    index("delivery_partners_account_id_idx").on(t.accountId),
    check("delivery_partners_selection_percent_ck", sql`${t.selectionPercent} between 0 and 100`),
  ],
);

/** A customer user's review of a workout (one per user per workout). */
export const reviews = sqliteTable(
  "reviews",
  {
    id: id(),
    workoutId: text("workout_id")
      .notNull()
      .references(() => workouts.id, { onDelete: "cascade" }),
    /** The reviewer's (customer) account. */
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /**
     * The partner the reviewer was a customer of when writing it: the review is
     * read by that partner's customers, wherever the reviewer goes after
     * (docs/decisions/2026-11-27-relinked-reviews.md).
     */
    partnerAccountId: text("partner_account_id").references(() => accounts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** 1 to 5. */
    rating: integer("rating").notNull(),
    comment: text("comment"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("reviews_workout_id_user_id_partner_account_id_uq").on(t.workoutId, t.userId, t.partnerAccountId),
    index("reviews_workout_id_partner_account_id_created_at_idx").on(t.workoutId, t.partnerAccountId, t.createdAt),
    index("reviews_account_id_idx").on(t.accountId),
    check("reviews_rating_ck", sql`${t.rating} between 1 and 5`),
  ],
);

export type Workout = typeof workouts.$inferSelect;
export type NewWorkout = typeof workouts.$inferInsert;
export type LibraryEntry = typeof libraryEntries.$inferSelect;
export type NewLibraryEntry = typeof libraryEntries.$inferInsert;
export type WorkoutVariant = typeof workoutVariants.$inferSelect;
export type NewWorkoutVariant = typeof workoutVariants.$inferInsert;
export type WorkoutSession = typeof workoutSessions.$inferSelect;
export type NewWorkoutSession = typeof workoutSessions.$inferInsert;
export type SessionActionItem = typeof sessionActionItems.$inferSelect;
export type NewSessionActionItem = typeof sessionActionItems.$inferInsert;
export type SessionAttachment = typeof sessionAttachments.$inferSelect;
export type NewSessionAttachment = typeof sessionAttachments.$inferInsert;
export type Prerequisite = typeof prerequisites.$inferSelect;
export type NewPrerequisite = typeof prerequisites.$inferInsert;
export type PricingLine = typeof pricingLines.$inferSelect;
export type NewPricingLine = typeof pricingLines.$inferInsert;
export type DeliveryPartner = typeof deliveryPartners.$inferSelect;
export type NewDeliveryPartner = typeof deliveryPartners.$inferInsert;
export type Review = typeof reviews.$inferSelect;
export type NewReview = typeof reviews.$inferInsert;
