/** A partner's own styling (branding): one row per partner account. */
import { eq } from "drizzle-orm";
import { stylings } from "../../db/schema";
import type { Db } from "../env";
import type { PartnerScope } from "../http/endpoint";
import { theRow } from "./query";

export type StylingRow = typeof stylings.$inferSelect;

/** The partner's stored styling, or null when it has none yet. */
export async function stylingOf(db: Db, scope: PartnerScope): Promise<StylingRow | null> {
  const row = await db.select().from(stylings).where(eq(stylings.accountId, scope.account.id)).limit(1);
  return row[0] ?? null;
}

/** Writes the partner's styling (created on first save); answers the stored row. */
export async function saveStyling(db: Db, scope: PartnerScope, values: Omit<Partial<typeof stylings.$inferInsert>, "accountId">): Promise<StylingRow> {
  const saved = await db
    .insert(stylings)
    .values({ accountId: scope.account.id, ...values })
    .onConflictDoUpdate({ target: stylings.accountId, set: values })
    .returning();
  return theRow(saved, "saved styling");
}
