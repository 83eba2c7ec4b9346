import { z } from "zod";
import { Category } from "./enums";
import { uuid } from "./forms";
import { position } from "./positions";

// ─── Saved items (My List): the "Saved item" record and v1/admin/saved-items ───

/** A saved workout of the signed-in user in the active account, in the user's order. */
export const SavedItemDto = z
  .object({
    id: z.string(),
    sequence: z.number().int(),
    workoutId: z.string(),
    title: z.string(),
    subtitle: z.string().nullable(),
    category: z.enum(Category),
  })
  .meta({ id: "SavedItem" });
export type SavedItemDto = z.infer<typeof SavedItemDto>;

/** `POST v1/admin/saved-items`: save a workout the caller may see (added last). */
export const SaveItemBody = z.object({ workoutId: uuid }).meta({ id: "SaveItem" });
export type SaveItemBody = z.infer<typeof SaveItemBody>;

/**
 * `PUT v1/admin/saved-items/{id}`: move the item to `sequence` (0-based
 * position, one of the list's: 0 … length − 1, else 400 "Invalid sequence
 * position" and nothing moves; the others close up).
 */
export const MoveItemBody = z
  .object({
    id: uuid,
    sequence: position,
  })
  .meta({ id: "MoveSavedItem" });
export type MoveItemBody = z.infer<typeof MoveItemBody>;

export const SavedItemIdParam = z.object({ id: uuid });
