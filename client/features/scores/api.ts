import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AssociateScoreBody } from "../../../contract/scores";
import { useAppUser } from "../../auth/useAppUser";
import { api } from "../../lib/api";
import { customerKeys } from "../customers/api";
import { scoreKeys } from "./keys";

/** GET v1/admin/scores/fitness/orphaned: the partner's submitted scores with no customer. */
export function useOrphanedScores() {
  const { account } = useAppUser();
  return useQuery({
    queryKey: scoreKeys.orphaned(account?.id ?? "none"),
    queryFn: () => api.get("/v1/admin/scores/fitness/orphaned"),
    enabled: account?.type === "partner",
  });
}

/** POST v1/admin/scores/fitness/associate-assessment; then the score lists are read again. */
export function useAssignScore() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AssociateScoreBody) => api.post("/v1/admin/scores/fitness/associate-assessment", { body }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: scoreKeys.all }), qc.invalidateQueries({ queryKey: customerKeys.anyOne })]),
  });
}
