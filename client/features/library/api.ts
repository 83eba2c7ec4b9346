import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LibraryStatus } from "../../../contract/enums";
import type { z } from "zod";
import type { AttachmentData, CreateWorkoutBody, LibraryQuery, UpdateWorkoutBody, VariantBody } from "../../../contract/workouts";
import { useActiveAccountId } from "../../auth/useAppUser";
import { api } from "../../lib/api";

export type LibraryFilter = Pick<z.output<typeof LibraryQuery>, "q" | "category" | "status" | "sort">;

/** The library's keys, per active account. */
export const libraryKeys = {
  all: (accountId: string) => ["library", accountId] as const,
  list: (accountId: string, f: LibraryFilter) => ["library", accountId, "list", f] as const,
  listed: (accountId: string) => ["library", accountId, "listed"] as const,
  one: (accountId: string, id: string) => ["library", accountId, "workout", id] as const,
  variant: (accountId: string, id: string, variantId: string) => ["library", accountId, "workout", id, "variant", variantId] as const,
};

/** The partner's library, page by page (cursor). */
export function useLibrary(filter: LibraryFilter) {
  const accountId = useActiveAccountId();
  return useInfiniteQuery({
    queryKey: libraryKeys.list(accountId, filter),
    queryFn: ({ pageParam }) => api.get("/v1/admin/workouts", { query: { ...filter, limit: 50, cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

export function useListedWorkouts(enabled: boolean) {
  const accountId = useActiveAccountId();
  return useQuery({ queryKey: libraryKeys.listed(accountId), queryFn: () => api.get("/v1/admin/workouts/listed"), enabled });
}

export function useWorkout(id: string | undefined) {
  const accountId = useActiveAccountId();
  return useQuery({
    queryKey: libraryKeys.one(accountId, id ?? "new"),
    queryFn: () => api.get("/v1/admin/workouts/{id}", { params: { id: id ?? "" } }),
    enabled: Boolean(id),
  });
}

export function useVariant(id: string, variantId: string | null) {
  const accountId = useActiveAccountId();
  return useQuery({
    queryKey: libraryKeys.variant(accountId, id, variantId ?? "new"),
    queryFn: () => api.get("/v1/admin/workouts/{id}/variants/{variantId}", { params: { id, variantId: variantId ?? "" } }),
    enabled: Boolean(variantId),
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  const accountId = useActiveAccountId();
  return () => qc.invalidateQueries({ queryKey: libraryKeys.all(accountId) });
}

export function useCreateWorkout() {
  const done = useInvalidate();
  return useMutation({ mutationFn: (body: CreateWorkoutBody) => api.post("/v1/admin/workouts", { body }), onSuccess: done });
}

export function useUpdateWorkout(id: string) {
  const done = useInvalidate();
  return useMutation({ mutationFn: (body: UpdateWorkoutBody) => api.put("/v1/admin/workouts/{id}", { params: { id }, body }), onSuccess: done });
}

export function useChangeStatus() {
  const done = useInvalidate();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: LibraryStatus }) => api.post("/v1/admin/workouts/{id}/status", { params: { id }, body: { status } }),
    onSuccess: done,
  });
}

export function useAddToLibrary() {
  const done = useInvalidate();
  return useMutation({ mutationFn: (id: string) => api.post("/v1/admin/workouts/{id}/library", { params: { id } }), onSuccess: done });
}

export function useSaveVariant(workoutId: string, variantId?: string) {
  const done = useInvalidate();
  return useMutation({
    mutationFn: (body: VariantBody) =>
      variantId
        ? api.put("/v1/admin/workouts/{id}/variants/{variantId}", { params: { id: workoutId, variantId }, body })
        : api.post("/v1/admin/workouts/{id}/variants", { params: { id: workoutId }, body }),
    onSuccess: done,
  });
}

export function useUploadAttachment(workoutId: string) {
  const done = useInvalidate();
  return useMutation({
    mutationFn: ({ sessionId, data, file }: { sessionId: string; data: AttachmentData; file: File | null }) =>
      api.post("/v1/admin/workouts/{id}/sessions/{sessionId}/attachments", { params: { id: workoutId, sessionId }, form: { data, files: { file } } }),
    onSuccess: done,
  });
}

export function useDeleteAttachment(workoutId: string) {
  const done = useInvalidate();
  return useMutation({
    mutationFn: (attachmentId: string) => api.delete("/v1/admin/workouts/{id}/attachments/{attachmentId}", { params: { id: workoutId, attachmentId } }),
    onSuccess: done,
  });
}

/** Live TAN check of a delivery partner. */
export function checkTan(tan: string) {
  return api.get("/v1/admin/workouts/delivery-partners/check", { query: { tan } });
}
