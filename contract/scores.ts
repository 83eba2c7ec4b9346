import { z } from "zod";
import { Category, ScoreSource } from "./enums";

/** The name every score summary gives the overall score. */
export const SCORE_NAME = "TechFIT";

/**
 * The score summary (with the partner's score name and
 * the product's defaults) that Home shows: the overall fitness score (null before any
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

/** `GET v1/scores/fitness`: the active account's scores, newest first; `category` "all" (default) means no filter. */
export const ScoresQuery = z.object({
  category: z.enum(["all", ...Category], { error: "Not a category" }).default("all"),
  includeEntries: z.enum(["true", "false"], { error: "Must be true or false" }).default("false"),
});

export const ScoreEntryDto = z.object({ id: z.string(), assesseeName: z.string().nullable(), value: z.number(), submittedAt: z.string() });

export const ScoreDto = z
  .object({
    id: z.string(),
    category: z.enum(Category),
    score: z.number(),
    scorePercent: z.number().int(),
    source: z.enum(ScoreSource),
    assessedAt: z.string().nullable(),
    createdAt: z.string(),
    entryCount: z.number().int(),
    /** Only with includeEntries=true. */
    entries: z.array(ScoreEntryDto).optional(),
  })
  .meta({ id: "Score" });
export type ScoreDto = z.infer<typeof ScoreDto>;

/** "Orphaned score": a submitted score whose assessee matches no customer's member. */
export const OrphanedScoreDto = z
  .object({
    id: z.string(),
    category: z.enum(Category),
    score: z.number(),
    scorePercent: z.number().int(),
    assesseeName: z.string().nullable(),
    assesseeEmail: z.string().nullable(),
    entryCount: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "OrphanedScore" });
export type OrphanedScoreDto = z.infer<typeof OrphanedScoreDto>;

/** `POST v1/admin/scores/fitness/associate-assessment`: give an orphaned score to one of the partner's customers. */
export const AssociateScoreBody = z
  .object({ scoreId: z.string().uuid("Not a valid UUID"), accountId: z.string({ error: "Required" }).uuid("Not a valid UUID") })
  .meta({ id: "AssociateScore" });
export type AssociateScoreBody = z.infer<typeof AssociateScoreBody>;
