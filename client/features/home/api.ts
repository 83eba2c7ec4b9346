import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { accountKeys, entitlementKeys } from "../accounts/api";
import { scoreKeys } from "../scores/keys";

/** GET v1/entitlements (same cache entry as the Profile screen's). */
export function useCreditBalance(accountId: string | undefined) {
  return useQuery({
    queryKey: entitlementKeys.mine(accountId ?? "none"),
    queryFn: () => api.get("/v1/entitlements"),
    enabled: Boolean(accountId),
    select: (d) => d.balance,
  });
}

export class UnknownTanError extends Error {}

/** Link the customer to its partner: GET v1/accounts/exist?tan=&type=partner, then POST assign-parent. */
export function useLinkPartner(accountId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (tan: string) => {
      const { exists } = await api.get("/v1/accounts/exist", { query: { tan, type: "partner" } });
      if (!exists) throw new UnknownTanError("Invalid Partner TAN");
      return api.post("/v1/admin/accounts/{accountId}/assign-parent", { params: { accountId }, body: { tan } });
    },
    onSuccess: (account) => {
      qc.setQueryData(accountKeys.one(accountId), account);
      // The score is the partner's now: its name (and wording) come with the summary.
      void qc.invalidateQueries({ queryKey: scoreKeys.summary(accountId) });
    },
  });
}

/** GET v1/scores/summary: the score summary's score, completed workouts and month streak. */
export function useScoreSummary(accountId: string | undefined) {
  return useQuery({
    queryKey: scoreKeys.summary(accountId ?? "none"),
    queryFn: () => api.get("/v1/scores/summary"),
    enabled: Boolean(accountId),
  });
}
