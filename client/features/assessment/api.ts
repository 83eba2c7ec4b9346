import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AssessmentFormDto, AssessmentLinkDto, AssessmentResultDto, SubmitAssessmentBody } from "../../../contract/assessments";
import type { CategoryFilter } from "../../../contract/enums";
import { api } from "../../lib/api";
import { customerKeys } from "../customers/api";

/** GET v1/assessments/fitness-score: a fresh link, asked for on demand only. */
export function useAssessmentLink() {
  return useMutation({
    mutationFn: (category: CategoryFilter = "all") => api<AssessmentLinkDto>("/assessments/fitness-score", { query: { category } }),
  });
}

/**
 * Opens the link (the assessment is now in progress) and reads its
 * questions, once per visit; cached assessment lists are read again.
 */
export function useOpenAssessment(token: string | undefined, ready: boolean) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: ["assessment", token ?? "none"],
    queryFn: async () => {
      const form = await api<AssessmentFormDto>(`/assessments/${encodeURIComponent(token!)}/open`, { method: "POST" });
      void qc.invalidateQueries({ queryKey: ["scores", "assessments"] });
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
    mutationFn: (body: SubmitAssessmentBody) => api<AssessmentResultDto>(`/assessments/${encodeURIComponent(token)}/submit`, { method: "POST", json: body }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ["scores"] }),
        qc.invalidateQueries({ queryKey: ["score-summary"] }),
        qc.invalidateQueries({ queryKey: ["activity"] }),
        qc.invalidateQueries({ queryKey: customerKeys.anyOne }),
      ]),
  });
}
