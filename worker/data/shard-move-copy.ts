/**
 * A partner's rows between two shards (worker/domain/shard-move.ts): copied
 * to the target in chunks of upserts (a chunk run again writes the same
 * rows), counted on both, deleted from the source in chunks. The rows of a
 * partner are those of every moved table (./shard-move-tables.ts) whose
 * owner is the partner or one of its customers, as each shard's accounts say.
 */
import { and, count, eq, gt, inArray, isNotNull, ne, notInArray, or, sql, type SQL } from "drizzle-orm";
import { accounts, jobLines, jobs, users, workouts, type Account } from "../../db/schema";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { placementOf } from "../d1/placement";
import { CHUNK_ROWS } from "../domain/shard-move";
import type { Db } from "../env";
import { chunked, inList } from "./bound";

/** Selects per compound select in the cleanup's guard (D1 refuses long ones). */
const UNION_TERMS = 3;
import { partnerRows, referenceCopies } from "./partner-numbers";
import { copyStatements, partnersOf, publishedWorkout, upsertAll } from "./publication";
import { batch, type Stmt } from "./query";
import { COPY_STEPS, keysInto, MOVED_TABLES, movedTable, PRICE_GROUPS, refsTo, WORKOUT_DOCUMENT, type MovedTable } from "./shard-move-tables";

type Row = Record<string, unknown>;
export type MoveDbs = { source: Db; target: Db; directory: Db };

/** The accounts of the partner on a shard: itself and its customers. */
const ownAccounts = (partnerId: string) => or(eq(accounts.id, partnerId), eq(accounts.parentAccountId, partnerId))!;

/**
 * The jobs on `source` of other partners' customers that the partner
 * delivers: its delivery copies of jobs booked elsewhere, and the jobs of
 * partners sharing the shard (docs/decisions/2026-11-27-delivered-jobs.md).
 * Not its rows, so the copy leaves them; the flip has each one written as a
 * delivery copy on the partner's new shard.
 */
export async function deliveredCopies(source: Db, partnerId: string): Promise<string[]> {
  const rows = await source
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.deliveryPartnerAccountId, partnerId),
        notInArray(jobs.accountId, source.select({ id: accounts.id }).from(accounts).where(ownAccounts(partnerId))),
      ),
    );
  return rows.map((r) => r.id);
}

/** A moved table's rows of the partner on `db`. */
function owned(db: Db, t: MovedTable, partnerId: string): SQL {
  if (t.name === "accounts") return ownAccounts(partnerId);
  const parent = t.via ? movedTable(t.via) : undefined;
  // A row without an owner column goes with the row it points at (its parent's owner decides).
  if (parent)
    return inArray(
      t.owner,
      db
        .select({ id: parent.table.id })
        .from(parent.table)
        .where(owned(db, parent, partnerId)),
    );
  return inArray(t.owner, db.select({ id: accounts.id }).from(accounts).where(ownAccounts(partnerId)));
}

/** What an account's row is on the target: its price group set last (PRICE_GROUPS), the partner's shard the target. */
const accountCopy = (row: Row, to: string): Row => ({ ...row, priceGroupId: null, shardMove: null, shard: row.type === "partner" ? to : row.shard });

/** An account upserted on the target; the routing columns of a row already there (the directory's own, when the target is its database) are left as they are. */
function upsertAccount(target: Db, row: Row): Stmt {
  const { id: _id, shard: _s, region: _r, formerShards: _f, shardMove: _m, priceGroupId: _p, ...set } = row;
  return target
    .insert(accounts)
    .values(row as Account)
    .onConflictDoUpdate({ target: accounts.id, set });
}

const valuesOf = (rows: Row[], keys: { key: string }[]) => [
  ...new Set(rows.flatMap((r) => keys.map((k) => r[k.key]).filter((v): v is string => typeof v === "string"))),
];

/**
 * What the chunk's rows point at that is not the partner's: the users they
 * name (from the directory, the source of users), the other partners they
 * name (reference copies), and the workouts the target lacks (another
 * partner's listed workout in the library: its published copy, as adding it
 * makes one). The partner's own rows are copied before (MOVED_TABLES' order).
 */
async function references({ target, directory }: MoveDbs, t: MovedTable, rows: Row[]): Promise<Stmt[]> {
  const people = valuesOf(rows, refsTo(t, "users"));
  const named = valuesOf(rows, refsTo(t, "accounts"));
  const workoutIds = t.name === "workouts" ? [] : valuesOf(rows, refsTo(t, "workouts"));
  const [userRows, haveAccounts, haveWorkouts] = await Promise.all([
    people.length ? directory.select().from(users).where(inList(users.id, people)) : [],
    named.length ? target.select({ id: accounts.id }).from(accounts).where(inList(accounts.id, named)) : [],
    workoutIds.length ? target.select({ id: workouts.id }).from(workouts).where(inList(workouts.id, workoutIds)) : [],
  ]);
  const missingAccounts = named.filter((id) => !haveAccounts.some((a) => a.id === id));
  const missingWorkouts = workoutIds.filter((id) => !haveWorkouts.some((w) => w.id === id));
  const [partners, published] = await Promise.all([
    partnerRows(directory, missingAccounts),
    Promise.all(missingWorkouts.map((id) => publishedWorkout(directory, id))),
  ]);
  const copies = await Promise.all(
    published.flatMap((p) => (p ? [partnersOf(directory, p.document).then((named) => copyStatements(target, p.document, named))] : [])),
  );
  return [...upsertAll(target, users, userRows), ...referenceCopies(target, partners), ...copies.flat()];
}

/**
 * One chunk of the table `name` copied: the partner's rows after the id
 * `after`, by id, upserted on the target with what they point at, in one
 * batch. `last`: the id to go on from; null when the table is done.
 */
export async function copyChunk(
  dbs: MoveDbs,
  partnerId: string,
  to: string,
  name: string,
  after: string | null,
): Promise<{ copied: number; last: string | null }> {
  if (name === PRICE_GROUPS) return copyPriceGroups(dbs, partnerId, after);
  const t = movedTable(name);
  if (!t) throw new Error(`not a moved table: ${name}`);
  const { source, target } = dbs;
  const rows = (await source
    .select()
    .from(t.table)
    .where(and(owned(source, t, partnerId), after ? gt(t.table.id, after) : undefined))
    .orderBy(t.table.id)
    .limit(CHUNK_ROWS)) as Row[];
  if (!rows.length) return { copied: 0, last: null };
  const statements = [...(await references(dbs, t, rows))];
  if (t.name === "accounts") {
    // The partner's own row first, whichever chunk its customers are in (they point at it).
    const [partner] = await source.select().from(accounts).where(eq(accounts.id, partnerId)).limit(1);
    if (partner) statements.push(upsertAccount(target, accountCopy(partner, to)));
    statements.push(...rows.map((row) => upsertAccount(target, accountCopy(row, to))));
  } else {
    statements.push(...upsertAll(target, t.table, rows));
  }
  await batch(target, statements);
  return { copied: rows.length, last: rows.length < CHUNK_ROWS ? null : (rows.at(-1)!.id as string) };
}

/** The last step: each customer's price group, once the price groups are on the target. */
async function copyPriceGroups({ source, target }: MoveDbs, partnerId: string, after: string | null) {
  const rows = await source
    .select({ id: accounts.id, priceGroupId: accounts.priceGroupId })
    .from(accounts)
    .where(and(ownAccounts(partnerId), isNotNull(accounts.priceGroupId), after ? gt(accounts.id, after) : undefined))
    .orderBy(accounts.id)
    .limit(CHUNK_ROWS);
  if (!rows.length) return { copied: 0, last: null };
  await batch(
    target,
    rows.map((r) => target.update(accounts).set({ priceGroupId: r.priceGroupId }).where(eq(accounts.id, r.id))),
  );
  return { copied: rows.length, last: rows.length < CHUNK_ROWS ? null : rows.at(-1)!.id };
}

/** The partner's rows of every moved table on one shard (one batch). */
export async function countRows(db: Db, partnerId: string): Promise<Map<string, number>> {
  const counted = await batch(
    db,
    MOVED_TABLES.map((t) =>
      db
        .select({ n: count() })
        .from(t.table)
        .where(owned(db, t, partnerId)),
    ),
  );
  return new Map(MOVED_TABLES.map((t, i) => [t.name, (counted[i] as { n: number }[])[0]?.n ?? 0]));
}

/** The counts of each table on the source and the target, side by side; `ok` when every one is the same. */
export async function compareCounts({ source, target }: MoveDbs, partnerId: string) {
  const [from, to] = await Promise.all([countRows(source, partnerId), countRows(target, partnerId)]);
  const tables = MOVED_TABLES.map((t) => ({ table: t.name, source: from.get(t.name) ?? 0, target: to.get(t.name) ?? 0 }));
  return { tables, ok: tables.every((t) => t.source === t.target) };
}

/**
 * Whether `source` is the directory's own database (the first shard is):
 * then the rows of the tables in both (accounts, looks, domains) are the
 * directory's and stay. Told by the partner's row there carrying the move's
 * record, which only the directory's row does (a shard's copy never has
 * one), whichever identity provider fills the directory.
 */
export async function isDirectoryDatabase(source: Db, partnerId: string): Promise<boolean> {
  const [row] = await source.select({ move: accounts.shardMove }).from(accounts).where(eq(accounts.id, partnerId)).limit(1);
  return Boolean(row?.move);
}

/** Whether the table's rows stay on the source when it is the directory's database. */
export const directoryKeeps = (name: string) => movedTable(name)?.placement === "both";

/**
 * The moved table's rows that no row on the shard points at: the ids the
 * rows point at, a few keys per list (D1 allows few terms in a compound
 * select, and an expression depth of 100). The directory's own tables are not
 * a shard's (a shard refuses them); on the directory's database they point
 * only at accounts, which stay there.
 */
export function unreferenced(t: MovedTable): SQL[] {
  const named = keysInto(t.name)
    .filter((fk) => placementOf(fk.from) !== "directory")
    .map((fk) => sql`select ${sql.identifier(fk.column.name)} from ${fk.table} where ${fk.column} is not null`);
  return chunked(named, UNION_TERMS).map((group) => sql`${t.table.id} not in (${sql.join(group, sql` union all `)})`);
}

/**
 * One chunk of the table `name` deleted from the source: the partner's rows
 * that no row left on the source points at (a row still named by another
 * partner's, a copy it holds, stays; so do the rows it points at, tables
 * being deleted children first), and the jobs (with their lines) that one of
 * the partners `staying` on the source delivers. `deleted`: 0 when the table
 * is done.
 */
export async function deleteChunk(source: Db, partnerId: string, name: string, staying: string[]): Promise<{ deleted: number }> {
  const t = movedTable(name);
  if (!t) throw new Error(`not a moved table: ${name}`);
  // A job a partner staying here delivers is its delivery copy from now on: the job and its lines stay (worker/data/delivery.ts).
  const delivered = source.select({ id: jobs.id }).from(jobs).where(inList(jobs.deliveryPartnerAccountId, staying));
  const copies = t.name === "jobs" ? [notInArray(jobs.id, delivered)] : t.name === "job_lines" ? [notInArray(jobLines.jobId, delivered)] : [];
  // A workout's document goes with its workout: the author's rows stay until the workout is taken (./shard-move-held.ts), whoever holds it.
  if (WORKOUT_DOCUMENT.has(t.name))
    copies.push(
      sql`not exists (select 1 from ${workouts} where ${workouts.id} = ${(t.table as unknown as { workoutId: SQLiteColumn }).workoutId} and ${workouts.accountId} = ${t.owner})`,
    );
  const ids = source
    .select({ id: t.table.id })
    .from(t.table)
    .where(and(owned(source, t, partnerId), ...unreferenced(t), ...copies))
    .limit(CHUNK_ROWS);
  const gone = await source.delete(t.table).where(inArray(t.table.id, ids)).returning({ id: t.table.id });
  return { deleted: gone.length };
}

/** The cleanup's order: children first; on the directory's own database, the tables in both are left. */
export const cleanupSteps = (directoryKeepsBoth: boolean) =>
  [...MOVED_TABLES].reverse().flatMap((t) => (directoryKeepsBoth && t.placement === "both" ? [] : [t.name]));

export { COPY_STEPS };

/** The partners on `shard` (the default shard's: also those placed nowhere) but `partnerId`: those staying when it leaves. */
export async function partnersStaying(directory: Db, shard: string, defaultShard: string, partnerId: string): Promise<string[]> {
  const on = shard === defaultShard ? or(eq(accounts.shard, shard), sql`${accounts.shard} is null`) : eq(accounts.shard, shard);
  const rows = await directory
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.type, "partner"), ne(accounts.id, partnerId), on));
  return rows.map((r) => r.id);
}
