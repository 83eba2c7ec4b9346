/**
 * The people on a job: the customer's members who attend it (up to the
 * workout's max attendees) and, per session, who was there (marked by the
 * partner when completing it). Both carry the customer (`accountId`).
 */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accounts } from "./accounts";
import { createdAt, id } from "./columns";
import { jobLines, jobs } from "./jobs";
import { users } from "./users";

/** A member of the customer's organisation named on a booking. */
export const jobAttendees = sqliteTable(
  "job_attendees",
  {
    id: id(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    jobId: text("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("job_attendees_job_id_user_id_uq").on(t.jobId, t.userId), index("job_attendees_user_id_idx").on(t.userId)],
);

/** Whether an attendee was at a session, as the partner marked it on completing the session. */
export const jobAttendance = sqliteTable(
  "job_attendance",
  {
    id: id(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    jobLineId: text("job_line_id")
      .notNull()
      .references(() => jobLines.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    present: integer("present", { mode: "boolean" }).notNull(),
    markedByUserId: text("marked_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("job_attendance_job_line_id_user_id_uq").on(t.jobLineId, t.userId)],
);

export type JobAttendee = typeof jobAttendees.$inferSelect;
export type NewJobAttendee = typeof jobAttendees.$inferInsert;
export type JobAttendance = typeof jobAttendance.$inferSelect;
