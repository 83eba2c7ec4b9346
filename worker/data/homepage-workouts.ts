/** The workouts Home can show, read with its layout. */
import { and, eq, sql } from "drizzle-orm";
import { Category } from "../../contract/enums";
import { featuredGroupItems, homepageSlots, workouts } from "../../db/schema";
import { categoryReadSize, type CatalogueSetSql } from "./catalogue";

/** Workouts a category or recommended slot shows at most. */
export const SLOT_WORKOUTS = 12;

/**
 * The workouts a partner's stored layout can show, as catalogue sets read in
 * the same batch as the layout (catalogueSetReads): those its slots and its
 * featured groups name, then for each category the highest-priority ones when
 * a category slot names it (none otherwise). Rows, groups and slots out of
 * date are read too; only what Home shows is answered.
 */
export function layoutSets(partnerId: string): CatalogueSetSql[] {
  const named = sql`${workouts.id} in (select value from ${homepageSlots}, json_each(${homepageSlots.workoutIds}) where ${homepageSlots.accountId} = ${partnerId}
    union select ${featuredGroupItems.workoutId} from ${featuredGroupItems} where ${featuredGroupItems.accountId} = ${partnerId})`;
  const shown = (c: Category) =>
    sql`exists (select 1 from ${homepageSlots} where ${homepageSlots.accountId} = ${partnerId} and ${homepageSlots.itemType} = 'category' and ${homepageSlots.category} = ${c})`;
  // A named workout is read once however often it is named: every one of them fits (-1: no limit).
  return [{ where: named, limit: -1 }, ...Category.map((c) => ({ where: and(eq(workouts.category, c), shown(c))!, limit: categoryReadSize(SLOT_WORKOUTS) }))];
}
