import { database } from "./db";
import { defaultShard, shardBinding, shardsOf } from "./d1/shards";
import { removeUnconfirmedUsers } from "./data/auth-links";
import { pruneDirectory } from "./data/directory-prune";
import { dropInactiveIdentityMemberships } from "./data/inactive-members";
import { renewPlans } from "./data/plan-renewals";
import { sendReminders } from "./data/reminders";
import { requeueStale } from "./mail/outbox";
import { expireMailBodies } from "./mail/bodies";
import { reindexDeliveries, republishLagging } from "./flows/catalogue";
import { keepAndSend, requeueDirectoryKept, requeueKept } from "./flows/kept";
import { partnerMoves, quietPartnersOn } from "./data/quiet-partners";
import { pruneClaims } from "./data/time-claims";
import { alignCustomerCurrencies } from "./data/customer-currency";
import { backfillClaims } from "./data/claim-backfill";
import { sendFlows } from "./flows/queue";

/**
 * The cron trigger (wrangler.toml), once per shard, the shards side by side:
 * that shard's outbox rows whose queue message was lost are sent again (with
 * the shard's name), and beside them its kept flow steps whose retry window
 * is over (worker/flows/kept.ts: no step is lost), then its reminders now due are written once each
 * (worker/data/reminders.ts), then its plans renew and their credits refresh,
 * once per plan and period (worker/data/plan-renewals.ts), then the listed
 * workouts whose publish step was lost are published again
 * (worker/flows/catalogue.ts), and so are those the delivery index lags
 * behind, then the identity memberships of its inactive
 * members leave the directory (worker/data/inactive-members.ts), then its
 * delivering partners' time claims a day past their end expire
 * (worker/data/time-claims.ts), then linked customers whose currency is not
 * their partner's take it once nothing is priced in the old one
 * (worker/data/customer-currency.ts), and the next batch of its sessions booked
 * before claims existed gets its claims (worker/data/claim-backfill.ts; not
 * while any partner moves: the batch waits for the next run). Then, on the
 * directory, users who never confirmed their address are removed
 * (worker/data/auth-links.ts), then its expired sessions and verifications
 * and spent rate-limit counters are pruned (worker/data/directory-prune.ts),
 * beside them its kept flow steps now due are sent again (worker/flows/kept.ts),
 * and mail bodies past their retention leave R2 (worker/mail/bodies.ts). One shard's failure does not stop the others;
 * the run fails afterwards, naming it.
 *
 * A partner moving to another shard (worker/domain/shard-move.ts leftAloneOn)
 * is skipped on the shards its move touches, its customers with it: the
 * first run after the move does its work on its new shard
 * (docs/decisions/2026-11-27-background-work-during-a-move.md).
 */
export async function runScheduled(env: Env, scheduledTime: number): Promise<void> {
  const now = new Date(scheduledTime);
  const shards = shardsOf(env).map((s) => s.name);
  // Read once, before any shard: a move that begins during the run waits for its settle time before copying.
  const moves = await partnerMoves(database(env.DB));
  const results = await Promise.allSettled(
    shards.map(async (shard) => {
      const d1 = shardBinding(env, shard);
      const db = database(d1);
      const quiet = quietPartnersOn(moves, shard);
      await Promise.all([requeueStale(db, env, shard, undefined, quiet), requeueKept(db, env, shard, now, quiet)]);
      await sendReminders(d1, db, shard, env, now, quiet);
      await renewPlans(db, now, quiet);
      // Listed workouts whose publish step was lost go to the catalogue again (worker/flows/catalogue.ts).
      await republishLagging(db, database(env.DB), env, shard, now, quiet);
      // Workouts with delivery partners the directory's delivery index does not hold at their version (its first fill too).
      await reindexDeliveries(db, database(env.DB), env, { name: shard, isDefault: shard === defaultShard(env) }, quiet);
      await dropInactiveIdentityMemberships(db, database(env.DB), shard, defaultShard(env), quiet);
      // Delivering partners' time claims long past expire (worker/data/time-claims.ts).
      await pruneClaims(db, now, quiet);
      await alignCustomerCurrencies({ shard: db, directory: database(env.DB) }, { shard, defaultShard: defaultShard(env), quiet }, (m) =>
        keepAndSend(env, db, m),
      );
      if (!moves.length)
        await backfillClaims(
          { shard: db, directory: database(env.DB), open: (name) => database(shardBinding(env, name)) },
          shard,
          defaultShard(env),
          now,
          (steps) => sendFlows(env, steps),
        );
    }),
  );
  const directoryDb = database(env.DB);
  // What has expired is judged by the real clock: a run at a later instant (the dev cron's, a test's) removes no live session or user.
  const expiredBy = Math.min(scheduledTime, Date.now());
  // The unconfirmed users first: their sessions and links go with them, the pruning takes what is left expired.
  const directory = await Promise.allSettled([
    removeUnconfirmedUsers(directoryDb, expiredBy).then(() => pruneDirectory(directoryDb, expiredBy)),
    expireMailBodies(env.UPLOADS, now),
    // The steps kept in the directory's first batch of a request, those of every partner moving left for the next run.
    requeueDirectoryKept(
      directoryDb,
      env,
      now,
      moves.map((m) => m.partnerId),
    ),
  ]);
  const names = [...shards, "directory", "mail bodies", "directory steps"];
  const failed = [...results, ...directory].flatMap((r, i) => (r.status === "rejected" ? [{ database: names[i]!, error: r.reason as unknown }] : []));
  if (failed.length)
    throw new AggregateError(
      failed.map((f) => f.error),
      `Scheduled run failed on ${failed.map((f) => f.database).join(", ")}`,
    );
}
