import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { FeaturedGroupBody, FeaturedGroupDto } from "../../../contract/groups";
import { api } from "../../lib/api";

export const featuredGroupKeys = { all: ["featured-groups"] as const };

export function useFeaturedGroups() {
  return useQuery({ queryKey: featuredGroupKeys.all, queryFn: () => api<FeaturedGroupDto[]>("/admin/featured-groups") });
}

export function useSaveFeaturedGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: FeaturedGroupBody }) =>
      id ? api<FeaturedGroupDto>(`/admin/featured-groups/${id}`, { method: "PUT", json: body }) : api<FeaturedGroupDto>("/admin/featured-groups", { json: body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: featuredGroupKeys.all }),
  });
}

export function useDeleteFeaturedGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/admin/featured-groups/${id}`, { method: "DELETE" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: featuredGroupKeys.all }),
  });
}
