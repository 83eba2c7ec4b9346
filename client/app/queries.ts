import type { DehydratedState, QueryClient } from "@tanstack/react-query";

/**
 * The app's one TanStack Query client, created when it is first needed: the
 * first screens (sign-in, not found, the post-auth hand-off) read nothing
 * through it, so the page loads TanStack Query's code with the first route
 * or sign-in that does (router.tsx, the shell, the identity machine).
 */
let client: QueryClient | null = null;
let loading: Promise<QueryClient> | null = null;
const listeners = new Set<() => void>();
/** The reads the server answered with the page, put into the client when it is created. */
let pageQueries: DehydratedState | undefined;

/** Keeps the page's inlined reads for the client (seeded as it is created, before anyone reads through it). */
export function seedPageQueries(state: DehydratedState | undefined): void {
  pageQueries = state;
  // A page with inlined reads is a signed-in screen that reads through the client at once: fetch its code now.
  if (state) loadQueryClient().catch(() => {}); // a failed load is retried by the first screen that needs it
}

/** The client, if it is there yet. */
export function currentQueryClient(): QueryClient | null {
  return client;
}

/** Creates the client (once, fetching its code); resolves to it. */
export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import("./queryClient").then(
    (m) => {
      if (!client) {
        client = m.createQueryClient();
        m.seedQueries(client, pageQueries);
        pageQueries = undefined;
      }
      for (const listener of listeners) listener();
      return client;
    },
    (error: unknown) => {
      loading = null; // a later navigation tries again
      throw error;
    },
  );
  return loading;
}

export function subscribeQueryClient(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
