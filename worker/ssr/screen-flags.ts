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
 * route table (client/app/routes.ts; a unit test keeps them equal).
 */
export const SCREEN_FLAGS = {
  "/login": { ...base, requiresAnonymous: true, telemetryName: "Login" },
  "/signup": { ...base, requiresAnonymous: true, telemetryName: "Sign Up" },
  "/help": { ...base, showNavigation: true, telemetryName: "Help" },
  "/404": { ...base, telemetryName: "Not Found" },
  "/post-auth": { ...base, telemetryName: "Post Auth" },
} satisfies Record<string, RouteFlags>;
