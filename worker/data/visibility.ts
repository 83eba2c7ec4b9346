/**
 * Who may see a workout, written once. A customer sees (and may book) a
 * workout when its partner's library has it `available`, one of its variants
 * (the author's or the partner's own) includes today, and the workout's
 * visibility expression holds for the customer; a partner sees its own
 * library. The catalogue's lists and page, reviews, saved items, attachments,
 * recommendations, the homepage and booking all ask here: the SQL half
 * (`visibleWhere`, `variantInDate`, usable with placeholders in a reusable
 * batch) and the code half (`customerSees`, and `chooseVariants` in
 * worker/domain/visibility.ts for the variant a customer gets). Callers answer
 * 404 when it says no, exactly as for a missing workout.
 */
import { and, asc, eq, gte, isNull, lte, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { libraryEntries, sessionAttachments, workoutVariants, workouts, type Workout } from "../../db/schema";
import { isVisible, subjectOf } from "../domain/visibility";
import type { Db } from "../env";
import type { AccountScope } from "../http/endpoint";
import type { Account } from "../identity/context";
import { inList } from "./bound";
import { libraryHas } from "./library";
import { partnerOf } from "../domain/accounts";
import { attachmentReleased } from "../domain/attachments";
import { today } from "./query";

/** A value in SQL now, or a placeholder bound when a reusable batch runs (./reusable.ts). */
type Bound = string | Placeholder;

/** Whose library the caller browses: a customer's partner, or a partner's own (preview); null for a customer without a partner. */
export function libraryOwner(acting: { account: Account }): string | null {
  return partnerOf(acting.account);
}

/** A variant's availability window includes `day` (open ends included). */
export function variantInDate(day: Bound): SQL {
  return and(
    or(isNull(workoutVariants.availableFrom), lte(workoutVariants.availableFrom, day)),
    or(isNull(workoutVariants.availableTo), gte(workoutVariants.availableTo, day)),
  )!;
}

/**
 * The SQL half of the rule, over `library_entries` joined with `workouts`:
 * the partner's library has the workout `available` and one of its variants
 * (the author's or the partner's own) includes `day`. The visibility
 * expression is evaluated afterwards, in code (`customerSees`).
 */
export function visibleWhere(partnerId: Bound, day: Bound): SQL {
  return and(
    eq(libraryEntries.accountId, partnerId),
    eq(libraryEntries.status, "available"),
    sql`exists (select 1 from ${workoutVariants} where ${workoutVariants.workoutId} = ${libraryEntries.workoutId}
      and ${workoutVariants.accountId} in (${workouts.accountId}, ${partnerId}) and ${variantInDate(day)})`,
  )!;
}

/** The code half: the workout's visibility expression holds for this customer account. */
export const customerSees = (customer: Account, w: Pick<Workout, "visibility">) => isVisible(w.visibility, subjectOf(customer));

/** The code half for any reader: partners preview their own library without a customer's expression. */
export const passes = (acting: { account: Account }, w: Workout) => acting.account.type === "partner" || customerSees(acting.account, w);

/** The in-date variants of the listed workouts, of every owner, oldest first (`chooseVariants` keeps the right one). */
export function variantsQuery(db: Db, ids: string[], day: string) {
  return db
    .select()
    .from(workoutVariants)
    .where(and(inList(workoutVariants.workoutId, ids), variantInDate(day)))
    .orderBy(asc(workoutVariants.createdAt));
}

/** The workout if the caller may see it: the whole rule (partners preview their own library). */
export async function visibleWorkout(db: Db, acting: { account: Account }, workoutId: string): Promise<Workout | null> {
  const partnerId = libraryOwner(acting);
  if (!partnerId) return null;
  const rows = await db
    .select({ workout: workouts, priority: libraryEntries.priority })
    .from(libraryEntries)
    .innerJoin(workouts, eq(workouts.id, libraryEntries.workoutId))
    .where(and(eq(libraryEntries.workoutId, workoutId), visibleWhere(partnerId, today())))
    .limit(1);
  const w = rows[0]?.workout;
  return w && passes(acting, w) ? w : null;
}

/**
 * Who may read a workout outside the catalogue's lists (a saved item, an
 * attachment's file): a partner whose library holds it (in any status), or a
 * customer whose catalogue shows it today.
 */
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
  if (!row || !attachmentReleased(scope.account.type === "partner" ? "partner" : "customer", row, today())) return null;
  return row.fileKey;
}
