import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PlanBody } from "../../../contract/entitlements";
import { useActiveAccountId } from "../../auth/useAppUser";
import { auditKeys } from "../../components/AuditTrail";
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
