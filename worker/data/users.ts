/** The signed-in user's own row and the accounts it is an active member of. */
import { and, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { accountUsers, accounts, authMembers, users } from "../../db/schema";
import { writesPaused } from "../domain/shard-move";
import type { Db } from "../env";
import type { UserScope } from "../http/endpoint";
import type { ProductUser } from "../identity/context";
import { inSession } from "./customers";
import { routed, routingColumns, routingPartner } from "./quiet-partners";
import { theRow } from "./query";
import { writeThenRead } from "./reusable";
import { d1Of, raw, runBatch, type Statement } from "./statements";

/**
 * The caller's active memberships on one shard that the session may act for
 * (whole accounts, with the role), each with the name of the partner it is a
 * customer of (null: a partner's own account, or a customer with no partner),
 * from the shard's copy of the partner's account in the same query: a
 * customer lives on its partner's shard.
 */
export function membershipsOn(shard: Db, { auth, user }: UserScope) {
  const partner = alias(accounts, "provider");
  return shard
    .select({ account: accounts, role: accountUsers.role, partnerName: partner.name })
    .from(accountUsers)
    .innerJoin(accounts, eq(accounts.id, accountUsers.accountId))
    .leftJoin(partner, eq(partner.id, accounts.parentAccountId))
    .where(and(eq(accountUsers.userId, user.id), eq(accountUsers.status, "active"), inSession(auth.partnerScope)));
}

/**
 * Where the caller's accounts are, as the directory knows them: the identity
 * provider's memberships (auth_members) joined to the accounts' routing rows,
 * each account with the shard of its partner (null: not placed, the default
 * shard), its one home however many shards hold a copy of it (a customer that
 * re-linked across shards keeps its old row there, with its history). Whether
 * a membership is active, and its role, are the home shard's.
 */
export async function membershipShards(
  directory: Db,
  { auth }: Pick<UserScope, "auth">,
): Promise<{ accountId: string; shard: string | null; moving: boolean }[]> {
  const rows = await directory
    .selectDistinct({ accountId: accounts.id, ...routingColumns() })
    .from(authMembers)
    .innerJoin(accounts, eq(accounts.authId, authMembers.organizationId))
    .leftJoin(routingPartner, eq(routingPartner.id, accounts.parentAccountId))
    .where(and(eq(authMembers.userId, auth.userId), inSession(auth.partnerScope)));
  return rows.map((r) => {
    const { shard, move } = routed(r);
    return { accountId: r.accountId, shard, moving: writesPaused(move) };
  });
}

/**
 * Whether a partner of any of the caller's accounts (a customer's partner, a
 * partner itself) has its writes paused for a move: its identity
 * memberships (embedded) or its active organisation (Clerk), joined to the
 * routing rows. One directory read; accounts of partners not moving are not
 * read back.
 */
export async function callerAccountsMoving(directory: Db, auth: UserScope["auth"]): Promise<boolean> {
  const organisations =
    auth.provider === "clerk"
      ? auth.orgId
        ? eq(accounts.authId, auth.orgId)
        : null
      : inArray(accounts.authId, directory.select({ id: authMembers.organizationId }).from(authMembers).where(eq(authMembers.userId, auth.userId)));
  if (!organisations) return false;
  const rows = await directory
    .select(routingColumns())
    .from(accounts)
    .leftJoin(routingPartner, eq(routingPartner.id, accounts.parentAccountId))
    .where(and(organisations, or(isNotNull(accounts.shardMove), isNotNull(routingPartner.shardMove))));
  return rows.some((r) => writesPaused(routed(r).move));
}

/** The shard of the account whose identity organisation is `orgId`, from its routing row (null: none placed or no such account). */
export async function shardOfOrganization(directory: Db, orgId: string): Promise<string | null | undefined> {
  const partner = alias(accounts, "partner");
  const [row] = await directory
    .select({ type: accounts.type, own: accounts.shard, partners: partner.shard })
    .from(accounts)
    .leftJoin(partner, eq(partner.id, accounts.parentAccountId))
    .where(eq(accounts.authId, orgId))
    .limit(1);
  return row && (row.type === "partner" ? row.own : row.partners);
}

/**
 * Saves the caller's own details in the directory (the users' source) and in
 * the request's shard's copy, side by side; answers the directory's row. A
 * shard without a copy yet gets one from `keepUserCopy` when the user next
 * shows up there.
 */
export async function saveUser(directory: Db, shard: Db, scope: UserScope, patch: Partial<ProductUser>): Promise<ProductUser> {
  const [saved] = await Promise.all([
    directory.update(users).set(patch).where(eq(users.id, scope.user.id)).returning(),
    shard === directory ? null : shard.update(users).set(patch).where(eq(users.id, scope.user.id)),
  ]);
  return theRow(saved, "saved user");
}

/**
 * The audit entries of a user's change of time zone: one in the trail of
 * each account the user belongs to on this shard (a customer's trail, or the
 * partner's own), by the user, the zone from → to.
 */
function timeZoneEntries(userId: string, from: string | null, to: string): Statement {
  const data = JSON.stringify({ field: "timeZone", change: { kind: "name", from, to } });
  return raw(sql`INSERT INTO audit_entries (id, account_id, code, subject_type, subject_id, user_id, data)
    SELECT lower(hex(randomblob(16))), ${accountUsers.accountId}, 'userTimeZoneChanged', 'user', ${userId}, ${userId}, ${data}
    FROM ${accountUsers} WHERE ${accountUsers.userId} = ${userId}`);
}

/**
 * Saves the caller's time zone; a zone that differs from the stored one is
 * recorded (timeZoneEntries) in the same batch as the shard's copy. The same
 * zone again (the browser sends it on every first load) writes no entry.
 */
export async function saveTimeZone(directory: Db, shard: Db, scope: UserScope, timeZone: string): Promise<ProductUser> {
  if (scope.user.timeZone === timeZone) return saveUser(directory, shard, scope, { timeZone });
  const mine = eq(users.id, scope.user.id);
  const writes = [shard.update(users).set({ timeZone }).where(mine), timeZoneEntries(scope.user.id, scope.user.timeZone, timeZone)];
  if (shard === directory) return theRow((await writeThenRead(shard, writes, [shard.select().from(users).where(mine)]))[0], "saved user");
  const [saved] = await Promise.all([directory.update(users).set({ timeZone }).where(mine).returning(), runBatch(d1Of(shard), writes)]);
  return theRow(saved, "saved user");
}

/**
 * A shard's copy of a user (docs/decisions/2026-11-26-shard-placement.md:
 * `users` lives in both): written when it is missing or differs from the
 * directory's row `user`, idempotent (an upsert by id), nothing otherwise.
 */
export async function keepUserCopy(shard: Db, user: ProductUser, copy: ProductUser | undefined): Promise<void> {
  if (copy && JSON.stringify(copy) === JSON.stringify(user)) return;
  const { id: _id, ...rest } = user;
  await shard.insert(users).values(user).onConflictDoUpdate({ target: users.id, set: rest });
}

/** Stops offering the caller's pending invites in onboarding; answers the row. */
export async function clearOnboardingInvites(db: Db, scope: UserScope): Promise<ProductUser | undefined> {
  const [cleared] = await db.update(users).set({ onboardingInvitesClearedAt: new Date().toISOString() }).where(eq(users.id, scope.user.id)).returning();
  return cleared;
}
