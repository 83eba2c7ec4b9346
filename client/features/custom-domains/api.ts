import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AddCustomDomain, CustomDomainDto, CustomDomainList } from "../../../contract/domains";
import { api } from "../../lib/api";

export const domainKeys = { list: (accountId: string) => ["admin-custom-domains", accountId] as const };

/** GET v1/admin/custom-domains. */
export function useCustomDomains(accountId: string | undefined) {
  return useQuery({
    queryKey: domainKeys.list(accountId ?? "none"),
    queryFn: () => api<CustomDomainList>("/admin/custom-domains"),
    enabled: Boolean(accountId),
  });
}

function useRefresh(accountId: string | undefined) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: domainKeys.list(accountId ?? "none") });
}

/** POST v1/admin/custom-domains. */
export function useAddCustomDomain(accountId: string | undefined) {
  const refresh = useRefresh(accountId);
  return useMutation({
    mutationFn: (body: AddCustomDomain) => api<CustomDomainDto>("/admin/custom-domains", { method: "POST", json: body }),
    onSuccess: refresh,
  });
}

/** POST v1/admin/custom-domains/{id}/connect: the connection test; on failure the error carries the server's text. */
export function useConnectCustomDomain(accountId: string | undefined) {
  const refresh = useRefresh(accountId);
  return useMutation({
    mutationFn: (id: string) => api<CustomDomainDto>(`/admin/custom-domains/${id}/connect`, { method: "POST" }),
    onSettled: refresh,
  });
}

/** DELETE v1/admin/custom-domains/{id}. */
export function useDeleteCustomDomain(accountId: string | undefined) {
  const refresh = useRefresh(accountId);
  return useMutation({
    mutationFn: (id: string) => api<void>(`/admin/custom-domains/${id}`, { method: "DELETE" }),
    onSuccess: refresh,
  });
}
