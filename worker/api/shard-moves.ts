/**
 * The operator's move of a partner to another shard (worker/domain/shard-move.ts,
 * docs/decisions/2026-11-27-moving-a-partner.md), driven step by step by
 * `npm run shards -- move` so it runs with the Worker's own bindings, locally
 * and deployed. Authorised by OPERATOR_SECRET alone (a bearer token): no
 * partner's or user's token opens it, and without the secret set it is off.
 */
import { Hono, type Context, type MiddlewareHandler } from "hono";
import type { z } from "zod";
import { fieldsFromIssues } from "../../contract/errors";
import { CleanupResult, CopyResult, MoveChunk, MoveCounts, MoveState, StartMove } from "../../contract/shard-moves";
import type { Account, ShardMove } from "../../db/schema";
import { chunked } from "../data/bound";
import {
  cleanupSteps,
  compareCounts,
  copyChunk,
  COPY_STEPS,
  deleteChunk,
  deliveredCopies,
  isDirectoryDatabase,
  partnersStaying,
  type MoveDbs,
} from "../data/shard-move-copy";
import {
  deleteHeldAccounts,
  deleteHeldJobs,
  deleteHeldWorkouts,
  HELD_ACCOUNTS,
  HELD_JOBS,
  HELD_WORKOUTS,
  heldSteps,
  type HeldDbs,
} from "../data/shard-move-held";
import { beginMove, endMove, flipMove, partnerNamed, workoutsToPublish } from "../data/shard-move";
import type { FlowMessage } from "../domain/flows";
import { retargetJobShard } from "../data/shard-move-jobs";
import { settleLeft, settleMs } from "../domain/shard-move";
import type { AppEnv } from "../env";
import { ApiError, conflict, forbidden, invalid, notFound, unauthenticated } from "../http/errors";
import { clearIsolateCaches } from "../http/isolate-cache";
import { defaultShard } from "../d1/shards";
import { sendFlows } from "../flows/queue";
import { boundShards, shardDb } from "../tenant/scope";

type OperatorEnv = { OPERATOR_SECRET?: string; SHARD_MOVE_SETTLE_SECONDS?: string };
const operatorEnv = (c: Context<AppEnv>) => c.env as unknown as OperatorEnv;

async function digest(value: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value)));
}

/** Two digests compared byte by byte without stopping early (their lengths are the same). */
const sameDigest = (a: Uint8Array, b: Uint8Array) => a.reduce((diff, byte, i) => diff | (byte ^ (b[i] ?? 0)), 0) === 0;

/** The operator's secret as a bearer token, compared in constant time; 401 without a token, 403 with any other (or when no secret is set). */
const operatorOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = c.req
    .header("Authorization")
    ?.match(/^Bearer\s+(.+)$/i)?.[1]
    ?.trim();
  if (!token) throw unauthenticated();
  const secret = operatorEnv(c).OPERATOR_SECRET;
  const [given, wanted] = await Promise.all([digest(token), digest(secret ?? "")]);
  if (!secret || secret.length < 32 || !sameDigest(given, wanted)) throw forbidden("Operator endpoints need the operator's secret");
  await next();
};

async function bodyOf<T extends z.ZodType>(c: Context<AppEnv>, schema: T): Promise<z.output<T>> {
  const parsed = schema.safeParse(await c.req.json().catch(() => undefined));
  if (!parsed.success) throw invalid(fieldsFromIssues(parsed.error.issues));
  return parsed.data;
}

const settle = (c: Context<AppEnv>) => settleMs(operatorEnv(c).SHARD_MOVE_SETTLE_SECONDS);

/** The partner of the path and its recorded move; 404 for no partner, 409 for no move under way. */
async function recorded(c: Context<AppEnv>): Promise<{ partner: Account; move: ShardMove }> {
  const partner = await partnerNamed(c.get("directory"), c.req.param("partnerId") ?? "");
  if (!partner) throw notFound("No such partner");
  if (!partner.shardMove) throw conflict("No move of this partner is under way: start it first");
  return { partner, move: partner.shardMove };
}

/** Refuses (409, Retry-After) a step whose phase has not reached every isolate yet, or a step of another phase. */
function ready(c: Context<AppEnv>, move: ShardMove, phase: ShardMove["phase"]): void {
  if (move.phase !== phase) throw conflict(`The move is in its "${move.phase}" phase, not "${phase}"`);
  const wait = settleLeft(move, Date.now(), settle(c));
  if (wait > 0) throw new ApiError("conflict", `Waiting for every server to see the "${phase}" phase`, undefined, wait / 1000);
}

const databases = (c: Context<AppEnv>, move: ShardMove): MoveDbs => ({
  source: shardDb(c, move.from),
  target: shardDb(c, move.to),
  directory: c.get("directory"),
});

async function stateOf(c: Context<AppEnv>, partner: Account, move: ShardMove | null): Promise<z.output<typeof MoveState>> {
  const here = partner.shard ?? defaultShard(c.env);
  if (!move) return { partnerId: partner.id, name: partner.name, from: here, to: here, phase: "done", waitMs: 0, copySteps: [], cleanupSteps: [] };
  const keepsBoth = await isDirectoryDatabase(shardDb(c, move.from), partner.id);
  return {
    partnerId: partner.id,
    name: partner.name,
    from: move.from,
    to: move.to,
    phase: move.phase,
    waitMs: Math.ceil(settleLeft(move, Date.now(), settle(c))),
    copySteps: COPY_STEPS,
    cleanupSteps: allCleanupSteps(keepsBoth),
  };
}

export const shardMovesApi = new Hono<AppEnv>();
shardMovesApi.use("/operator/*", operatorOnly);

/**
 * Begins a move, or answers where the one under way stands (to the same
 * shard: resumed; a flipped one does the flip's follow-up again first, so a
 * script run again after a failed flip repairs the claims and seat holds
 * before its cleanup).
 */
shardMovesApi.post("/operator/shard-moves", async (c) => {
  const body = await bodyOf(c, StartMove);
  if (!boundShards(c).includes(body.to)) throw invalid({ to: `No shard "${body.to}" is bound (wrangler.toml)` });
  const directory = c.get("directory");
  const partner = await partnerNamed(directory, body.partner);
  if (!partner) throw invalid({ partner: "No partner has this id or host" });
  if (partner.shardMove && partner.shardMove.to !== body.to)
    throw conflict(`A move of this partner to "${partner.shardMove.to}" is under way: finish it first`, { to: partner.shardMove.to });
  const from = partner.shard ?? defaultShard(c.env);
  if (!partner.shardMove && from === body.to) return c.json(MoveState.parse(await stateOf(c, partner, null)));
  // A move resumed once flipped (the script run again after a failure, wherever it stopped) first does the flip's own follow-up again.
  if (partner.shardMove?.phase === "moved") await afterFlip(c, partner.id, partner.shardMove);
  const now = partner.shardMove ? null : await beginMove(directory, partner.id, { from, to: body.to, phase: "copying", at: new Date().toISOString() });
  // This isolate routes by the record at once; every other one within the settle time.
  clearIsolateCaches();
  const current = now ?? partner;
  return c.json(MoveState.parse(await stateOf(c, current, current.shardMove)));
});

/** One chunk of a copy step (a table, then each customer's price group). */
shardMovesApi.post("/operator/shard-moves/:partnerId/copy", async (c) => {
  const { partner, move } = await recorded(c);
  ready(c, move, "copying");
  const body = await bodyOf(c, MoveChunk);
  if (!COPY_STEPS.includes(body.step)) throw invalid({ step: "Not a step of the copy" });
  const done = await copyChunk(databases(c, move), partner.id, move.to, body.step, body.after ?? null);
  return c.json(CopyResult.parse({ step: body.step, ...done }));
});

/** Each table's rows of the partner on the source and on the target. */
shardMovesApi.post("/operator/shard-moves/:partnerId/verify", async (c) => {
  const { partner, move } = await recorded(c);
  return c.json(MoveCounts.parse(await compareCounts(databases(c, move), partner.id)));
});

/**
 * What the flip leaves to the queue, sent at each call of the flip so an
 * operator's second run sends what a failed send left (every step is
 * idempotent):
 * - the delivery copies the partner holds on its old shard of other
 *   partners' jobs (and the jobs there of customers of partners staying on
 *   it), written on its new shard by the deliver step, which reads each job
 *   on the shard a message names and writes over an older copy only: one
 *   message per job and shard, since the job's own shard (where it was
 *   booked, the source itself for a partner staying there) is not told by
 *   the copy;
 * - its listed and published workouts published again from the target
 *   (version-guarded), so a publish lost or late around the move is made
 *   good whatever its age.
 */
async function sendFollowUps(c: Context<AppEnv>, partnerId: string, move: ShardMove): Promise<void> {
  const [jobIds, workoutIds] = await Promise.all([
    deliveredCopies(shardDb(c, move.from), partnerId),
    workoutsToPublish(c.get("directory"), shardDb(c, move.to), partnerId),
  ]);
  const messages: FlowMessage[] = [
    ...jobIds.flatMap((jobId) => boundShards(c).map((shard) => ({ kind: "deliver" as const, shard, jobId }))),
    ...workoutIds.map((workoutId) => ({ kind: "publish" as const, shard: move.to, workoutId })),
  ];
  for (const part of chunked(messages, QUEUE_BATCH)) await sendFlows(c.env, part);
}

/** The claims and seat holds of the partner's jobs on every shard name its new shard (worker/data/shard-move-jobs.ts); at each call of the flip. */
const retarget = (c: Context<AppEnv>, partnerId: string, move: ShardMove) =>
  retargetJobShard(
    shardDb(c, move.to),
    boundShards(c).map((name) => shardDb(c, name)),
    partnerId,
    move,
  );

/**
 * What follows the flip, idempotent, done again by every path that resumes a
 * flipped move (a flip called again, the move begun again): the claims and
 * seat holds name the target, then the delivery copies and publications are
 * sent again. A failure of either leaves the move flipped, to be resumed.
 */
async function afterFlip(c: Context<AppEnv>, partnerId: string, move: ShardMove): Promise<void> {
  await retarget(c, partnerId, move);
  await sendFollowUps(c, partnerId, move);
}

/** Messages per send to a queue (its limit per batch). */
const QUEUE_BATCH = 100;

/**
 * Routes the partner to the target, once every table's count is the same there
 * (else 409 naming the tables); then, and at each call once flipped, the
 * claims and seat holds of its jobs name the target and its delivery copies
 * are sent again.
 */
shardMovesApi.post("/operator/shard-moves/:partnerId/flip", async (c) => {
  const { partner, move } = await recorded(c);
  if (move.phase === "moved") {
    await afterFlip(c, partner.id, move);
    return c.json(MoveState.parse(await stateOf(c, partner, move)));
  }
  ready(c, move, "copying");
  const counts = await compareCounts(databases(c, move), partner.id);
  if (!counts.ok)
    throw conflict(
      "The target does not hold every row yet: copy again",
      Object.fromEntries(counts.tables.filter((t) => t.source !== t.target).map((t) => [t.table, `source ${t.source}, target ${t.target}`])),
    );
  await flipMove(c.get("directory"), partner.id, move, new Date().toISOString());
  clearIsolateCaches();
  await afterFlip(c, partner.id, move);
  const flipped = await partnerNamed(c.get("directory"), partner.id);
  return c.json(MoveState.parse(await stateOf(c, flipped ?? partner, flipped?.shardMove ?? null)));
});

/** The cleanup's steps: the partner's tables, children first, then the copies it held there (worker/data/shard-move-held.ts). */
const allCleanupSteps = (keepsBoth: boolean) => [...cleanupSteps(keepsBoth), ...heldSteps(keepsBoth)];

/** One chunk of the source's rows deleted (a table, children first, then the copies held there); the directory's own rows never. */
shardMovesApi.post("/operator/shard-moves/:partnerId/cleanup", async (c) => {
  const { partner, move } = await recorded(c);
  ready(c, move, "moved");
  const body = await bodyOf(c, MoveChunk);
  const source = shardDb(c, move.from);
  if (!allCleanupSteps(await isDirectoryDatabase(source, partner.id)).includes(body.step)) throw invalid({ step: "Not a step of the cleanup" });
  const staying = await partnersStaying(c.get("directory"), move.from, defaultShard(c.env), partner.id);
  const held: HeldDbs = { source, directory: c.get("directory"), shard: move.from, defaultShard: defaultShard(c.env) };
  const done =
    body.step === HELD_JOBS
      ? await deleteHeldJobs(held, partner.id)
      : body.step === HELD_WORKOUTS
        ? await deleteHeldWorkouts(held)
        : body.step === HELD_ACCOUNTS
          ? await deleteHeldAccounts(held, staying)
          : await deleteChunk(source, partner.id, body.step, staying);
  return c.json(CleanupResult.parse({ step: body.step, ...done }));
});

/** Ends the move once the source is cleaned: the record is cleared. */
shardMovesApi.post("/operator/shard-moves/:partnerId/finish", async (c) => {
  const { partner, move } = await recorded(c);
  ready(c, move, "moved");
  await endMove(c.get("directory"), partner.id, move);
  clearIsolateCaches();
  return c.json(MoveState.parse(await stateOf(c, partner, null)));
});
