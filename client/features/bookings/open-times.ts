import { useQuery } from "@tanstack/react-query";
import { useActiveAccountId } from "../../auth/useAppUser";
import { api } from "../../lib/api";
import { bookingKeys, type Side } from "./api";

/** Whose open times a picker offers: a workout's session (a new request), or a booking's session (its delivery partner's, for either side). */
export type OpenTimesSource = { kind: "workout"; workoutId: string; sessionId: string } | { kind: "job"; side: Side; jobId: string; lineId: string };

/** The open start times of one month (its first day to the next month's first, a day wider on each side for readers in any zone). */
export function useOpenTimes(source: OpenTimesSource, month: Date) {
  const accountId = useActiveAccountId();
  const from = new Date(month.getFullYear(), month.getMonth(), 0).toISOString();
  const to = new Date(month.getFullYear(), month.getMonth() + 1, 2).toISOString();
  return useQuery({
    queryKey: bookingKeys.openTimes(accountId, source, from),
    queryFn: () => {
      if (source.kind === "workout")
        return api.get("/v1/bookings/options/{id}/open-times", { params: { id: source.workoutId }, query: { sessionId: source.sessionId, from, to } });
      return api.get(source.side === "customer" ? "/v1/bookings/{id}/open-times" : "/v1/jobs/{id}/open-times", {
        params: { id: source.jobId },
        query: { lineId: source.lineId, from, to },
      });
    },
    staleTime: 30_000,
  });
}
