import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { HomepageLayout, HomepageLayoutBody } from "../../../contract/homepage";
import { useActiveAccountId } from "../../auth/useAppUser";
import { api } from "../../lib/api";

/** The homepage's keys, per active account. */
export const homepageKeys = {
  view: (accountId: string) => ["homepage", "view", accountId] as const,
  /** Every account's Home (a partner's save changes its customers' Homes too). */
  anyView: ["homepage", "view"] as const,
  layout: (accountId: string) => ["homepage", "layout", accountId] as const,
  preview: (accountId: string, draft: unknown) => ["homepage", "preview", accountId, draft] as const,
  customerPreview: (accountId: string, customerId: string, draft: unknown) => ["homepage", "preview", accountId, "customer", customerId, draft] as const,
};

/** GET v1/homepage: the reader's Home (layout and items) in one call. */
export function useHomepage(accountId: string | undefined) {
  return useQuery({
    queryKey: homepageKeys.view(accountId ?? "none"),
    queryFn: () => api.get("/v1/homepage"),
    enabled: Boolean(accountId),
  });
}

/** GET v1/admin/homepage: the stored layout for the builder. */
export function useHomepageLayout() {
  const accountId = useActiveAccountId();
  return useQuery({ queryKey: homepageKeys.layout(accountId), queryFn: () => api.get("/v1/admin/homepage") });
}

/** PUT v1/admin/homepage: one atomic replace of the layout. */
export function useSaveHomepage() {
  const qc = useQueryClient();
  const accountId = useActiveAccountId();
  return useMutation({
    mutationFn: (body: HomepageLayoutBody) => api.put("/v1/admin/homepage", { body }),
    onSuccess: (saved) => {
      qc.setQueryData(homepageKeys.layout(accountId), saved);
      void qc.invalidateQueries({ queryKey: homepageKeys.anyView });
    },
  });
}

/** POST v1/admin/homepage/preview: the Home a draft would give, for the live preview. */
export function useHomepagePreview(draft: HomepageLayout | null) {
  const accountId = useActiveAccountId();
  return useQuery({
    queryKey: homepageKeys.preview(accountId, draft),
    queryFn: ({ signal }) => api.post("/v1/admin/homepage/preview", { body: draft!, signal }),
    enabled: draft !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** POST v1/admin/homepage/preview/customers/{id}: the Home a draft would give one of the partner's customers (none asked while `customerId` is null). */
export function useHomepageCustomerPreview(customerId: string | null, draft: HomepageLayout | null) {
  const accountId = useActiveAccountId();
  return useQuery({
    queryKey: homepageKeys.customerPreview(accountId, customerId ?? "none", draft),
    queryFn: ({ signal }) => api.post("/v1/admin/homepage/preview/customers/{id}", { params: { id: customerId! }, body: draft!, signal }),
    enabled: customerId !== null && draft !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** POST v1/admin/homepage/media: an uploaded image for a media slot. */
export function useUploadHomepageMedia() {
  return useMutation({
    mutationFn: (file: File) => api.post("/v1/admin/homepage/media", { form: { data: {}, files: { file } } }),
  });
}
