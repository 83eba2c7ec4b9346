import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { SaveAvailability } from "../../../contract/availability";
import { useActiveAccountId } from "../../auth/useAppUser";
import { api } from "../../lib/api";

import { bookingKeys } from "../bookings/api";

/** The keys of availability schedules, per active account. */
export const availabilityKeys = {
  all: ["availability"] as const,
  one: (accountId: string, workoutId: string) => ["availability", accountId, workoutId] as const,
};

/** The partner's weekly availability ("" for all workouts) or a workout's own (falling back to the partner's). */
export function useAvailability(workoutId: string) {
  const accountId = useActiveAccountId();
  return useQuery({
    queryKey: availabilityKeys.one(accountId, workoutId),
    queryFn: () => api.get("/v1/admin/availability", { query: workoutId ? { workoutId } : {} }),
  });
}

/** Saving, and removing a workout's own hours; both refresh every schedule and every open time shown. */
export function useAvailabilityChanges() {
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([client.invalidateQueries({ queryKey: availabilityKeys.all }), client.invalidateQueries({ queryKey: bookingKeys.anyOpenTimes })]);
  return {
    save: useMutation({ mutationFn: (body: z.input<typeof SaveAvailability>) => api.put("/v1/admin/availability", { body }), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (id: string) => api.delete("/v1/admin/availability/workouts/{id}", { params: { id } }), onSuccess: refresh }),
  };
}
