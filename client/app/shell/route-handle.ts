import { useMatches } from "react-router";
import type { Crumb, RouteFlags } from "../routes";

/** What router.tsx puts on each route's `handle`. */
export type RouteHandle = { flags: RouteFlags; name?: string; crumbs?: Crumb[] };

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === "object" && value !== null && "flags" in value;
}

/** The handle of the deepest matched route that has one (null on the catch-all redirect). */
export function useRouteHandle(): RouteHandle | null {
  const matches = useMatches();
  for (const { handle } of [...matches].reverse()) {
    if (isRouteHandle(handle)) return handle;
  }
  return null;
}
