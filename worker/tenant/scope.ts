import type { MiddlewareHandler } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { BOOKMARK_COOKIE, BOOKMARK_HEADER, isAuthPath, meteredD1, newMeter, serverTiming, showsTimings, withRequestD1, type TimingEnv } from "../d1/metered";
import { bindingOf, defaultShard, shardBinding, shardsOf, type ShardEnv } from "../d1/shards";
import { d1Session, database, formatBookmarks, parseBookmarks, shardBookmark } from "../db";
import type { AccountLocation } from "../../contract/enums";
import { placePartner } from "../domain/regions";
import type { AppEnv } from "../env";
import { secureCookies } from "./origins";
import { hostOf, resolveTenant } from "./resolve";
import { chooseShard } from "./shard";

const sentBookmark = (c: Parameters<MiddlewareHandler<AppEnv>>[0]) => c.req.header(BOOKMARK_HEADER) ?? getCookie(c, BOOKMARK_COOKIE);

/**
 * The request's directory: a (read-replica) session of the DB binding, metered
 * (worker/d1/metered.ts), used by every path. The shard's session opens once
 * the tenant is known (tenantScope); each database keeps its own bookmark, and
 * both go back to the client in one value (worker/db.ts parseBookmarks).
 */
export const requestDatabases: MiddlewareHandler<AppEnv> = async (c, next) => {
  const meter = newMeter();
  const bookmark = sentBookmark(c);
  const d1 = meteredD1(d1Session(c.env.DB, c.req.method, parseBookmarks(bookmark).directory), meter);
  c.env = { ...c.env, DB: d1 };
  c.set("meter", meter);
  c.set("directory", database(d1));
  await withRequestD1(d1, next);
  // The D1 figures only where they tell nothing about who is registered (worker/d1/metered.ts showsTimings).
  const auth = isAuthPath(c.req.method, c.req.path);
  const timings = showsTimings(c.env as TimingEnv, { method: c.req.method, path: c.req.path, signedIn: Boolean(c.get("caller")) });
  if (timings) c.header("Server-Timing", serverTiming(meter));
  const shard = c.get("shard");
  const after = formatBookmarks(d1.bookmark(), shard ? { name: shard.name, bookmark: shard.d1.bookmark() } : null);
  if (after) {
    if (timings) c.header(BOOKMARK_HEADER, after);
    // Kept as a cookie only when the request succeeded: a refused one wrote nothing to read back. On the
    // provider's paths, whether this request wrote is not told: the cookie comes with every success.
    if ((auth || after !== bookmark) && c.res.status < 400)
      setCookie(c, BOOKMARK_COOKIE, after, { path: "/", httpOnly: true, sameSite: "Lax", secure: secureCookies(c.env), maxAge: 3600 });
  }
};

/**
 * The tenant and its shard: the host's partner, or on the main host
 * X-Account-Id's (worker/tenant/shard.ts), at most one directory call each on
 * a cold isolate and none on a warm one. `db` is then a session of the shard.
 */
export const tenantScope: MiddlewareHandler<AppEnv> = async (c, next) => {
  const host = hostOf(c.req.header("Host") ?? new URL(c.req.url).host);
  const meter = c.get("meter");
  const seen = (hit: boolean) => (meter.tenant = hit && meter.tenant !== "miss" ? "hit" : "miss");
  const directory = c.get("directory");
  const tenant = await resolveTenant(directory, host, c.env.MAIN_HOST, seen);
  const name = await chooseShard(directory, tenant, c.req.header("X-Account-Id"), defaultShard(c.env), seen);
  const shard = meteredD1(d1Session(shardBinding(c.env, name), c.req.method, shardBookmark(parseBookmarks(sentBookmark(c)), name)), meter);
  // A request answered in-process inside this one (worker/ssr/loaders.ts) reads the same sessions.
  c.env = { ...c.env, [bindingOf(name)]: shard };
  c.set("tenant", tenant);
  c.set("shard", { name, d1: shard });
  c.set("db", database(shard));
  await next();
};

/** Where a new partner goes, among this deployment's shards (worker/domain/regions.ts placePartner). */
export function placementFor(env: ShardEnv & object, location: AccountLocation | null | undefined) {
  return placePartner(location, shardsOf(env), defaultShard(env));
}
