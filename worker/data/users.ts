/** The signed-in user's own row and the accounts it is an active member of. */
import { and, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { accountUsers, accounts, authMembers, users } from "../../db/schema";
import type { Db } from "../env";
import type { UserScope } from "../http/endpoint";
import type { ProductUser } from "../identity/context";
import { inSession } from "./customers";
import { theRow } from "./query";

/** The caller's active memberships on one shard that the session may act for (whole accounts, with the role). */
export function membershipsOn(shard: Db, { auth, user }: UserScope) {
  return shard
    .select({ account: accounts, role: accountUsers.role })
    .from(accountUsers)
    .innerJoin(accounts, eq(accounts.id, accountUsers.accountId))
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
export async function membershipShards(directory: Db, { auth }: Pick<UserScope, "auth">): Promise<{ accountId: string; shard: string | null }[]> {
  const partner = alias(accounts, "partner");
  const rows = await directory
    .selectDistinct({ accountId: accounts.id, type: accounts.type, own: accounts.shard, partners: partner.shard })
    .from(authMembers)
    .innerJoin(accounts, eq(accounts.authId, authMembers.organizationId))
    .leftJoin(partner, eq(partner.id, accounts.parentAccountId))
    .where(and(eq(authMembers.userId, auth.userId), inSession(auth.partnerScope)));
  return rows.map((r) => ({ accountId: r.accountId, shard: r.type === "partner" ? r.own : r.partners }));
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
