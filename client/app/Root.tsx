import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { useSyncExternalStore, type ReactNode } from "react";
import type { BootData } from "../../contract/boot";
import { useIdentityWrapper } from "../auth/start";
import { Toaster } from "../components/ui/Toaster";
import { I18nProvider } from "../lib/i18n";
import { ThemeProvider } from "../lib/theme";
import { BootScreen } from "./BootScreen";
import { BootContext } from "./boot";
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
 */
export function Root({
  boot,
  queryClient,
  routes,
  navigate,
}: {
  boot: BootData;
  queryClient: QueryClient;
  routes: ReactNode;
  navigate: (to: string, replace: boolean) => void;
}) {
  // Telemetry, the global error handler and lazy-route recovery start before the router loads a route (idempotent).
  startShellServices(boot);
  const hydrated = useSyncExternalStore(noSubscription, isClient, isServer);
  const identity = useIdentityWrapper();
  const app = !identity.needed ? routes : identity.Wrapper ? <identity.Wrapper navigate={navigate}>{routes}</identity.Wrapper> : null;
  return (
    <BootContext.Provider value={boot}>
      <QueryClientProvider client={queryClient}>
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
      </QueryClientProvider>
    </BootContext.Provider>
  );
}
