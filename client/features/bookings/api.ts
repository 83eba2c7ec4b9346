import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BookingOptions, JobDto, SlotDto } from "../../../contract/bookings";
import type { JobStatus } from "../../../contract/enums";
import { api } from "../../lib/api";

export type Side = "customer" | "partner";
export type JobFilters = { status?: JobStatus; from?: string; to?: string; q?: string };
type Page = { items: JobDto[]; nextCursor: string | null };

export const bookingKeys = {
  list: (side: Side, filters: JobFilters) => ["jobs", side, filters] as const,
  all: ["jobs"] as const,
  options: (workoutId: string) => ["booking-options", workoutId] as const,
  slots: (workoutId: string) => ["slots", workoutId] as const,
  delivered: ["delivered-workouts"] as const,
};

/** Your Bookings (customer) or Your Jobs (partner), newest first, a page at a time. */
export function useJobs(side: Side, filters: JobFilters) {
  return useInfiniteQuery({
    queryKey: bookingKeys.list(side, filters),
    queryFn: ({ pageParam }) => api<Page>(side === "customer" ? "/bookings" : "/jobs", { query: { ...filters, cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** One job as its side sees it (a mail's link opens Your Bookings or Your Jobs on it). */
export function useJob(side: Side, id: string) {
  return useQuery({
    queryKey: [...bookingKeys.all, side, "one", id],
    queryFn: () => api<JobDto>(`${side === "customer" ? "/bookings" : "/jobs"}/${id}`),
    retry: false,
  });
}

export function useBookingOptions(workoutId: string, enabled = true) {
  return useQuery({ queryKey: bookingKeys.options(workoutId), queryFn: () => api<BookingOptions>(`/bookings/options/${workoutId}`), enabled });
}

/** Any job action: POST to its path; refreshes the job lists. */
export function useJobAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ path, body }: { path: string; body?: unknown }) => api<JobDto>(path, { method: "POST", json: body ?? {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

export function useCreateBooking() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) => api<JobDto>("/bookings", { method: "POST", json: body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: bookingKeys.all });
      void client.invalidateQueries({ queryKey: ["booking-options"] });
    },
  });
}

export type DeliveredWorkout = {
  id: string;
  name: string;
  title: string;
  maxAttendees: number;
  sessions: { id: string; name: string; sequence: number; lengthMinutes: number }[];
};

export function useDeliveredWorkouts() {
  return useQuery({ queryKey: bookingKeys.delivered, queryFn: () => api<DeliveredWorkout[]>("/admin/slots/workouts") });
}

export function useSlots(workoutId: string | null) {
  return useQuery({
    queryKey: bookingKeys.slots(workoutId ?? ""),
    queryFn: () => api<SlotDto[]>("/admin/slots", { query: { workoutId } }),
    enabled: Boolean(workoutId),
  });
}

export function useSlotChanges(workoutId: string | null) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: bookingKeys.slots(workoutId ?? "") });
  return {
    publish: useMutation({ mutationFn: (body: unknown) => api<SlotDto>("/admin/slots", { method: "POST", json: body }), onSuccess: refresh }),
    close: useMutation({ mutationFn: (id: string) => api<void>(`/admin/slots/${id}`, { method: "DELETE" }), onSuccess: refresh }),
  };
}
