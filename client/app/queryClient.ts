import { hydrate, QueryClient, type DehydratedState, type Query } from "@tanstack/react-query";
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

/** How long an answer the server inlined with the page counts as fresh: the screen's first render does not ask again. */
export const SERVER_FRESH_MS = 30_000;
/** The queries the page came with, and when the server answered them. */
const seeded = new Map<string, number>();

/** Fresh for SERVER_FRESH_MS while a query still holds the server's answer; else stale at once (invalidation still refetches). */
function staleTime(query: Query): number {
  return seeded.get(query.queryHash) === query.state.dataUpdatedAt ? SERVER_FRESH_MS : 0;
}

/** Puts the screen's first reads, answered on the server, into the cache before the first render. */
export function seedQueries(client: QueryClient, state: DehydratedState | undefined): void {
  if (!state) return;
  // Counted from now, on this clock: the server's may differ from the browser's.
  const now = Date.now();
  const queries = state.queries.map((q) => ({ ...q, state: { ...q.state, dataUpdatedAt: now } }));
  hydrate(client, { ...state, queries });
  for (const q of queries) seeded.set(q.queryHash, now);
}

/**
 * After a change, what it touched is read again even when its first read is
 * still on its way: TanStack Query shares a first fetch in flight with the
 * refetch an invalidation asks for, so that read, started before the change,
 * would answer the old data and stay (a domain just added missing from its
 * list). The matching fetches in flight are cancelled, their queries
 * reverted, before the invalidation refetches.
 */
export class AppQueryClient extends QueryClient {
  override async invalidateQueries(...args: Parameters<QueryClient["invalidateQueries"]>): Promise<void> {
    const [filters] = args;
    await this.cancelQueries({ ...filters, fetchStatus: "fetching" });
    return super.invalidateQueries(...args);
  }
}

/** Query defaults: up to 3 retries of failures worth retrying, doubling from 1 s to 30 s; 5 min GC; no refetch on focus. */
export function createQueryClient() {
  return new AppQueryClient({
    defaultOptions: {
      queries: {
        staleTime,
        retry: (failures, error) => failures < 3 && worthRetrying(error),
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        gcTime: 5 * 60 * 1000,
        refetchOnWindowFocus: false,
      },
    },
  });
}
