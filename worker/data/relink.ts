/**
 * The re-link of a customer to a partner on another shard, as steps the flow
 * consumer runs (worker/flows/relink.ts), each idempotent, each on one
 * database: copy the customer to the new shard (unlinked, so no partner sees
 * it yet), switch the directory's routing row (compare-and-set on the old
 * partner: the commit point), then name the new partner on both shards. The
 * compensation drops the unlinked copy, or puts a switch back.
 * The customer's history (jobs, credits, scores, audit) stays on the old
 * shard, stamped with the partner it happened under.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { accountUsers, accounts, teamMemberships, teams, users, type Account } from "../../db/schema";
import type { Db } from "../env";
import { referenceCopies } from "./partner-numbers";
import { batch, type Stmt } from "./query";
import { linkTerms } from "../domain/accounts";
import { customerDetails } from "./routing-rows";

/** The customer's account, members and teams on its current shard; null when the account is gone. */
export async function customerSnapshot(source: Db, customerId: string) {
  const [account, members, teamRows, memberships] = await source.batch([
    source.select().from(accounts).where(eq(accounts.id, customerId)).limit(1),
    source.select().from(accountUsers).where(eq(accountUsers.accountId, customerId)),
    source.select().from(teams).where(eq(teams.accountId, customerId)),
    source.select().from(teamMemberships).where(eq(teamMemberships.accountId, customerId)),
  ]);
  return account[0] ? { account: account[0], members, teams: teamRows, memberships } : null;
}

export type CustomerSnapshot = NonNullable<Awaited<ReturnType<typeof customerSnapshot>>>;

/**
 * Step 1, on the new shard: the customer's account (unlinked: no partner
 * lists it yet; in the new partner's currency, with no price group: linkTerms),
 * its members' user rows (from the directory, the source) and
 * its members and teams, each inserted unless there (runs again harmlessly).
 */
export async function copyCustomer(directory: Db, target: Db, snapshot: CustomerSnapshot, partner: { currency: Account["currency"] }): Promise<void> {
  const userIds = snapshot.members.map((m) => m.userId);
  // The new partner's groups are its own: no price group (linkTerms).
  const { priceGroupId: _group, ...details } = customerDetails(snapshot.account);
  const people = userIds.length ? await directory.select().from(users).where(inArray(users.id, userIds)) : [];
  const statements: Stmt[] = [
    // On the directory's own database the row is there already, the directory's routing row without a customer's details: they are filled in.
    target
      .insert(accounts)
      .values({ ...snapshot.account, parentAccountId: null, ...linkTerms(partner) })
      .onConflictDoUpdate({ target: accounts.id, set: { ...details, ...linkTerms(partner) } }),
    ...people.map((p) => target.insert(users).values(p).onConflictDoNothing()),
    ...snapshot.members.map((m) => target.insert(accountUsers).values(m).onConflictDoNothing()),
    ...snapshot.teams.map((t) => target.insert(teams).values(t).onConflictDoNothing()),
    ...snapshot.memberships.map((m) => target.insert(teamMemberships).values(m).onConflictDoNothing()),
  ];
  await batch(target, statements);
}

/**
 * Step 2, on the directory: the routing row names the new partner (and the
 * customer's currency with it: `to.currency`), only if it still names the
 * old one. "switched" also when it already names the new one (the step ran
 * before); "lost" when it names a third (another re-link won).
 * `leaving`, the shard the customer leaves, joins its former shards in the
 * same write (once), so its history there is found from the routing row.
 */
export async function switchRouting(
  directory: Db,
  customerId: string,
  from: string | null,
  to: { partnerId: string | null; currency?: Account["currency"] },
  leaving?: string,
): Promise<"switched" | "lost"> {
  const changed = await directory
    .update(accounts)
    .set({ parentAccountId: to.partnerId, ...(to.currency ? { currency: to.currency } : {}), ...(leaving ? { formerShards: withFormerShard(leaving) } : {}) })
    .where(and(eq(accounts.id, customerId), from === null ? isNull(accounts.parentAccountId) : eq(accounts.parentAccountId, from)))
    .returning({ id: accounts.id });
  if (changed.length) return "switched";
  return (await routedPartner(directory, customerId)) === to.partnerId ? "switched" : "lost";
}

/** The routing row's former shards with `shard` added unless it is there (SQL, for the switch's own update). */
const withFormerShard = (shard: string) => {
  const list = sql`coalesce(${accounts.formerShards}, '[]')`;
  return sql`case when exists (select 1 from json_each(${list}) where value = ${shard}) then ${list} else json_insert(${list}, '$[#]', ${shard}) end`;
};

/** Step 3, on a shard: the customer's row names the partner (with the partner's reference copy for its key); null unlinks it. */
export async function settleLink(db: Db, customerId: string, partner: Account | null): Promise<void> {
  await batch(db, [
    ...(partner ? referenceCopies(db, [partner]) : []),
    db
      .update(accounts)
      .set({ parentAccountId: partner?.id ?? null })
      .where(eq(accounts.id, customerId)),
  ]);
}

/** Compensation, on the new shard: the copy goes while it is unlinked (its members and teams with it). */
export async function dropCopy(target: Db, customerId: string): Promise<void> {
  await target.delete(accounts).where(and(eq(accounts.id, customerId), isNull(accounts.parentAccountId)));
}

/** The customer's partner in the directory (the routing row). */
export async function routedPartner(directory: Db, customerId: string): Promise<string | null> {
  const [row] = await directory.select({ parent: accounts.parentAccountId }).from(accounts).where(eq(accounts.id, customerId)).limit(1);
  return row?.parent ?? null;
}
