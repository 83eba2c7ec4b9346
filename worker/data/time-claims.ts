/**
 * A delivering partner's booked times, claimed on its own shard
 * (docs/decisions/2026-11-27-deliverer-time-claims.md; the rules in
 * worker/domain/time-claims.ts). A claim is taken by one guarded insert: its
 * start is written NULL, which the NOT NULL constraint turns into a failure
 * of the whole batch (409 `MESSAGES.timeTaken`), when another job's claim of
 * the partner overlaps it by then. On the job's own shard the claims ride in
 * the move's batch; for a job on another shard they are taken in a batch of
 * their own first, and given back when the job's write fails. The flow step
 * (`releaseClaimsUnlessHeld`) first asks the job's shard whether the job
 * holds the claim.
 */
import { and, eq, lt, sql } from "drizzle-orm";
import { jobLines, jobs, timeClaims } from "../../db/schema";
import { claimOf, claimWindow, type TimeClaim } from "../domain/time-claims";
import type { Db } from "../env";
import { inList } from "./bound";
import { outsidePartners } from "./quiet-partners";
import { d1Of, raw, runBatch, type Statements } from "./statements";

/** The SQL error of a claim refused by another one (`jobBatchFailure` answers it 409). */
export const CLAIM_REFUSED = /NOT NULL constraint failed: time_claims\.starts_at/i;

/**
 * The statements taking `claims` for a job on `jobShard`, each refused (the
 * batch fails) when another job's claim of the partner overlaps its window
 * (`claimWindow`: the buffer on both sides; seats of slots never exclude
 * each other). A claim already there under its key stays (taken once).
 */
export function claimStatements(jobShard: string, claims: TimeClaim[], bufferMinutes: number): Statements {
  return claims.map((c) => {
    const { from, to } = claimWindow(c, bufferMinutes);
    return raw(sql`INSERT INTO time_claims (id, key, partner_account_id, job_id, line_id, job_shard, slot_id, starts_at, ends_at)
      VALUES (${crypto.randomUUID()}, ${c.key}, ${c.partnerId}, ${c.jobId}, ${c.lineId}, ${jobShard}, ${c.slotId},
        CASE WHEN EXISTS (
          SELECT 1 FROM time_claims o
          WHERE o.partner_account_id = ${c.partnerId} AND o.job_id <> ${c.jobId}
            AND o.starts_at < ${to} AND o.ends_at > ${from}
            AND (o.slot_id IS NULL OR ${c.slotId} IS NULL)
        ) THEN NULL ELSE ${c.startsAt} END,
        ${c.endsAt})
      ON CONFLICT (key) DO NOTHING`);
  });
}

/** The statements giving `claims` back (by key: a release run twice gives back nothing more). */
export function releaseClaimStatements(db: Db, claims: TimeClaim[]): Statements {
  if (!claims.length) return [];
  return [
    db.delete(timeClaims).where(
      inList(
        timeClaims.key,
        claims.map((c) => c.key),
      ),
    ),
  ];
}

/** Takes the claims on the partner's shard, in one batch (all or none). */
export async function takeClaims(db: Db, jobShard: string, claims: TimeClaim[], bufferMinutes: number): Promise<void> {
  await runBatch(d1Of(db), claimStatements(jobShard, claims, bufferMinutes));
}

/** Gives the claims back on the partner's shard (one statement). */
export async function releaseClaims(db: Db, claims: TimeClaim[]): Promise<void> {
  await runBatch(d1Of(db), releaseClaimStatements(db, claims));
}

/** What a line's claim is made of (claimOf), read with its job (joined on `jobs`): the check of a claim held and the backfill read the same. */
export const claimLineColumns = {
  id: jobLines.id,
  jobId: jobLines.jobId,
  status: jobLines.status,
  scheduledAt: jobLines.scheduledAt,
  slotId: jobLines.slotId,
  awaySlotId: jobLines.awaySlotId,
  jobStatus: jobs.status,
  partnerId: jobs.deliveryPartnerAccountId,
};

/** The keys of the claims the job's shard holds: their line is booked there at that time and slot, its job not cancelled. */
export async function claimsHeld(jobDb: Db, claims: TimeClaim[]): Promise<Set<string>> {
  if (!claims.length) return new Set();
  const rows = await jobDb
    .select(claimLineColumns)
    .from(jobLines)
    .innerJoin(jobs, eq(jobs.id, jobLines.jobId))
    .where(
      inList(
        jobLines.id,
        claims.map((c) => c.lineId),
      ),
    );
  return new Set(
    rows.flatMap((r) => {
      const held = r.partnerId ? claimOf(r.partnerId, r.jobId, r.jobStatus, { ...r, slotId: r.slotId ?? r.awaySlotId, lengthMinutes: 0 }) : null;
      return held ? [held.key] : [];
    }),
  );
}

/** The flow step, and the request's own undo after a failed job write: the claims the job's shard does not hold are given back on the partner's. */
export async function releaseClaimsUnlessHeld(dbs: { job: Db; partner: Db }, claims: TimeClaim[]): Promise<void> {
  const held = await claimsHeld(dbs.job, claims);
  await releaseClaims(
    dbs.partner,
    claims.filter((c) => !held.has(c.key)),
  );
}

/** How long after its end a claim is kept: a booking is of a time to come, so a claim past this can no longer refuse one (its buffer included). */
export const CLAIM_KEPT_MS = 24 * 60 * 60 * 1000;

/** The cron's expiry: claims that ended more than a day before `now` are removed, the partners moving left alone (`quiet`). */
export async function pruneClaims(db: Db, now: Date, quiet: readonly string[]): Promise<void> {
  const before = new Date(now.getTime() - CLAIM_KEPT_MS).toISOString();
  await db.delete(timeClaims).where(and(lt(timeClaims.endsAt, before), outsidePartners(timeClaims.partnerAccountId, quiet)));
}
