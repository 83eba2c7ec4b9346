import { lazy, Suspense, useEffect, useRef } from "react";
import { Outlet, useLocation } from "react-router";
import { useAppUser } from "../../auth/useAppUser";
import { preloadToasts } from "../../components/ui/Toaster";
import { routeLoaded } from "../../lib/errors";
import { loadCatalogues } from "../../lib/i18n";
import { trackPageView } from "../../lib/telemetry";
import { BootScreen } from "../BootScreen";
import { loadQueryClient } from "../queries";
import { useStyling } from "../styling";
import { useRouteHandle, type RouteHandle } from "./route-handle";

/**
 * The root route's element. Reads the current route's flags (useMatches):
 * routes with showNavigation get the sidebar, top bar, breadcrumbs and main
 * area (./Shell, loaded lazily); the others render bare. After each navigation it records a page view
 * under the route's telemetry name and clears the one-reload guard
 * of lazy-route recovery (the route's code has loaded).
 */
export function AppLayout() {
  const handle = useRouteHandle();
  const { authenticating } = useAppUser();
  const waitingForAuth = authenticating && Boolean(handle && (handle.flags.requiresAuth || handle.flags.requiresAnonymous));
  usePageViews(handle, waitingForAuth);

  const withNavigation = Boolean(handle?.flags.showNavigation);
  useEffect(() => {
    // Fetch the shell's code while authentication is still going on.
    if (withNavigation) void loadShell();
  }, [withNavigation]);

  if (!handle) return <Outlet />;
  if (waitingForAuth) return <FullScreenLoader />;
  if (!handle.flags.showNavigation) return <Outlet />;
  // Once its code is here (the server's own copy, or loaded before hydrating a server-rendered shell), the shell renders at once.
  const Frame = loadedShell?.default ?? Shell;
  return (
    <Suspense fallback={<FullScreenLoader />}>
      <Frame handle={handle} />
    </Suspense>
  );
}

/**
 * The sidebar, top bar and their menus load on their own: screens without
 * navigation (sign-in above all) never download them. The toast viewport
 * comes along, so signed-in screens show their first toast at once, and so
 * do the full catalogues the shell's texts are in and the query client its
 * menus read through.
 */
type ShellModule = typeof import("./Shell");
let loadedShell: ShellModule | null = null;
const loadShell = () => {
  preloadToasts().catch(() => undefined);
  return Promise.all([import("./Shell"), loadCatalogues(), loadQueryClient()]).then(([shell]) => (loadedShell = shell));
};
const Shell = lazy(loadShell);

/** Loads the shell's code before hydrating a page whose shell the server rendered, so the first render is the server's. */
export const preloadShell = (): Promise<unknown> => loadShell();

/** The server renders with the shell imported statically. */
export function provideShell(module: ShellModule): void {
  loadedShell = module;
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
