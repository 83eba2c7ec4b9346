import { useEffect, useRef } from "react";
import { Outlet, useLocation } from "react-router";
import { useAppUser } from "../../auth/useAppUser";
import { focusRing } from "../../components/ui/Button";
import { cn } from "../../lib/cn";
import { routeLoaded } from "../../lib/errors";
import { useT } from "../../lib/i18n";
import { trackPageView } from "../../lib/telemetry";
import { BootScreen } from "../BootScreen";
import { useStyling } from "../styling";
import { Breadcrumbs } from "./Breadcrumbs";
import { ShellContext } from "../../components/layout/shell-context";
import { Sidebar, sidebarVariables } from "./Sidebar";
import { SidebarProvider, useSidebar } from "./sidebar-state";
import { TopBar } from "./TopBar";
import { useRouteHandle, type RouteHandle } from "./route-handle";

/**
 * The root route's element. Reads the current route's flags (useMatches):
 * routes with showNavigation get the sidebar, top bar, breadcrumbs and main
 * area; the others render bare. After each navigation it records a page view
 * under the route's telemetry name (SPEC §4) and clears the one-reload guard
 * of lazy-route recovery (the route's code has loaded).
 */
export function AppLayout() {
  const handle = useRouteHandle();
  const { authenticating } = useAppUser();
  const waitingForAuth = authenticating && Boolean(handle && (handle.flags.requiresAuth || handle.flags.requiresAnonymous));
  usePageViews(handle, waitingForAuth);

  if (!handle) return <Outlet />;
  if (waitingForAuth) return <FullScreenLoader />;
  if (!handle.flags.showNavigation) return <Outlet />;
  return (
    <SidebarProvider>
      <Shell handle={handle} />
    </SidebarProvider>
  );
}

function FullScreenLoader() {
  const styling = useStyling();
  return <BootScreen styling={styling} />;
}

function usePageViews(handle: RouteHandle | null, waiting: boolean) {
  const location = useLocation();
  const tracked = useRef<string | null>(null);
  useEffect(() => {
    routeLoaded();
    if (!handle || waiting || tracked.current === location.key) return;
    tracked.current = location.key;
    trackPageView({ name: handle.flags.telemetryName, authenticated: handle.flags.requiresAuth, path: location.pathname });
  }, [handle, waiting, location.key, location.pathname]);
}

function Shell({ handle }: { handle: RouteHandle }) {
  const t = useT();
  const { open, isMobile } = useSidebar();
  const offset = isMobile ? "0px" : open ? "var(--sidebar-expanded-width)" : "var(--sidebar-width)";
  return (
    <div style={sidebarVariables} className="min-h-dvh bg-background" data-testid="app-shell">
      <a
        href="#main"
        className={cn(
          "fixed top-2 left-2 z-[60] -translate-y-20 rounded-md bg-card px-3 py-2 text-sm font-medium shadow focus:translate-y-0",
          focusRing,
        )}
      >
        {t("shell.skipToContent")}
      </a>
      <TopBar variant={handle.flags.topBar} />
      <Sidebar category={handle.flags.sidebar} />
      <div
        className="pt-[var(--sidebar-top-offset)] transition-[padding] duration-200 motion-reduce:transition-none"
        style={{ paddingLeft: offset }}
      >
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl px-4 py-6 outline-none sm:px-8">
          <Breadcrumbs crumbs={handle.crumbs ?? []} />
          <ShellContext.Provider value={true}>
            <Outlet />
          </ShellContext.Provider>
        </main>
      </div>
    </div>
  );
}
