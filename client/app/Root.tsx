import { QueryClientContext, type QueryClient } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore, type ReactNode } from "react";
import type { BootData } from "../../contract/boot";
import { useIdentityWrapper } from "../auth/start";
import { syncTimeZoneWhenMissing } from "../auth/time-zone-start";
import { Toaster } from "../components/ui/Toaster";
import { I18nProvider } from "../lib/i18n";
import { ThemeProvider } from "../lib/theme";
import { BootScreen } from "./BootScreen";
import { BootContext } from "./boot";
import { replayEarlyTap } from "./early-taps";
import { currentQueryClient, subscribeQueryClient } from "./queries";
import { startShellServices } from "./shell/services";

const noSubscription = () => () => {};
const isClient = () => true;
const isServer = () => false;

/**
 * The client's root, and the server's. Its first render is exactly the
 * server's, so hydration matches: the screen itself when the server rendered
 * the route (`boot.ssr`: public screens), else the branded loader, and the
 * router takes over after hydration. `routes` is the router's element
 * (the browser's router on the client, the static one on the server).
 * `queryClient` is the server's; the browser's comes when first needed
 * (./queries.ts).
 */
export function Root({
  boot,
  queryClient,
  routes,
  navigate,
}: {
  boot: BootData;
  queryClient?: QueryClient;
  routes: ReactNode;
  navigate: (to: string, replace: boolean) => void;
}) {
  // Telemetry, the global error handler and lazy-route recovery start before the router loads a route (idempotent).
  startShellServices(boot);
  // Synchronous on purpose (a store read, not useHydrated's transition): on a page the server showed as the
  // loader, this flip mounts the router's provider, which reads the router's state as it renders and subscribes
  // only in its layout effect. Mounted in a transition, which yields between slices, the router could finish
  // loading the route in between, and the provider would miss it and keep its fallback (the loader) for good.
  const hydrated = useSyncExternalStore(noSubscription, isClient, isServer);
  // Marks the page as the script's (data-hydrated on <html>): the server's page becomes the app only after this first commit.
  // A tap on one of its buttons before the script started is answered now (./early-taps.ts).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
    replayEarlyTap();
  }, []);
  // A signed-in user without a zone gets the browser's, once the page is the script's (its code loaded only then).
  useEffect(() => syncTimeZoneWhenMissing(), []);
  const identity = useIdentityWrapper();
  const app = !identity.needed ? routes : identity.Wrapper ? <identity.Wrapper navigate={navigate}>{routes}</identity.Wrapper> : null;
  return (
    <BootContext.Provider value={boot}>
      <QueryProvider client={queryClient}>
        <ThemeProvider>
          <I18nProvider>
            {(hydrated || boot.ssr) && app ? (
              <>
                {app}
                <Toaster />
              </>
            ) : (
              <BootScreen styling={boot.styling} />
            )}
          </I18nProvider>
        </ThemeProvider>
      </QueryProvider>
    </BootContext.Provider>
  );
}

/**
 * TanStack Query's context with the app's client once there is one (always
 * the same element, so the tree is not remounted when it arrives). Screens
 * that read through it load it before they render.
 */
function QueryProvider({ client, children }: { client?: QueryClient; children: ReactNode }) {
  const loaded = useSyncExternalStore(subscribeQueryClient, currentQueryClient, currentQueryClient);
  const live = client ?? loaded;
  useEffect(() => {
    if (!live) return;
    live.mount();
    return () => live.unmount();
  }, [live]);
  return <QueryClientContext.Provider value={live ?? undefined}>{children}</QueryClientContext.Provider>;
}
