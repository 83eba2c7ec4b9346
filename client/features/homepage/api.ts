import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { HomepageLayout, HomepageLayoutBody, HomepageLayoutDto, HomepageMediaDto, HomepageView } from "../../../contract/homepage";
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
    queryFn: () => api<HomepageView>("/homepage"),
    enabled: Boolean(accountId),
  });
}

/** GET v1/admin/homepage: the stored layout for the builder. */
export function useHomepageLayout() {
  return useQuery({ queryKey: homepageKeys.layout, queryFn: () => api<HomepageLayoutDto>("/admin/homepage") });
}

/** PUT v1/admin/homepage: one atomic replace of the layout. */
export function useSaveHomepage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: HomepageLayoutBody) => api<HomepageLayoutDto>("/admin/homepage", { method: "PUT", json: body }),
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
    queryFn: ({ signal }) => api<HomepageView>("/admin/homepage/preview", { json: draft, signal }),
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
