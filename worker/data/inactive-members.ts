/**
 * The cron's clean-up of identity memberships that outlived their member's
 * status (docs/decisions/2026-11-27-inactive-memberships-swept.md): members
 * marked inactive before the directory learned to drop their `auth_members`
 * row, or whose drop was lost, still count for the satellite hand-off and
 * mail's partner branding. Run once per shard, again and again: a row already
 * gone is not there to remove.
 */
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { accountUsers, accounts, authMembers, users } from "../../db/schema";
import type { Db } from "../env";
import { chunked, inList } from "./bound";
import { batch } from "./query";
import { outsidePartners } from "./quiet-partners";

/** Pairs of organisation and identity user per statement (their list is bound as one parameter). */
const PAIRS_PER_STATEMENT = 500;

/**
 * Removes from the directory the identity memberships of the members this
 * shard holds as inactive, only for accounts the directory places on this
 * shard (`shard`; an unlinked customer or an unplaced partner is on
 * `defaultShard`): a customer's rows left on a shard it re-linked away from
 * are not its members' word, nor are those of the partners in `quiet` (moving
 * to another shard: the first run after the move sweeps them on their new
 * shard). Answers how many rows it removed.
 */
export async function dropInactiveIdentityMemberships(
  source: Db,
  directory: Db,
  shard: string,
  defaultShard: string,
  quiet: readonly string[] = [],
): Promise<number> {
  const inactive = await source
    .selectDistinct({ orgId: accounts.authId, authUserId: users.authId })
    .from(accountUsers)
    .innerJoin(accounts, eq(accounts.id, accountUsers.accountId))
    .innerJoin(users, eq(users.id, accountUsers.userId))
    .where(and(eq(accountUsers.status, "inactive"), isNotNull(accounts.authId), outsidePartners(accounts.id, quiet)));
  const pairs = inactive.flatMap((r) => (r.orgId ? [{ orgId: r.orgId, authUserId: r.authUserId }] : []));
  if (!pairs.length) return 0;
  // The organisation's account as the directory places it (a partner its own shard, a customer its partner's).
  const placedHere = sql`exists (select 1 from ${accounts} a left join ${accounts} p on p.id = a.parent_account_id
    where a.auth_id = ${authMembers.organizationId}
    and coalesce(case when a.type = 'partner' then a.shard else p.shard end, ${defaultShard}) = ${shard})`;
  const removed = await batch(
    directory,
    chunked(pairs, PAIRS_PER_STATEMENT).map((chunk) =>
      directory
        .delete(authMembers)
        .where(
          and(
            inList(
              authMembers.organizationId,
              chunk.map((p) => p.orgId),
            ),
            inList(
              sql`${authMembers.organizationId} || ' ' || ${authMembers.userId}`,
              chunk.map((p) => `${p.orgId} ${p.authUserId}`),
            ),
            placedHere,
          ),
        )
        .returning({ id: authMembers.id }),
    ),
  );
  return (removed as { id: string }[][]).flat().length;
}
