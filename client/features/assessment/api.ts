import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SubmitAssessmentBody } from "../../../contract/assessments";
import type { CategoryFilter } from "../../../contract/enums";
import { useActiveAccountId, useAppUser } from "../../auth/useAppUser";
import { api } from "../../lib/api";
import { activityKeys } from "../activity/api";
import { customerKeys } from "../customers/api";
import { scoreKeys } from "../scores/keys";

/** An opened assessment's questions, per account and link. */
export const assessmentKeys = {
  form: (accountId: string, token: string) => ["assessment", accountId, token] as const,
};

/** GET v1/assessments/fitness-score: a fresh link, asked for on demand only. */
export function useAssessmentLink() {
  return useMutation({
    mutationFn: (category: CategoryFilter = "all") => api.get("/v1/assessments/fitness-score", { query: { category } }),
  });
}

/**
 * Opens the link (the assessment is now in progress) and reads its
 * questions, once per visit; cached assessment lists are read again.
 */
export function useOpenAssessment(token: string | undefined, ready: boolean) {
  const qc = useQueryClient();
  const accountId = useActiveAccountId();
  return useQuery({
    queryKey: assessmentKeys.form(accountId, token ?? "none"),
    queryFn: async () => {
      const form = await api.post("/v1/assessments/{token}/open", { params: { token: token ?? "" } });
      void qc.invalidateQueries({ queryKey: scoreKeys.all });
      return form;
    },
    enabled: Boolean(token) && ready,
    retry: false,
    staleTime: Infinity,
  });
}

/** Finishes the assessment; the score lists, the summary and the activity are read again. */
export function useSubmitAssessment(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SubmitAssessmentBody) => api.post("/v1/assessments/{token}/submit", { params: { token }, body }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: scoreKeys.all }),
        qc.invalidateQueries({ queryKey: activityKeys.all }),
        qc.invalidateQueries({ queryKey: customerKeys.anyOne }),
      ]),
  });
}

/**
 * GET v1/scores/recommendations: the customer's next step after a result, the
 * workouts for its weakest categories (read again with the scores).
 */
export function useScoreRecommendations(enabled: boolean) {
  const { account } = useAppUser();
  return useQuery({
    queryKey: scoreKeys.recommendations(account?.id ?? "none"),
    queryFn: () => api.get("/v1/scores/recommendations"),
    enabled: enabled && account?.type === "customer",
  });
}
