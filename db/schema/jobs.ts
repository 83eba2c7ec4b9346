/**
 * Jobs (bookings): one job per booking of a workout by a customer, one line per
 * session, bookable slots published by delivery partners, and the action items
 * and artifacts attached to jobs and lines. States and transitions: worker/domain/jobs.ts.
 *
 * Ownership: a job and its lines, action items and artifacts carry the customer
 * (`accountId`); the partner side reads them through `partnerAccountId` (the
 * customer's partner, whose library the workout was booked from) and
 * `deliveryPartnerAccountId` (the partner drawn to deliver it).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import {
  ActionItemStage,
  CancellationReason,
  Currency,
  JobArtifactType,
  JobAssigneeType,
  JobLineStatus,
  JobStatus,
  RescheduleReason,
} from "../../contract/enums";
import { accounts } from "./accounts";
import { id, timestamps, createdAt } from "./columns";
import type { SessionLocation } from "./json";
import { users } from "./users";
import { pricingLines, sessionActionItems, workoutSessions, workoutVariants, workouts } from "./workouts";

export const jobs = sqliteTable(
  "jobs",
  {
    id: id(),
    /** The customer that booked. */
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    /** The customer's partner at booking time. */
    partnerAccountId: text("partner_account_id")
      .notNull()
      .references(() => accounts.id),
    /** Drawn among the active delivery partners; null while the job is pending. */
    deliveryPartnerAccountId: text("delivery_partner_account_id").references(() => accounts.id),
    workoutId: text("workout_id")
      .notNull()
      .references(() => workouts.id),
    variantId: text("variant_id").references(() => workoutVariants.id),
    status: text("status", { enum: JobStatus }).notNull().default("pending"),
    /**
     * Bumped by every change to the job or its lines. Each move is a
     * compare-and-set on the version it read, in the same batch as its
     * effects (worker/api/job-writes.ts `moveJob`).
     */
    version: integer("version").notNull().default(0),
    /**
     * Bumped by every change of what a delivery copy holds that is no move
     * (an action item ticked, a file shared or removed), so a copy applies a
     * refresh only over an older (version, extrasVersion) (worker/data/copy-versions.ts).
     */
    extrasVersion: integer("extras_version").notNull().default(0),
    cancelReason: text("cancel_reason", { enum: CancellationReason }),
    cancelComment: text("cancel_comment"),
    /** The pricing line that priced the booking. */
    pricingLineId: text("pricing_line_id").references(() => pricingLines.id, { onDelete: "set null" }),
    /** Credits consumed by the booking (on-plan lines); returned on early cancellation. */
    creditsConsumed: integer("credits_consumed").notNull().default(0),
    /** Money price (off-plan lines), integer minor units of `currency`. */
    priceAmount: integer("price_amount"),
    currency: text("currency", { enum: Currency }),
    /** The recipient: the customer user who booked. */
    bookedByUserId: text("booked_by_user_id").references(() => users.id, { onDelete: "set null" }),
    cancelledAt: text("cancelled_at"),
    completedAt: text("completed_at"),
    /** The instructor (a member of the delivery partner) of every session without its own. */
    instructorUserId: text("instructor_user_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    index("jobs_account_id_status_idx").on(t.accountId, t.status),
    index("jobs_account_id_created_at_idx").on(t.accountId, t.createdAt),
    index("jobs_partner_account_id_status_idx").on(t.partnerAccountId, t.status),
    /** The cron's reminders of requests waiting for confirmation (worker/data/reminders.ts). */
    index("jobs_status_updated_at_idx").on(t.status, t.updatedAt),
    index("jobs_delivery_partner_account_id_status_idx").on(t.deliveryPartnerAccountId, t.status),
    index("jobs_workout_id_idx").on(t.workoutId),
  ],
);

/**
 * A slot a delivery partner publishes for a session (calendar-based booking).
 * Book a seat with a guarded update so concurrent bookings cannot overfill it:
 *   UPDATE slots SET seats_taken = seats_taken + 1 WHERE id = ? AND seats_taken < capacity
 * (and the CHECK below refuses any write that would).
 */
export const slots = sqliteTable(
  "slots",
  {
    id: id(),
    /** The delivery partner that owns the slot. */
    partnerAccountId: text("partner_account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    workoutId: text("workout_id")
      .notNull()
      .references(() => workouts.id, { onDelete: "cascade" }),
    sessionId: text("session_id")
      .notNull()
      .references(() => workoutSessions.id, { onDelete: "cascade" }),
    /** ISO 8601 UTC. The end is startsAt + the session's length. */
    startsAt: text("starts_at").notNull(),
    /** At most the workout's max attendees (checked by the API). */
    capacity: integer("capacity").notNull(),
    seatsTaken: integer("seats_taken").notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index("slots_partner_account_id_starts_at_idx").on(t.partnerAccountId, t.startsAt),
    index("slots_session_id_starts_at_idx").on(t.sessionId, t.startsAt),
    // A booking and its options read the open slots of one workout from now on (worker/data/bookable.ts): without it, each scans every slot.
    index("slots_workout_id_starts_at_idx").on(t.workoutId, t.startsAt),
    check("slots_capacity_ck", sql`${t.capacity} > 0`),
    check("slots_seats_taken_ck", sql`${t.seatsTaken} >= 0 and ${t.seatsTaken} <= ${t.capacity}`),
  ],
);

/**
 * A seat of a slot held for a job line on another shard (the booking
 * partner's): taken with the slot's seats in one batch, released by deleting
 * the hold (the seat given back only when the delete removed it), so a
 * release run twice gives back one seat. Keyed per take: a line booked into
 * the same slot again holds a new one.
 */
export const slotHolds = sqliteTable(
  "slot_holds",
  {
    id: id(),
    slotId: text("slot_id")
      .notNull()
      .references(() => slots.id, { onDelete: "cascade" }),
    /** The slot's partner, whose rows these are (a partner's move to another shard carries them); written with every hold. */
    partnerAccountId: text("partner_account_id").references(() => accounts.id, { onDelete: "cascade" }),
    /** The job and its line on the booking partner's shard (no foreign keys: they live there). */
    jobId: text("job_id").notNull(),
    lineId: text("line_id").notNull(),
    /** The shard of the job. */
    jobShard: text("job_shard").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("slot_holds_slot_id_idx").on(t.slotId), index("slot_holds_job_id_idx").on(t.jobId)],
);

/** One line per session of the booked workout. */
export const jobLines = sqliteTable(
  "job_lines",
  {
    id: id(),
    /** The customer (same as the job's). */
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    jobId: text("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    sessionId: text("session_id")
      .notNull()
      .references(() => workoutSessions.id),
    sequence: integer("sequence").notNull(),
    status: text("status", { enum: JobLineStatus }).notNull().default("pending"),
    /** Confirmed start, ISO 8601 UTC. */
    scheduledAt: text("scheduled_at"),
    /** The slot booked, for calendar-based bookings. */
    slotId: text("slot_id").references(() => slots.id, { onDelete: "set null" }),
    /**
     * A slot booked on the delivery partner's shard when that is not the job's
     * (no foreign key: the slot lives there), and the seat held for this line
     * there (`slot_holds.id`).
     */
    awaySlotId: text("away_slot_id"),
    awayHoldId: text("away_hold_id"),
    /** Times the customer proposed (booking request), ISO 8601 UTC. */
    requestedTimes: text("requested_times", { mode: "json" }).$type<string[]>().notNull().default([]),
    /** Reason of the last reschedule or denial. */
    rescheduleReason: text("reschedule_reason", { enum: RescheduleReason }),
    rescheduleComment: text("reschedule_comment"),
    completedAt: text("completed_at"),
    /** Where the session happens, set by the partner; null: the workout's default location. */
    location: text("location", { mode: "json" }).$type<SessionLocation | null>(),
    /** The session's own instructor; null: the job's. */
    instructorUserId: text("instructor_user_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    index("job_lines_job_id_sequence_idx").on(t.jobId, t.sequence),
    index("job_lines_account_id_scheduled_at_idx").on(t.accountId, t.scheduledAt),
    index("job_lines_slot_id_idx").on(t.slotId),
    /** The cron's session reminders, the next day's lines (worker/data/reminders.ts). */
    index("job_lines_scheduled_at_idx").on(t.scheduledAt),
  ],
);

/** An action item on a job line, copied from the session's action items at booking. */
export const jobActionItems = sqliteTable(
  "job_action_items",
  {
    id: id(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    jobId: text("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    jobLineId: text("job_line_id")
      .notNull()
      .references(() => jobLines.id, { onDelete: "cascade" }),
    sessionActionItemId: text("session_action_item_id").references(() => sessionActionItems.id, {
      onDelete: "set null",
    }),
    assigneeType: text("assignee_type", { enum: JobAssigneeType }).notNull(),
    stage: text("stage", { enum: ActionItemStage }).notNull(),
    name: text("name").notNull(),
    link: text("link"),
    /** Computed from the session item's offset once the line is scheduled. */
    dueAt: text("due_at"),
    completedAt: text("completed_at"),
    completedByUserId: text("completed_by_user_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    index("job_action_items_job_line_id_idx").on(t.jobLineId),
    index("job_action_items_job_id_idx").on(t.jobId),
    /** The cron's reminders of items due about now (worker/data/reminders.ts). */
    index("job_action_items_due_at_idx").on(t.dueAt),
  ],
);

/** A file or link shared on a job or one of its lines. */
export const jobArtifacts = sqliteTable(
  "job_artifacts",
  {
    id: id(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    jobId: text("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    jobLineId: text("job_line_id").references(() => jobLines.id, { onDelete: "cascade" }),
    type: text("type", { enum: JobArtifactType }).notNull(),
    /** Who the artifact is for. */
    assigneeType: text("assignee_type", { enum: JobAssigneeType }),
    name: text("name").notNull(),
    fileKey: text("file_key"),
    value: text("value"),
    createdByUserId: text("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("job_artifacts_job_id_idx").on(t.jobId)],
);

export type Job = typeof jobs.$inferSelect;
export type NewJob = typeof jobs.$inferInsert;
export type JobLine = typeof jobLines.$inferSelect;
export type NewJobLine = typeof jobLines.$inferInsert;
export type Slot = typeof slots.$inferSelect;
export type NewSlot = typeof slots.$inferInsert;
export type JobActionItem = typeof jobActionItems.$inferSelect;
export type NewJobActionItem = typeof jobActionItems.$inferInsert;
export type JobArtifact = typeof jobArtifacts.$inferSelect;
export type NewJobArtifact = typeof jobArtifacts.$inferInsert;
