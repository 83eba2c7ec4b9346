import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { useState, useSyncExternalStore } from "react";
import { RouterProvider } from "react-router";
import type { BootData } from "../../contract/boot";
import { useIdentityWrapper } from "../auth/start";
import { Toaster } from "../components/ui/Toaster";
import { I18nProvider } from "../lib/i18n";
import { ThemeProvider } from "../lib/theme";
import { BootScreen } from "./BootScreen";
import { BootContext } from "./boot";
import { createAppRouter } from "./router";
import { startShellServices } from "./shell/services";

const noSubscription = () => () => {};
const isClient = () => true;
const isServer = () => false;

/**
 * The client's root. Its first render is exactly the server's (the branded
 * loader), so hydration matches; the router takes over after hydration.
 */
export function Root({ boot, queryClient }: { boot: BootData; queryClient: QueryClient }) {
  // Telemetry, the global error handler and lazy-route recovery start before the router loads a route (idempotent).
  startShellServices(boot);
  const [router] = useState(createAppRouter);
  const hydrated = useSyncExternalStore(noSubscription, isClient, isServer);
  const identity = useIdentityWrapper();
  const routes = <RouterProvider router={router} />;
  const app = !identity.needed ? routes : identity.Wrapper ? (
    <identity.Wrapper navigate={(to, replace) => void router.navigate(to, { replace })}>{routes}</identity.Wrapper>
  ) : null;
  return (
    <BootContext.Provider value={boot}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          <I18nProvider>
            {hydrated && app ? (
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
