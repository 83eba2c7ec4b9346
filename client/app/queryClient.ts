import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "../lib/api";

/**
 * Whether a failed read is worth another try: network faults and server
 * errors are; an answer that says the request itself is wrong (4xx: invalid,
 * not signed in, not allowed, absent, conflicting) is not, since asking
 * again gets the same answer. A timeout (408) or rate limit (429) may pass.
 */
export function worthRetrying(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}

/** Query defaults: up to 3 retries of failures worth retrying, doubling from 1 s to 30 s; 5 min GC; no refetch on focus. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => failures < 3 && worthRetrying(error),
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        gcTime: 5 * 60 * 1000,
        refetchOnWindowFocus: false,
      },
    },
  });
}
