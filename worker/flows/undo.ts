import { sql } from "drizzle-orm";
import { accounts, accountUsers } from "../../db/schema";
import { copyDirectoryParts } from "../data/directory-copy";
import { placementsOf } from "../data/step-shards";
import { rollLinkForward, takeBackLink, takeBackMemberStatus, takeBackOnboarding } from "../data/undo-steps";
import { shardNow } from "../domain/shard-move";
import type { CopyAccountMessage, UndoLinkMessage, UndoMemberStatusMessage, UndoOnboardingMessage } from "../domain/flows";
import type { FlowDatabases } from "./consumer";
import { shardHolding, shardOfRows } from "./where";

/**
 * The shard holding the rows a step names, with the directory (each step asks
 * the other database first: worker/data/undo-steps.ts). A step queued before
 * its partner moved names the old shard: its rows are found where they are now (./where.ts).
 */
const on = async (dbs: FlowDatabases, shard: Promise<string>) => ({ directory: dbs.directory, shard: dbs.shard(await shard) });

/** A new account's rows taken back on its shard, unless the directory's step went through (the account's partner, read from its row, tells where they are). */
export const undoOnboarding = async (dbs: FlowDatabases, m: UndoOnboardingMessage) =>
  takeBackOnboarding(
    await on(
      dbs,
      shardHolding(dbs, m.shard, {
        table: accounts,
        key: accounts.id,
        owner: sql<string>`coalesce(${accounts.parentAccountId}, ${accounts.id})`,
        ids: [m.accountId],
      }),
    ),
    m,
  );

/**
 * A same-shard link written on one database only, put back where the
 * directory routes the customer now. When a move has set the two partners
 * on different shards since (docs/decisions/2026-11-27-undo-link-follows-a-move.md,
 * docs/decisions/2026-11-27-undo-link-either-partner-moving.md), the rows that
 * took the link name the new partner on its shard (it carried them, or the
 * old partner's move left them behind) and cannot go back under the old
 * one: the directory follows them instead (rollLinkForward). One directory
 * read for the three placements.
 */
export async function undoLink(dbs: FlowDatabases, m: UndoLinkMessage): Promise<void> {
  const placed = await placementsOf(dbs.directory, [m.customerId, m.to, m.from]);
  const at = (id: string) => shardNow(m.shard, placed.get(id), dbs.defaultShard);
  const customerShard = at(m.customerId);
  const partnerShard = at(m.to);
  const apart = partnerShard !== (m.from ? at(m.from) : m.shard);
  if (apart && (await rollLinkForward({ directory: dbs.directory, shard: dbs.shard(partnerShard) }, m))) return;
  await takeBackLink({ directory: dbs.directory, shard: dbs.shard(customerShard) }, m);
}

/** The directory's identity membership following the member's status on its shard again. */
export const undoMemberStatus = async (dbs: FlowDatabases, m: UndoMemberStatusMessage) =>
  takeBackMemberStatus(
    await on(dbs, shardHolding(dbs, m.shard, { table: accountUsers, key: accountUsers.id, owner: accountUsers.accountId, ids: [m.memberId] })),
    m,
  );

/** The directory's copies of accounts (and of the partners' customers ahead of it) following what the shard holds of them, where those accounts are now. */
export const copyAccount = async (dbs: FlowDatabases, m: CopyAccountMessage) =>
  copyDirectoryParts(await on(dbs, shardOfRows(dbs, m.shard, [...m.accountIds, ...(m.followersOf ?? [])])), m.accountIds, m.followersOf);
