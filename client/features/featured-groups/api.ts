import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { FeaturedGroupBody } from "../../../contract/groups";
import { useActiveAccountId } from "../../auth/useAppUser";
import { api } from "../../lib/api";

/** Query keys of the featured groups, per account. */
export const featuredGroupKeys = { all: (accountId: string) => ["featured-groups", accountId] as const };

export function useFeaturedGroups() {
  const accountId = useActiveAccountId();
  return useQuery({
    queryKey: featuredGroupKeys.all(accountId),
    queryFn: () => api.get("/v1/admin/featured-groups"),
    enabled: accountId !== "none",
  });
}

export function useSaveFeaturedGroup() {
  const qc = useQueryClient();
  const accountId = useActiveAccountId();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: FeaturedGroupBody }) =>
      id ? api.put("/v1/admin/featured-groups/{id}", { params: { id }, body }) : api.post("/v1/admin/featured-groups", { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: featuredGroupKeys.all(accountId) }),
  });
}

export function useDeleteFeaturedGroup() {
  const qc = useQueryClient();
  const accountId = useActiveAccountId();
  return useMutation({
    mutationFn: (id: string) => api.delete("/v1/admin/featured-groups/{id}", { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: featuredGroupKeys.all(accountId) }),
  });
}
