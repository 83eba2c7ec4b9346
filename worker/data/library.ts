/**
 * A partner's workout library: the workouts it authored or added, each with
 * its own status and priority. Every function takes the partner's scope and
 * reads only that partner's library; a workout outside it is 404, like a
 * missing one.
 */
import { and, asc, desc, eq, type SQL } from "drizzle-orm";
import { MESSAGES } from "../../contract/messages";
import type { LibraryStatus } from "../../contract/enums";
import { LIBRARY_TRANSITIONS, SESSION_TOTAL_MISMATCH, type LibraryQuery, type ListedWorkout, type WorkoutDto } from "../../contract/workouts";
import { accounts, libraryEntries, workoutSessions, workouts, type LibraryEntry, type Workout } from "../../db/schema";
import type { Db } from "../env";
import type { PartnerScope } from "../http/endpoint";
import { conflict, forbidden, invalid, notFound } from "../http/errors";
import { after, decodeCursor, pageOf, type SortKey } from "./cursor";
import { heldVersion, writeWorkoutCopy, inLibraryOf, openTo, partnersOf, publishedFor, publishedWorkout } from "./publication";
import { contains } from "./query";
import { workoutDto } from "./workout-read";
import type { z } from "zod";

/** The workout and the partner's library entry for it; 404 when it is not in the partner's library. */
export async function inLibrary(db: Db, scope: PartnerScope, workoutId: string): Promise<{ workout: Workout; entry: LibraryEntry }> {
  const rows = await db
    .select({ workout: workouts, entry: libraryEntries })
    .from(libraryEntries)
    .innerJoin(workouts, eq(workouts.id, libraryEntries.workoutId))
    .where(and(eq(libraryEntries.accountId, scope.account.id), eq(libraryEntries.workoutId, workoutId)))
    .limit(1);
  if (!rows[0]) throw notFound("Workout not found");
  return rows[0];
}

/** The same, for the author only: another partner that added it may read, not edit (403). */
export async function authored(db: Db, scope: PartnerScope, workoutId: string) {
  const found = await inLibrary(db, scope, workoutId);
  if (found.workout.accountId !== scope.account.id) throw forbidden("Only the author can edit this workout");
  return found;
}

/** The workout with every section, as the partner sees it in its library. */
export async function libraryWorkout(db: Db, scope: PartnerScope, workoutId: string): Promise<WorkoutDto> {
  const { workout, entry } = await inLibrary(db, scope, workoutId);
  return workoutDto(db, scope.account.id, workout, entry);
}

/** Whether the partner's library holds the workout (any status). */
export async function libraryHas(db: Db, partnerId: string, workoutId: string): Promise<boolean> {
  const row = await db
    .select({ id: libraryEntries.id })
    .from(libraryEntries)
    .where(and(eq(libraryEntries.accountId, partnerId), eq(libraryEntries.workoutId, workoutId)))
    .limit(1);
  return Boolean(row[0]);
}

/** A page of the library: filter, category, status, sort (priority, name, updated), cursor. */
export async function libraryPage(db: Db, scope: PartnerScope, query: z.output<typeof LibraryQuery>) {
  const partnerId = scope.account.id;
  const conds: (SQL | undefined)[] = [eq(libraryEntries.accountId, partnerId)];
  if (query.category) conds.push(eq(workouts.category, query.category));
  if (query.status) conds.push(eq(libraryEntries.status, query.status));
  if (query.q) conds.push(contains([workouts.name, workouts.title, workouts.sku], query.q));
  const keys: SortKey[] =
    query.sort === "name"
      ? [
          { column: workouts.name, dir: "asc" },
          { column: workouts.id, dir: "asc" },
        ]
      : query.sort === "updated"
        ? [
            { column: workouts.updatedAt, dir: "desc" },
            { column: workouts.id, dir: "asc" },
          ]
        : [
            { column: libraryEntries.priority, dir: "desc" },
            { column: workouts.id, dir: "asc" },
          ];
  conds.push(after(keys, decodeCursor(query.cursor, [query.sort === "name" || query.sort === "updated" ? "string" : "number", "string"])));
  const order = keys.map((k) => (k.dir === "asc" ? asc(k.column) : desc(k.column)));
  const rows = await db
    .select({ workout: workouts, entry: libraryEntries, authorName: accounts.name })
    .from(libraryEntries)
    .innerJoin(workouts, eq(workouts.id, libraryEntries.workoutId))
    .innerJoin(accounts, eq(accounts.id, workouts.accountId))
    .where(and(...conds))
    .orderBy(...order)
    .limit(query.limit + 1);
  const { items: page, nextCursor } = pageOf(rows, query.limit, (r) => [
    query.sort === "name" ? r.workout.name : query.sort === "updated" ? r.workout.updatedAt : r.entry.priority,
    r.workout.id,
  ]);
  return { page, nextCursor };
}

/**
 * Workouts of other partners that this partner may add (listed, or limited
 * naming it), not yet in its library: from the directory's published
 * catalogue, whichever shard their authors are on (./publication.ts).
 */
export async function listedWorkouts(directory: Db, db: Db, scope: PartnerScope): Promise<ListedWorkout[]> {
  const partnerId = scope.account.id;
  const offered = await publishedFor(directory, partnerId, 400);
  const held = await inLibraryOf(
    db,
    partnerId,
    offered.map((w) => w.id),
  );
  return offered
    .filter((w) => !held.has(w.id))
    .slice(0, 200)
    .map((w) => ({ id: w.id, title: w.title, category: w.category, authorName: w.authorName, difficulty: w.difficulty, totalMinutes: w.totalMinutes }));
}

/** The name of the partner a TAN names, or null. */
export async function partnerNameByTan(db: Db, tan: string): Promise<string | null> {
  const row = await db
    .select({ name: accounts.name })
    .from(accounts)
    .where(and(eq(accounts.tan, tan), eq(accounts.type, "partner")))
    .limit(1);
  return row[0]?.name ?? null;
}

/** The lengths of the workout's stored sessions (with their ids). */
export const storedSessions = (db: Db, workoutId: string) =>
  db.select({ id: workoutSessions.id, lengthMinutes: workoutSessions.lengthMinutes }).from(workoutSessions).where(eq(workoutSessions.workoutId, workoutId));

/** Sessions' lengths must add up to the workout's total time (no sessions: nothing to check yet). */
export function checkSessionTotal(sessions: { lengthMinutes: number }[], totalMinutes: number, fields: Record<string, string>) {
  if (sessions.length === 0) return;
  const sum = sessions.reduce((n, s) => n + s.lengthMinutes, 0);
  if (sum !== totalMinutes) fields.sessions = SESSION_TOTAL_MISMATCH;
}

/**
 * Moves the workout along its library status (draft → complete → available →
 * archived → draft); completing or publishing needs sessions that add up.
 * The change is a compare-and-set on the status read.
 */
export async function setLibraryStatus(db: Db, scope: PartnerScope, workoutId: string, status: LibraryStatus) {
  const { workout, entry } = await inLibrary(db, scope, workoutId);
  if (!LIBRARY_TRANSITIONS[entry.status].includes(status)) {
    throw conflict(`A ${entry.status} workout cannot become ${status}`, { status: `Not allowed from ${entry.status}` });
  }
  if (status === "complete" || status === "available") {
    const sessions = await storedSessions(db, workout.id);
    const fields: Record<string, string> = {};
    if (sessions.length === 0) fields.sessions = MESSAGES.required;
    else checkSessionTotal(sessions, workout.totalMinutes, fields);
    if (Object.keys(fields).length) throw invalid(fields, MESSAGES.missingFields);
  }
  await db
    .update(libraryEntries)
    .set({ status })
    .where(and(eq(libraryEntries.id, entry.id), eq(libraryEntries.status, entry.status)));
}

/**
 * Adds another partner's listed workout (or a limited one naming this
 * partner) to the library as a draft, as the published catalogue offers it.
 * A workout whose author is on another shard is copied into this shard at
 * its published version, in the same batch as the library entry (one
 * database written); the flow queue keeps the copy current
 * (worker/flows/catalogue.ts).
 */
export async function addToLibrary(directory: Db, db: Db, scope: PartnerScope, shard: string, workoutId: string) {
  const partnerId = scope.account.id;
  const [published, has, held] = await Promise.all([publishedWorkout(directory, workoutId), libraryHas(db, partnerId, workoutId), heldVersion(db, workoutId)]);
  if (!published && held === null) throw notFound("Workout not found");
  if (has) throw conflict(MESSAGES.alreadyExists);
  if (!published || !openTo(published, partnerId)) throw notFound("Workout not found");
  const entry = db.insert(libraryEntries).values({ accountId: partnerId, workoutId, status: "draft", priority: published.priority });
  const copy = published.shard !== shard && (held === null || held < published.version);
  if (!copy) return void (await entry);
  const partners = await partnersOf(directory, published.document);
  await writeWorkoutCopy(db, published.document, partners, [entry]);
}
