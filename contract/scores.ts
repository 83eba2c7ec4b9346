import { z } from "zod";

/**
 * The score summary (SPEC §3 "Partner summary", §9 defaults; DESIGN §6
 * Scores) that Home shows: the overall fitness score (null before any
 * assessment), and the workouts completed, remaining (the credit balance) and
 * the month streak.
 */
export const ScoreSummaryDto = z
  .object({
    name: z.string(),
    fitScoreVariant: z.literal("round"),
    score: z.number().int().min(0).max(100).nullable(),
    workouts: z.object({ completed: z.number().int(), remaining: z.number().int(), streak: z.number().int() }),
  })
  .meta({ id: "ScoreSummary" });
export type ScoreSummaryDto = z.infer<typeof ScoreSummaryDto>;
