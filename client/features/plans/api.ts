import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PlanBody } from "../../../contract/entitlements";
import { useActiveAccountId } from "../../auth/useAppUser";
import { auditKeys } from "../audit/keys";
import { api } from "../../lib/api";

/** Query keys of the partner's plan catalogue, per account. */
export const planKeys = { all: (accountId: string) => ["partner-plans", accountId] as const };

/** GET v1/admin/entitlements/plans: the partner's plans, by name and variant. */
export function usePlans(enabled = true) {
  const accountId = useActiveAccountId();
  return useQuery({
    queryKey: planKeys.all(accountId),
    queryFn: () => api.get("/v1/admin/entitlements/plans"),
    enabled: enabled && accountId !== "none",
  });
}

/** The partner's plans offered for a start or a change: every plan but the retired ones. */
export function useOfferedPlans() {
  const accountId = useActiveAccountId();
  return useQuery({
    queryKey: planKeys.all(accountId),
    queryFn: () => api.get("/v1/admin/entitlements/plans"),
    enabled: accountId !== "none",
    select: (list) => ({ items: list.items.filter((p) => !p.retired) }),
  });
}

/** DELETE …/plans/{planId}: deleted when no customer is on it, else retired. */
export function useRemovePlan() {
  const qc = useQueryClient();
  const accountId = useActiveAccountId();
  return useMutation({
    mutationFn: (planId: string) => api.delete("/v1/admin/entitlements/plans/{planId}", { params: { planId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: planKeys.all(accountId) }),
  });
}

/** POST v1/admin/entitlements/plans, or PUT …/{planId} for one that exists. */
export function useSavePlan() {
  const qc = useQueryClient();
  const accountId = useActiveAccountId();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: PlanBody }) =>
      id ? api.put("/v1/admin/entitlements/plans/{planId}", { params: { planId: id }, body }) : api.post("/v1/admin/entitlements/plans", { body }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: planKeys.all(accountId) }), qc.invalidateQueries({ queryKey: auditKeys.all })]),
  });
}
