/**
 * Partner numbers (TANs) and the partners they name. Every account's routing
 * row, with its TAN and (for a partner) its shard, is in the directory, so a
 * TAN is always looked up there, whichever shard its partner is on
 * (docs/decisions/2026-11-27-partner-numbers.md). What follows the look-up
 * reads and writes the request's shard.
 *
 * A shard row that names another partner (a delivery partner of a workout, a
 * customer's new partner, the author of a copied workout) needs that partner's
 * account row in the same shard, for its foreign key and for the reads that
 * show its name in one batch: the shard keeps a reference copy of the
 * partner's routing row, written (insert or ignore) in the same batch as the
 * row that names it.
 */
import { and, eq } from "drizzle-orm";
import { accounts, type Account } from "../../db/schema";
import type { Db } from "../env";
import { inList } from "./bound";
import type { Stmt } from "./query";

/** The partners with these TANs, by TAN (unknown TANs are absent): their routing rows, from the directory. */
export async function partnersByTan(directory: Db, tans: readonly string[]): Promise<Map<string, Account>> {
  const wanted = [...new Set(tans)];
  if (!wanted.length) return new Map();
  const rows = await directory
    .select()
    .from(accounts)
    .where(and(inList(accounts.tan, wanted), eq(accounts.type, "partner")));
  return new Map(rows.map((r) => [r.tan!, r]));
}

/** The partner with that TAN, or null, from the directory. */
export async function partnerByTan(directory: Db, tan: string): Promise<Account | null> {
  return (await partnersByTan(directory, [tan])).get(tan) ?? null;
}

/** The partners' whole routing rows, from the directory (to copy into a shard that names them). */
export async function partnerRows(directory: Db, ids: readonly string[]): Promise<Account[]> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return [];
  return directory
    .select()
    .from(accounts)
    .where(and(inList(accounts.id, wanted), eq(accounts.type, "partner")));
}

/**
 * Reference copies of partners' routing rows in a shard: inserted when the
 * shard has no row of that id (a partner on this shard keeps its own row
 * untouched). A partner's price group is its own shard's, never copied.
 */
export function referenceCopies(db: Db, partners: readonly Account[]): Stmt[] {
  return partners.map((p) =>
    db
      .insert(accounts)
      .values({ ...p, parentAccountId: null, priceGroupId: null })
      .onConflictDoNothing(),
  );
}
