import { createBrowserRouter, matchRoutes, Navigate, type HydrationState, type LoaderFunctionArgs, type RouteObject } from "react-router";
import { RouteErrorScreen } from "../features/errors/RouteErrorScreen";
import { loadCatalogues } from "../lib/i18n";
import { BootScreen } from "./BootScreen";
import { loadQueryClient } from "./queries";
import { readBootData } from "./boot";
import { guard, notePath } from "./guards";
import { NOT_FOUND_PATH, ROUTES, type AppRoute } from "./routes";
import { AppLayout } from "./shell/AppLayout";

/**
 * The screens the server renders (worker/ssr/screens.tsx): written with the
 * first screens' texts only (client/i18n/en-US.first.ts) and read nothing
 * through TanStack Query, so they hydrate without the full catalogues and
 * without the query client. Every other route loads both with its code.
 */
export const FIRST_SCREENS: readonly string[] = ["/login", "/404", "/post-auth"];

/** A route's loader: its guard, then (when the guard let the visitor in) what entering the route starts. */
export function routeLoader(route: AppRoute) {
  const check = guard(route.flags);
  const { enter } = route;
  if (!enter) return check;
  return async (args: LoaderFunctionArgs) => {
    const allowed = await check(args);
    await enter(new URL(args.request.url));
    return allowed;
  };
}

/** React Router's tree from the route table: each route lazy, its flags on `handle`. */
export function routeObjects(): RouteObject[] {
  return [
    {
      id: "root",
      // The shell (sidebar, top bar, breadcrumbs) for routes with showNavigation; a bare outlet otherwise.
      element: <AppLayout />,
      errorElement: <RouteErrorScreen />,
      HydrateFallback: () => <BootScreen styling={readBootData().styling} />,
      children: [
        ...ROUTES.map((r): RouteObject => ({
          path: r.path,
          id: r.path,
          handle: { flags: r.flags, name: r.name, crumbs: r.crumbs },
          loader: routeLoader(r),
          lazy: async () => {
            const [screen] = await Promise.all([r.load(), loadCatalogues(), loadQueryClient()]);
            return { Component: screen.default };
          },
        })),
        { path: "*", element: <Navigate to={NOT_FOUND_PATH} replace /> },
      ],
    },
  ];
}

/**
 * The route objects a server-rendered page hydrates: the root and the route
 * the server rendered (`route`: its path, which is its id), found without
 * matching the address again (matching flattens and ranks the whole table,
 * a long task on a phone; the router does it once itself). Without `route`,
 * the address is matched.
 */
export function renderedRoutes(routes: RouteObject[], route: string | undefined, location: Location): RouteObject[] {
  const root = routes[0];
  const child = route === undefined ? undefined : root?.children?.find((r) => r.id === route);
  if (root && child) return [root, child];
  return (matchRoutes(routes, location) ?? []).map((m) => m.route);
}

/**
 * When the server rendered the page's route itself, the client's first render
 * must be the same: the matched routes' code is loaded before hydration, and
 * the router starts as already loaded (the server applied the guard's rules),
 * so it renders the screen at once instead of running the loaders first.
 */
export async function hydratingRoutes(matched: RouteObject[]): Promise<HydrationState> {
  const loaderData: Record<string, null> = {};
  await Promise.all(
    matched.map(async (route) => {
      if (route.lazy && typeof route.lazy === "function") {
        // A first screen hydrates without the full catalogues (the route's own code only).
        const first = route.id !== undefined && FIRST_SCREENS.includes(route.id);
        const load = first ? ROUTES.find((r) => r.path === route.id)?.load : undefined;
        const loaded = load ? { Component: (await load()).default } : await route.lazy();
        Object.assign(route, { ...loaded, lazy: undefined });
      }
      if (route.loader && route.id) loaderData[route.id] = null;
    }),
  );
  return { loaderData };
}

/** Whether the matched routes show the shell (top bar, sidebar): when the server rendered it, the shell's code loads before hydrating. */
export function showsNavigation(matched: RouteObject[]): boolean {
  return matched.some((route) => (route.handle as { flags?: { showNavigation?: boolean } } | undefined)?.flags?.showNavigation === true);
}

export function createAppRouter(routes: RouteObject[] = routeObjects(), hydrationData?: HydrationState) {
  const router = createBrowserRouter(routes, { hydrationData });
  // Guards ask where a navigation comes from (steps 5 and 6).
  notePath(router.state.location.pathname);
  router.subscribe((state) => {
    if (state.navigation.state === "idle") notePath(state.location.pathname);
  });
  return router;
}
