import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PriceGroupBody } from "../../../contract/groups";
import { useActiveAccountId } from "../../auth/useAppUser";
import { auditKeys } from "../audit/keys";
import { api } from "../../lib/api";

/** Query keys of the price groups, per account. */
export const priceGroupKeys = { all: (accountId: string) => ["price-groups", accountId] as const };

/** The partner's price groups, by name. */
export function usePriceGroups(enabled = true) {
  const accountId = useActiveAccountId();
  return useQuery({
    queryKey: priceGroupKeys.all(accountId),
    queryFn: () => api.get("/v1/admin/price-groups"),
    enabled: enabled && accountId !== "none",
  });
}

export function useSavePriceGroup() {
  const qc = useQueryClient();
  const accountId = useActiveAccountId();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: PriceGroupBody }) =>
      id ? api.put("/v1/admin/price-groups/{id}", { params: { id }, body }) : api.post("/v1/admin/price-groups", { body }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: priceGroupKeys.all(accountId) }), qc.invalidateQueries({ queryKey: auditKeys.all })]),
  });
}

export function useDeletePriceGroup() {
  const qc = useQueryClient();
  const accountId = useActiveAccountId();
  return useMutation({
    mutationFn: (id: string) => api.delete("/v1/admin/price-groups/{id}", { params: { id } }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: priceGroupKeys.all(accountId) }), qc.invalidateQueries({ queryKey: auditKeys.all })]),
  });
}
