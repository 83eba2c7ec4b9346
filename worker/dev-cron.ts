/**
 * POST /dev/cron/plans?time=<ISO instant>: the cron's plan step (renewals,
 * refreshes, expiries: worker/data/plan-renewals.ts) on every shard, as the
 * scheduled handler runs it at that instant. Development only, on the
 * product's own host (requireDevHost), 404 everywhere else.
 *
 * End-to-end journeys use it to see credits refresh a month on: the whole
 * scheduled handler at that instant (`/cdn-cgi/handler/scheduled?time=`)
 * would also expire every mail body older than 30 days from then and send a
 * month's reminders, under the other journeys sharing the server.
 */
import { Hono } from "hono";
import { requireDevHost } from "./config";
import { database } from "./db";
import { shardBinding, shardsOf } from "./d1/shards";
import { renewPlans } from "./data/plan-renewals";
import type { AppEnv } from "./env";
import { invalid } from "./http/errors";

export const devCron = new Hono<AppEnv>();

devCron.post("/dev/cron/plans", async (c) => {
  requireDevHost(c);
  const time = new Date(c.req.query("time") ?? "");
  if (Number.isNaN(time.getTime())) throw invalid({ time: "Invalid date" });
  const runs = await Promise.all(shardsOf(c.env).map((s) => renewPlans(database(shardBinding(c.env, s.name)), time)));
  return c.json({
    renewed: runs.reduce((n, r) => n + r.renewed, 0),
    refreshed: runs.reduce((n, r) => n + r.refreshed, 0),
    expired: runs.reduce((n, r) => n + r.expired, 0),
  });
});
