import { z } from "zod";
import { Category, Currency, Difficulty, WorkoutFormat, WorkoutTag, WorkoutType } from "./enums";
import { MESSAGES } from "./messages";
import { PrerequisiteDto, SessionDto } from "./workouts";

/** The price a customer sees: credits on plan, money in the account's currency otherwise. */
export const PriceDto = z
  .union([z.object({ kind: z.literal("credits"), amount: z.number() }), z.object({ kind: z.literal("money"), amount: z.number(), currency: z.enum(Currency) })])
  .nullable();
export type PriceDto = z.infer<typeof PriceDto>;

export const CatalogueQuery = z.object({
  category: z.enum(Category, { error: "Unknown category" }).optional(),
  q: z.string().trim().max(100, "At most 100 characters").optional(),
  limit: z.coerce.number().int(MESSAGES.invalidQuantity).min(1, MESSAGES.invalidQuantity).max(100, MESSAGES.invalidQuantity).default(24),
  cursor: z.string().max(500).optional(),
});

export const CatalogueItem = z
  .object({
    id: z.string(),
    title: z.string(),
    subtitle: z.string().nullable(),
    category: z.enum(Category),
    type: z.enum(WorkoutType),
    difficulty: z.enum(Difficulty),
    totalMinutes: z.number(),
    maxAttendees: z.number(),
    icon: z.string().nullable(),
    /** The workout's first featured image, for cards (null: the card shows its category's illustration). */
    image: z.object({ url: z.string(), alt: z.string().nullable() }).nullable(),
    priority: z.number(),
    price: PriceDto,
  })
  .meta({ id: "CatalogueItem" });
export type CatalogueItem = z.infer<typeof CatalogueItem>;

export const CataloguePage = z.object({ items: z.array(CatalogueItem), nextCursor: z.string().nullable() });
export type CataloguePage = z.infer<typeof CataloguePage>;

export const CatalogueWorkout = CatalogueItem.extend({
  description: z.string().nullable(),
  format: z.enum(WorkoutFormat),
  greatFor: z.array(z.enum(WorkoutTag)),
  featuredMedia: z.array(z.object({ type: z.string(), url: z.string().optional(), alt: z.string().nullable().optional() })),
  variantId: z.string(),
  sessions: z.array(SessionDto),
  prerequisites: z.array(PrerequisiteDto),
  rating: z.object({ average: z.number().nullable(), count: z.number() }),
}).meta({ id: "CatalogueWorkout" });
export type CatalogueWorkout = z.infer<typeof CatalogueWorkout>;

// ─── Reviews ────────────────────────────────────────────────────────────────

export const ReviewBody = z.object({
  // A JSON number, never coerced (null, "5" and decimals are refused), like scores.
  rating: z.number({ error: "Choose 1 to 5" }).int("Choose 1 to 5").min(1, "Choose 1 to 5").max(5, "Choose 1 to 5"),
  comment: z
    .string()
    .trim()
    .max(2000, "At most 2000 characters")
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
});
export type ReviewBody = z.input<typeof ReviewBody>;

export const ReviewDto = z.object({
  id: z.string(),
  rating: z.number(),
  comment: z.string().nullable(),
  authorName: z.string(),
  mine: z.boolean(),
  createdAt: z.string(),
});
export type ReviewDto = z.infer<typeof ReviewDto>;

export const ReviewsDto = z
  .object({
    average: z.number().nullable(),
    count: z.number(),
    items: z.array(ReviewDto),
    /** The caller may leave a review: a member of a customer that completed the workout, without one yet. */
    canReview: z.boolean(),
  })
  .meta({ id: "Reviews" });
export type ReviewsDto = z.infer<typeof ReviewsDto>;
