import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AddCustomDomain } from "../../../contract/domains";
import { api } from "../../lib/api";

export const domainKeys = { list: (accountId: string) => ["admin-custom-domains", accountId] as const };

/** GET v1/admin/custom-domains. */
export function useCustomDomains(accountId: string | undefined) {
  return useQuery({
    queryKey: domainKeys.list(accountId ?? "none"),
    queryFn: () => api.get("/v1/admin/custom-domains"),
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
    mutationFn: (body: AddCustomDomain) => api.post("/v1/admin/custom-domains", { body }),
    onSuccess: refresh,
  });
}

/** POST v1/admin/custom-domains/{id}/connect: the connection test; on failure the error carries the server's text. */
export function useConnectCustomDomain(accountId: string | undefined) {
  const refresh = useRefresh(accountId);
  return useMutation({
    mutationFn: (id: string) => api.post("/v1/admin/custom-domains/{id}/connect", { params: { id } }),
    onSettled: refresh,
  });
}

/** DELETE v1/admin/custom-domains/{id}. */
export function useDeleteCustomDomain(accountId: string | undefined) {
  const refresh = useRefresh(accountId);
  return useMutation({
    mutationFn: (id: string) => api.delete("/v1/admin/custom-domains/{id}", { params: { id } }),
    onSuccess: refresh,
  });
}
