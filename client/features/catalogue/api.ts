import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CataloguePage, CatalogueWorkout, ReviewBody, ReviewDto, ReviewsDto } from "../../../contract/catalogue";
import { api } from "../../lib/api";

export const catalogueKeys = {
  list: (f: { category?: string; q?: string }) => ["catalogue", "list", f] as const,
  one: (id: string) => ["catalogue", "workout", id] as const,
  reviews: (id: string) => ["catalogue", "workout", id, "reviews"] as const,
};

/** What the active customer may see, by category and search. */
export function useCatalogue(filter: { category?: string; q?: string }) {
  return useInfiniteQuery({
    queryKey: catalogueKeys.list(filter),
    queryFn: ({ pageParam }) => api<CataloguePage>("/workouts", { query: { ...filter, limit: 24, cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useCatalogueWorkout(id: string) {
  return useQuery({ queryKey: catalogueKeys.one(id), queryFn: () => api<CatalogueWorkout>(`/workouts/${id}`), retry: false });
}

export function useReviews(id: string, enabled: boolean) {
  return useQuery({ queryKey: catalogueKeys.reviews(id), queryFn: () => api<ReviewsDto>(`/workouts/${id}/reviews`), enabled });
}

export function useAddReview(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewBody) => api<ReviewDto>(`/workouts/${id}/reviews`, { json: body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: catalogueKeys.reviews(id) });
      void qc.invalidateQueries({ queryKey: catalogueKeys.one(id) });
    },
  });
}
