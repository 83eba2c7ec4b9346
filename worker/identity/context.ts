import { AsyncLocalStorage } from "node:async_hooks";
import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Context } from "hono";
import { accountUsers, accounts, users } from "../../db/schema";
import { clerkChosen } from "../config";
import type { AppEnv, Db } from "../env";
import { mainOrigin, registeredOrigin } from "../tenant/origins";
import type { Tenant } from "../tenant/resolve";
import { forbidden, invalid, unauthenticated } from "../http/errors";
import type { IdentityEnv } from "./embedded";
import { verifyClerk, verifyEmbeddedToken, type AuthContext } from "./tokens";
import { sessionOnHost } from "./host-session";
import { TIME_ZONE_HEADER } from "../../contract/time-zone-header";
import { claimRead, isolateCache, type Refreshable } from "../http/isolate-cache";
import { theRow } from "../data/query";
import { reusableQuery } from "../data/reusable";
import { inSession } from "../data/customers";
import { keepUserCopy, membershipShards, membershipsOn, shardOfOrganization } from "../data/users";
import { defaultShard } from "../d1/shards";
import { actOnShard, refuseWhileMoving, refuseWritesWhileMoving, routeAgain, shardDb } from "../tenant/scope";

export type ProductUser = typeof users.$inferSelect;
export type Account = typeof accounts.$inferSelect;
export type Role = "owner" | "admin" | "member";

export type ClerkEnv = IdentityEnv & {
  CLERK_PUBLISHABLE_KEY?: string;
  CLERK_SECRET_KEY?: string;
  CLERK_JWT_KEY?: string;
};

/**
 * Clerk as soon as any of its keys is set; the embedded provider otherwise.
 * A partial Clerk configuration never falls back to the embedded provider:
 * worker/config.ts refuses to serve until every Clerk key is set.
 */
export function identityProvider(env: ClerkEnv): "clerk" | "embedded" {
  return clerkChosen(env) ? "clerk" : "embedded";
}

/**
 * Where the identity provider answers for this request: its base URL and the
 * origins it trusts. The main domain (the operator's own hosts) is served as
 * itself; a connected partner domain only under its registered origin (exact
 * scheme, host and port), never under whatever origin the request claims; an
 * unknown host not at all (null).
 */
export function providerOrigins(
  env: { APP_ENV: string; MAIN_ORIGIN: string },
  tenant: Tenant,
  requestOrigin: string,
): { base: string; trusted: string[] } | null {
  const main = mainOrigin(env);
  if (tenant.mode === "main") return { base: requestOrigin, trusted: [...new Set([main, requestOrigin])] };
  if (!tenant.partner) return null;
  const registered = registeredOrigin(env, tenant.host);
  return { base: registered, trusted: [main, registered] };
}

/** Origins allowed to use the identity provider (Clerk's authorised parties too): see providerOrigins. */
export function trustedOrigins(c: Context<AppEnv>): string[] {
  return providerOrigins(c.env, c.get("tenant"), new URL(c.req.url).origin)?.trusted ?? [mainOrigin(c.env)];
}

function bearer(c: Context<AppEnv>): string | null {
  const header = c.req.header("Authorization") ?? "";
  return header.match(/^Bearer\s+(.+)$/i)?.[1]?.trim() ?? null;
}

/** Splits a display name into first and last name. */
function names(name: string | null): { firstName: string | null; lastName: string | null } {
  const [firstName, ...rest] = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (!firstName) return { firstName: null, lastName: null };
  return { firstName, lastName: rest.join(" ") || null };
}

/**
 * Product user rows of verified callers, kept per isolate for a short while:
 * every API call needs the caller's row, and in production each D1 read is a
 * round trip to the database's region. Changes made in this isolate replace
 * the entry at once (`rememberUser`); other isolates see them within the TTL.
 * A row older than USER_FRESH_MS is read again by the next request, while
 * the requests that come meanwhile keep the cached row (`claimRead`).
 */
const USER_TTL_MS = 30_000;
const USER_FRESH_MS = 20_000;
const USER_MAX = 5_000;
const knownUsers = isolateCache<string, Refreshable & { user: ProductUser; copies: Set<string> }>(USER_MAX);

/**
 * Keeps (or refreshes) the cached row of a user after this isolate read or
 * changed it, with the shards whose copy of the row this isolate has made
 * current (`onShard`); a changed row is current only where it was written.
 */
export function rememberUser(user: ProductUser, onShard?: string): void {
  const known = knownUsers.get(user.authId);
  const same = known && JSON.stringify(known.user) === JSON.stringify(user);
  const copies = same ? known.copies : new Set<string>();
  if (onShard) copies.add(onShard);
  knownUsers.set(user.authId, { at: Date.now(), user, copies });
}

/** The caller's user row read from the directory now (for screens that show the row itself). */
export async function freshUser(c: Context<AppEnv>, authId: string): Promise<ProductUser | undefined> {
  const [row] = await c.get("directory").select().from(users).where(eq(users.authId, authId)).limit(1);
  if (row) rememberUser(row);
  return row;
}

/** The product's user row for this identity, created on first sight. */
async function productUser(c: Context<AppEnv>, auth: AuthContext): Promise<ProductUser> {
  const shard = c.get("shard").name;
  const hit = knownUsers.get(auth.userId);
  if (hit && !claimRead(hit, Date.now(), USER_FRESH_MS, USER_TTL_MS)) {
    // A cached row is used as is only where this isolate made its copy current:
    // a request on another shard writes rows that point at the user there.
    if (!hit.copies.has(shard)) await ensureUserCopy(c, hit.user);
    return hit.user;
  }
  const user = await loadProductUser(c, auth);
  rememberUser(user, shard);
  return user;
}

/** Makes the request's shard hold a current copy of the user's row (one read, a write only when missing or stale). */
export async function ensureUserCopy(c: Context<AppEnv>, user: ProductUser): Promise<void> {
  const shard = c.get("db");
  const name = c.get("shard").name;
  if (shard !== c.get("directory")) {
    const [copy] = await shard.select().from(users).where(eq(users.authId, user.authId)).limit(1);
    await keepUserCopy(shard, user, copy);
  }
  knownUsers.get(user.authId)?.copies.add(name);
}

/**
 * The user's row in the directory (their source, created there on first
 * sight), read side by side with the copy in the request's shard, which is
 * written when missing or out of date (worker/data/users.ts keepUserCopy): the
 * shard's rows that point at the user (memberships, bookings, reviews, audit)
 * and its name look-ups stay in one database.
 */
async function loadProductUser(c: Context<AppEnv>, auth: AuthContext): Promise<ProductUser> {
  const directory = c.get("directory");
  const shard = c.get("db");
  const byAuthId = (db: Db) => db.select().from(users).where(eq(users.authId, auth.userId)).limit(1);
  const [found, copy] = await Promise.all([byAuthId(directory), shard === directory ? null : byAuthId(shard)]);
  const user = found[0] ?? (await createProductUser(directory, auth));
  if (copy) await keepUserCopy(shard, user, copy[0]);
  return user;
}

async function createProductUser(directory: Db, auth: AuthContext): Promise<ProductUser> {
  const inserted = await directory
    .insert(users)
    .values({ authId: auth.userId, email: auth.email ?? "", ...names(auth.name) })
    .onConflictDoNothing()
    .returning();
  if (inserted[0]) return inserted[0];
  // Another request inserted the same user meanwhile: its row is there now.
  return theRow(await directory.select().from(users).where(eq(users.authId, auth.userId)).limit(1), "product user");
}

/**
 * Takes a verified identity as this request's caller (the server-rendered
 * page verifies the session's token itself, then reads what the client needs
 * to start through the same rules as the API).
 */
export async function adoptCaller(c: Context<AppEnv>, auth: AuthContext): Promise<{ auth: AuthContext; user: ProductUser }> {
  const caller = { auth, user: await productUser(c, auth) };
  c.set("caller", caller);
  return caller;
}

/**
 * The signed-in caller: the verified token and the product user. Throws 401
 * without a valid token, or with one this host does not take (./host-session.ts).
 * Memoised per request.
 */
export async function requireUser(c: Context<AppEnv>): Promise<{ auth: AuthContext; user: ProductUser }> {
  const known = c.get("caller");
  if (known) return known;
  const token = bearer(c);
  if (!token) throw unauthenticated();
  const env = c.env as ClerkEnv;
  const auth =
    identityProvider(env) === "clerk"
      ? await verifyClerk({ jwtKey: env.CLERK_JWT_KEY!, authorizedParties: trustedOrigins(c) }, token)
      : await verifyEmbeddedToken(c.get("directory"), token);
  const here = auth && (await sessionOnHost(c.get("directory"), c.get("tenant"), auth));
  if (!here) throw unauthenticated();
  const caller = { auth: { ...here, sentTimeZone: c.req.header(TIME_ZONE_HEADER) ?? null }, user: await productUser(c, here) };
  c.set("caller", caller);
  return caller;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Said when a session made for one partner's domain asks for an account outside that partner. */
export const NOT_AVAILABLE_HERE = "This account is not available on this partner's site";

/**
 * Whether the session may act for `account`: any account of its user, except
 * that a session made by the satellite hand-off for a partner's domain acts
 * only for that partner and its customers (a partner controls its domain's
 * DNS, so what reaches that domain must not open another tenant's data).
 */
export function availableInSession(auth: AuthContext, account: Pick<Account, "id" | "parentAccountId">): boolean {
  const scope = auth.partnerScope;
  return !scope || account.id === scope || account.parentAccountId === scope;
}

export type Acting = { auth: AuthContext; user: ProductUser; account: Account; role: Role };

/**
 * The caller's active membership of the account asked for, if the session may
 * act for it (`scoped`: only under its partner), with the account: rendered
 * once per isolate (worker/data/reusable.ts).
 */
const partnerRow = alias(accounts, "partner_row");
const membershipOf = (db: Db, scoped: boolean) => () =>
  db
    .select({
      account: accounts,
      role: accountUsers.role,
      // The shard this shard's rows say the account lives on (its partner's; a partner's own): null, the default.
      home: sql<string | null>`case when ${accounts.type} = 'partner' then ${accounts.shard} else ${partnerRow.shard} end`.as("home_shard"),
    })
    .from(accountUsers)
    .innerJoin(accounts, eq(accounts.id, accountUsers.accountId))
    .leftJoin(partnerRow, eq(partnerRow.id, accounts.parentAccountId))
    .where(
      and(
        eq(accountUsers.userId, sql.placeholder("userId")),
        eq(accountUsers.accountId, sql.placeholder("accountId")),
        eq(accountUsers.status, "active"),
        inSession(scoped ? sql.placeholder("partnerScope") : null),
      ),
    )
    .limit(1);

/**
 * The caller's active memberships on every shard, each with its shard: the
 * request's shard is read side by side with the directory's list of where the
 * caller's accounts are (identity memberships ⋈ routing rows) and with the
 * other shards this isolate last found them on (`membershipHints`); another
 * shard the list names is then read, one call each. A caller whose accounts
 * are all on the request's shard, or where they were a moment ago, costs one
 * sequential round trip.
 * Each account is listed once, from its home shard as the directory places
 * it: a shard that keeps an account that moved away (a customer re-linked to
 * a partner on another shard, its history left there) does not list it.
 */
export async function callerMemberships(
  c: Context<AppEnv>,
  scope: { auth: AuthContext; user: ProductUser },
): Promise<{ account: Account; role: Role; partnerName: string | null; shard: string; moving: boolean }[]> {
  const here = c.get("shard").name;
  const fallback = defaultShard(c.env);
  const readOn = async (shard: string) => (await membershipsOn(shardDb(c, shard), scope)).map((m) => ({ ...m, shard }));
  // The other shards this isolate last found the caller's accounts on are read beside the directory's list, not after it.
  const hinted = (membershipHints.get(scope.user.id)?.shards ?? []).filter((s) => s !== here);
  const [located, local, early] = await Promise.all([
    scope.auth.provider === "embedded" ? membershipShards(c.get("directory"), scope) : [],
    membershipsOn(c.get("db"), scope),
    Promise.all(hinted.map(readOn)),
  ]);
  const home = new Map(located.map((l) => [l.accountId, l.shard ?? fallback]));
  // Whether the account's partner has its writes paused for a move to another shard (the same routing rows).
  const moving = new Set(located.flatMap((l) => (l.moving ? [l.accountId] : [])));
  const elsewhere = [...new Set(home.values())].filter((s) => s !== here);
  membershipHints.set(scope.user.id, { shards: elsewhere });
  // A shard the hint did not name (an account added or moved since) is read now; one it named that holds none is left out.
  const late = await Promise.all(elsewhere.filter((s) => !hinted.includes(s)).map(readOn));
  const others = [...early.filter((_rows, i) => elsewhere.includes(hinted[i]!)).flat(), ...late.flat()];
  const all = [...local.map((m) => ({ ...m, shard: here })), ...others];
  // An account the directory does not place (a Clerk caller's) counts where it was read, once.
  const atHome = all.filter((m) => (home.get(m.account.id) ?? m.shard) === m.shard);
  return atHome.filter((m, i) => atHome.findIndex((n) => n.account.id === m.account.id) === i).map((m) => ({ ...m, moving: moving.has(m.account.id) }));
}

/**
 * The shards other than a request's that a user's accounts were on when this
 * isolate last listed them (per user, bounded): only a hint of what to read
 * beside the directory's list, which decides. A wrong or missing hint costs
 * a call or a level, never an account.
 */
const membershipHints = isolateCache<string, { shards: string[] }>(USER_MAX);

/**
 * The account the caller acts as: `X-Account-Id`, honoured only when the
 * caller is an active member of it (embedded), or it is the caller's active
 * Clerk organisation. Without the header, the caller's only account. 403 and
 * nothing done otherwise.
 */
export async function requireAccount(c: Context<AppEnv>): Promise<Acting> {
  const { auth, user } = await requireUser(c);
  const known = c.get("acting");
  if (known) return known;
  const header = c.req.header("X-Account-Id")?.trim();
  if (header !== undefined && !UUID.test(header)) throw invalid({ "X-Account-Id": "Not a valid UUID" });
  const db = c.get("db");
  let acting: Acting | null = null;
  const read = pageMemberships.getStore();
  const member = auth.provider === "embedded" && header && read?.userId === user.id ? read.memberships.get(header) : undefined;
  if (member) {
    acting = { auth: { ...auth, orgId: member.account.authId, orgRole: member.role, orgSlug: null }, user, account: member.account, role: member.role };
  } else if (auth.provider === "clerk") {
    // Without the header the request is on the default shard: the organisation's account may be on another.
    if (!header && auth.orgId) actOnShard(c, (await shardOfOrganization(c.get("directory"), auth.orgId)) ?? defaultShard(c.env));
    const rows = await c
      .get("db")
      .select()
      .from(accounts)
      .where(header ? and(eq(accounts.id, header), eq(accounts.authId, auth.orgId ?? "")) : eq(accounts.authId, auth.orgId ?? ""))
      .limit(1);
    const role = auth.orgRole === "admin" || auth.orgRole === "owner" ? auth.orgRole : "member";
    if (rows[0]) acting = { auth: { ...auth }, user, account: rows[0], role };
    if (rows[0] && !header) await refuseWritesWhileMoving(c, rows[0].id);
  } else if (!header) {
    // The caller's only account, wherever it is; the request then acts on its shard.
    const found = await callerMemberships(c, { auth, user });
    const [only] = found;
    if (only && found.length === 1) {
      // Found here rather than from the host or X-Account-Id (checked there): a write waits while its partner moves shard.
      refuseWhileMoving(c, only.moving);
      actOnShard(c, only.shard);
      acting = { auth: { ...auth, orgId: only.account.authId, orgRole: only.role, orgSlug: null }, user, account: only.account, role: only.role };
    } else if (found.length > 1) {
      throw invalid({ "X-Account-Id": "Required" }, "Say which account to act as");
    }
  } else {
    // X-Account-Id routed the request to the account's shard (worker/tenant/shard.ts): its membership is there.
    const scoped = Boolean(auth.partnerScope);
    const membership = (on: Db) =>
      reusableQuery(on, `membership-of-account${scoped ? "-in-partner" : ""}`, membershipOf(on, scoped), {
        userId: user.id,
        accountId: header,
        ...(scoped ? { partnerScope: auth.partnerScope } : {}),
      });
    let [first] = await membership(db);
    // A miss, or a row that names another home: the cached routing may be older than a re-link (worker/tenant/scope.ts routeAgain).
    if ((!first || (first.home ?? defaultShard(c.env)) !== c.get("shard").name) && (await routeAgain(c, header))) [first] = await membership(c.get("db"));
    if (first) acting = { auth: { ...auth, orgId: first.account.authId, orgRole: first.role, orgSlug: null }, user, account: first.account, role: first.role };
  }
  if (!acting) throw forbidden("You are not a member of this account");
  if (!availableInSession(auth, acting.account)) throw forbidden(NOT_AVAILABLE_HERE);
  c.set("acting", acting);
  return acting;
}

/**
 * The caller's active memberships as a server-rendered page read them a
 * moment ago: the API reads that page answers in-process (worker/ssr/loaders.ts)
 * take the membership from here instead of reading it once per read.
 */
const pageMemberships = new AsyncLocalStorage<{ userId: string; memberships: Map<string, { account: Account; role: Role }> }>();

export function withPageMemberships<T>(userId: string, memberships: Map<string, { account: Account; role: Role }>, run: () => T): T {
  return pageMemberships.run({ userId, memberships }, run);
}

/** A member of a partner account (jobs, slots). */
export async function requirePartner(c: Context<AppEnv>): Promise<Acting> {
  const acting = await requireAccount(c);
  if (acting.account.type !== "partner") throw forbidden("Only partner accounts can do this");
  return acting;
}

/** A member of a customer account (booking). */
export async function requireCustomer(c: Context<AppEnv>): Promise<Acting> {
  const acting = await requireAccount(c);
  if (acting.account.type !== "customer") throw forbidden("Only customer accounts can do this");
  return acting;
}

/** Partner admin screens: a partner account and the org role admin or owner. */
export async function requirePartnerAdmin(c: Context<AppEnv>): Promise<Acting> {
  const acting = await requireAccount(c);
  if (acting.account.type !== "partner") throw forbidden("Only partner accounts can do this");
  if (acting.role === "member") throw forbidden("Only owners and admins can do this");
  return acting;
}

export async function requireAccountAdmin(c: Context<AppEnv>): Promise<Acting> {
  const acting = await requireAccount(c);
  if (acting.role === "member") throw forbidden("Only owners and admins can do this");
  return acting;
}
