import type { QueryClient } from "@tanstack/react-query";

/**
 * The app's one TanStack Query client, created when it is first needed: the
 * first screens (sign-in, not found, the post-auth hand-off) read nothing
 * through it, so the page loads TanStack Query's code with the first route
 * or sign-in that does (router.tsx, the shell, the identity machine).
 */
let client: QueryClient | null = null;
let loading: Promise<QueryClient> | null = null;
const listeners = new Set<() => void>();

/** The client, if it is there yet. */
export function currentQueryClient(): QueryClient | null {
  return client;
}

/** Creates the client (once, fetching its code); resolves to it. */
export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import("./queryClient").then(
    (m) => {
      client ??= m.createQueryClient();
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
