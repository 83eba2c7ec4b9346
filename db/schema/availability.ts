/**
 * Availability: a delivery partner's weekly hours, for all its workouts or
 * for one workout (which then overrides the partner's own), in the
 * schedule's own IANA time zone. Open start times are computed from it
 * (worker/domain/availability.ts); nothing is stored per time.
 */
import { sql } from "drizzle-orm";
import { check, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accounts } from "./accounts";
import { id, timestamps } from "./columns";
import { workouts } from "./workouts";

/** Hours on a weekday (0 Sunday … 6 Saturday), wall-clock "HH:MM" ranges in the schedule's zone. */
export type WeeklyHoursJson = { day: number; ranges: { start: string; end: string }[] }[];
/** Dates with other hours, or closed (no ranges). */
export type DateOverridesJson = { date: string; ranges: { start: string; end: string }[] }[];

export const availabilitySchedules = sqliteTable(
  "availability_schedules",
  {
    id: id(),
    /** The delivery partner whose hours these are. */
    partnerAccountId: text("partner_account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** Null: the partner's hours for every workout; else this workout's own. */
    workoutId: text("workout_id").references(() => workouts.id, { onDelete: "cascade" }),
    /** IANA time zone the hours are in. */
    timeZone: text("time_zone").notNull(),
    weekly: text("weekly", { mode: "json" }).$type<WeeklyHoursJson>().notNull().default([]),
    overrides: text("overrides", { mode: "json" }).$type<DateOverridesJson>().notNull().default([]),
    minNoticeMinutes: integer("min_notice_minutes").notNull().default(0),
    bufferMinutes: integer("buffer_minutes").notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("availability_schedules_partner_workout_uq").on(t.partnerAccountId, sql`coalesce(${t.workoutId}, '')`),
    check("availability_schedules_notice_ck", sql`${t.minNoticeMinutes} >= 0 and ${t.bufferMinutes} >= 0`),
  ],
);

export type AvailabilitySchedule = typeof availabilitySchedules.$inferSelect;
export type NewAvailabilitySchedule = typeof availabilitySchedules.$inferInsert;
