/**
 * The partners whose rows background work leaves alone while they move to
 * another shard (docs/decisions/2026-11-27-background-work-during-a-move.md):
 * the cron skips them, the queue consumers retry their messages. Read from
 * the directory's routing rows (accounts.shard_move), once per run or batch.
 */
import { alias } from "drizzle-orm/sqlite-core";
import { and, eq, isNotNull, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { accounts, type ShardMove } from "../../db/schema";
import { leftAloneOn, writesPaused } from "../domain/shard-move";
import type { Db } from "../env";
import { inList } from "./bound";

export type PartnerMove = { partnerId: string; move: ShardMove };

/** Every partner with a move recorded (a handful at most: moves are an operator's rare work). */
export async function partnerMoves(directory: Db): Promise<PartnerMove[]> {
  const rows = await directory
    .select({ partnerId: accounts.id, move: accounts.shardMove })
    .from(accounts)
    .where(and(eq(accounts.type, "partner"), isNotNull(accounts.shardMove)));
  return rows.flatMap((r) => (r.move ? [{ partnerId: r.partnerId, move: r.move }] : []));
}

/** The partners whose rows on `shard` are left alone (worker/domain/shard-move.ts leftAloneOn). */
export const quietPartnersOn = (moves: readonly PartnerMove[], shard: string): string[] =>
  moves.filter((m) => leftAloneOn(m.move, shard)).map((m) => m.partnerId);

/**
 * `column` names no account of these partners (the partners and their
 * customers, as the shard's accounts say); a row naming no account passes.
 * Undefined, so `and(…)` ignores it, when no partner is left alone.
 */
export function outsidePartners(column: SQLiteColumn | SQL, partnerIds: readonly string[]): SQL | undefined {
  if (!partnerIds.length) return undefined;
  const list = JSON.stringify(partnerIds);
  return sql`(${column} is null or ${column} not in (select q.id from accounts q
    where q.id in (select value from json_each(${list})) or q.parent_account_id in (select value from json_each(${list}))))`;
}

/** Where an account is now, for an account whose partner has a move recorded. */
export type MovingAccount = { shard: string | null; moving: boolean };

/** An account's partner, joined on its parent (`leftJoin(routingPartner, eq(routingPartner.id, accounts.parentAccountId))`). */
export const routingPartner = alias(accounts, "partner");

/** The routing columns of an account and of its partner (routingPartner joined), to tell where it is. */
export const routingColumns = (partner = routingPartner) => ({
  type: accounts.type,
  own: accounts.shard,
  ownMove: accounts.shardMove,
  partners: partner.shard,
  partnersMove: partner.shardMove,
});

type RoutingRow = { type: string; own: string | null; ownMove: ShardMove | null; partners: string | null; partnersMove: ShardMove | null };

/** Where a row of routingColumns routes and its move: a partner's own, a customer's its partner's. */
export const routed = (r: RoutingRow): { shard: string | null; move: ShardMove | null } =>
  r.type === "partner" ? { shard: r.own, move: r.ownMove } : { shard: r.partners, move: r.partnersMove };

/**
 * Of these accounts, those whose partner (a partner: itself) has a move
 * recorded: the shard the directory routes them to now and whether their
 * writes are paused. One directory read; accounts of partners not moving
 * are not in the answer.
 */
export async function movingAccounts(directory: Db, accountIds: readonly string[]): Promise<Map<string, MovingAccount>> {
  const ids = [...new Set(accountIds)];
  if (!ids.length) return new Map();
  const rows = await directory
    .select({ id: accounts.id, ...routingColumns() })
    .from(accounts)
    .leftJoin(routingPartner, eq(routingPartner.id, accounts.parentAccountId))
    .where(and(inList(accounts.id, ids), or(isNotNull(accounts.shardMove), isNotNull(routingPartner.shardMove))));
  return new Map(
    rows.flatMap((r) => {
      const { shard, move } = routed(r);
      return move ? [[r.id, { shard, moving: writesPaused(move) }] as const] : [];
    }),
  );
}
