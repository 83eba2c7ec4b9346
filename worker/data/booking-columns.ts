/**
 * The columns a booking's context reads of its workout, sessions and session
 * action items: those a booking answers or decides with, no others
 * (docs/decisions/2026-11-27-booking-burst-cpu.md), and their row types.
 */
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { sessionActionItems, workoutSessions, workouts } from "../../db/schema";

/** The workout's columns a booking uses (its visibility, price, seats, names and default place): the context reads no others. */
export const workoutColumns = {
  id: workouts.id,
  accountId: workouts.accountId,
  name: workouts.name,
  title: workouts.title,
  maxAttendees: workouts.maxAttendees,
  totalMinutes: workouts.totalMinutes,
  defaultLocation: workouts.defaultLocation,
  visibility: workouts.visibility,
};
/** The session's columns a booking uses. */
export const sessionColumns = {
  id: workoutSessions.id,
  workoutId: workoutSessions.workoutId,
  sequence: workoutSessions.sequence,
  name: workoutSessions.name,
  lengthMinutes: workoutSessions.lengthMinutes,
};
/** The session action items' columns a new job line copies (worker/data/job-writes.ts `newActionItemRows`). */
export const actionItemColumns = {
  id: sessionActionItems.id,
  sessionId: sessionActionItems.sessionId,
  assigneeType: sessionActionItems.assigneeType,
  stage: sessionActionItems.stage,
  name: sessionActionItems.name,
  link: sessionActionItems.link,
  dueOffsetDays: sessionActionItems.dueOffsetDays,
};
export type Columns<T extends Record<string, SQLiteColumn>> = {
  [K in keyof T]: T[K]["_"]["notNull"] extends true ? T[K]["_"]["data"] : T[K]["_"]["data"] | null;
};

/** A session action item as a booking copies it onto its lines. */
export type SessionActionItem = Columns<typeof actionItemColumns>;
