import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";

export const accountKeys = {
  one: (id: string) => ["account", id] as const,
  /** Home's "complete your details" card for the caller: what a profile save or a dismissal makes stale. */
  detailsPrompt: (id: string) => ["account", id, "details-prompt"] as const,
};

/** The account's plans, credit entries and balance (GET v1/entitlements): Home's balance and Profile's plans share the entry. */
export const entitlementKeys = {
  /** Every account's credits and plans: what a booking, a cancellation or a refund makes stale. */
  all: ["entitlements"] as const,
  mine: (accountId: string) => ["entitlements", accountId] as const,
};

/** The active account's details (GET v1/accounts/{id}). */
export function useAccount(id: string | null | undefined) {
  return useQuery({
    queryKey: accountKeys.one(id ?? "none"),
    queryFn: () => api.get("/v1/accounts/{id}", { params: { id: id ?? "" } }),
    enabled: Boolean(id),
  });
}

/** GET v1/admin/accounts/{accountId}/details-prompt: the details still empty and whether the caller put the card away (owners and admins). */
export function useDetailsPrompt(accountId: string | null | undefined, enabled = true) {
  return useQuery({
    queryKey: accountKeys.detailsPrompt(accountId ?? "none"),
    queryFn: () => api.get("/v1/admin/accounts/{accountId}/details-prompt", { params: { accountId: accountId ?? "" } }),
    enabled: Boolean(accountId) && enabled,
  });
}

/** POST v1/admin/accounts/{accountId}/details-prompt/dismiss: the card goes at once and stays away for this person. */
export function useDismissDetailsPrompt(accountId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post("/v1/admin/accounts/{accountId}/details-prompt/dismiss", { params: { accountId } }),
    onMutate: () =>
      qc.setQueryData(accountKeys.detailsPrompt(accountId), (old: { missing: string[]; dismissed: boolean } | undefined) => old && { ...old, dismissed: true }),
    onSuccess: (prompt) => qc.setQueryData(accountKeys.detailsPrompt(accountId), prompt),
    onError: () => qc.invalidateQueries({ queryKey: accountKeys.detailsPrompt(accountId) }),
  });
}
