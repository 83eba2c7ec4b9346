/**
 * A job as its owner reads it, on the request's shard or, for a customer that
 * re-linked to a partner on another shard, on a shard it lived on before
 * (read-only there: docs/decisions/2026-11-27-relinked-bookings.md).
 */
import type { JobDto } from "../../contract/bookings";
import type { Db } from "../env";
import { conflict, notFound } from "../http/errors";
import { loadJob } from "./job-store";
import type { JobOwner } from "./jobs";
import { onEachShard } from "./query";

/** One of the owner's jobs, or 404. */
export async function getJob(db: Db, owner: JobOwner, id: string, what = "Booking not found", history: Db[] | Promise<Db[]> = []): Promise<JobDto> {
  const [dto, before] = await Promise.all([loadJob(db, id, owner.where, owner.side, owner.readOnly, owner.userId), formerJobs(history, owner, id)]);
  const found = dto ?? before.find((j) => j !== null);
  if (!found) throw notFound(what);
  return found;
}

/**
 * The job `id` of the owner on each shard of `history` (where a customer lived
 * before a re-link; worker/tenant/scope.ts historyShards), read-only: it stays
 * there as it was (docs/decisions/2026-11-27-relinked-bookings.md).
 */
const formerJobs = (history: Db[] | Promise<Db[]>, owner: JobOwner, id: string) =>
  onEachShard(history, (shard) => loadJob(shard, id, owner.where, owner.side, true, owner.userId));

/**
 * 409 when the job `id`, absent on the request's shard, is the owner's on a
 * shard it lived on before a re-link: it stays there as it was, no move or
 * write on it. Read only on that path (no call more for a job that is here).
 */
export async function refuseFormerJob(history: () => Promise<Db[]>, owner: JobOwner, id: string): Promise<void> {
  if ((await formerJobs(history(), owner, id)).some((j) => j !== null))
    throw conflict("This booking was made with your previous provider. It stays in your history and can no longer be changed.");
}
