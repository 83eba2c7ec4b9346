/**
 * Who may read a workout outside the catalogue's lists (a saved item, an
 * attachment's file): a partner whose library holds it, or a customer whose
 * catalogue shows it today by the catalogue's one rule (worker/data/catalogue.ts:
 * library status, a variant in date, the visibility expression). Callers
 * answer 404 otherwise.
 */
import { and, eq } from "drizzle-orm";
import { sessionAttachments } from "../../db/schema";
import type { Db } from "../env";
import type { AccountScope } from "../http/endpoint";
import { visibleWorkout } from "./catalogue";
import { libraryHas } from "./library";
import { inDate } from "./query";

export async function canReadWorkout(db: Db, scope: AccountScope, workoutId: string): Promise<boolean> {
  if (scope.account.type === "partner") return libraryHas(db, scope.account.id, workoutId);
  return Boolean(await visibleWorkout(db, scope, workoutId));
}

/**
 * The storage key of an attachment's file the caller may download: the
 * workout readable by the caller and, for a customer, the attachment within
 * its dates (the catalogue shows it only then); null otherwise.
 */
export async function readableAttachmentFile(db: Db, scope: AccountScope, workoutId: string, attachmentId: string): Promise<string | null> {
  if (!(await canReadWorkout(db, scope, workoutId))) return null;
  const rows = await db
    .select({ fileKey: sessionAttachments.fileKey, startDate: sessionAttachments.startDate, endDate: sessionAttachments.endDate })
    .from(sessionAttachments)
    .where(and(eq(sessionAttachments.id, attachmentId), eq(sessionAttachments.workoutId, workoutId)))
    .limit(1);
  const row = rows[0];
  if (!row || (scope.account.type !== "partner" && !inDate(row))) return null;
  return row.fileKey;
}
