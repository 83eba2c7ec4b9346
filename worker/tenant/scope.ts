import type { Context, MiddlewareHandler } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { BOOKMARK_COOKIE, BOOKMARK_HEADER, isAuthPath, meteredD1, newMeter, serverTiming, showsTimings, withRequestD1, type TimingEnv } from "../d1/metered";
import { bindingOf, defaultShard, shardBinding, shardsOf, type ShardEnv } from "../d1/shards";
import { d1Session, database, formatBookmarks, parseBookmarks, shardBookmark } from "../db";
import type { AccountLocation } from "../../contract/enums";
import { placePartner } from "../domain/regions";
import type { AppEnv, Db } from "../env";
import type { PartnerShards, ShardOf } from "../data/partner-shards";
import { secureCookies } from "./origins";
import { hostOf, resolveTenant } from "./resolve";
import { callerAccountsMoving } from "../data/users";
import { paused } from "../http/errors";
import type { AuthContext } from "../identity/tokens";
import { accountPlacement, chooseShard, deliveriesPlacement, forgetAccountPlacement, partnerMoving, type AccountPlacement } from "./shard";
import { deliverersHint } from "./deliverers";

const sentBookmark = (c: Context<AppEnv>) => c.req.header(BOOKMARK_HEADER) ?? getCookie(c, BOOKMARK_COOKIE);

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
  if (writes(c)) refuseWhileMoving(c, await partnerMoving(directory, tenant, c.req.header("X-Account-Id")));
  c.set("tenant", tenant);
  enterShard(c, name);
  await next();
};

/** A metered session of the shard `name`, from the bookmark the client sent for it. */
const openShard = (c: Context<AppEnv>, name: string) =>
  meteredD1(d1Session(shardBinding(c.env, name), c.req.method, shardBookmark(parseBookmarks(sentBookmark(c)), name)), c.get("meter"));

/** Makes the shard `name` the request's `db`. */
function enterShard(c: Context<AppEnv>, name: string): void {
  const shard = openShard(c, name);
  // A request answered in-process inside this one (worker/ssr/loaders.ts) reads the same sessions.
  c.env = { ...c.env, [bindingOf(name)]: shard };
  c.set("shard", { name, d1: shard });
  c.set("db", database(shard));
}

/** The names of the shards this deployment binds. */
export const boundShards = (c: Context<AppEnv>): string[] => shardsOf(c.env).map((s) => s.name);

/** Where a new partner goes, among this deployment's shards (worker/domain/regions.ts placePartner). */
export function placementFor(env: ShardEnv & object, location: AccountLocation | null | undefined) {
  return placePartner(location, shardsOf(env), defaultShard(env));
}

/**
 * Another shard than the request's, for what one request reads or writes
 * across partners (the caller's memberships, an invite's account, a new
 * partner's rows): a session of that shard, metered with the request's D1
 * calls. The request's own shard is answered as `db`.
 */
export function shardDb(c: Context<AppEnv>, name: string): Db {
  return name === c.get("shard").name ? c.get("db") : database(openShard(c, name));
}

/**
 * Moves the request to the shard `name` (the caller's only account is there,
 * found through the directory: requireAccount on the product's host without
 * X-Account-Id). What runs after reads and writes that shard as `db`.
 */
export function actOnShard(c: Context<AppEnv>, name: string): void {
  if (name !== c.get("shard").name) enterShard(c, name);
}

/**
 * The shard of the account `accountId`: its partner's, from the routing rows
 * in the directory (cached like X-Account-Id's); unplaced, the default. A
 * write request that resolves the shard of an account whose partner moves
 * is refused here, before it writes anything there (every write that reaches
 * another account's rows finds their shard this way: an invite's account, a
 * delivering partner's times, a booking partner's job, a link's partner).
 */
export async function accountShardName(c: Context<AppEnv>, accountId: string): Promise<string> {
  const placement = await accountPlacement(c.get("directory"), accountId);
  refuseWhileMoving(c, Boolean(placement?.moving));
  return placement?.shard ?? defaultShard(c.env);
}

/**
 * The account `accountId` is not served on the request's shard as its cached
 * placement said (no membership there, or its row names a partner on another
 * shard: a re-link moved it since): the directory is read again, once,
 * past the cache, and the request moves to the shard it names. Answers
 * whether it moved.
 */
export async function routeAgain(c: Context<AppEnv>, accountId: string): Promise<boolean> {
  forgetAccountPlacement(accountId);
  const name = await accountShardName(c, accountId);
  if (name === c.get("shard").name) return false;
  actOnShard(c, name);
  return true;
}

/** The shard of the account `accountId` (accountShardName), as a Db. */
export async function accountShardDb(c: Context<AppEnv>, accountId: string): Promise<Db> {
  return shardDb(c, await accountShardName(c, accountId));
}

/**
 * The shards other than the request's where the account `accountId` lived
 * before a re-link moved it (its history stays there: jobs, credits, plans,
 * scores), as Dbs to read side by side with `db`. From the same cached
 * routing row as the request's shard: no call on a warm isolate, none at all
 * for an account that never moved.
 */
export async function historyShards(c: Context<AppEnv>, accountId: string): Promise<Db[]> {
  const placement = await accountPlacement(c.get("directory"), accountId);
  const here = c.get("shard").name;
  return [...new Set(placement?.former ?? [])].filter((name) => name !== here).map((name) => shardDb(c, name));
}

/** The request's shard and the directory, for data modules that read or write both. */
export const bothDatabases = (c: Context<AppEnv>) => ({ shard: c.get("db"), directory: c.get("directory") });

/**
 * The shards of other partners, for the data layer's reads and writes that
 * follow a partner to its own shard (a delivery partner's hours, a delivered
 * job's moves): each partner's shard from the directory's routing rows (looked
 * up side by side, cached per isolate), each shard opened once per request.
 */
export function partnerShards(c: Context<AppEnv>): PartnerShards {
  const here = c.get("shard").name;
  const opened = new Map<string, Db>();
  const open = (name: string) => {
    let db = opened.get(name);
    if (!db) opened.set(name, (db = shardDb(c, name)));
    return db;
  };
  // Partners with their shards (null: the default) as the shards other than the request's, each with its partners.
  const byShard = (partners: { partnerId: string; shard: string | null }[]): ShardOf[] => {
    const by = new Map<string, string[]>();
    for (const d of partners) {
      const name = d.shard ?? defaultShard(c.env);
      if (name !== here) by.set(name, [...new Set([...(by.get(name) ?? []), d.partnerId])]);
    }
    return [...by].map(([name, partnerIds]) => ({ name, db: open(name), partnerIds }));
  };
  return {
    here,
    open,
    elsewhere: async (partnerIds) => {
      const ids = [...new Set(partnerIds)].filter(Boolean);
      const named = await Promise.all(ids.map(async (id) => [id, await accountShardName(c, id)] as const));
      const by = new Map<string, string[]>();
      for (const [id, name] of named) if (name !== here) by.set(name, [...(by.get(name) ?? []), id]);
      return [...by].map(([name, ids]) => ({ name, db: open(name), partnerIds: ids }));
    },
    deliveringWorkout: async (workoutId) => byShard(await deliverersHint(c.get("directory"), workoutId)),
    deliveringFor: async (accountId) => byShard((await accountPlacement(c.get("directory"), accountId))?.deliveredBy ?? []),
    delivering: (partnerId) => {
      const { cached, fresh } = deliveriesPlacement(c.get("directory"), partnerId);
      const names = (placed: AccountPlacement | null) => [...new Set((placed?.delivering ?? []).map((name) => name ?? defaultShard(c.env)))];
      const now = cached.then((placed) => names(placed).filter((name) => name !== here));
      const later = fresh ? Promise.all([fresh, now]).then(([placed, read]) => names(placed).filter((name) => name !== here && !read.includes(name))) : [];
      const refs = (list: string[]) => list.map((name) => ({ name, db: open(name) }));
      return { now: now.then(refs), later: Promise.resolve(later).then(refs) };
    },
  };
}

/** A request that may write: anything but a read, and not the identity provider's (its writes are the directory's). */
const writes = (c: Context<AppEnv>) => !["GET", "HEAD", "OPTIONS"].includes(c.req.method) && !isAuthPath(c.req.method, c.req.path);

/** Refuses a write while its partner's data moves to another shard (503 with Retry-After; docs/decisions/2026-11-27-moving-a-partner.md). */
export function refuseWhileMoving(c: Context<AppEnv>, moving: boolean): void {
  if (moving && writes(c)) throw paused();
}

/**
 * The same refusal for a request whose account is found after the tenant
 * (the caller's only account, an organisation's, a link's partner): from the
 * account's cached routing row, read only for a write.
 */
export async function refuseWritesWhileMoving(c: Context<AppEnv>, accountId: string): Promise<void> {
  if (!writes(c)) return;
  refuseWhileMoving(c, Boolean((await accountPlacement(c.get("directory"), accountId))?.moving));
}

/**
 * The endpoint layer's check of every write, once its guard has found the
 * caller and before its input is read (docs/decisions/2026-11-27-writes-during-a-move-refused-as-a-class.md).
 * An acting account's partner moving was refused before: by tenantScope (the
 * host's partner, X-Account-Id's) or by requireAccount (the caller's only
 * account, a Clerk organisation's), from the same cached routing rows. What
 * is left is a signed-in user's own write (its details, its zone, an invite,
 * a new account): refused while a partner of any of the caller's accounts
 * moves, since the user's copy and its accounts' trails are on that
 * partner's shard (one directory read, only for those writes). A public
 * write names its partner itself (a link's), resolved through accountShardName.
 */
export async function refuseCallerWritesWhileMoving(c: Context<AppEnv>, scope: { auth: AuthContext; account?: unknown } | undefined): Promise<void> {
  if (!scope || scope.account || !writes(c)) return;
  refuseWhileMoving(c, await callerAccountsMoving(c.get("directory"), scope.auth));
}
