/**
 * My List: each signed-in user keeps an ordered list of workouts per account.
 * Every function works on the caller's own list in the acting account only;
 * another user's or another account's item is absent.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { SavedItemDto } from "../../contract/saved";
import { savedItems, workouts } from "../../db/schema";
import type { Db } from "../env";
import type { AccountScope } from "../http/endpoint";
import { conflict, invalid, notFound } from "../http/errors";
import { MESSAGES } from "../../contract/messages";
import { canReadWorkout } from "./visibility";

export function savedItemsOf(db: Db, scope: AccountScope) {
  const { accountId, userId } = { accountId: scope.account.id, userId: scope.user.id };
  const mine = and(eq(savedItems.accountId, accountId), eq(savedItems.userId, userId));

  async function list(): Promise<SavedItemDto[]> {
    const rows = await db
      .select({ item: savedItems, workout: { title: workouts.title, name: workouts.name, subtitle: workouts.subtitle, category: workouts.category } })
      .from(savedItems)
      .innerJoin(workouts, eq(workouts.id, savedItems.workoutId))
      .where(mine)
      .orderBy(asc(savedItems.sequence), asc(savedItems.createdAt));
    return rows.map(({ item, workout }) => ({
      id: item.id,
      sequence: item.sequence,
      workoutId: item.workoutId,
      title: workout.title || workout.name,
      subtitle: workout.subtitle,
      category: workout.category,
    }));
  }

  return {
    list,
    /** Saves a workout the caller may see (404 otherwise), last in the list; 409 when already there. */
    async save(workoutId: string): Promise<SavedItemDto> {
      if (!(await canReadWorkout(db, scope, workoutId))) throw notFound("Workout not found");
      // One statement: the position is read and taken in the same write, so two saves at once never share it.
      const id = crypto.randomUUID();
      const now = new Date().toISOString();
      const inserted = await db.all<{
        id: string;
      }>(sql`INSERT INTO saved_items (id, account_id, user_id, item_type, workout_id, sequence, created_at, updated_at)
      SELECT ${id}, ${accountId}, ${userId}, 'workout', ${workoutId}, coalesce(max(sequence), -1) + 1, ${now}, ${now}
      FROM saved_items WHERE account_id = ${accountId} AND user_id = ${userId}
      ON CONFLICT DO NOTHING RETURNING id`);
      const [added] = inserted;
      if (!added) throw conflict("This workout is already in your list", { workoutId: "Value already exists" });
      return (await list()).find((i) => i.id === added.id)!;
    },
    /**
     * Moves an item to `sequence`, one of the list's positions (0 … length − 1,
     * as the list reads at the moment of the write; else 400 "Invalid sequence
     * position" and nothing moves). One statement renumbers the whole list from
     * its order at that moment (the item at its new place, the others closing
     * up), so moves made at once apply one after the other and never leave two
     * items on one position.
     */
    async move(itemId: string, sequence: number): Promise<SavedItemDto[]> {
      const moved = await db.all<{ id: string }>(sql`UPDATE saved_items SET sequence = o.pos FROM (
        SELECT id, CASE WHEN rn < ${sequence} THEN rn ELSE rn + 1 END AS pos FROM (
          SELECT id, row_number() OVER (ORDER BY sequence, created_at, id) - 1 AS rn
          FROM saved_items WHERE account_id = ${accountId} AND user_id = ${userId} AND id <> ${itemId})
        UNION ALL
        SELECT id, ${sequence} FROM saved_items WHERE id = ${itemId} AND account_id = ${accountId} AND user_id = ${userId}
      ) AS o
      WHERE saved_items.id = o.id AND saved_items.account_id = ${accountId} AND saved_items.user_id = ${userId}
        AND EXISTS (SELECT 1 FROM saved_items WHERE id = ${itemId} AND account_id = ${accountId} AND user_id = ${userId})
        AND ${sequence} < (SELECT count(*) FROM saved_items WHERE account_id = ${accountId} AND user_id = ${userId})
      RETURNING saved_items.id`);
      if (!moved.some((r) => r.id === itemId)) {
        const [held] = await db
          .select({ id: savedItems.id })
          .from(savedItems)
          .where(and(eq(savedItems.id, itemId), mine))
          .limit(1);
        if (held) throw invalid({ sequence: MESSAGES.invalidSequence });
        throw notFound("Saved item not found");
      }
      return list();
    },
    async remove(itemId: string): Promise<void> {
      const gone = await db
        .delete(savedItems)
        .where(and(eq(savedItems.id, itemId), mine))
        .returning({ id: savedItems.id });
      if (!gone[0]) throw notFound("Saved item not found");
    },
  };
}
