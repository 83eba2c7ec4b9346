import { createBrowserRouter, Navigate, Outlet, type RouteObject } from "react-router";
import { BootScreen } from "./BootScreen";
import { readBootData } from "./boot";
import { NOT_FOUND_PATH, ROUTES } from "./routes";

/** React Router's tree from the route table: each route lazy, its flags on `handle`. */
export function routeObjects(): RouteObject[] {
  return [
    {
      id: "root",
      element: <Outlet />,
      HydrateFallback: () => <BootScreen styling={readBootData().styling} />,
      children: [
        ...ROUTES.map(
          (r): RouteObject => ({
            path: r.path,
            id: r.path,
            handle: { flags: r.flags, name: r.name },
            lazy: async () => ({ Component: (await r.load()).default }),
          }),
        ),
        { path: "*", element: <Navigate to={NOT_FOUND_PATH} replace /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(routeObjects());
}
