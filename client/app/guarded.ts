/**
 * The paths whose route needs a signed-in user (the route table's
 * requiresAuth flag), as plain patterns. The Worker reads them to send a
 * signed-out visitor of a partner's domain to the main domain's sign-in
 * before any JavaScript runs, so this module loads no screen; a unit test
 * keeps it equal to ROUTES.
 */
export const SIGN_IN_PATHS = [
  "/",
  "/onboarding",
  "/bookings",
  "/jobs",
  "/activity",
  "/workouts",
  "/workout/:id",
  "/workout/:id/:book",
  "/my-list",
  "/admin/customers",
  "/admin/customers/:id/details",
  "/admin/submitted-scores",
  "/admin/profile",
  "/admin/homepage",
  "/admin/branding",
  "/admin/custom-domains",
  "/admin/workout-library",
  "/admin/workout-library/create",
  "/admin/workout-library/:id",
  "/admin/workout-library/:id/variant/:variantId",
  "/admin/price-groups",
  "/admin/featured-groups",
  "/admin/plans",
  "/admin/availability",
] as const;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
// As the router matches: case-insensitive, a trailing slash allowed, a parameter is one non-empty segment.
const PATTERNS = SIGN_IN_PATHS.map(
  (path) =>
    new RegExp(
      `^${path
        .split("/")
        .map((part) => (part.startsWith(":") ? "[^/]+" : escape(part)))
        .join("/")}/?$`,
      "i",
    ),
);

export function requiresSignIn(pathname: string): boolean {
  return PATTERNS.some((re) => re.test(pathname));
}

/**
 * Where a signed-out visitor of `url` signs in: /login, but an invite link of
 * old (to /onboarding) opens sign-up with the invited address, as the links
 * mailed now do (/signup?invite=).
 */
export function signInPathFor(url: { pathname: string; searchParams: URLSearchParams }): "/login" | "/signup" {
  return /^\/onboarding\/?$/i.test(url.pathname) && url.searchParams.has("invite") ? "/signup" : "/login";
}
