/** The signed-in user's own row and the accounts it is an active member of. */
import { and, eq } from "drizzle-orm";
import { accountUsers, accounts, users } from "../../db/schema";
import type { Db } from "../env";
import type { UserScope } from "../http/endpoint";
import type { ProductUser } from "../identity/context";
import { inSession } from "./customers";
import { theRow } from "./query";

/** The caller's active memberships the session may act for, by account name. */
export function membershipsOf(db: Db, { auth, user }: UserScope) {
  return db
    .select({ id: accounts.id, authId: accounts.authId, name: accounts.name, type: accounts.type, role: accountUsers.role })
    .from(accountUsers)
    .innerJoin(accounts, eq(accounts.id, accountUsers.accountId))
    .where(and(eq(accountUsers.userId, user.id), eq(accountUsers.status, "active"), inSession(auth.partnerScope)))
    .orderBy(accounts.name);
}

/** Saves the caller's own details; answers the row. */
export async function saveUser(db: Db, scope: UserScope, patch: Partial<ProductUser>): Promise<ProductUser> {
  return theRow(await db.update(users).set(patch).where(eq(users.id, scope.user.id)).returning(), "saved user");
}

/** Stops offering the caller's pending invites in onboarding; answers the row. */
export async function clearOnboardingInvites(db: Db, scope: UserScope): Promise<ProductUser | undefined> {
  const [cleared] = await db.update(users).set({ onboardingInvitesClearedAt: new Date().toISOString() }).where(eq(users.id, scope.user.id)).returning();
  return cleared;
}
