import { Category } from "../../contract/enums";
import { catalogueTitle } from "../features/catalogue/title";
import { homeGreeting } from "../features/home/greeting";
import type { MessageKey } from "../i18n";
import { oneOf } from "../lib/enums";
import type { Translate } from "../lib/i18n";
import type { AppRoute } from "./routes";

/** A screen's name in the page's title: a catalogue key, or words from the address and the signed-in user's first name. */
export type RouteTitle = MessageKey | ((t: Translate, page: { url: URL; firstName: string | null }) => string);

/**
 * The names of the signed-in screens (every route that needs sign-in and
 * shows the shell), as their first render sets them (useScreenTitle): the
 * server renders such a page as the shell with a skeleton, not the screen,
 * and writes this name into the page's title so the tab already says what
 * the screen will. A screen that names itself by its data (a workout's, a
 * customer's name) changes it once that is there. Only the Worker reads this
 * table (the client's screens name themselves), so it is not in the client's
 * first load; a unit test keeps it equal to the route table and the screens.
 */
export const ROUTE_TITLES: Record<string, RouteTitle> = {
  "/": (t, { firstName }) => homeGreeting(t, firstName),
  "/bookings": "bookings.title",
  "/jobs": "jobs.title",
  "/activity": "activity.title",
  "/workouts": (t, { url }) => catalogueTitle(t, oneOf(Category, url.searchParams.get("category"))),
  "/workout/:id": "workout.loading",
  "/workout/:id/:book": "workout.loading",
  "/my-list": "myList.title",
  "/admin/customers": "customers.title",
  "/admin/customers/:id/details": "customers.details",
  "/admin/submitted-scores": "scores.submittedTitle",
  "/admin/profile": "profile.title",
  "/admin/homepage": "nav.homepageBuilder",
  "/admin/branding": "branding.title",
  "/admin/custom-domains": "domains.title",
  "/admin/workout-library": "library.title",
  "/admin/workout-library/create": "editor.createTitle",
  // The editor's own loading name is its title field's label; the page says what it is until the workout's title comes.
  "/admin/workout-library/:id": "crumb.workout",
  "/admin/workout-library/:id/variant/:variantId": "variant.title",
  "/admin/price-groups": "priceGroups.title",
  "/admin/featured-groups": "featuredGroups.title",
  "/admin/plans": "plans.catalogueTitle",
  "/admin/availability": "availability.title",
};

/** The screen's name for the page's title at `url` on `route`, or null when the table has none. */
export function routeTitle(route: Pick<AppRoute, "path">, t: Translate, page: { url: URL; firstName: string | null }): string | null {
  const title = ROUTE_TITLES[route.path];
  if (!title) return null;
  return typeof title === "function" ? title(t, page) : t(title);
}
