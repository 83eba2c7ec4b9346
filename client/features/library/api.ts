import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LibraryStatus } from "../../../contract/enums";
import type {
  AttachmentDto,
  CreateWorkoutBody,
  LibraryPage,
  ListedWorkout,
  TanCheck,
  UpdateWorkoutBody,
  VariantBody,
  VariantDto,
  WorkoutDto,
} from "../../../contract/workouts";
import { api, formData } from "../../lib/api";

export type LibraryFilter = { q?: string; category?: string; status?: string; sort?: string };

export const libraryKeys = {
  all: ["library"] as const,
  list: (f: LibraryFilter) => ["library", "list", f] as const,
  listed: ["library", "listed"] as const,
  one: (id: string) => ["library", "workout", id] as const,
  variant: (id: string, variantId: string) => ["library", "workout", id, "variant", variantId] as const,
};

/** The partner's library, page by page (cursor). */
export function useLibrary(filter: LibraryFilter) {
  return useInfiniteQuery({
    queryKey: libraryKeys.list(filter),
    queryFn: ({ pageParam }) => api<LibraryPage>("/admin/workouts", { query: { ...filter, limit: 50, cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

export function useListedWorkouts(enabled: boolean) {
  return useQuery({ queryKey: libraryKeys.listed, queryFn: () => api<ListedWorkout[]>("/admin/workouts/listed"), enabled });
}

export function useWorkout(id: string | undefined) {
  return useQuery({ queryKey: libraryKeys.one(id ?? "new"), queryFn: () => api<WorkoutDto>(`/admin/workouts/${id}`), enabled: Boolean(id) });
}

export function useVariant(id: string, variantId: string | null) {
  return useQuery({
    queryKey: libraryKeys.variant(id, variantId ?? "new"),
    queryFn: () => api<VariantDto>(`/admin/workouts/${id}/variants/${variantId}`),
    enabled: Boolean(variantId),
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: libraryKeys.all });
}

export function useCreateWorkout() {
  const done = useInvalidate();
  return useMutation({ mutationFn: (body: CreateWorkoutBody) => api<WorkoutDto>("/admin/workouts", { json: body }), onSuccess: done });
}

export function useUpdateWorkout(id: string) {
  const done = useInvalidate();
  return useMutation({ mutationFn: (body: UpdateWorkoutBody) => api<WorkoutDto>(`/admin/workouts/${id}`, { method: "PUT", json: body }), onSuccess: done });
}

export function useChangeStatus() {
  const done = useInvalidate();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: LibraryStatus }) => api<WorkoutDto>(`/admin/workouts/${id}/status`, { json: { status } }),
    onSuccess: done,
  });
}

export function useAddToLibrary() {
  const done = useInvalidate();
  return useMutation({ mutationFn: (id: string) => api<WorkoutDto>(`/admin/workouts/${id}/library`, { method: "POST" }), onSuccess: done });
}

export function useSaveVariant(workoutId: string, variantId?: string) {
  const done = useInvalidate();
  return useMutation({
    mutationFn: (body: VariantBody) =>
      variantId
        ? api<VariantDto>(`/admin/workouts/${workoutId}/variants/${variantId}`, { method: "PUT", json: body })
        : api<VariantDto>(`/admin/workouts/${workoutId}/variants`, { json: body }),
    onSuccess: done,
  });
}

export function useUploadAttachment(workoutId: string) {
  const done = useInvalidate();
  return useMutation({
    mutationFn: ({ sessionId, data, file }: { sessionId: string; data: Record<string, unknown>; file: File | null }) =>
      api<AttachmentDto>(`/admin/workouts/${workoutId}/sessions/${sessionId}/attachments`, { form: formData(data, { file }) }),
    onSuccess: done,
  });
}

export function useDeleteAttachment(workoutId: string) {
  const done = useInvalidate();
  return useMutation({
    mutationFn: (attachmentId: string) => api<void>(`/admin/workouts/${workoutId}/attachments/${attachmentId}`, { method: "DELETE" }),
    onSuccess: done,
  });
}

/** Live TAN check of a delivery partner. */
export function checkTan(tan: string) {
  return api<TanCheck>("/admin/workouts/delivery-partners/check", { query: { tan } });
}
