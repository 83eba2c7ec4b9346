/**
 * A delivering partner's booked times as claims (docs/decisions/2026-11-27-deliverer-time-claims.md):
 * every session a partner delivers, booked at a time (its line Booked or In
 * Progress, its job not cancelled), holds one claim on the partner's own
 * shard, whichever shard the job is on. A claim is named by its key (the
 * line, its start, its slot), so the claim a line holds is known from the line
 * alone. Pure: which claims a move takes and gives back.
 */
import type { JobLineStatus, JobStatus } from "../../contract/enums";

/** One session's time held for the delivering partner `partnerId` (ISO 8601 UTC, [startsAt, endsAt)). */
export type TimeClaim = { key: string; partnerId: string; jobId: string; lineId: string; slotId: string | null; startsAt: string; endsAt: string };

/** A line as a job reads (or will read after a move): `slotId` is the slot it is booked into, on whichever shard. */
export type ClaimLine = { id: string; status: JobLineStatus; scheduledAt: string | null; slotId: string | null; lengthMinutes: number };

/** What a move takes (sessions booked at a new time or into another slot) and gives back (those no longer booked there). */
export type ClaimChanges = { take: TimeClaim[]; release: TimeClaim[] };

const BOOKED: ReadonlySet<JobLineStatus> = new Set(["confirmed", "inProgress"]);

/** The key of the claim a line booked at `startsAt` (normalised) into `slotId` holds. */
export const claimKey = (lineId: string, startsAt: string, slotId: string | null) => `${lineId}|${startsAt}|${slotId ?? ""}`;

/** The claim a line holds in a job of `jobStatus` delivered by `partnerId`: booked at a time and the job not cancelled; null otherwise. */
export function claimOf(partnerId: string, jobId: string, jobStatus: JobStatus, line: ClaimLine): TimeClaim | null {
  if (jobStatus === "cancelled" || !BOOKED.has(line.status) || !line.scheduledAt) return null;
  const start = Date.parse(line.scheduledAt);
  if (Number.isNaN(start)) return null;
  const startsAt = new Date(start).toISOString();
  const slotId = line.slotId ?? null;
  return {
    key: claimKey(line.id, startsAt, slotId),
    partnerId,
    jobId,
    lineId: line.id,
    slotId,
    startsAt,
    endsAt: new Date(start + line.lengthMinutes * 60_000).toISOString(),
  };
}

/** The claims a job's lines hold. */
export const claimsOf = (partnerId: string, jobId: string, job: { status: JobStatus; lines: ClaimLine[] }): TimeClaim[] =>
  job.lines.flatMap((l) => claimOf(partnerId, jobId, job.status, l) ?? []);

/**
 * The claims a move of a job delivered by `partnerId` (none: no claims)
 * changes, from the job before and as it will read after: a line booked
 * after at a time (or slot) it did not hold before takes a claim; a claim
 * held before and not after is given back (cancelled, denied, sent back to
 * be asked for, moved, completed).
 */
export function claimChanges(
  partnerId: string | null | undefined,
  jobId: string,
  before: { status: JobStatus; lines: ClaimLine[] },
  after: { status: JobStatus; lines: ClaimLine[] },
): ClaimChanges {
  if (!partnerId) return { take: [], release: [] };
  const was = claimsOf(partnerId, jobId, before);
  const now = claimsOf(partnerId, jobId, after);
  const wasKeys = new Set(was.map((c) => c.key));
  const nowKeys = new Set(now.map((c) => c.key));
  return { take: now.filter((c) => !wasKeys.has(c.key)), release: was.filter((c) => !nowKeys.has(c.key)) };
}

/**
 * The window another claim of the partner must stay out of for `claim` to be
 * taken: its own time widened by the partner's buffer on both sides. A seat
 * in a published slot keeps no buffer (the partner chose that time), and
 * seats in slots never exclude each other (the slot's seats count them).
 */
export function claimWindow(claim: TimeClaim, bufferMinutes: number): { from: string; to: string } {
  const buffer = claim.slotId ? 0 : bufferMinutes * 60_000;
  return { from: new Date(Date.parse(claim.startsAt) - buffer).toISOString(), to: new Date(Date.parse(claim.endsAt) + buffer).toISOString() };
}
