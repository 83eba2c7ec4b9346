/**
 * A delivery copy written beside its job's write instead of after it
 * (docs/decisions/2026-11-27-copy-written-beside-its-job.md): the copy as the
 * move will leave the job is computed from the copy as it is (the job before
 * the move) and what the move writes (`MoveRows`), and written in one batch
 * on the copy's shard at the same moment as the job's batch on its own. The
 * batch keeps its repair step (`followJob`), so a job write refused or never
 * made leaves no copy ahead of its job: the step puts the copy back to the
 * job's row, and never undoes a move that completed.
 */
import type { JobDto } from "../../contract/bookings";
import { dueAt } from "../domain/jobs";
import { PartnerMoving, writesPaused } from "../domain/shard-move";
import type { FollowJobMessage } from "../domain/flows";
import type { Db } from "../env";
import type { TimeClaim } from "../domain/time-claims";
import { aheadOnly, followingJob, type Ahead, type JobVersion } from "./copy-versions";
import { deliveryCopyStatements, deliverySource, type DeliverySource, type SnapshotRows } from "./delivery";
import type { MoveRows } from "./jobs";
import { batch, type Stmt } from "./query";
import { d1Of, errorText, runBatch, type Statement, type Statements } from "./statements";
import { claimDespiteOverlap } from "./claim-backfill";
import { CLAIM_REFUSED, claimsHeld, claimStatements, releaseClaimStatements } from "./time-claims";

type Document = { actionItems: { id: string; dueOffsetDays: number | null }[] };

/**
 * The job's snapshot rows as the move will leave them: `base` (the copy's, at
 * the version and extras the move read, `read`) with the move's writes on
 * its row and lines, the version raised, and the due dates of the action
 * items of the lines it moves recomputed as its batch does (worker/data/job-writes.ts
 * dueDates). Null when the copy is not the job the move read.
 */
export function projectedRows(base: SnapshotRows, read: Pick<JobVersion, "version" | "extrasVersion">, rows: MoveRows, workout: Document): SnapshotRows | null {
  const [[job], lines, items, artifacts, customer] = base;
  if (!job || job.version !== read.version || job.extrasVersion !== read.extrasVersion) return null;
  const offsets = new Map(workout.actionItems.map((i) => [i.id, i.dueOffsetDays]));
  const moved = items.map((item) => {
    const due = rows.due.get(item.jobLineId ?? "");
    if (!due || !item.sessionActionItemId || !offsets.has(item.sessionActionItemId)) return item;
    return { ...item, dueAt: dueAt(due.scheduledAt, due.lengthMinutes, item.stage, offsets.get(item.sessionActionItemId) ?? null) };
  });
  return [[{ ...job, ...rows.job, version: job.version + 1 }], lines.map((l) => ({ ...l, ...rows.lines.get(l.id) })), moved, artifacts, customer];
}

/** A snapshot's rows as its copy keeps them (the slot, price line, variant and session items are the job's shard's own), in id order. */
const asCopied = ([[job], lines, items, artifacts]: SnapshotRows) => {
  const byId = <T extends { id: string }>(list: T[]) => [...list].sort((a, b) => a.id.localeCompare(b.id));
  const { pricingLineId: _p, variantId: _v, ...row } = job ?? ({} as NonNullable<typeof job>);
  return JSON.stringify([row, byId(lines).map(({ slotId: _s, ...l }) => l), byId(items).map(({ sessionActionItemId: _i, ...i }) => i), byId(artifacts)]);
};

/** Whether the copy written ahead (`projected`) is the job as its batch read it back (`written`). */
export const sameCopy = (projected: SnapshotRows, written: SnapshotRows): boolean => asCopied(projected) === asCopied(written);

/** What a copy written ahead carried, to name it in its repair step. */
export const aheadOf = (job: Pick<JobDto, "id"> & { version: number; extrasVersion: number; updatedAt: string }): Ahead => ({
  version: job.version,
  extrasVersion: job.extrasVersion,
  stamp: job.updatedAt,
});

/** The copy's batch that takes the job's row (`source`, read on the job's shard) over the copy written ahead (`ahead`), back too, or over an older or equal copy. */
export function followStatements(target: Db, source: DeliverySource, ahead: Ahead): Stmt[] {
  const { snapshot, partners, people, state } = source;
  return deliveryCopyStatements(target, snapshot, partners, people, state?.held ?? null, followingJob(target, snapshot.job, ahead));
}

/**
 * The copy's batch written beside its job's write: the step that repairs it
 * (`keep`, kept in the same batch), the copy of `source` (the job as the move
 * will leave it) over an older copy only (aheadOnly), and the partner's
 * claims the move gives back on this shard (`released`). All or none.
 */
export async function writeAhead(target: Db, source: DeliverySource, keep: Statement, released: TimeClaim[]): Promise<void> {
  const { snapshot, partners, people, state } = source;
  // Every statement of the batch is a query of this shard's (each has its SQL).
  const copy = deliveryCopyStatements(target, snapshot, partners, people, state?.held ?? null, aheadOnly(target, snapshot.job)) as unknown as Statements;
  await runBatch(d1Of(target), [keep, ...copy, ...releaseClaimStatements(target, released)]);
}

/** The copy takes the job's row (`source`) over the copy written ahead (`ahead`, back too), or over an older or equal one (one batch). */
export async function followWrite(target: Db, source: DeliverySource, ahead: Ahead): Promise<void> {
  await batch(target, followStatements(target, source, ahead));
}

/**
 * The repair of a copy written beside its job's write (the flow step, and
 * the request's own after a job write that failed): the copy takes the job's
 * row as it is now (followStatements), and the partner's claims the copy's
 * batch gave back are taken again where the job still holds them (a claim
 * another job took meanwhile is left to it: logged). Run twice, it changes
 * nothing the second time; after a move that completed, it rewrites the copy
 * with what it holds.
 */
export async function followJob(dbs: { directory: Db; job: Db; copy: Db }, m: Omit<FollowJobMessage, "kind">): Promise<void> {
  const [source, held] = await Promise.all([deliverySource(dbs.directory, dbs.job, m.jobId, { copyOn: dbs.copy }), claimsHeld(dbs.job, m.claims)]);
  const retake = m.claims.filter((c) => held.has(c.key));
  // The delivering partner placed elsewhere now (its move carried the copy and its claims): the job's `deliver` step writes the copy there.
  const here = source?.shard === m.shard ? source : null;
  if (here && writesPaused(here.partners.find((p) => p.id === here.snapshot.job.deliveryPartnerAccountId)?.shardMove))
    throw new PartnerMoving("a delivery copy");
  await Promise.all([
    here ? followWrite(dbs.copy, here, m.ahead) : undefined,
    here && retake.length
      ? runBatch(d1Of(dbs.copy), claimStatements(m.jobShard, retake, m.bufferMinutes)).catch((err: unknown) => {
          if (!CLAIM_REFUSED.test(errorText(err))) throw err;
          // Another job took the time meanwhile: the session keeps its claim and the overlap is in the partner's trail.
          return claimDespiteOverlap(dbs.copy, m.jobShard, retake).then((overlaps) =>
            console.error(JSON.stringify({ level: "error", message: "claim taken meanwhile, kept beside it", jobId: m.jobId, overlaps: overlaps.length })),
          );
        })
      : undefined,
  ]);
}
