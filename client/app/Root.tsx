import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, useSyncExternalStore } from "react";
import { RouterProvider } from "react-router";
import type { BootData } from "../../contract/boot";
import { BootScreen } from "./BootScreen";
import { BootContext } from "./boot";
import { createAppRouter } from "./router";

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

const noSubscription = () => () => {};
const isClient = () => true;
const isServer = () => false;

/**
 * The client's root. Its first render is exactly the server's (the branded
 * loader), so hydration matches; the router takes over after hydration.
 */
export function Root({ boot }: { boot: BootData }) {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  const hydrated = useSyncExternalStore(noSubscription, isClient, isServer);
  return (
    <BootContext.Provider value={boot}>
      <QueryClientProvider client={queryClient}>
        {hydrated ? <RouterProvider router={router} /> : <BootScreen styling={boot.styling} />}
      </QueryClientProvider>
    </BootContext.Provider>
  );
}
