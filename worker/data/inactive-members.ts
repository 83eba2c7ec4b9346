/**
 * The cron's clean-up of identity memberships that outlived their member's
 * status (docs/decisions/2026-11-27-inactive-memberships-swept.md): members
 * marked inactive before the directory learned to drop their `auth_members`
 * row, or whose drop was lost, still count for the satellite hand-off and
 * mail's partner branding. Run once per shard, again and again: a row already
 * gone is not there to remove.
 */
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { accountUsers, accounts, authMembers, sweepCursors, users } from "../../db/schema";
import type { Db } from "../env";
import { chunked, inList } from "./bound";
import { batch } from "./query";
import { outsidePartners } from "./quiet-partners";

/** Pairs of organisation and identity user per statement (their list is bound as one parameter). */
const PAIRS_PER_STATEMENT = 500;

/**
 * Inactive members read per run and shard: the batch after the sweep's cursor
 * (through the index on status and id), the cursor moved to its last one and
 * back to the start after the last batch, so the whole set is covered over
 * runs (every ten minutes: 72,000 members a day per shard) and no run reads
 * more than this, however many there are.
 */
export const INACTIVE_SWEEP_BATCH = 500;

/** The sweep's cursor for `shard`, in the directory. */
const cursorKey = (shard: string) => `inactiveMembers:${shard}`;

/**
 * Removes from the directory the identity memberships of the members this
 * shard holds as inactive, only for accounts the directory places on this
 * shard (`shard`; an unlinked customer or an unplaced partner is on
 * `defaultShard`): a customer's rows left on a shard it re-linked away from
 * are not its members' word, nor are those of the partners in `quiet` (moving
 * to another shard: the first run after the move sweeps them on their new
 * shard). One batch of INACTIVE_SWEEP_BATCH members after the cursor per
 * run; the cursor moves on in the same directory batch as the removal.
 * Answers how many rows it removed.
 */
export async function dropInactiveIdentityMemberships(
  source: Db,
  directory: Db,
  shard: string,
  defaultShard: string,
  quiet: readonly string[] = [],
): Promise<number> {
  const key = cursorKey(shard);
  const [cursor] = await directory.select({ position: sweepCursors.position }).from(sweepCursors).where(eq(sweepCursors.sweep, key)).limit(1);
  const outside = outsidePartners(accounts.id, quiet);
  const read = await source
    .select({
      id: accountUsers.id,
      orgId: accounts.authId,
      authUserId: users.authId,
      swept: outside ? sql<number>`case when ${outside} then 1 else 0 end` : sql<number>`1`,
    })
    .from(accountUsers)
    .leftJoin(accounts, eq(accounts.id, accountUsers.accountId))
    .leftJoin(users, eq(users.id, accountUsers.userId))
    .where(and(eq(accountUsers.status, "inactive"), gt(accountUsers.id, cursor?.position ?? "")))
    .orderBy(asc(accountUsers.id))
    .limit(INACTIVE_SWEEP_BATCH);
  // After the last batch the next run starts over.
  const position = read.length < INACTIVE_SWEEP_BATCH ? "" : read[read.length - 1]!.id;
  const moveCursor = directory
    .insert(sweepCursors)
    .values({ sweep: key, position })
    .onConflictDoUpdate({ target: sweepCursors.sweep, set: { position, updatedAt: new Date().toISOString() } });
  const inactive = read.filter((r) => Number(r.swept) === 1);
  const pairs = inactive.flatMap((r) => (r.orgId && r.authUserId ? [{ orgId: r.orgId, authUserId: r.authUserId }] : []));
  if (!pairs.length) {
    if ((cursor?.position ?? "") !== position) await batch(directory, [moveCursor]);
    return 0;
  }
  // The organisation's account as the directory places it (a partner its own shard, a customer its partner's).
  const placedHere = sql`exists (select 1 from ${accounts} a left join ${accounts} p on p.id = a.parent_account_id
    where a.auth_id = ${authMembers.organizationId}
    and coalesce(case when a.type = 'partner' then a.shard else p.shard end, ${defaultShard}) = ${shard})`;
  const removed = await batch(directory, [
    ...chunked(pairs, PAIRS_PER_STATEMENT).map((chunk) =>
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
    moveCursor,
  ]);
  return (removed.slice(0, -1) as { id: string }[][]).flat().length;
}
