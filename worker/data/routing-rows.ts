/**
 * The directory's copy of a customer account: its routing row, kept to what
 * the directory's readers need (docs/decisions/2026-11-27-directory-routing-rows.md).
 * They read a customer's id, type, name, identity organisation, partner and
 * former shards (routing, memberships, invites, the partner a mail speaks
 * for, the hand-off's check); the organisation's own details (website,
 * industry, size, address, location, zone, logo, price group) are read from
 * its shard only, so the directory's copy leaves them unset. A partner's row
 * stays whole: its look, language, zone and addresses are read from the
 * directory by mail and by other partners, and it is the source of the
 * reference copies on other shards. On the shard that is the directory's own
 * database the two copies are one row, written whole by the shard's write.
 * Rows written before this rule had their details nulled by the contract
 * step (migration 0025, docs/decisions/2026-11-27-routing-rows-contracted.md).
 */
import type { Account } from "../identity/context";

/** A customer's columns the directory's copy leaves unset (nullable, read from the shard only). */
export const CUSTOMER_DETAILS = ["industry", "size", "website", "logoKey", "primaryEmail", "location", "timeZone", "priceGroupId"] as const;
type Detail = (typeof CUSTOMER_DETAILS)[number];

const isDetail = (key: string): key is Detail => (CUSTOMER_DETAILS as readonly string[]).includes(key);

/** The row the directory keeps of an account: a customer's without its details, a partner's whole. */
export function directoryRow<T extends { type: Account["type"] }>(row: T): T {
  if (row.type !== "customer") return row;
  return Object.fromEntries(Object.entries(row).filter(([key]) => !isDetail(key))) as T;
}

/** The part of a change of the account that the directory's copy keeps; null when none of it is kept there. */
export function directoryPatch<T extends Partial<Account>>(type: Account["type"], patch: T): Partial<T> | null {
  const kept = type === "customer" ? Object.fromEntries(Object.entries(patch).filter(([key]) => !isDetail(key))) : patch;
  return Object.keys(kept).length ? (kept as Partial<T>) : null;
}

/** The columns of an account its owners change (its details, currency, language, logo, zone); the directory keeps what directoryPatch keeps of them. */
export const PROFILE_COLUMNS = ["name", "website", "industry", "size", "primaryEmail", "currency", "location", "language", "logoKey", "timeZone"] as const;

/** What the directory's copy keeps of an account's row on its shard (directoryPatch of its profile columns); null: none. */
export function directoryPart(row: Account): Partial<Account> | null {
  return directoryPatch(row.type, Object.fromEntries(PROFILE_COLUMNS.map((key) => [key, row[key]])) as Partial<Account>);
}

/** A customer's details, to fill a copy that may be the directory's routing row (a customer moving to the directory's own database). */
export function customerDetails(row: Pick<Account, Detail>): Pick<Account, Detail> {
  return Object.fromEntries(CUSTOMER_DETAILS.map((key) => [key, row[key]])) as Pick<Account, Detail>;
}
