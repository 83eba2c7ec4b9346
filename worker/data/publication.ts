/**
 * The published catalogue (db/schema/catalogue.ts) and the copies of listed
 * workouts in other partners' shards
 * (docs/decisions/2026-11-27-published-catalogue.md):
 * - the author's shard is read for a workout's document (its row and the
 *   author's own sections) and the directory is written with it, only over
 *   an older version (`publishStatement`);
 * - a partner that adds a workout whose author is on another shard gets a
 *   copy of the document in its own shard, with the same ids, and keeps it at
 *   the published version (`copyStatements`): every later read of it (the
 *   library, the customer catalogue, a booking) stays on one shard.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import {
  accounts,
  deliveryPartners,
  libraryEntries,
  prerequisites,
  pricingLines,
  publishedWorkouts,
  sessionActionItems,
  sessionAttachments,
  workoutSessions,
  workoutVariants,
  workouts,
  type Account,
  type PublishedDocument,
  type PublishedWorkout,
} from "../../db/schema";
import type { Db } from "../env";
import { inList, notInList } from "./bound";
import { partnerRows, referenceCopies } from "./partner-numbers";
import { workoutCopyGate, writeCopy } from "./copy-versions";
import { batch, type Stmt } from "./query";
import { deliverersOf, indexStatements } from "./delivery-index";
import { d1Of, runBatch, type Statement } from "./statements";

/** The workout's document on the author's shard (one batch); null when the workout is gone. */
export async function readDocument(source: Db, workoutId: string): Promise<{ document: PublishedDocument; authorName: string } | null> {
  const [found, sessions, actionItems, attachments, prereqs, variants, pricing, partners] = await source.batch([
    source
      // In a D1 batch rows are mapped by column name: the author's name gets its own beside the workout's.
      .select({ workout: workouts, authorName: sql<string>`${accounts.name}`.as("author_name") })
      .from(workouts)
      .innerJoin(accounts, eq(accounts.id, workouts.accountId))
      .where(eq(workouts.id, workoutId))
      .limit(1),
    source.select().from(workoutSessions).where(eq(workoutSessions.workoutId, workoutId)).orderBy(asc(workoutSessions.sequence)),
    source.select().from(sessionActionItems).where(eq(sessionActionItems.workoutId, workoutId)),
    source.select().from(sessionAttachments).where(eq(sessionAttachments.workoutId, workoutId)),
    source.select().from(prerequisites).where(eq(prerequisites.workoutId, workoutId)),
    source.select().from(workoutVariants).where(eq(workoutVariants.workoutId, workoutId)),
    source
      .select()
      .from(pricingLines)
      .where(and(eq(pricingLines.workoutId, workoutId), isNull(pricingLines.customerAccountId), isNull(pricingLines.priceGroupId))),
    source.select().from(deliveryPartners).where(eq(deliveryPartners.workoutId, workoutId)),
  ]);
  const row = found[0];
  if (!row) return null;
  const author = row.workout.accountId;
  const own = <T extends { accountId: string }>(rows: T[]) => rows.filter((r) => r.accountId === author);
  return {
    authorName: row.authorName,
    document: {
      workout: row.workout,
      sessions: own(sessions),
      actionItems: own(actionItems),
      attachments: own(attachments),
      prerequisites: own(prereqs),
      variants: own(variants),
      pricing: own(pricing),
      deliveryPartners: own(partners),
    },
  };
}

/** The partners a limited workout is open to: the accounts its delivery partners name. */
const limitedTo = (d: PublishedDocument) => [...new Set(d.deliveryPartners.map((p) => p.partnerAccountId).filter((id): id is string => Boolean(id)))];

/**
 * The directory's row for the document, written only over an older version
 * (or none): the same version twice, or an older one after a newer, changes
 * nothing.
 */
export function publishStatement(directory: Db, shard: string, authorName: string, document: PublishedDocument): Stmt {
  const w = document.workout;
  const row = {
    workoutId: w.id,
    partnerAccountId: w.accountId,
    shard,
    authorName,
    version: w.version,
    partnerVisibility: w.partnerVisibility,
    limitedTo: limitedTo(document),
    title: w.title,
    category: w.category,
    difficulty: w.difficulty,
    totalMinutes: w.totalMinutes,
    priority: w.priority,
    document,
    publishedAt: new Date().toISOString(),
  };
  const { workoutId: _key, ...set } = row;
  return directory
    .insert(publishedWorkouts)
    .values(row)
    .onConflictDoUpdate({ target: publishedWorkouts.workoutId, set, setWhere: lt(publishedWorkouts.version, w.version) });
}

/** Raises the workout's version, in the batch of a change of its author's sections (a no-op for another partner's own rows). */
export const bumpVersion = (db: Db, workoutId: string, partnerId: string): Stmt =>
  db
    .update(workouts)
    .set({ version: sql`${workouts.version} + 1` })
    .where(and(eq(workouts.id, workoutId), eq(workouts.accountId, partnerId)));

/** The published version of a workout, or null (none yet). */
export async function publishedVersion(directory: Db, workoutId: string): Promise<number | null> {
  const [row] = await directory
    .select({ version: publishedWorkouts.version })
    .from(publishedWorkouts)
    .where(eq(publishedWorkouts.workoutId, workoutId))
    .limit(1);
  return row?.version ?? null;
}

/** A published workout (listed, limited or unlisted), or null. */
export async function publishedWorkout(directory: Db, workoutId: string): Promise<PublishedWorkout | null> {
  const [row] = await directory.select().from(publishedWorkouts).where(eq(publishedWorkouts.workoutId, workoutId)).limit(1);
  return row ?? null;
}

/** Whether the partner may add the published workout: another partner's, listed, or limited naming it. */
export const openTo = (p: Pick<PublishedWorkout, "partnerAccountId" | "partnerVisibility" | "limitedTo">, partnerId: string) =>
  p.partnerAccountId !== partnerId && (p.partnerVisibility === "listed" || (p.partnerVisibility === "limited" && p.limitedTo.includes(partnerId)));

/** Other partners' published workouts the partner may add, highest priority first (the caller leaves out those in its library). */
export async function publishedFor(directory: Db, partnerId: string, limit: number) {
  return directory
    .select({
      id: publishedWorkouts.workoutId,
      title: publishedWorkouts.title,
      category: publishedWorkouts.category,
      authorName: publishedWorkouts.authorName,
      difficulty: publishedWorkouts.difficulty,
      totalMinutes: publishedWorkouts.totalMinutes,
      partnerAccountId: publishedWorkouts.partnerAccountId,
      partnerVisibility: publishedWorkouts.partnerVisibility,
      limitedTo: publishedWorkouts.limitedTo,
    })
    .from(publishedWorkouts)
    .where(
      and(
        ne(publishedWorkouts.partnerAccountId, partnerId),
        or(
          eq(publishedWorkouts.partnerVisibility, "listed"),
          and(
            eq(publishedWorkouts.partnerVisibility, "limited"),
            sql`exists (select 1 from json_each(${publishedWorkouts.limitedTo}) where value = ${partnerId})`,
          ),
        ),
      ),
    )
    .orderBy(desc(publishedWorkouts.priority), asc(publishedWorkouts.title))
    .limit(limit);
}

/** The version of the workout this shard holds (its own or a copy), or null. */
export async function heldVersion(db: Db, workoutId: string): Promise<number | null> {
  const [row] = await db.select({ version: workouts.version }).from(workouts).where(eq(workouts.id, workoutId)).limit(1);
  return row?.version ?? null;
}

/** The partners a document names (author and delivery partners), from the directory: their reference copies go with it. */
export const partnersOf = (directory: Db, d: PublishedDocument): Promise<Account[]> => partnerRows(directory, [d.workout.accountId, ...limitedTo(d)]);

/** Upserts rows by id (every column but the id replaced), each its own statement (run them in one batch). */
export function upsertAll<T extends SQLiteTable & { id: SQLiteColumn }>(db: Db, table: T, rows: Record<string, unknown>[]): Stmt[] {
  return rows.map((row) => {
    const { id: _id, ...set } = row;
    return db
      .insert(table)
      .values(row as T["$inferInsert"])
      .onConflictDoUpdate({ target: table.id, set: set as Partial<T["$inferInsert"]> });
  });
}

/** Deletes the author's rows of the workout that the document no longer has. */
function dropStale(
  db: Db,
  table: SQLiteTable & { id: SQLiteColumn; workoutId: SQLiteColumn; accountId: SQLiteColumn },
  d: PublishedDocument,
  kept: { id: string }[],
): Stmt {
  const conds: SQL[] = [eq(table.workoutId, d.workout.id), eq(table.accountId, d.workout.accountId)];
  if (kept.length)
    conds.push(
      notInList(
        table.id,
        kept.map((k) => k.id),
      ),
    );
  return db.delete(table).where(and(...conds));
}

/**
 * The statements that make this shard's copy of the workout the document's
 * version, in one batch: the partners it names (reference copies), the
 * workout and the author's sections upserted by id (rows a job or another
 * partner's variant points at keep their ids), the author's rows the
 * document dropped deleted. Another partner's own rows (its variants, its
 * library entry) are untouched. A prerequisite on a workout this shard does
 * not hold keeps its name and loses the link. The batch fails whole when the
 * shard holds a newer version (worker/data/copy-versions.ts): write it with
 * `writeWorkoutCopy`.
 */
export function copyStatements(db: Db, d: PublishedDocument, partners: Account[]): Stmt[] {
  const prereqs = d.prerequisites.map((p) => ({
    ...p,
    requiredWorkoutId: p.requiredWorkoutId ? sql`(select ${workouts.id} from ${workouts} where ${workouts.id} = ${p.requiredWorkoutId})` : null,
  }));
  return [
    // Refused whole when this shard already holds a newer version (a late refresh after a newer one).
    workoutCopyGate(db, d.workout.id, d.workout.version),
    ...referenceCopies(db, partners),
    ...upsertAll(db, workouts, [d.workout]),
    dropStale(db, workoutVariants, d, d.variants),
    ...upsertAll(db, workoutVariants, d.variants),
    dropStale(db, workoutSessions, d, d.sessions),
    ...upsertAll(db, workoutSessions, d.sessions),
    dropStale(db, sessionActionItems, d, d.actionItems),
    ...upsertAll(db, sessionActionItems, d.actionItems),
    dropStale(db, sessionAttachments, d, d.attachments),
    ...upsertAll(db, sessionAttachments, d.attachments),
    dropStale(db, prerequisites, d, d.prerequisites),
    ...upsertAll(db, prerequisites, prereqs),
    dropStale(db, pricingLines, d, d.pricing),
    ...upsertAll(db, pricingLines, d.pricing),
    dropStale(db, deliveryPartners, d, d.deliveryPartners),
    ...upsertAll(db, deliveryPartners, d.deliveryPartners),
  ];
}

/**
 * Writes the document's copy on this shard with `more` statements in the same
 * batch; a copy refused because the shard holds the document's version or a
 * newer one writes `more` alone. Answers whether the copy was written.
 */
export async function writeWorkoutCopy(db: Db, d: PublishedDocument, partners: Account[], more: Stmt[] = []): Promise<boolean> {
  const current = async () => ((await heldVersion(db, d.workout.id)) ?? -1) >= d.workout.version;
  const written = await writeCopy(db, [...copyStatements(db, d, partners), ...more], current);
  if (!written && more.length) await batch(db, more);
  return written;
}

/** The ids of the workouts among `ids` this partner's library holds. */
export async function inLibraryOf(db: Db, partnerId: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: libraryEntries.workoutId })
    .from(libraryEntries)
    .where(and(eq(libraryEntries.accountId, partnerId), inList(libraryEntries.workoutId, ids)));
  return new Set(rows.map((r) => r.id));
}

/**
 * Publishes every workout of `source` that is listed or limited, and indexes
 * the delivery partners of every one that has them, as the flow queue's
 * publish step would one by one (the demo's seed, written straight into a shard).
 */
export async function publishListed(source: Db, directory: Db, shard: string): Promise<void> {
  const withPartners = source.select({ id: deliveryPartners.workoutId }).from(deliveryPartners).where(isNull(deliveryPartners.variantId));
  const ids = await source
    .select({ id: workouts.id })
    .from(workouts)
    .where(or(ne(workouts.partnerVisibility, "private"), inArray(workouts.id, withPartners)));
  for (const { id } of ids) {
    const found = await readDocument(source, id);
    if (!found) continue;
    const index = indexStatements(directory, found.document, await deliverersOf(directory, found.document));
    const listed = found.document.workout.partnerVisibility !== "private";
    // A query builder renders to SQL like the index's statements.
    await runBatch(d1Of(directory), [
      ...(listed ? [publishStatement(directory, shard, found.authorName, found.document) as unknown as Statement] : []),
      ...index,
    ]);
  }
}

/** The workouts of a shard changed since `since` (their own or copies), newest first, at most `limit`; none of the authors in `authorsLeftAlone`. */
export async function changedSince(db: Db, since: string, authorsLeftAlone: readonly string[] = [], limit = 200) {
  return db
    .select({ id: workouts.id, version: workouts.version, partnerVisibility: workouts.partnerVisibility })
    .from(workouts)
    .where(and(gte(workouts.updatedAt, since), authorsLeftAlone.length ? notInList(workouts.accountId, authorsLeftAlone) : undefined))
    .orderBy(desc(workouts.updatedAt))
    .limit(limit);
}

/** The published version and source shard of each of these workouts that has a published row. */
export async function publishedVersions(directory: Db, ids: string[]): Promise<Map<string, { version: number; shard: string }>> {
  if (!ids.length) return new Map();
  const rows = await directory
    .select({ id: publishedWorkouts.workoutId, version: publishedWorkouts.version, shard: publishedWorkouts.shard })
    .from(publishedWorkouts)
    .where(inList(publishedWorkouts.workoutId, ids));
  return new Map(rows.map((r) => [r.id, { version: r.version, shard: r.shard }]));
}
