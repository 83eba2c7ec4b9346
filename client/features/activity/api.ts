import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { JobDto, JobList } from "../../../contract/bookings";
import type { CategoryFilter } from "../../../contract/enums";
import { useAppUser } from "../../auth/useAppUser";
import { api } from "../../lib/api";
import { scoreKeys } from "../scores/keys";

export const activityKeys = {
  all: ["activity"] as const,
  sessions: (accountId: string) => ["activity", accountId, "sessions"] as const,
};

/** GET v1/scores/fitness with entries: the account's scores, newest first. */
export function useScores() {
  const { account } = useAppUser();
  return useQuery({
    queryKey: scoreKeys.mine(account?.id ?? "none"),
    queryFn: () => api.get("/v1/scores/fitness", { query: { includeEntries: "true" } }),
    enabled: account?.type === "customer",
  });
}

/**
 * The score summaries without entries, for the chart: all categories, or one
 * through the category read (`category=<category>`).
 */
export function useScoreHistory(category: CategoryFilter) {
  const { account } = useAppUser();
  return useQuery({
    queryKey: scoreKeys.history(account?.id ?? "none", category),
    queryFn: () => api.get("/v1/scores/fitness", { query: { category, includeEntries: "false" } }),
    enabled: account?.type === "customer",
  });
}

/** All of a list's jobs with one status, page by page (100 at a time) until the cursor runs out. */
async function everyJob(path: "/v1/jobs" | "/v1/bookings", status: "completed" | "inProgress"): Promise<JobDto[]> {
  const out: JobDto[] = [];
  let cursor: string | null = null;
  do {
    const page: z.output<typeof JobList> = await api.get(path, { query: { status, limit: 100, cursor: cursor ?? undefined } });
    out.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

/** A completed session line as Activity lists it: the workout, the session, when, and the other side (the customer, or who delivered it). */
function doneSession(job: JobDto, line: JobDto["lines"][number], completedAt: string, partnerSide: boolean) {
  return {
    id: line.id,
    workout: job.workout.title ?? job.workout.name,
    session: line.sessionName,
    completedAt,
    counterpart: partnerSide ? job.customer.name : (job.deliveryPartner?.name ?? job.partner.name),
  };
}
export type DoneSession = ReturnType<typeof doneSession>;

/**
 * The sessions completed so far: the lines with a completion time of the
 * account's jobs in progress or completed (bookings for a customer, jobs for
 * a partner), newest first.
 */
export function useCompletedSessions() {
  const { account } = useAppUser();
  const partnerSide = account?.type === "partner";
  const side = partnerSide ? "/v1/jobs" : "/v1/bookings";
  return useQuery({
    queryKey: activityKeys.sessions(account?.id ?? "none"),
    enabled: Boolean(account),
    queryFn: async () => {
      // Every page of each status, following the cursor: the timeframe may reach back further than one page.
      const all = await Promise.all((["completed", "inProgress"] as const).map((status) => everyJob(side, status)));
      const done: DoneSession[] = [];
      for (const job of all.flat()) {
        for (const line of job.lines) {
          const completedAt = line.status === "completed" ? (line.completedAt ?? line.scheduledAt) : null;
          if (completedAt) done.push(doneSession(job, line, completedAt, partnerSide));
        }
      }
      return done.sort((a, b) => b.completedAt.localeCompare(a.completedAt));
    },
  });
}

/** "Refresh scores": reads the scores, the summary and the activity again. */
export function useRefreshActivity() {
  const qc = useQueryClient();
  // A read that fails again rejects, so the screen does not claim it refreshed.
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: scoreKeys.all }, { throwOnError: true }),
      qc.invalidateQueries({ queryKey: activityKeys.all }, { throwOnError: true }),
    ]);
}
