/** A partner's own styling (branding): one row per partner account. */
import { eq } from "drizzle-orm";
import { DEFAULT_STYLING, type Styling } from "../../contract/styling";
import { accounts, stylings } from "../../db/schema";
import type { Db } from "../env";
import type { PartnerScope } from "../http/endpoint";
import { partnerStylingOf } from "../tenant/styling";
import { theRow } from "./query";

export type StylingRow = typeof stylings.$inferSelect;

/** The partner's stored styling, or null when it has none yet. */
export async function stylingOf(db: Db, scope: PartnerScope): Promise<StylingRow | null> {
  const row = await db.select().from(stylings).where(eq(stylings.accountId, scope.account.id)).limit(1);
  return row[0] ?? null;
}

/**
 * Writes the partner's styling (created on first save) in the directory, then
 * the same row to the partner's shard, whose copy brands the mail written
 * there (docs/decisions/2026-11-27-partner-brand-copies.md); answers the stored row.
 */
export async function saveStyling(
  { shard, directory }: { shard: Db; directory: Db },
  scope: PartnerScope,
  values: Omit<Partial<typeof stylings.$inferInsert>, "accountId">,
): Promise<StylingRow> {
  const saved = theRow(
    await directory
      .insert(stylings)
      .values({ accountId: scope.account.id, ...values })
      .onConflictDoUpdate({ target: stylings.accountId, set: values })
      .returning(),
    "saved styling",
  );
  const { accountId: _id, ...rest } = saved;
  await shard.insert(stylings).values(saved).onConflictDoUpdate({ target: stylings.accountId, set: rest });
  return saved;
}

/**
 * The read of the styling a partner's people see (its account's name with its
 * styling row), for a caller's batch; `partnerId` null reads nothing.
 */
export function partnerStylingQuery(db: Db, partnerId: string | null) {
  return db
    .select({ name: accounts.name, styling: stylings })
    .from(accounts)
    .leftJoin(stylings, eq(stylings.accountId, accounts.id))
    .where(eq(accounts.id, partnerId ?? ""))
    .limit(1);
}

/**
 * The styling that `partnerStylingQuery` read stands for: the partner's own,
 * a partner without one wears the product's look under its own name, and
 * no partner at all is the product's.
 */
export function partnerStylingFrom(rows: { name: string; styling: StylingRow | null }[]): Styling {
  const row = rows[0];
  return row ? partnerStylingOf(row.name, row.styling) : DEFAULT_STYLING;
}

/** The styling of a partner's people (see partnerStylingFrom). */
export async function partnerStyling(db: Db, partnerId: string | null): Promise<Styling> {
  if (!partnerId) return DEFAULT_STYLING;
  return partnerStylingFrom(await partnerStylingQuery(db, partnerId));
}
