import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api } from "../../lib/api";
import { accountKeys, entitlementKeys } from "../accounts/api";
import { scoreKeys } from "../scores/keys";
import { untilPartnerChanged, type Waiting } from "./move-landing";

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

/**
 * Link the customer to its partner: GET v1/accounts/exist?tan=&type=partner, then POST assign-parent.
 * A partner on another shard answers 202: the move is under way (`underWay`), and the account is read
 * until its partner changed, so the mutation settles once the customer is its new partner's.
 */
export function useLinkPartner(accountId: string, waiting?: Waiting) {
  const qc = useQueryClient();
  const [underWay, setUnderWay] = useState(false);
  const mutation = useMutation({
    mutationFn: async (tan: string) => {
      const { exists } = await api.get("/v1/accounts/exist", { query: { tan, type: "partner" } });
      if (!exists) throw new UnknownTanError("Invalid Partner TAN");
      let status = 0;
      const account = await api.post("/v1/admin/accounts/{accountId}/assign-parent", {
        params: { accountId },
        body: { tan },
        onStatus: (s) => (status = s),
      });
      if (status !== 202) return account;
      setUnderWay(true);
      try {
        return await untilPartnerChanged(() => api.get("/v1/accounts/{id}", { params: { id: accountId } }), account.parentAccountId, waiting);
      } finally {
        setUnderWay(false);
      }
    },
    onSuccess: (account) => {
      qc.setQueryData(accountKeys.one(accountId), account);
      // The score is the partner's now: its name (and wording) come with the summary; the credits are the new partner's.
      void qc.invalidateQueries({ queryKey: scoreKeys.summary(accountId) });
      void qc.invalidateQueries({ queryKey: entitlementKeys.mine(accountId) });
    },
  });
  return { ...mutation, underWay };
}

/** GET v1/scores/summary: the score summary's score, completed workouts and month streak. */
export function useScoreSummary(accountId: string | undefined) {
  return useQuery({
    queryKey: scoreKeys.summary(accountId ?? "none"),
    queryFn: () => api.get("/v1/scores/summary"),
    enabled: Boolean(accountId),
  });
}
