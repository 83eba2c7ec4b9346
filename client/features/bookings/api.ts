import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  CancelBooking,
  ConfirmRequest,
  CreateBooking,
  CreateSlot,
  DeliveredWorkout,
  DenyRequest,
  JobDto,
  JobsQuery,
  PartnerReschedule,
  ScheduleBooking,
} from "../../../contract/bookings";
import type { AcceptProposal, ProposeTimes, RecurringSlots } from "../../../contract/availability";
import type { CompleteSession } from "../../../contract/job-people";
import { useActiveAccountId } from "../../auth/useAppUser";
import { entitlementKeys } from "../accounts/api";
import { auditKeys } from "../audit/keys";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";

export type Side = "customer" | "partner";
export type JobFilters = Pick<z.output<typeof JobsQuery>, "status" | "from" | "to" | "q"> & { mine?: "true" };

/** The keys of bookings, jobs, booking options and slots, per active account. */
export const bookingKeys = {
  /** Every job list and job of every account: what a move makes stale. */
  all: ["jobs"] as const,
  list: (accountId: string, side: Side, filters: JobFilters) => ["jobs", accountId, side, "list", filters] as const,
  one: (accountId: string, side: Side, id: string) => ["jobs", accountId, side, "one", id] as const,
  /** Every workout's booking options (seats and credits change with each booking). */
  anyOptions: ["booking-options"] as const,
  options: (accountId: string, workoutId: string) => ["booking-options", accountId, workoutId] as const,
  slots: (accountId: string, workoutId: string) => ["slots", accountId, workoutId] as const,
  delivered: (accountId: string) => ["delivered-workouts", accountId] as const,
  /** Every open time shown (availability changes make them stale). */
  anyOpenTimes: ["open-times"] as const,
  openTimes: (accountId: string, source: unknown, from: string) => ["open-times", accountId, source, from] as const,
  /** The people a job may name (the customer's members or the partner's). */
  people: (accountId: string, side: Side) => ["job-people", accountId, side] as const,
  /** The partner's booked sessions between two instants, under "jobs": every move makes them stale too. */
  sessions: (accountId: string, from: string, to: string, mine: boolean) => ["jobs", accountId, "sessions", from, to, mine] as const,
};

/** Your Bookings (customer) or Your Jobs (partner), newest first, a page at a time. */
export function useJobs(side: Side, filters: JobFilters) {
  const accountId = useActiveAccountId();
  return useInfiniteQuery({
    queryKey: bookingKeys.list(accountId, side, filters),
    queryFn: ({ pageParam }) => api.get(side === "customer" ? "/v1/bookings" : "/v1/jobs", { query: { ...filters, cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** One job as its side sees it (a mail's link opens Your Bookings or Your Jobs on it). */
export function useJob(side: Side, id: string) {
  const accountId = useActiveAccountId();
  return useQuery({
    queryKey: bookingKeys.one(accountId, side, id),
    queryFn: () => api.get(side === "customer" ? "/v1/bookings/{id}" : "/v1/jobs/{id}", { params: { id } }),
    retry: false,
  });
}

export function useBookingOptions(workoutId: string, enabled = true) {
  const accountId = useActiveAccountId();
  return useQuery({
    queryKey: bookingKeys.options(accountId, workoutId),
    queryFn: () => api.get("/v1/bookings/options/{id}", { params: { id: workoutId } }),
    enabled,
  });
}

/** A move of a job, by whoever may make it: each maps to its own endpoint and body. */
export type JobMove =
  | { action: "cancel"; side: Side; id: string; body: z.input<typeof CancelBooking> }
  | { action: "deny"; id: string; body: z.input<typeof DenyRequest> }
  | { action: "confirm"; id: string; body: z.input<typeof ConfirmRequest> }
  | { action: "reschedule"; id: string; body: z.input<typeof PartnerReschedule> }
  | { action: "schedule"; id: string; body: z.input<typeof ScheduleBooking> }
  | { action: "complete"; id: string; body?: CompleteSession }
  | { action: "completeLine"; id: string; lineId: string; body?: CompleteSession }
  | { action: "propose"; id: string; body: z.input<typeof ProposeTimes> }
  | { action: "accept"; id: string; body: z.input<typeof AcceptProposal> };

function moveJob(move: JobMove): Promise<JobDto> {
  const params = { id: move.id };
  switch (move.action) {
    case "cancel":
      return api.post(move.side === "customer" ? "/v1/bookings/{id}/cancel" : "/v1/jobs/{id}/cancel", { params, body: move.body });
    case "deny":
      return api.post("/v1/jobs/{id}/deny", { params, body: move.body });
    case "confirm":
      return api.post("/v1/jobs/{id}/confirm", { params, body: move.body });
    case "reschedule":
      return api.post("/v1/jobs/{id}/reschedule", { params, body: move.body });
    case "schedule":
      return api.post("/v1/bookings/{id}/schedule", { params, body: move.body });
    case "complete":
      return api.post("/v1/jobs/{id}/complete", { params, body: move.body });
    case "completeLine":
      return api.post("/v1/jobs/{id}/lines/{lineId}/complete", { params: { id: move.id, lineId: move.lineId }, body: move.body });
    case "propose":
      return api.post("/v1/jobs/{id}/propose", { params, body: move.body });
    case "accept":
      return api.post("/v1/bookings/{id}/accept", { params, body: move.body });
  }
}

/**
 * What a booking makes stale: every job list, every workout's booking options
 * (seats and credits), and the account's credits (Home's and the profile's
 * balance); a job move (a cancellation refunds) the lists, the credits and
 * the audit trails.
 */
export const staleAfter = {
  booking: [bookingKeys.all, bookingKeys.anyOptions, entitlementKeys.all],
  move: [bookingKeys.all, entitlementKeys.all, auditKeys.all],
  /** A job's attendees, instructor, place or attendance: the job lists, the job and the partner's week. */
  people: [bookingKeys.all],
} as const;

/**
 * The open times the pickers show are read again after every booking and
 * move, taken or refused: a refusal of a time as not open means the calendar
 * changed since it was read (another booking took the time, the hours
 * changed), and the picker must not go on offering it.
 */
const refreshOpenTimes = (client: QueryClient) => client.invalidateQueries({ queryKey: bookingKeys.anyOpenTimes });

/** Any job move; refreshes the job lists and the credits. */
export function useJobAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: moveJob,
    onSuccess: () => Promise.all(staleAfter.move.map((queryKey) => client.invalidateQueries({ queryKey }))),
    onSettled: () => void refreshOpenTimes(client),
  });
}

export function useCreateBooking() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof CreateBooking>) => api.post("/v1/bookings", { body }),
    onSuccess: () => Promise.all(staleAfter.booking.map((queryKey) => client.invalidateQueries({ queryKey }))),
    onSettled: () => void refreshOpenTimes(client),
  });
}

/** The workouts the partner delivers, its own and those it delivers for partners on any shard. */
export function useDeliveredWorkouts() {
  const accountId = useActiveAccountId();
  return useQuery({ queryKey: bookingKeys.delivered(accountId), queryFn: () => api.get("/v1/admin/slots/workouts") });
}

/** A delivered workout's name as the partner's lists show it: its title, with the partner it is delivered for when another's. */
export function useDeliveredName() {
  const t = useT();
  return (w: DeliveredWorkout) => {
    const title = w.title || w.name;
    return w.partnerName ? t("availability.deliveredFor", { title, partner: w.partnerName }) : title;
  };
}

export function useSlots(workoutId: string | null) {
  const accountId = useActiveAccountId();
  return useQuery({
    queryKey: bookingKeys.slots(accountId, workoutId ?? ""),
    queryFn: () => api.get("/v1/admin/slots", { query: { workoutId: workoutId ?? "" } }),
    enabled: Boolean(workoutId),
  });
}

export function useSlotChanges(workoutId: string | null) {
  const client = useQueryClient();
  const accountId = useActiveAccountId();
  const refresh = () => client.invalidateQueries({ queryKey: bookingKeys.slots(accountId, workoutId ?? "") });
  return {
    publish: useMutation({ mutationFn: (body: z.input<typeof CreateSlot>) => api.post("/v1/admin/slots", { body }), onSuccess: refresh }),
    close: useMutation({ mutationFn: (id: string) => api.delete("/v1/admin/slots/{id}", { params: { id } }), onSuccess: refresh }),
    publishSeries: useMutation({ mutationFn: (body: z.input<typeof RecurringSlots>) => api.post("/v1/admin/slots/series", { body }), onSuccess: refresh }),
  };
}
