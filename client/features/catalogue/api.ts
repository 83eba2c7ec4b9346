import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { CatalogueQuery, ReviewBody } from "../../../contract/catalogue";
import { useActiveAccountId } from "../../auth/useAppUser";
import { api } from "../../lib/api";

export type CatalogueFilter = Pick<z.output<typeof CatalogueQuery>, "category" | "q">;

/** The catalogue's keys: what one customer account may see. */
export const catalogueKeys = {
  list: (accountId: string, f: CatalogueFilter) => ["catalogue", accountId, "list", f] as const,
  one: (accountId: string, id: string) => ["catalogue", accountId, "workout", id] as const,
  reviews: (accountId: string, id: string) => ["catalogue", accountId, "workout", id, "reviews"] as const,
};

/** What the active customer may see, by category and search. */
export function useCatalogue(filter: CatalogueFilter, { enabled = true }: { enabled?: boolean } = {}) {
  const accountId = useActiveAccountId();
  return useInfiniteQuery({
    enabled,
    queryKey: catalogueKeys.list(accountId, filter),
    queryFn: ({ pageParam }) => api.get("/v1/workouts", { query: { ...filter, limit: 24, cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useCatalogueWorkout(id: string) {
  const accountId = useActiveAccountId();
  return useQuery({ queryKey: catalogueKeys.one(accountId, id), queryFn: () => api.get("/v1/workouts/{id}", { params: { id } }), retry: false });
}

export function useReviews(id: string, enabled: boolean) {
  const accountId = useActiveAccountId();
  return useQuery({ queryKey: catalogueKeys.reviews(accountId, id), queryFn: () => api.get("/v1/workouts/{id}/reviews", { params: { id } }), enabled });
}

export function useAddReview(id: string) {
  const qc = useQueryClient();
  const accountId = useActiveAccountId();
  return useMutation({
    mutationFn: (body: ReviewBody) => api.post("/v1/workouts/{id}/reviews", { params: { id }, body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: catalogueKeys.reviews(accountId, id) });
      void qc.invalidateQueries({ queryKey: catalogueKeys.one(accountId, id) });
    },
  });
}
