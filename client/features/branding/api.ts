import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { StylingDataInput, StylingFileField } from "../../../contract/styling";
import { api } from "../../lib/api";

export const brandingKeys = { mine: (accountId: string) => ["admin-styles", accountId] as const };

/** The acting partner's styling (GET v1/admin/styles). */
export function useAdminStyling(accountId: string | undefined) {
  return useQuery({
    queryKey: brandingKeys.mine(accountId ?? "none"),
    queryFn: () => api.get("/v1/admin/styles"),
    enabled: Boolean(accountId),
  });
}

export type SaveStylingInput = { data: StylingDataInput; files: Partial<Record<StylingFileField, File | null>> };

/** Saves the styling (PUT v1/admin/styles: multipart `data` plus each image by field name). */
export function useSaveStyling(accountId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ data, files }: SaveStylingInput) => api.put("/v1/admin/styles", { form: { data, files } }),
    onSuccess: (saved) => queryClient.setQueryData(brandingKeys.mine(accountId ?? "none"), saved),
  });
}
