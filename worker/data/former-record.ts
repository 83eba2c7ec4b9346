/**
 * What a customer did on the shards it lived on before a re-link moved it
 * (docs/decisions/2026-11-27-relinked-history.md): its scores and the
 * workouts it booked there, read side by side with the request's own shard,
 * for its own reads that count them (recommendations, prerequisites).
 */
import { and, eq, ne } from "drizzle-orm";
import type { Category } from "../../contract/enums";
import { jobs, scores } from "../../db/schema";
import type { Db } from "../env";
import { onEachShard } from "./query";

/** A score as recommendations and prerequisites compare it. */
export type RecordedScore = { category: Category; score: number; scorePercent: number; createdAt: string };

/** The customer's record on its former shards: scores newest first, workouts completed, workouts booked and not yet taken. */
export type FormerRecord = { scores: RecordedScore[]; completed: Set<string>; open: Set<string> };

/** One batch per former shard (none for a customer that never moved), the shards in parallel. */
export async function formerRecord(history: Db[] | Promise<Db[]>, customerId: string): Promise<FormerRecord> {
  const shards = await onEachShard(history, (old) =>
    old.batch([
      old
        .select({ category: scores.category, score: scores.score, scorePercent: scores.scorePercent, createdAt: scores.createdAt })
        .from(scores)
        .where(eq(scores.accountId, customerId)),
      old
        .selectDistinct({ workoutId: jobs.workoutId, status: jobs.status })
        .from(jobs)
        .where(and(eq(jobs.accountId, customerId), ne(jobs.status, "cancelled"))),
    ]),
  );
  const booked = shards.flatMap(([, j]) => j);
  return {
    scores: shards.flatMap(([s]) => s),
    completed: new Set(booked.filter((j) => j.status === "completed").map((j) => j.workoutId)),
    open: new Set(booked.filter((j) => j.status !== "completed").map((j) => j.workoutId)),
  };
}

/** `here`'s scores and the former shards', newest first (the latest per category is the current one). */
export const withFormerScores = <T extends { createdAt: string }>(here: readonly T[], former: readonly T[]): T[] =>
  former.length ? [...here, ...former].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0)) : [...here];
