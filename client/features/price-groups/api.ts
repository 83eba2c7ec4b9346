import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PriceGroupBody, PriceGroupDto } from "../../../contract/groups";
import { api } from "../../lib/api";

export const priceGroupKeys = { all: ["price-groups"] as const };

export function usePriceGroups(enabled = true) {
  return useQuery({ queryKey: priceGroupKeys.all, queryFn: () => api<PriceGroupDto[]>("/admin/price-groups"), enabled });
}

export function useSavePriceGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: PriceGroupBody }) =>
      id ? api<PriceGroupDto>(`/admin/price-groups/${id}`, { method: "PUT", json: body }) : api<PriceGroupDto>("/admin/price-groups", { json: body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: priceGroupKeys.all }),
  });
}

export function useDeletePriceGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/admin/price-groups/${id}`, { method: "DELETE" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: priceGroupKeys.all }),
  });
}
