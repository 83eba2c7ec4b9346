import { z } from "zod";
import { optionalText, requiredLine, unchangedIfAbsent, uuid } from "./forms";
import { MESSAGES } from "./messages";
import { onePlaceEach } from "./positions";
import { datesInOrder, optionalDate } from "./workouts";

// ─── Price groups ───────────────────────────────────────────────────────────

export const PriceGroupBody = z.object({ name: requiredLine(80), description: unchangedIfAbsent(optionalText(500)) }).meta({ id: "PriceGroupInput" });
export type PriceGroupBody = z.input<typeof PriceGroupBody>;

export const PriceGroupDto = z
  .object({ id: z.string(), name: z.string(), description: z.string().nullable(), customerCount: z.number(), updatedAt: z.string() })
  .meta({ id: "PriceGroup" });
export type PriceGroupDto = z.infer<typeof PriceGroupDto>;

// ─── Featured groups ────────────────────────────────────────────────────────

/** At least one workout; dates in order (start not before today is checked by the worker on change). */
export const FeaturedGroupBody = datesInOrder(
  z.object({
    title: requiredLine(120),
    subtitle: unchangedIfAbsent(optionalText(300)),
    startDate: unchangedIfAbsent(optionalDate),
    endDate: unchangedIfAbsent(optionalDate),
    /** Workout ids in display order (each once: a repeated one is "Invalid sequence position"). */
    workoutIds: z
      .array(uuid, { error: MESSAGES.noItems })
      .min(1, MESSAGES.featuredGroupNeedsWorkout)
      .max(50)
      .superRefine(onePlaceEach((id) => id)),
  }),
).meta({ id: "FeaturedGroupInput" });
export type FeaturedGroupBody = z.input<typeof FeaturedGroupBody>;

export const FeaturedGroupDto = z
  .object({
    id: z.string(),
    title: z.string(),
    subtitle: z.string().nullable(),
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
    items: z.array(z.object({ workoutId: z.string(), title: z.string(), sequence: z.number() })),
    updatedAt: z.string(),
  })
  .meta({ id: "FeaturedGroup" });
export type FeaturedGroupDto = z.infer<typeof FeaturedGroupDto>;

export const GroupIdParam = z.object({ id: uuid });
