/**
 * The copies a moved partner held on its old shard, removed by the move's
 * cleanup once its own rows are gone
 * (docs/decisions/2026-11-27-a-move-leaves-no-copies-behind.md): its
 * delivery copies of other partners' jobs (the flip has them written on its
 * new shard), then the copies of workouts whose authors are placed
 * elsewhere, then the reference rows of accounts placed elsewhere. A copy
 * stays while a row of another owner on the shard points at it (another
 * partner's library entry, booking or delivery copy): what a partner there
 * still needs is never taken.
 */
import { and, eq, getTableColumns, inArray, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { accounts, jobLines, jobs, workouts } from "../../db/schema";
import { CHUNK_ROWS, shardNow } from "../domain/shard-move";
import type { Db } from "../env";
import { inList, notInList } from "./bound";
import { partnerMoves } from "./quiet-partners";
import { batch, type Stmt } from "./query";
import { unreferenced } from "./shard-move-copy";
import { keysInto, MOVED_TABLES, movedTable, WORKOUT_DOCUMENT, type ForeignKey } from "./shard-move-tables";
import { placementsOf } from "./step-shards";

/** The cleanup's last steps, after the partner's own tables (the accounts' only where the source is not the directory's database). */
export const HELD_JOBS = "held delivery copies";
export const HELD_WORKOUTS = "held workout copies";
export const HELD_ACCOUNTS = "held account copies";
export const heldSteps = (directoryKeepsBoth: boolean) => (directoryKeepsBoth ? [HELD_JOBS, HELD_WORKOUTS] : [HELD_JOBS, HELD_WORKOUTS, HELD_ACCOUNTS]);

/** The source shard and how to tell where accounts are placed now. */
export type HeldDbs = { source: Db; directory: Db; shard: string; defaultShard: string };

/** Of these accounts, those the directory places on another shard than the source now (not a history a re-link left there, not a partner arriving). */
async function placedElsewhere(dbs: HeldDbs, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const [placed, moves] = await Promise.all([placementsOf(dbs.directory, ids), partnerMoves(dbs.directory)]);
  const arriving = new Set(moves.filter((m) => m.move.to === dbs.shard).map((m) => m.partnerId));
  return ids.filter((id) => {
    const at = placed.get(id);
    return Boolean(at && !(at.partnerId && arriving.has(at.partnerId)) && shardNow(dbs.shard, at, dbs.defaultShard) !== dbs.shard);
  });
}

const ownerOf = (fk: ForeignKey): SQLiteColumn | undefined => movedTable(fk.from)?.owner;
const column = (fk: ForeignKey, key: string) => (getTableColumns(fk.table) as Record<string, SQLiteColumn | undefined>)[key];

/** A row of another owner than `owner` points at `id` through the key (a table without an owner column: any row). */
function pointedAtBy(fk: ForeignKey, id: SQLiteColumn | SQL, owner: SQLiteColumn): SQL {
  const by = ownerOf(fk);
  const other = by ? sql`(${by} is null or ${by} <> ${owner})` : sql`1`;
  return sql`exists (select 1 from ${fk.table} where ${fk.column} = ${id} and ${other})`;
}

/** Deletes the rows `ids` names with the rows pointing at them, children first (MOVED_TABLES' order reversed), in one batch. */
function deleteWith(db: Db, keys: ForeignKey[], ids: string[], last: Stmt): Stmt[] {
  const order = [...MOVED_TABLES].reverse().map((t) => t.name);
  const sorted = [...keys].sort((a, b) => order.indexOf(a.from) - order.indexOf(b.from));
  return [...sorted.map((fk) => db.delete(fk.table).where(inList(fk.column, ids))), last];
}

/**
 * One chunk of the partner's delivery copies deleted: jobs it delivers whose
 * account is placed elsewhere, that no row of another owner points at (nor
 * at their lines), with their lines and extras.
 */
export async function deleteHeldJobs(dbs: HeldDbs, partnerId: string): Promise<{ deleted: number }> {
  const { source } = dbs;
  const booked = await source.selectDistinct({ id: jobs.accountId }).from(jobs).where(eq(jobs.deliveryPartnerAccountId, partnerId));
  const elsewhere = await placedElsewhere(
    dbs,
    booked.map((b) => b.id),
  );
  if (!elsewhere.length) return { deleted: 0 };
  const lineKeys = keysInto("job_lines");
  const lineKept = lineKeys.map((fk) => {
    const by = ownerOf(fk);
    return sql`exists (select 1 from ${fk.table} inner join ${jobLines} on ${jobLines.id} = ${fk.column} where ${jobLines.jobId} = ${jobs.id}${by ? sql` and (${by} is null or ${by} <> ${jobs.accountId})` : sql``})`;
  });
  const kept = [...keysInto("jobs").map((fk) => pointedAtBy(fk, jobs.id, jobs.accountId)), ...lineKept];
  const rows = await source
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.deliveryPartnerAccountId, partnerId), inList(jobs.accountId, elsewhere), sql`not (${or(...kept)})`))
    .limit(CHUNK_ROWS);
  const ids = rows.map((r) => r.id);
  if (!ids.length) return { deleted: 0 };
  const lines = source.select({ id: jobLines.id }).from(jobLines).where(inList(jobLines.jobId, ids));
  await batch(source, [
    ...lineKeys.map((fk) => source.delete(fk.table).where(inArray(fk.column, lines))),
    ...deleteWith(source, keysInto("jobs"), ids, source.delete(jobs).where(inList(jobs.id, ids))),
  ]);
  return { deleted: ids.length };
}

/**
 * Whether a row on the shard keeps the workout `workouts` names: any row
 * pointing at it, but a row of its document (WORKOUT_DOCUMENT) that its
 * author owns (a prerequisite's link from another workout keeps it too).
 */
function keepsWorkout(fk: ForeignKey): SQL {
  const documentRow = WORKOUT_DOCUMENT.has(fk.from) && column(fk, "workoutId") === fk.column;
  return documentRow ? pointedAtBy(fk, workouts.id, workouts.accountId) : sql`exists (select 1 from ${fk.table} where ${fk.column} = ${workouts.id})`;
}

/**
 * One chunk of workout copies deleted: workouts whose author is placed
 * elsewhere that no row keeps (keepsWorkout), with their document's rows.
 * The moved partner's own workouts come here too: its tables' steps leave a
 * workout's document with it (./shard-move-copy.ts deleteChunk).
 */
export async function deleteHeldWorkouts(dbs: HeldDbs): Promise<{ deleted: number }> {
  const { source } = dbs;
  const authors = await source.selectDistinct({ id: workouts.accountId }).from(workouts);
  const elsewhere = await placedElsewhere(
    dbs,
    authors.map((a) => a.id),
  );
  if (!elsewhere.length) return { deleted: 0 };
  const keys = keysInto("workouts");
  const rows = await source
    .select({ id: workouts.id })
    .from(workouts)
    .where(and(inList(workouts.accountId, elsewhere), sql`not (${or(...keys.map(keepsWorkout))})`))
    .limit(CHUNK_ROWS);
  const ids = rows.map((r) => r.id);
  if (!ids.length) return { deleted: 0 };
  const document = keys.filter((fk) => WORKOUT_DOCUMENT.has(fk.from) && column(fk, "workoutId") === fk.column);
  await batch(source, deleteWith(source, document, ids, source.delete(workouts).where(inList(workouts.id, ids))));
  return { deleted: ids.length };
}

/**
 * One chunk of account rows deleted from a source that is not the
 * directory's database: accounts of partners other than those placed on it
 * (`staying`) or arriving, that no row there points at any more.
 */
export async function deleteHeldAccounts(dbs: HeldDbs, staying: string[]): Promise<{ deleted: number }> {
  const { source } = dbs;
  const moves = await partnerMoves(dbs.directory);
  const here = [...staying, ...moves.filter((m) => m.move.to === dbs.shard).map((m) => m.partnerId)];
  const t = movedTable("accounts")!;
  const ids = source
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(notInList(sql`coalesce(${accounts.parentAccountId}, ${accounts.id})`, here), ...unreferenced(t)))
    .limit(CHUNK_ROWS);
  const gone = await source.delete(accounts).where(inArray(accounts.id, ids)).returning({ id: accounts.id });
  return { deleted: gone.length };
}

/**
 * The accounts whose rows on `db` hold the workout (keep its copy there):
 * the owners of the rows pointing at it, its author's document rows aside,
 * and a delivery copy's delivering partner.
 */
export async function holdersOf(db: Db, workoutId: string): Promise<string[]> {
  const author = sql`(select ${workouts.accountId} from ${workouts} where ${workouts.id} = ${workoutId})`;
  const read = await batch(
    db,
    keysInto("workouts").flatMap((fk) => {
      const owner = ownerOf(fk);
      if (!owner) return [];
      const documentRow = WORKOUT_DOCUMENT.has(fk.from) && column(fk, "workoutId") === fk.column;
      const deliverer = column(fk, "deliveryPartnerAccountId");
      return [
        db
          .selectDistinct({ owner, deliverer: deliverer ?? sql<null>`null` })
          .from(fk.table)
          .where(and(eq(fk.column, workoutId), documentRow ? sql`${owner} is not ${author}` : undefined)),
      ];
    }),
  );
  const rows = read as { owner: string | null; deliverer: string | null }[][];
  return [...new Set(rows.flat().flatMap((r) => [r.owner, r.deliverer].filter((id): id is string => Boolean(id))))];
}

/** Whether the workout's copy on the shard is held there: no holder known, or one placed there (a partner moved away holds its copy on its new shard). */
export async function heldOn(dbs: HeldDbs, workoutId: string): Promise<boolean> {
  const holders = await holdersOf(dbs.source, workoutId);
  return !holders.length || (await placedElsewhere(dbs, holders)).length < holders.length;
}
