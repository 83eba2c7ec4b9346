/**
 * Seats of a slot the delivery partner published on its own shard, booked for
 * a job on another shard (the booking partner's;
 * docs/decisions/2026-11-27-slots-across-shards.md). A seat is taken on the
 * slot's shard first, as a hold (`slot_holds`) and the slot's count in one
 * batch (the slot's CHECK refuses a full one); the job's line then names the
 * hold (`away_hold_id`). A hold is given back by deleting it, the count
 * lowered only while the hold is there: a release run twice gives back one
 * seat. The flow step (`releaseUnlessHeld`) first asks the job's shard
 * whether the hold is in use.
 */
import { seatFreed } from "./full-slots";
import { and, asc, eq, gte, sql } from "drizzle-orm";
import { accounts, jobLines, jobs, slotHolds, slots } from "../../db/schema";
import type { FlowMessage, SeatHold } from "../domain/flows";
import type { TimeClaim } from "../domain/time-claims";
import type { Db } from "../env";
import { inList } from "./bound";
import { d1Of, raw, runBatch, type Statements } from "./statements";
import { keptInFirstBatch } from "./undo-steps";

/** A seat held for a job line on the slot's shard. */
export type Hold = SeatHold;

/** A new hold for a line booked into a slot of another shard. */
export const newHold = (slotId: string, jobId: string, lineId: string): Hold => ({ id: crypto.randomUUID(), slotId, jobId, lineId });

/** The statements taking the holds' seats on the slot's shard: each hold and one seat, in one batch (a full slot fails it on its CHECK, a closed one on its key). */
export function takeStatements(db: Db, jobShard: string, holds: Hold[]): Statements {
  return holds.flatMap((h) => [
    db.insert(slotHolds).values({
      id: h.id,
      slotId: h.slotId,
      // The slot's partner: the hold is its row (a move of the partner to another shard carries it).
      partnerAccountId: sql`(SELECT partner_account_id FROM slots WHERE id = ${h.slotId})`,
      jobId: h.jobId,
      lineId: h.lineId,
      jobShard,
    }),
    raw(sql`UPDATE slots SET seats_taken = seats_taken + 1 WHERE id = ${h.slotId}`),
  ]);
}

/** Takes the holds' seats on the slot's shard (one batch: all or none). */
export async function takeSeats(db: Db, jobShard: string, holds: Hold[]): Promise<void> {
  if (holds.length) await runBatch(d1Of(db), takeStatements(db, jobShard, holds));
}

/** The statements giving the holds' seats back: a seat only while its hold is there, then the hold removed. Idempotent. */
export const releaseStatements = (db: Db, holds: Hold[]): Statements =>
  holds.flatMap((h) => {
    // This isolate no longer refuses the slot as seen full (./full-slots.ts).
    seatFreed(h.slotId);
    return [
      raw(
        sql`UPDATE slots SET seats_taken = seats_taken - 1 WHERE id = ${h.slotId} AND seats_taken > 0 AND EXISTS (SELECT 1 FROM slot_holds WHERE id = ${h.id})`,
      ),
      db.delete(slotHolds).where(eq(slotHolds.id, h.id)),
    ];
  });

/** Gives the holds' seats back (one batch). Idempotent. */
export async function releaseSeats(db: Db, holds: Hold[]): Promise<void> {
  if (holds.length) await runBatch(d1Of(db), releaseStatements(db, holds));
}

/**
 * The holds a job's shard still uses: a line names the hold, and the line is
 * completed or its job is not cancelled. A hold no line names (the job never
 * written, the line moved or denied since) is free to give back.
 */
export async function holdsInUse(jobDb: Db, holds: Hold[]): Promise<Set<string>> {
  if (!holds.length) return new Set();
  const rows = await jobDb
    .select({ holdId: jobLines.awayHoldId, lineStatus: jobLines.status, jobStatus: jobs.status })
    .from(jobLines)
    .innerJoin(jobs, eq(jobs.id, jobLines.jobId))
    .where(
      inList(
        jobLines.awayHoldId,
        holds.map((h) => h.id),
      ),
    );
  return new Set(rows.filter((r) => r.lineStatus === "completed" || r.jobStatus !== "cancelled").map((r) => r.holdId!));
}

/** The flow step, and the request's own undo after a failed job write: the holds the job's shard does not use are given back on the slot's shard. */
export async function releaseUnlessHeld(dbs: { job: Db; slot: Db }, holds: Hold[]): Promise<void> {
  const used = await holdsInUse(dbs.job, holds);
  await releaseSeats(
    dbs.slot,
    holds.filter((h) => !used.has(h.id)),
  );
}

/** The holds of a job's lines as read with it (raw line rows). */
export const holdsOfLines = (lines: { id: string; jobId: string; awaySlotId: string | null; awayHoldId: string | null }[]): Hold[] =>
  lines.flatMap((l) => (l.awaySlotId && l.awayHoldId ? [{ id: l.awayHoldId, slotId: l.awaySlotId, jobId: l.jobId, lineId: l.id }] : []));

/** The holds of the lines `lineIds` (those a move gives back). */
export const holdsOf = (holds: Hold[], lineIds: Iterable<string>): Hold[] => {
  const ids = new Set(lineIds);
  return holds.filter((h) => ids.has(h.lineId));
};

/** The open slots (seats left, in the future) of the partners for a workout, with the partner's name, soonest first: for a caller's batch. */
export const openSlotsRead = (db: Db, workoutId: string, partnerIds: string[]) =>
  db
    .select({ slot: slots, partnerName: sql<string>`${accounts.name}`.as("partner_name") })
    .from(slots)
    .innerJoin(accounts, eq(accounts.id, slots.partnerAccountId))
    .where(
      and(
        eq(slots.workoutId, workoutId),
        inList(slots.partnerAccountId, partnerIds),
        gte(slots.startsAt, new Date().toISOString()),
        sql`${slots.seatsTaken} < ${slots.capacity}`,
      ),
    )
    .orderBy(asc(slots.startsAt));

/**
 * The `releaseSeats` and `releaseClaims` steps of these holds and claims, to
 * keep in the batch of `db` (the partner's shard that takes them, `keptIn`
 * "partner"; or the job's shard that drops them), so the cron gives back
 * what the job's shard does not use even when the request stops between the
 * two shards (./undo-steps.ts keptInFirstBatch).
 */
export function keptReleases(db: Db, m: { shard: string; jobShard: string; holds: Hold[]; claims: TimeClaim[] }, keptIn?: "partner"): Statements {
  const steps: FlowMessage[] = [
    ...(m.holds.length ? [{ kind: "releaseSeats", shard: m.shard, jobShard: m.jobShard, holds: m.holds } as const] : []),
    ...(m.claims.length ? [{ kind: "releaseClaims", shard: m.shard, jobShard: m.jobShard, claims: m.claims } as const] : []),
  ];
  return steps.map((step) => keptInFirstBatch(db, step, keptIn).keep);
}
