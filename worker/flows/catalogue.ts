import { workouts } from "../../db/schema";
import { shardsOf } from "../d1/shards";
import {
  changedSince,
  heldVersion,
  partnersOf,
  publishStatement,
  publishedVersion,
  publishedVersions,
  publishedWorkout,
  readDocument,
  writeWorkoutCopy,
} from "../data/publication";
import { partnerRows } from "../data/partner-numbers";
import { heldOn } from "../data/shard-move-held";
import { deliverersOf, indexStatements, unindexedWorkouts, workoutDeliverers } from "../data/delivery-index";
import { d1Of, runBatch, type Statement } from "../data/statements";
import type { PublishMessage, RefreshMessage } from "../domain/flows";
import { PartnerMoving, writesPaused } from "../domain/shard-move";
import type { Db } from "../env";
import type { FlowDatabases } from "./consumer";
import { deliveriesChanged } from "../tenant/deliverers";
import { sendFlows } from "./queue";
import { shardHolding } from "./where";

/**
 * Publishing a workout: its document is read on the author's shard and
 * written to the directory over an older version only, with the directory's
 * index of its delivery partners (worker/data/delivery-index.ts) at the same
 * version (one batch, so a failure leaves both at the old version and the
 * step is retried); then every other shard is asked to refresh the copies it
 * holds. A workout that was never listed and still is not is not published,
 * its delivery partners indexed all the same. While its author moves
 * to another shard the step waits (retried); a message naming the author's
 * old shard is read on its current one, before the move's cleanup and after.
 */
export async function publish(dbs: FlowDatabases, env: Env, m: PublishMessage): Promise<void> {
  const { directory, shard } = dbs;
  const found = await readDocument(shard(m.shard), m.workoutId);
  if (!found) {
    // Gone from the shard named (a move's cleanup took it): read where its author is now (./where.ts).
    const now = await shardHolding(dbs, m.shard, { table: workouts, key: workouts.id, owner: workouts.accountId, ids: [m.workoutId] });
    return now === m.shard ? undefined : publish(dbs, env, { ...m, shard: now });
  }
  const { document, authorName } = found;
  // The author moving to another shard: the step waits for the flip, then reads the workout where the author is now.
  const [author] = await partnerRows(directory, [document.workout.accountId]);
  if (writesPaused(author?.shardMove)) throw new PartnerMoving("publishing a workout");
  const now = author ? (author.shard ?? dbs.defaultShard) : m.shard;
  if (now !== m.shard) return publish(dbs, env, { ...m, shard: now });
  const [deliverers, named] = await Promise.all([deliverersOf(directory, document), workoutDeliverers(directory, m.workoutId)]);
  const index = indexStatements(directory, document, deliverers);
  // The partners added or removed read their deliveries again on this isolate (worker/tenant/deliverers.ts).
  const changed = symmetricDifference(
    deliverers,
    named.map((d) => d.partnerId),
  );
  if (document.workout.partnerVisibility === "private" && (await publishedVersion(directory, m.workoutId)) === null) {
    await runBatch(d1Of(directory), index);
    return deliveriesChanged(m.workoutId, changed);
  }
  // The publish statement is a query builder, which renders to SQL like the index's.
  await runBatch(d1Of(directory), [publishStatement(directory, m.shard, authorName, document) as unknown as Statement, ...index]);
  deliveriesChanged(m.workoutId, changed);
  const others = shardsOf(env).filter((s) => s.name !== m.shard);
  await sendFlows(
    env,
    others.map((s) => ({ kind: "refresh", shard: s.name, workoutId: m.workoutId, version: document.workout.version })),
  );
}

/**
 * Refreshing one shard's copy to the published version, in one batch, only
 * over an older copy (compare-and-set on the copy's version, checked in the
 * batch). A shard without a copy, with one as new, that is the author's
 * own, or whose copy only partners placed elsewhere now hold, has nothing to do; a published version older than asked is not there
 * yet (retried).
 */
export async function refresh(dbs: FlowDatabases, m: RefreshMessage): Promise<void> {
  const { directory } = dbs;
  const target = dbs.shard(m.shard);
  const [published, held] = await Promise.all([publishedWorkout(directory, m.workoutId), heldVersion(target, m.workoutId)]);
  if (held === null || !published || published.shard === m.shard) return;
  if (published.version < m.version) throw new Error(`version ${m.version} of workout ${m.workoutId} is not published yet`);
  if (held >= published.version) return;
  // A copy only partners that moved away hold (left for the move's cleanup) is not written: theirs is on their new shard.
  if (!(await heldOn({ source: target, directory, shard: m.shard, defaultShard: dbs.defaultShard }, m.workoutId))) return;
  const partners = await partnersOf(directory, published.document);
  // Over an older copy only: a refresh that a newer one overtook is refused whole and has nothing to do.
  await writeWorkoutCopy(target, published.document, partners);
}

/**
 * The cron's repair of a lost publish step (the send after the commit
 * failed): the shard's workouts changed in the last day whose published
 * version is older than theirs (or that are listed and not published) are
 * published again. Copies held for other authors are left to their refresh;
 * the workouts of the partners in `quiet` (moving to another shard) wait for
 * the first run after the move, on their new shard.
 */
export async function republishLagging(
  source: Db,
  directory: Db,
  env: { FLOW_QUEUE: Queue },
  shard: string,
  now: Date,
  quiet: readonly string[] = [],
): Promise<number> {
  const changed = await changedSince(source, new Date(now.getTime() - DAY_MS).toISOString(), quiet);
  const published = await publishedVersions(
    directory,
    changed.map((w) => w.id),
  );
  const lagging = changed.filter((w) => {
    const p = published.get(w.id);
    return p ? p.shard === shard && p.version < w.version : w.partnerVisibility !== "private";
  });
  await sendFlows(
    env,
    lagging.map((w) => ({ kind: "publish", shard, workoutId: w.id })),
  );
  return lagging.length;
}

/**
 * The cron's fill and repair of the delivery index: the shard's workouts with
 * delivery partners that the index holds at an older version or not at all
 * (written before the index existed, or their publish step lost) get their
 * publish step again, which indexes them (and publishes a listed one over an
 * older version only). Idempotent: once indexed, a workout is not sent again.
 */
export async function reindexDeliveries(
  source: Db,
  directory: Db,
  env: { FLOW_QUEUE: Queue },
  shard: { name: string; isDefault: boolean },
  quiet: readonly string[] = [],
): Promise<number> {
  const lagging = await unindexedWorkouts(source, directory, shard.name, shard.isDefault, quiet);
  await sendFlows(
    env,
    lagging.map((w) => ({ kind: "publish", shard: shard.name, workoutId: w.id })),
  );
  return lagging.length;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The ids in one list and not the other. */
const symmetricDifference = (a: readonly string[], b: readonly string[]) => [...a.filter((x) => !b.includes(x)), ...b.filter((x) => !a.includes(x))];
