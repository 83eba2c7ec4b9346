import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { SetAttendees, SetJobInstructor, SetJobLocation, CompleteSession } from "../../../contract/job-people";
import { useActiveAccountId } from "../../auth/useAppUser";
import { api } from "../../lib/api";
import { bookingKeys, staleAfter, type Side } from "./api";

/** Who a job may name: the customer's members (attendees) or the partner's (instructors). */
export function useJobPeople(side: Side, enabled = true) {
  const accountId = useActiveAccountId();
  return useQuery({
    queryKey: bookingKeys.people(accountId, side),
    queryFn: () => api.get(side === "customer" ? "/v1/bookings/people" : "/v1/jobs/instructors"),
    enabled,
  });
}

/** The partner's booked sessions between two instants (week and agenda), `mine`: those the caller instructs. */
export function useUpcomingSessions(from: string, to: string, mine: boolean) {
  const accountId = useActiveAccountId();
  return useQuery({
    queryKey: bookingKeys.sessions(accountId, from, to, mine),
    queryFn: () => api.get("/v1/jobs/sessions", { query: { from, to, mine: mine ? "true" : undefined } }),
  });
}

export type PeopleChange =
  | { kind: "attendees"; id: string; body: z.input<typeof SetAttendees> }
  | { kind: "instructor"; id: string; body: z.input<typeof SetJobInstructor> }
  | { kind: "location"; id: string; body: z.input<typeof SetJobLocation> }
  | { kind: "attendance"; id: string; lineId: string; body: z.input<typeof CompleteSession> };

function send(change: PeopleChange) {
  const params = { id: change.id };
  switch (change.kind) {
    case "attendees":
      return api.put("/v1/bookings/{id}/attendees", { params, body: change.body });
    case "instructor":
      return api.put("/v1/jobs/{id}/instructor", { params, body: change.body });
    case "location":
      return api.put("/v1/jobs/{id}/location", { params, body: change.body });
    case "attendance":
      return api.put("/v1/jobs/{id}/lines/{lineId}/attendance", { params: { id: change.id, lineId: change.lineId }, body: change.body });
  }
}

/** A change of a job's people or places; refreshes the job lists and the sessions. */
export function usePeopleChange() {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => Promise.all(staleAfter.people.map((queryKey) => client.invalidateQueries({ queryKey }))) });
}
