import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { RouteErrorScreen } from "../features/errors/RouteErrorScreen";
import { BootScreen } from "./BootScreen";
import { readBootData } from "./boot";
import { guard, notePath } from "./guards";
import { NOT_FOUND_PATH, ROUTES } from "./routes";
import { AppLayout } from "./shell/AppLayout";

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
        ...ROUTES.map(
          (r): RouteObject => ({
            path: r.path,
            id: r.path,
            handle: { flags: r.flags, name: r.name, crumbs: r.crumbs },
            loader: guard(r.flags),
            lazy: async () => ({ Component: (await r.load()).default }),
          }),
        ),
        { path: "*", element: <Navigate to={NOT_FOUND_PATH} replace /> },
      ],
    },
  ];
}

export function createAppRouter() {
  const router = createBrowserRouter(routeObjects());
  // Guards ask where a navigation comes from (steps 5 and 6).
  notePath(router.state.location.pathname);
  router.subscribe((state) => {
    if (state.navigation.state === "idle") notePath(state.location.pathname);
  });
  return router;
}
