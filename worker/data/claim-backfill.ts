/**
 * The claims of sessions booked before claims existed
 * (docs/decisions/2026-11-27-time-claims-backfilled.md): the cron walks each
 * shard's job lines once, in bounded batches after a cursor
 * (`sweep_cursors`, "claimBackfill:<shard>"), and every session booked at a
 * time there (the predicate of worker/domain/time-claims.ts `claimOf`) gets
 * its claim on its delivering partner's shard, keyed as the code keys it. A
 * claim already there stays (by key), so a run over the same lines changes
 * nothing. Sessions that overlap already both keep their claims (their keys
 * are their lines'); the overlap is not dropped: it is logged for the
 * operator and written, once, in the delivering partner's own audit trail.
 */
import { and, asc, eq, gt, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { accounts, jobLines, jobs, sweepCursors, timeClaims, workoutSessions } from "../../db/schema";
import type { FlowMessage } from "../domain/flows";
import { claimOf, type TimeClaim } from "../domain/time-claims";
import type { Db } from "../env";
import { auditStatement } from "./audit";
import { chunked, inList, rowsPerInsert } from "./bound";
import { BY_SYSTEM } from "./plan-renewals";
import { batch } from "./query";
import { d1Of, runBatch, type Statement } from "./statements";
import { CLAIM_KEPT_MS, claimLineColumns, releaseClaimsUnlessHeld } from "./time-claims";

/** Job lines read per run and shard (booked or not): a run reads no more, however many there are. */
export const BACKFILL_BATCH = 200;

/** The cursor's position once every line of the shard has been read: the backfill is done there. */
export const BACKFILL_DONE = "done";

/** The backfill's cursor for `shard`, in the directory. */
export const backfillCursor = (shard: string) => `claimBackfill:${shard}`;

/** Two sessions of one delivering partner booked at overlapping times before claims existed: both keep their claim. */
export type ClaimOverlap = { partnerId: string; lineId: string; otherLineId: string; startsAt: string };

export type BackfillRun = { claimed: number; overlaps: ClaimOverlap[]; done: boolean };

export type BackfillDbs = { shard: Db; directory: Db; open: (name: string) => Db };

const customer = alias(accounts, "customer");
const parent = alias(accounts, "parent");
const other = alias(timeClaims, "other");

/** The shards the directory places `ids` on (a partner its own, a customer its partner's; the default shard for one placed nowhere). */
async function placements(directory: Db, ids: string[], defaultShard: string): Promise<Map<string, string>> {
  const rows = await directory
    .select({
      id: customer.id,
      shard: sql<string>`coalesce(case when ${customer.type} = 'partner' then ${customer.shard} else ${parent.shard} end, ${defaultShard})`,
    })
    .from(customer)
    .leftJoin(parent, eq(parent.id, customer.parentAccountId))
    .where(inList(customer.id, ids));
  return new Map(rows.map((r) => [r.id, r.shard]));
}

/** The sessions booked at a time among the next BACKFILL_BATCH lines after `position`, and the last line read. */
async function bookedAfter(db: Db, position: string) {
  const window = db.select({ id: jobLines.id }).from(jobLines).where(gt(jobLines.id, position)).orderBy(asc(jobLines.id)).limit(BACKFILL_BATCH);
  // Side by side, not in one batch: D1's batch reads a join's columns of the same name as one.
  const [ids, rows] = await Promise.all([
    window,
    db
      .select({ ...claimLineColumns, lengthMinutes: workoutSessions.lengthMinutes, session: workoutSessions.name, customerId: jobs.accountId })
      .from(jobLines)
      .innerJoin(jobs, eq(jobs.id, jobLines.jobId))
      .innerJoin(workoutSessions, eq(workoutSessions.id, jobLines.sessionId))
      .where(and(inArray(jobLines.id, window), inList(jobLines.status, ["confirmed", "inProgress"]))),
  ]);
  return { rows, last: ids.length < BACKFILL_BATCH ? null : ids[ids.length - 1]!.id };
}

/**
 * The entry of an overlap in the delivering partner's own trail (its shard,
 * its account), by the system: the session (its name kept, the line may be
 * another shard's) and its time. Once per pair of lines, whichever of the
 * two finds the other, and only while the claim is there (a session
 * cancelled meanwhile has nothing to report).
 */
function overlapAudit(o: ClaimOverlap & { key: string }, session: string | undefined): Statement {
  return auditStatement({
    accountId: o.partnerId,
    partnerAccountId: o.partnerId,
    code: "bookedSessionsOverlap",
    subjectType: "jobLine",
    subjectId: o.lineId,
    userId: null,
    data: { ...BY_SYSTEM, otherLineId: o.otherLineId },
    name: session ?? null,
    change: { kind: "time", from: null, to: o.startsAt },
    onlyIf: sql`EXISTS (SELECT 1 FROM time_claims WHERE key = ${o.key})
      AND NOT EXISTS (SELECT 1 FROM audit_entries WHERE subject_type = 'jobLine' AND subject_id IN (${o.lineId}, ${o.otherLineId})
                        AND code = 'bookedSessionsOverlap' AND json_extract(data, '$.otherLineId') IN (${o.lineId}, ${o.otherLineId}))`,
  });
}

/**
 * The claims taken on one delivering partner's shard, with the overlaps they
 * make with other jobs' claims of the same partner (read in the same batch).
 * Then the job's shard is asked again: a claim its line no longer holds
 * (cancelled or moved since it was read) is given back; when that fails, the
 * `releaseClaims` step does it. Every overlap found (not only those of the
 * claims this run wrote: a run that failed after its claims is read again)
 * goes to the partner's trail, once, and is answered (to be logged).
 */
/**
 * Takes `claims` on the partner's shard without the overlap guard (a claim
 * already there stays, by key) and reads, in the same batch, the other jobs'
 * claims of the partner at an overlapping time (seats of one published time
 * aside, the guard's rule without its buffer). Answers the keys this batch
 * wrote and the overlaps.
 */
async function claimBeside(partner: Db, jobShard: string, claims: TimeClaim[]) {
  const rows = claims.map((c) => ({
    key: c.key,
    partnerAccountId: c.partnerId,
    jobId: c.jobId,
    lineId: c.lineId,
    jobShard,
    slotId: c.slotId,
    startsAt: c.startsAt,
    endsAt: c.endsAt,
  }));
  const inserts = chunked(rows, rowsPerInsert(timeClaims)).map((part) =>
    partner.insert(timeClaims).values(part).onConflictDoNothing({ target: timeClaims.key }).returning({ key: timeClaims.key }),
  );
  const results = await batch(partner, [
    ...inserts,
    partner
      .select({
        key: timeClaims.key,
        partnerId: timeClaims.partnerAccountId,
        lineId: timeClaims.lineId,
        otherLineId: sql<string>`${other.lineId}`.as("other_line_id"),
        startsAt: timeClaims.startsAt,
      })
      .from(timeClaims)
      .innerJoin(
        other,
        and(
          eq(other.partnerAccountId, timeClaims.partnerAccountId),
          ne(other.jobId, timeClaims.jobId),
          lt(other.startsAt, timeClaims.endsAt),
          gt(other.endsAt, timeClaims.startsAt),
          or(isNull(other.slotId), isNull(timeClaims.slotId)),
        ),
      )
      .where(
        inList(
          timeClaims.key,
          claims.map((c) => c.key),
        ),
      ),
  ]);
  const overlapping = results.at(-1) as (ClaimOverlap & { key: string })[];
  const fresh = new Set((results.slice(0, -1) as { key: string }[][]).flat().map((t) => t.key));
  return { overlapping, fresh };
}

/**
 * A session that keeps its time though another job of the same delivering
 * partner took an overlapping one meanwhile (a move's old times, given back
 * beside its job's write and taken again after that write failed): its claims
 * are taken without the guard and the overlap goes, once, to the partner's own
 * trail, as for sessions booked before claims existed (whose backfill runs once
 * per shard, so it would not find this one). Answers the overlaps.
 */
export async function claimDespiteOverlap(partner: Db, jobShard: string, claims: TimeClaim[]): Promise<ClaimOverlap[]> {
  const { overlapping } = await claimBeside(partner, jobShard, claims);
  if (overlapping.length)
    await runBatch(
      d1Of(partner),
      overlapping.map((o) => overlapAudit(o, undefined)),
    );
  return overlapping.map(({ key: _key, ...o }) => o);
}

async function claimOn(
  dbs: BackfillDbs,
  { shard, partnerShard, sessions }: { shard: string; partnerShard: string; sessions: Map<string, string> },
  claims: TimeClaim[],
  send: (steps: FlowMessage[]) => Promise<void>,
) {
  const partner = dbs.open(partnerShard);
  const { overlapping, fresh } = await claimBeside(partner, shard, claims);
  try {
    await releaseClaimsUnlessHeld({ job: dbs.shard, partner }, claims);
  } catch (err) {
    console.error(JSON.stringify({ level: "error", message: "backfilled claims not checked", shard: partnerShard, error: String(err).slice(0, 300) }));
    await send([{ kind: "releaseClaims", shard: partnerShard, jobShard: shard, claims }]);
  }
  if (overlapping.length)
    await runBatch(
      d1Of(partner),
      overlapping.map((o) => overlapAudit(o, sessions.get(o.lineId))),
    );
  const overlaps = overlapping.map(({ key: _key, ...o }) => o);
  return { claimed: fresh.size, overlaps };
}

/**
 * One run of the backfill on `shard`: the next BACKFILL_BATCH job lines
 * after the cursor; each session booked at a time (its line Booked or In
 * Progress, its job not cancelled, not ended more than the claims' keep
 * before `now`) of a job whose customer the directory places on this shard
 * (not a delivery copy, nor a job left behind by a re-link) gets its claim
 * on its delivering partner's shard, each shard's claims in one batch, the
 * shards side by side. The cursor moves on in the directory only after every
 * claim is written: a run that fails is read again by the next one. Answers
 * what it did; nothing once the shard is done.
 */
export async function backfillClaims(
  dbs: BackfillDbs,
  shard: string,
  defaultShard: string,
  now: Date,
  send: (steps: FlowMessage[]) => Promise<void>,
): Promise<BackfillRun> {
  const key = backfillCursor(shard);
  const [cursor] = await dbs.directory.select({ position: sweepCursors.position }).from(sweepCursors).where(eq(sweepCursors.sweep, key)).limit(1);
  if (cursor?.position === BACKFILL_DONE) return { claimed: 0, overlaps: [], done: true };
  const { rows, last } = await bookedAfter(dbs.shard, cursor?.position ?? "");
  const kept = now.getTime() - CLAIM_KEPT_MS;
  const found = rows.flatMap((r) => {
    const claim = r.partnerId ? claimOf(r.partnerId, r.jobId, r.jobStatus, { ...r, slotId: r.slotId ?? r.awaySlotId }) : null;
    return claim && Date.parse(claim.endsAt) >= kept ? [{ claim, customerId: r.customerId }] : [];
  });
  const placed = found.length
    ? await placements(dbs.directory, [...new Set(found.flatMap((f) => [f.customerId, f.claim.partnerId]))], defaultShard)
    : new Map<string, string>();
  const byShard = new Map<string, TimeClaim[]>();
  for (const { claim, customerId } of found) {
    const partnerShard = placed.get(claim.partnerId);
    if (placed.get(customerId) !== shard || !partnerShard) continue;
    byShard.set(partnerShard, [...(byShard.get(partnerShard) ?? []), claim]);
  }
  const sessions = new Map(rows.map((r) => [r.id, r.session]));
  const runs = await Promise.all([...byShard].map(([partnerShard, claims]) => claimOn(dbs, { shard, partnerShard, sessions }, claims, send)));
  const overlaps = runs.flatMap((r) => r.overlaps);
  for (const o of overlaps) console.warn(JSON.stringify({ level: "warn", message: "booked sessions overlap", shard, ...o }));
  const position = last ?? BACKFILL_DONE;
  await dbs.directory
    .insert(sweepCursors)
    .values({ sweep: key, position })
    .onConflictDoUpdate({ target: sweepCursors.sweep, set: { position, updatedAt: new Date().toISOString() } });
  return { claimed: runs.reduce((n, r) => n + r.claimed, 0), overlaps, done: !last };
}
