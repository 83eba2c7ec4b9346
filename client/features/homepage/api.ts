import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { HomepageLayout, HomepageLayoutBody, HomepageMediaDto } from "../../../contract/homepage";
import { api } from "../../lib/api";

export const homepageKeys = {
  view: (accountId: string) => ["homepage", "view", accountId] as const,
  layout: ["homepage", "layout"] as const,
  preview: (draft: unknown) => ["homepage", "preview", draft] as const,
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
  return useQuery({ queryKey: homepageKeys.layout, queryFn: () => api.get("/v1/admin/homepage") });
}

/** PUT v1/admin/homepage: one atomic replace of the layout. */
export function useSaveHomepage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: HomepageLayoutBody) => api.put("/v1/admin/homepage", { body }),
    onSuccess: (saved) => {
      qc.setQueryData(homepageKeys.layout, saved);
      void qc.invalidateQueries({ queryKey: ["homepage", "view"] });
    },
  });
}

/** POST v1/admin/homepage/preview: the Home a draft would give, for the live preview. */
export function useHomepagePreview(draft: HomepageLayout | null) {
  return useQuery({
    queryKey: homepageKeys.preview(draft),
    queryFn: ({ signal }) => api.post("/v1/admin/homepage/preview", { body: draft!, signal }),
    enabled: draft !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** POST v1/admin/homepage/media: an uploaded image for a media slot. */
export function useUploadHomepageMedia() {
  return useMutation({
    mutationFn: (file: File) => {
      const fd = new FormData();
      fd.set("file", file);
      return api<HomepageMediaDto>("/admin/homepage/media", { form: fd });
    },
  });
}
