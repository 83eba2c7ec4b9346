import type { ComponentType } from "react";
import type { MessageKey } from "../i18n";

/** Sidebar categories and top bar styles. */
export type SidebarCategory = "home" | "booking" | "activity" | "my-list" | "admin";
export type TopBarStyle = "primary" | "secondary";

/** Route flags. */
export type RouteFlags = {
  requiresAuth: boolean;
  requiresAnonymous: boolean;
  requiresPartner: boolean;
  showNavigation: boolean;
  sidebar: SidebarCategory | null;
  topBar: TopBarStyle;
  /** Page-view name in telemetry; null turns tracking off for the route. */
  telemetryName: string | null;
  /** Served only where the Worker runs in development (APP_ENV): elsewhere its page is not found (worker/index.ts). */
  devOnly?: boolean;
};

/**
 * One breadcrumb (labels: Home, Admin, Setup, Profile, Organization,
 * Workout, Customers): a catalogue key, and where it leads (a route pattern
 * whose params come from the current URL); the last crumb is the page itself.
 */
export type Crumb = { label: MessageKey; to?: string };

export type AppRoute = {
  path: string;
  /** Named routes seen through the sidebar. */
  name?: string;
  flags: RouteFlags;
  /** Breadcrumbs shown above screens with navigation. */
  crumbs?: Crumb[];
  /** Every route loads lazily: a first screen directly, any other through the table of screens' code (./screen-code.ts). */
  load: () => Promise<{ default: ComponentType }>;
  /** The file `load` imports, from the repository's root: the server names its script (and those it imports) in the page, so the browser fetches them with the first one. */
  module: string;
  /** Work that entering the route starts, once its guard has let the visitor in: run by the route's loader, before the screen renders (loaded lazily, like the screen). */
  enter?: (url: URL) => Promise<void>;
};

const base: RouteFlags = {
  requiresAuth: false,
  requiresAnonymous: false,
  requiresPartner: false,
  showNavigation: false,
  sidebar: null,
  topBar: "primary",
  telemetryName: null,
};

const signedIn = (sidebar: SidebarCategory, telemetryName: string, more: Partial<RouteFlags> = {}): RouteFlags => ({
  ...base,
  requiresAuth: true,
  showNavigation: true,
  sidebar,
  telemetryName,
  ...more,
});

const admin = (telemetryName: string, partner = true): RouteFlags => signedIn("admin", telemetryName, { requiresPartner: partner, topBar: "secondary" });

const HOME: Crumb = { label: "crumb.home", to: "/" };
const ADMIN: Crumb = { label: "crumb.admin" };
const SETUP: Crumb = { label: "crumb.setup" };
const ORGANIZATION: Crumb = { label: "crumb.organization" };
const CUSTOMERS: Crumb = { label: "crumb.customers", to: "/admin/customers" };
const LIBRARY: Crumb = { label: "crumb.workoutLibrary", to: "/admin/workout-library" };

/** A route as written below: only the first screens name their `load`; the others' code is in ./screen-code.ts. */
type RouteEntry = Omit<AppRoute, "load"> & { load?: AppRoute["load"] };

const ENTRIES: RouteEntry[] = [
  {
    path: "/",
    name: "home",
    flags: signedIn("home", "Home"),
    crumbs: [{ label: "crumb.home" }],
    module: "client/features/home/HomeScreen.tsx",
  },
  {
    path: "/404",
    flags: { ...base, telemetryName: "Not Found" },
    load: () => import("../features/errors/NotFoundScreen"),
    module: "client/features/errors/NotFoundScreen.tsx",
  },
  {
    path: "/login",
    flags: { ...base, requiresAnonymous: true, telemetryName: "Login" },
    load: () => import("../features/auth/LoginScreen"),
    module: "client/features/auth/LoginScreen.tsx",
  },
  {
    path: "/signup",
    flags: { ...base, requiresAnonymous: true, telemetryName: "Sign Up" },
    module: "client/features/auth/SignupScreen.tsx",
  },
  {
    // An assessment link: a customer's member (signed in) or anyone with a partner's link.
    path: "/assessment/:token",
    flags: { ...base, telemetryName: "Assessment" },
    module: "client/features/assessment/AssessmentScreen.tsx",
  },
  // The mailed links of the embedded provider: open to anyone (the link may be
  // followed in a browser that is signed in, or not).
  {
    path: "/verify-email",
    flags: { ...base, telemetryName: "Verify Email" },
    module: "client/features/auth/VerifyEmailScreen.tsx",
  },
  {
    path: "/forgot-password",
    flags: { ...base, requiresAnonymous: true, telemetryName: "Forgot Password" },
    module: "client/features/auth/ForgotPasswordScreen.tsx",
  },
  {
    path: "/reset-password",
    flags: { ...base, telemetryName: "Reset Password" },
    module: "client/features/auth/ResetPasswordScreen.tsx",
  },
  {
    path: "/post-auth",
    flags: { ...base, telemetryName: "Post Auth" },
    load: () => import("../features/auth/PostAuthScreen"),
    module: "client/features/auth/PostAuthScreen.tsx",
  },
  {
    path: "/onboarding",
    flags: { ...base, requiresAuth: true, telemetryName: "Onboarding" },
    module: "client/features/onboarding/OnboardingScreen.tsx",
    // An invite link (?invite=) is accepted on entering, once per code and page.
    enter: (url) => import("../features/onboarding/join").then((m) => m.joinFromAddress(url)),
  },
  {
    path: "/bookings",
    name: "bookings",
    flags: signedIn("booking", "Bookings"),
    crumbs: [HOME, { label: "crumb.bookings" }],
    module: "client/features/bookings/BookingsScreen.tsx",
  },
  {
    path: "/jobs",
    name: "jobs",
    flags: signedIn("booking", "Partner Bookings", { requiresPartner: true }),
    crumbs: [HOME, { label: "crumb.jobs" }],
    module: "client/features/bookings/JobsScreen.tsx",
  },
  {
    path: "/activity",
    name: "activity",
    flags: signedIn("activity", "Activity", { topBar: "primary" }),
    crumbs: [HOME, { label: "crumb.activity" }],
    module: "client/features/activity/ActivityScreen.tsx",
  },
  {
    // The catalogue: Home's goal buttons lead here with ?category=.
    path: "/workouts",
    flags: signedIn("home", "Workouts"),
    crumbs: [HOME, { label: "crumb.workouts" }],
    module: "client/features/catalogue/CatalogueScreen.tsx",
  },
  {
    path: "/workout/:id",
    flags: signedIn("home", "Workout"),
    crumbs: [HOME, { label: "crumb.workout" }],
    module: "client/features/workouts/WorkoutScreen.tsx",
  },
  {
    path: "/workout/:id/:book",
    flags: signedIn("home", "Workout Booking"),
    crumbs: [HOME, { label: "crumb.workout", to: "/workout/:id" }, { label: "crumb.book" }],
    module: "client/features/workouts/WorkoutScreen.tsx",
  },
  {
    path: "/my-list",
    name: "my-list",
    flags: signedIn("my-list", "My List"),
    crumbs: [HOME, { label: "crumb.myList" }],
    module: "client/features/my-list/MyListScreen.tsx",
  },
  {
    path: "/admin/customers",
    name: "admin-customers",
    flags: admin("Customers"),
    crumbs: [ADMIN, { label: "crumb.customers" }],
    module: "client/features/customers/CustomersScreen.tsx",
  },
  {
    path: "/admin/customers/:id/details",
    flags: admin("Customer Details"),
    crumbs: [ADMIN, CUSTOMERS, { label: "crumb.details" }],
    module: "client/features/customers/CustomerDetailsScreen.tsx",
  },
  {
    path: "/admin/submitted-scores",
    name: "admin-orphaned-scores",
    flags: admin("Submitted Scores"),
    crumbs: [ADMIN, { label: "crumb.customers" }, { label: "crumb.submittedScores" }],
    module: "client/features/scores/SubmittedScoresScreen.tsx",
  },
  {
    path: "/admin/profile",
    name: "admin-profile",
    flags: admin("Profile", false),
    crumbs: [ADMIN, ORGANIZATION, { label: "crumb.profile" }],
    module: "client/features/profile/ProfileScreen.tsx",
  },
  {
    path: "/admin/homepage",
    name: "admin-homepage",
    flags: admin("Homepage Builder"),
    crumbs: [ADMIN, ORGANIZATION, { label: "crumb.homepageBuilder" }],
    module: "client/features/homepage/HomepageBuilderScreen.tsx",
  },
  {
    path: "/admin/branding",
    name: "admin-branding",
    flags: admin("Branding"),
    crumbs: [ADMIN, ORGANIZATION, { label: "crumb.branding" }],
    module: "client/features/branding/BrandingScreen.tsx",
  },
  {
    path: "/admin/custom-domains",
    name: "admin-custom-domains",
    flags: admin("Custom Domains"),
    crumbs: [ADMIN, ORGANIZATION, { label: "crumb.customDomains" }],
    module: "client/features/custom-domains/CustomDomainsScreen.tsx",
  },
  {
    path: "/admin/workout-library",
    name: "admin-workout-library",
    flags: admin("Workout Library"),
    crumbs: [ADMIN, SETUP, { label: "crumb.workoutLibrary" }],
    module: "client/features/library/LibraryScreen.tsx",
  },
  {
    path: "/admin/workout-library/create",
    flags: admin("Create Workout"),
    crumbs: [ADMIN, SETUP, LIBRARY, { label: "crumb.create" }],
    module: "client/features/library/WorkoutEditorScreen.tsx",
  },
  {
    path: "/admin/workout-library/:id",
    flags: admin("Edit Workout"),
    crumbs: [ADMIN, SETUP, LIBRARY, { label: "crumb.workout" }],
    module: "client/features/library/WorkoutEditorScreen.tsx",
  },
  {
    path: "/admin/workout-library/:id/variant/:variantId",
    flags: admin("Edit Variant"),
    crumbs: [ADMIN, SETUP, LIBRARY, { label: "crumb.workout", to: "/admin/workout-library/:id" }, { label: "crumb.variant" }],
    module: "client/features/library/VariantEditorScreen.tsx",
  },
  {
    path: "/admin/price-groups",
    name: "admin-price-groups",
    flags: admin("Price Groups"),
    crumbs: [ADMIN, SETUP, { label: "crumb.priceGroups" }],
    module: "client/features/price-groups/PriceGroupsScreen.tsx",
  },
  {
    path: "/admin/plans",
    name: "admin-plans",
    flags: admin("Plans"),
    crumbs: [ADMIN, SETUP, { label: "crumb.plans" }],
    module: "client/features/plans/PlansScreen.tsx",
  },
  {
    path: "/admin/featured-groups",
    name: "admin-featured-groups",
    flags: admin("Featured Groups"),
    crumbs: [ADMIN, SETUP, { label: "crumb.featuredGroups" }],
    module: "client/features/featured-groups/FeaturedGroupsScreen.tsx",
  },
  {
    path: "/admin/availability",
    name: "admin-availability",
    flags: admin("Availability"),
    crumbs: [ADMIN, SETUP, { label: "crumb.availability" }],
    module: "client/features/availability/AvailabilityScreen.tsx",
  },
  {
    // The user button's Help action: public, so the support address is never behind sign-in.
    path: "/help",
    flags: { ...base, showNavigation: true, telemetryName: "Help" },
    crumbs: [HOME, { label: "crumb.help" }],
    module: "client/features/help/HelpScreen.tsx",
  },
  {
    // Every component of the design system in the current theme, language and branding (not linked; no telemetry; development only).
    path: "/design-system",
    flags: { ...base, devOnly: true },
    module: "client/components/gallery/DesignSystemScreen.tsx",
  },
];

/** Every route of the product, each with its lazy `load`: a screen's code not loaded by the first load comes from the table of screens' code, itself loaded on first need. */
export const ROUTES: AppRoute[] = ENTRIES.map((r) => ({
  ...r,
  load: r.load ?? (() => import("./screen-code").then((code) => code.SCREEN_CODE[r.path]!())),
}));

/** Where any unmatched path goes. */
export const NOT_FOUND_PATH = "/404";
