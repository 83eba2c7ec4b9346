import { QueryClient } from "@tanstack/react-query";

/** SPEC §9 query defaults: 3 retries doubling from 1 s to 30 s, 5 min GC, no refetch on focus. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: 3,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        gcTime: 5 * 60 * 1000,
        refetchOnWindowFocus: false,
      },
    },
  });
}
