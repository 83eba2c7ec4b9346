import type { RouteFlags } from "../../client/app/routes";

const base: RouteFlags = {
  requiresAuth: false,
  requiresAnonymous: false,
  requiresPartner: false,
  showNavigation: false,
  sidebar: null,
  topBar: "primary",
  telemetryName: null,
};

/**
 * The route flags of the public screens the server renders itself, as in the
 * route table (client/app/routes.ts; a unit test keeps them equal). Sign-up
 * is not among them: its first step's choice needs the script, and a click
 * before hydration would be lost.
 */
export const SCREEN_FLAGS = {
  "/login": { ...base, requiresAnonymous: true, telemetryName: "Login" },
  "/404": { ...base, telemetryName: "Not Found" },
  "/post-auth": { ...base, telemetryName: "Post Auth" },
} satisfies Record<string, RouteFlags>;
