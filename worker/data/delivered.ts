/**
 * The workouts a partner delivers, wherever their author is
 * (docs/decisions/2026-11-27-deliverer-settings-on-its-shard.md): whether a
 * partner delivers a workout is told by the workout's delivery partners on
 * its author's shard, the only place they are kept current; the deliverer's
 * own settings for it (its hours, its published times) live on the
 * deliverer's shard, beside a copy of the workout that their keys point at.
 *
 * A workout is read on the request's shard and, side by side, on the shards
 * the directory's delivery index names for the partner
 * (worker/data/delivery-index.ts; none for most partners, no call to learn
 * them on a warm isolate). A shard the index does not name for it yet is
 * read next: the author's shard a copy held here names, and the shards a
 * fresh routing row names once this isolate wrote the index for the partner
 * (worker/tenant/shard.ts deliveriesPlacement), so a partner newly named sees
 * the workout at once.
 */
import { and, asc, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { accounts, deliveryPartners, workoutSessions, workouts, type Account, type PublishedDocument } from "../../db/schema";
import type { Db } from "../env";
import type { PartnerScope } from "../http/endpoint";
import { invalid, notFound } from "../http/errors";
import type { PartnerShards, ShardRef } from "./partner-shards";
import { copyStatements, readDocument } from "./publication";
import type { Statements } from "./statements";

type Workout = typeof workouts.$inferSelect;
type Session = typeof workoutSessions.$inferSelect;

/** The workout's row is its author's own on the shard `name` (not a copy of another shard's): the author's row there names that shard. */
const authoredOn = (name: string): SQL =>
  sql`coalesce((select ${accounts.shard} from ${accounts} where ${accounts.id} = ${workouts.accountId}), ${name}) = ${name}`;

/** The partner's general delivery entries (not a variant's own), naming its account, or its TAN when the entry names no account. */
function mine(scope: PartnerScope): SQL {
  const byTan = scope.account.tan ? and(isNull(deliveryPartners.partnerAccountId), eq(deliveryPartners.partnerTan, scope.account.tan)) : undefined;
  return and(isNull(deliveryPartners.variantId), or(eq(deliveryPartners.partnerAccountId, scope.account.id), byTan))!;
}

/** Whether the partner delivers the workout: one of its entries among the workout's delivery partners. */
export function deliveryEntry(db: Db, scope: PartnerScope, workoutId: string) {
  return db
    .select({ id: deliveryPartners.id })
    .from(deliveryPartners)
    .where(and(eq(deliveryPartners.workoutId, workoutId), mine(scope)))
    .limit(1);
}

/**
 * The reads of one shard about a workout the partner may deliver: the row
 * (with the shard its author's row names), the partner's entry, and the
 * session asked for.
 */
function workoutReads(db: Db, scope: PartnerScope, workoutId: string, sessionId: string) {
  return [
    db
      .select({ workout: workouts, authorShard: sql<string | null>`(select ${accounts.shard} from ${accounts} where ${accounts.id} = ${workouts.accountId})` })
      .from(workouts)
      .where(eq(workouts.id, workoutId)),
    deliveryEntry(db, scope, workoutId),
    db
      .select()
      .from(workoutSessions)
      .where(and(eq(workoutSessions.id, sessionId), eq(workoutSessions.workoutId, workoutId))),
  ] as const;
}

type ShardAnswer = { name: string; db: Db; workout: Workout | null; authorShard: string | null; entry: boolean; session: Session | null };

async function readOn(name: string, db: Db, scope: PartnerScope, workoutId: string, sessionId: string): Promise<ShardAnswer> {
  const [[row], [entry], [session]] = await db.batch(workoutReads(db, scope, workoutId, sessionId));
  return { name, db, workout: row?.workout ?? null, authorShard: row?.authorShard ?? null, entry: Boolean(entry), session: session ?? null };
}

/** The answer of the shard where the workout is its author's own, if any. */
const authors = (answers: ShardAnswer[]) => answers.find((a) => a.workout && (a.authorShard ?? a.name) === a.name);

/** What the deliverer's shard needs to hold the workout's copy: the author's document and the partners it names, read on the author's shard. */
async function documentOn(db: Db, workoutId: string): Promise<{ document: PublishedDocument; partners: Account[] } | null> {
  const [found, partners] = await Promise.all([
    readDocument(db, workoutId),
    db
      .select()
      .from(accounts)
      .where(
        or(
          inArray(accounts.id, db.select({ id: workouts.accountId }).from(workouts).where(eq(workouts.id, workoutId))),
          inArray(accounts.id, db.select({ id: deliveryPartners.partnerAccountId }).from(deliveryPartners).where(eq(deliveryPartners.workoutId, workoutId))),
        ),
      ),
  ]);
  return found ? { document: found.document, partners } : null;
}

/** A workout the partner delivers, as its author's shard has it, with what a write of the partner's own settings for it needs on the request's shard. */
export type Delivered = {
  workout: Workout;
  /** The session asked for, when one was (checked on the author's shard). */
  session: Session | null;
  /** The author's shard is the request's. */
  here: boolean;
  /** With `copy` asked for: the statements bringing the request's shard's copy of the workout to the author's version (none when current or its own). */
  copy: Statements;
};

/**
 * The workout `workoutId` when the partner delivers it, from its author's
 * shard; 404 otherwise (absent, or the partner is not among its delivery
 * partners there, whatever a copy here says). `sessionId`: that session of
 * the workout (400 when it is not one). `copy`: a workout of another shard
 * comes with the statements that write its copy on the request's shard
 * (one batch with the write that needs it, so the keys of the partner's own
 * rows hold; one database written, nothing to undo).
 */
export async function deliveredWorkout(
  db: Db,
  shards: PartnerShards,
  scope: PartnerScope,
  workoutId: string,
  opts: { sessionId?: string; copy?: boolean } = {},
): Promise<Delivered> {
  const sessionId = opts.sessionId ?? "";
  const readThere = async (t: { name: string; db: Db }) => {
    const [answer, doc] = await Promise.all([readOn(t.name, t.db, scope, workoutId, sessionId), opts.copy ? documentOn(t.db, workoutId) : null]);
    return { answer, doc };
  };
  // This shard, and side by side the shards the delivery index names for the partner (no call to learn them when warm).
  const { now, later } = shards.delivering(scope.account.id);
  const [local, indexed, changed] = await Promise.all([
    readOn(shards.here, db, scope, workoutId, sessionId),
    now.then((ts) => Promise.all(ts.map(readThere))),
    later,
  ]);
  const held = local.workout?.version ?? null;
  let answers = indexed;
  // A copy held here names its author's shard, and the index may have changed on this isolate: read after, the shards not read yet.
  const named = local.authorShard && local.authorShard !== shards.here ? [local.authorShard] : [];
  const next = [...new Set([...named, ...changed.map((s) => s.name)])].filter((name) => !indexed.some((a) => a.answer.name === name));
  if (!authors([local]) && next.length) answers = [...indexed, ...(await Promise.all(next.map((name) => readThere({ name, db: shards.open(name) }))))];
  const found = authors([local]) ?? authors(answers.map((a) => a.answer));
  const document = found === local ? null : (answers.find((a) => a.answer === found)?.doc ?? null);
  if (!found?.workout || !found.entry) throw notFound("Workout not found");
  if (opts.sessionId && !found.session) throw invalid({ sessionId: "Not a session of this workout" });
  const stale = document && (held === null || held < document.document.workout.version);
  return {
    workout: found.workout,
    session: found.session,
    here: found === local,
    // Every copy statement is a query builder, which renders to SQL like the write it joins.
    copy: stale && document ? (copyStatements(db, document.document, document.partners) as unknown as Statements) : [],
  };
}

/**
 * The shards of the authors of copies held on this shard whose delivery
 * entries name the partner: where the list must look even before the index
 * names them (the author's shard decides; a copy is never listed).
 */
function copiesHeldFor(name: string, db: Db, scope: PartnerScope) {
  return db
    .selectDistinct({ shard: accounts.shard })
    .from(deliveryPartners)
    .innerJoin(workouts, eq(workouts.id, deliveryPartners.workoutId))
    .innerJoin(accounts, eq(accounts.id, workouts.accountId))
    .where(and(mine(scope), isNotNull(accounts.shard), ne(accounts.shard, name)));
}

/**
 * One shard's delivered workouts (those authored there), with their sessions:
 * one batch. `held`: with the shards the copies held there name
 * (copiesHeldFor), in the same batch.
 */
async function deliveredOn(name: string, db: Db, scope: PartnerScope, held = false) {
  const entries = db
    .select({ id: deliveryPartners.workoutId })
    .from(deliveryPartners)
    .innerJoin(workouts, eq(workouts.id, deliveryPartners.workoutId))
    .where(and(mine(scope), authoredOn(name)));
  const [rows, sessions, copies = []] = await db.batch([
    db
      .select({
        id: workouts.id,
        name: workouts.name,
        title: workouts.title,
        maxAttendees: workouts.maxAttendees,
        partnerName: sql<
          string | null
        >`(select ${accounts.name} from ${accounts} where ${accounts.id} = ${workouts.accountId} and ${accounts.id} <> ${scope.account.id})`,
      })
      .from(workouts)
      .where(inArray(workouts.id, entries)),
    db.select().from(workoutSessions).where(inArray(workoutSessions.workoutId, entries)).orderBy(asc(workoutSessions.sequence)),
    ...(held ? [copiesHeldFor(name, db, scope)] : []),
  ]);
  const workoutsHere = rows.map((w) => ({
    ...w,
    sessions: sessions.filter((s) => s.workoutId === w.id).map((s) => ({ id: s.id, name: s.name, sequence: s.sequence, lengthMinutes: s.lengthMinutes })),
  }));
  return { workouts: workoutsHere, heldFor: copies.flatMap((c) => (c.shard ? [c.shard] : [])) };
}

/**
 * The workouts the partner delivers, by name: those authored on the
 * request's shard and on the shards the delivery index names for it (none
 * for most partners), read side by side (each from its author's shard, never
 * from a copy). A shard the index does not name yet (a copy held here names
 * it, or the index changed on this isolate since the partner's routing row
 * was cached) is read after: the list is fresh for its reader, at no cost
 * once the index and the cached row agree.
 */
export async function deliveredWorkouts(db: Db, shards: PartnerShards, scope: PartnerScope) {
  const { now, later } = shards.delivering(scope.account.id);
  const readOn = (targets: ShardRef[]) => Promise.all(targets.map((s) => deliveredOn(s.name, s.db, scope)));
  const [own, indexed, away, changed] = await Promise.all([deliveredOn(shards.here, db, scope, true), now, now.then(readOn), later]);
  const read = new Set([shards.here, ...indexed.map((s) => s.name)]);
  const next = [...new Set([...changed.map((s) => s.name), ...own.heldFor])].filter((name) => !read.has(name));
  const after = await readOn(next.map((name) => ({ name, db: shards.open(name) })));
  const byId = new Map([own, ...away, ...after].flatMap((on) => on.workouts).map((w) => [w.id, w]));
  return [...byId.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
