import type { Context } from "hono";
import { deliveredJobRead, userInserts, type DeliveredJob } from "../data/delivery";
import { jobForMove, onJobShard, partnerJobsOf, type JobOwner, type JobShard, type MoveSubject } from "../data/jobs";
import { requestWindow } from "../data/availability";
import type { EndpointSpec } from "../http/endpoint";
import { earlyCalendar } from "../data/early-calendars";
import type { AppEnv } from "../env";
import { partnerShards } from "../tenant/scope";

/**
 * The first reads of a partner's move (docs/decisions/2026-11-27-copy-moves-read-in-one-round.md):
 * the job on the request's shard with the look-up of a delivery copy of it,
 * and beside them, for a partner that delivers for partners on other shards,
 * the job on those shards with what a move on a copy reads next to it. They
 * start beside the account's guard when the endpoint says so (`earlyMove`);
 * ./job-commit.ts partnerMove decides which of them count.
 */

type Window = { busyFrom: string; busyTo: string };

export type FirstReads = {
  key: string;
  first: Promise<MoveSubject>;
  copied: () => DeliveredJob | null | undefined;
  beside: Promise<ReturnType<typeof besideJob>[]>;
};

/** The first reads of a partner's move, started beside the guard (`earlyMove`), per request. */
const early = new WeakMap<Context<AppEnv>, FirstReads>();

/** What the first reads of a move were read for: the shard, who acts and how, the job, the version seen and the window. */
const moveKey = (shard: string, owner: JobOwner, jobId: string, seen: number | undefined, window: Window | undefined) =>
  JSON.stringify([shard, owner.accountId, owner.userId, owner.readOnly, jobId, seen ?? null, window?.busyFrom ?? null, window?.busyTo ?? null]);

/**
 * The first reads of a partner's move: the job on the request's shard with
 * the look-up of a delivery copy of it in the same batch (a copy's job is
 * found without a call of its own), and beside them the job on the shards
 * this partner delivers for (`besideCopy`). Each is awaited only when used.
 */
export function firstReads(c: Context<AppEnv>, owner: JobOwner, jobId: string, seen: number | undefined, window: Window | undefined): FirstReads {
  let copied: DeliveredJob | null | undefined;
  const db = c.get("db");
  const lookUp = { read: deliveredJobRead(db, owner.accountId, jobId), seen: (rows: unknown[]) => (copied = (rows[0] as DeliveredJob) ?? null) };
  const first = jobForMove(db, c.env, owner, jobId, seen, window, undefined, lookUp);
  first.catch(() => undefined);
  const beside = besideCopy(c, owner, jobId, seen, window);
  return { key: moveKey(c.get("shard").name, owner, jobId, seen, window), first, copied: () => copied, beside };
}

/**
 * A partner's move started beside the account's guard (an endpoint's
 * `early`): the caller acting as the partner X-Account-Id names, as an owner
 * or admin would (`readOnly` false), with the job id of its path, the version
 * it saw (`seen`: the body's) and the times it books (`times`: the window of
 * the body's lines), as the handler then asks partnerMove. Nothing of it is
 * answered unless partnerMove, after the guard passed, finds it was read for
 * the same; the guard still decides.
 */
export const earlyMove =
  (read: { seen?: boolean; times?: boolean } = {}): EndpointSpec["early"] =>
  (c, { params, body }, caller) => {
    const given = body as { version?: number; lines?: { time: string }[] } | undefined;
    const jobId = (params as { id?: string } | undefined)?.id;
    const accountId = c.req.header("X-Account-Id")?.trim();
    if (!jobId || !accountId || !UUID.test(accountId) || !c.get("shard")) return;
    const window = read.times && given?.lines ? requestWindow([{ times: given.lines.map((l) => l.time) }]) : undefined;
    const seen = read.seen ? given?.version : undefined;
    early.set(c, firstReads(c, partnerJobsOf(accountId, caller.user, false), jobId, seen, window));
  };

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What a move on a copy's job reads on the job's shard `shard` and here,
 * side by side: the job for the move; the acting user's row, which the move's
 * batch copies to the job's shard; and for a move that books times
 * (`window`) this partner's calendar here, the job's shard's copies left
 * out (the re-check's read). `ofCopy`: the calendar's workout is this shard's
 * copy's (read before the copy is known). Each is awaited only when used.
 */
export function besideJob(
  c: Context<AppEnv>,
  owner: JobOwner,
  shard: JobShard,
  jobId: string,
  seen: number | undefined,
  window: Window | undefined,
  workoutId = "",
) {
  const subject = jobForMove(shard.db, c.env, onJobShard(owner, shard), jobId, seen, window);
  const actor = userInserts(c.get("db"), shard, [owner.userId]);
  const calendar = window
    ? earlyCalendar(
        c.get("db"),
        { shard: c.get("shard").name, partnerId: owner.accountId, workoutId, exceptJobId: jobId, copiesOf: shard.name, ...window },
        workoutId ? undefined : jobId,
      )
    : undefined;
  for (const read of [subject, actor]) read.catch(() => undefined);
  return { shard: shard.name, subject, actor, calendar };
}

/**
 * A partner that delivers workouts of partners on other shards (its cached
 * routing row names their shards: no call on a warm isolate) may be moving a
 * delivery copy: the job is read on each of those shards beside the first
 * look here, so a copy's move makes no level of its own. The first look and
 * the copy's booking partner still decide which read counts; the others are
 * left unused (a call each, in the same level).
 */
async function besideCopy(
  c: Context<AppEnv>,
  owner: JobOwner,
  jobId: string,
  seen: number | undefined,
  window: Window | undefined,
): Promise<ReturnType<typeof besideJob>[]> {
  // The shards the cached routing row names (`now`): a shard only a fresh row adds is found by the first look, a level later.
  const shards = await partnerShards(c)
    .delivering(owner.accountId)
    .now.catch(() => []);
  return shards.map((shard) => besideJob(c, owner, shard, jobId, seen, window));
}

/** The first reads started beside the guard for this request, when they were read for the move now asked (the same shard, owner, job, version and window). */
export function startedReads(c: Context<AppEnv>, owner: JobOwner, jobId: string, seen: number | undefined, window: Window | undefined): FirstReads | undefined {
  const started = early.get(c);
  return started && started.key === moveKey(c.get("shard").name, owner, jobId, seen, window) ? started : undefined;
}
