/** Session attachments of a workout the partner authored: links and privately stored files; each change is a new version of the workout (./publication.ts). */
import { and, eq } from "drizzle-orm";
import { sessionAttachments, workoutSessions, type Workout } from "../../db/schema";
import type { Db } from "../env";
import type { PartnerScope } from "../http/endpoint";
import { notFound } from "../http/errors";
import { authored } from "./library";
import { bumpVersion } from "./publication";
import { theRow } from "./query";

type NewAttachment = Omit<typeof sessionAttachments.$inferInsert, "accountId" | "workoutId" | "sessionId">;

/** The authored workout that has this session; 404 for a session of any other workout. */
export async function authoredSession(db: Db, scope: PartnerScope, workoutId: string, sessionId: string): Promise<Workout> {
  const { workout } = await authored(db, scope, workoutId);
  const session = await db
    .select({ id: workoutSessions.id })
    .from(workoutSessions)
    .where(and(eq(workoutSessions.id, sessionId), eq(workoutSessions.workoutId, workout.id)))
    .limit(1);
  if (!session[0]) throw notFound("Session not found");
  return workout;
}

export async function addAttachment(db: Db, scope: PartnerScope, workout: Workout, sessionId: string, values: NewAttachment) {
  const [inserted] = await db.batch([
    db
      .insert(sessionAttachments)
      .values({ ...values, accountId: scope.account.id, workoutId: workout.id, sessionId })
      .returning(),
    bumpVersion(db, workout.id, scope.account.id),
  ]);
  return theRow(inserted, "added attachment");
}

/** Removes an attachment of an authored workout; answers the removed row (404 when there is none). */
export async function removeAttachment(db: Db, scope: PartnerScope, workoutId: string, attachmentId: string) {
  const { workout } = await authored(db, scope, workoutId);
  const [rows] = await db.batch([
    db
      .delete(sessionAttachments)
      .where(and(eq(sessionAttachments.id, attachmentId), eq(sessionAttachments.workoutId, workout.id)))
      .returning(),
    bumpVersion(db, workout.id, scope.account.id),
  ]);
  const [removed] = rows;
  if (!removed) throw notFound("Attachment not found");
  return removed;
}
