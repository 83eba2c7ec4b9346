import type { ComponentType } from "react";

/** SPEC §2 sidebar categories and top bar styles. */
export type SidebarCategory = "home" | "booking" | "activity" | "my-list" | "admin";
export type TopBarStyle = "primary" | "secondary";

/** SPEC §2 route flags. */
export type RouteFlags = {
  requiresAuth: boolean;
  requiresAnonymous: boolean;
  requiresPartner: boolean;
  showNavigation: boolean;
  sidebar: SidebarCategory | null;
  topBar: TopBarStyle;
  /** Page-view name in telemetry; null turns tracking off for the route. */
  telemetryName: string | null;
};

export type AppRoute = {
  path: string;
  /** Named routes seen through the sidebar (SPEC §2). */
  name?: string;
  flags: RouteFlags;
  /** Every route loads lazily (SPEC §2). */
  load: () => Promise<{ default: ComponentType }>;
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

const admin = (telemetryName: string, partner = true): RouteFlags =>
  signedIn("admin", telemetryName, { requiresPartner: partner, topBar: "secondary" });

export const ROUTES: AppRoute[] = [
  { path: "/", name: "home", flags: signedIn("home", "Home"), load: () => import("../features/home/HomeScreen") },
  { path: "/404", flags: { ...base, telemetryName: "Not Found" }, load: () => import("../features/errors/NotFoundScreen") },
  {
    path: "/login",
    flags: { ...base, requiresAnonymous: true, telemetryName: "Login" },
    load: () => import("../features/auth/LoginScreen"),
  },
  {
    path: "/signup",
    flags: { ...base, requiresAnonymous: true, telemetryName: "Sign Up" },
    load: () => import("../features/auth/SignupScreen"),
  },
  { path: "/post-auth", flags: { ...base, telemetryName: "Post Auth" }, load: () => import("../features/auth/PostAuthScreen") },
  {
    path: "/onboarding",
    flags: { ...base, requiresAuth: true, telemetryName: "Onboarding" },
    load: () => import("../features/onboarding/OnboardingScreen"),
  },
  {
    path: "/bookings",
    name: "bookings",
    flags: signedIn("booking", "Bookings"),
    load: () => import("../features/bookings/BookingsScreen"),
  },
  {
    path: "/jobs",
    name: "jobs",
    flags: signedIn("booking", "Partner Bookings", { requiresPartner: true }),
    load: () => import("../features/bookings/JobsScreen"),
  },
  {
    path: "/activity",
    name: "activity",
    flags: signedIn("activity", "Activity", { topBar: "primary" }),
    load: () => import("../features/activity/ActivityScreen"),
  },
  { path: "/workout/:id", flags: signedIn("home", "Workout"), load: () => import("../features/workouts/WorkoutScreen") },
  {
    path: "/workout/:id/:book",
    flags: signedIn("home", "Workout Booking"),
    load: () => import("../features/workouts/WorkoutScreen"),
  },
  { path: "/my-list", name: "my-list", flags: signedIn("my-list", "My List"), load: () => import("../features/my-list/MyListScreen") },
  {
    path: "/admin/customers",
    name: "admin-customers",
    flags: admin("Customers"),
    load: () => import("../features/customers/CustomersScreen"),
  },
  {
    path: "/admin/customers/:id/details",
    flags: admin("Customer Details"),
    load: () => import("../features/customers/CustomerDetailsScreen"),
  },
  {
    path: "/admin/submitted-scores",
    name: "admin-orphaned-scores",
    flags: admin("Submitted Scores"),
    load: () => import("../features/scores/SubmittedScoresScreen"),
  },
  {
    path: "/admin/profile",
    name: "admin-profile",
    flags: admin("Profile", false),
    load: () => import("../features/profile/ProfileScreen"),
  },
  {
    path: "/admin/homepage",
    name: "admin-homepage",
    flags: admin("Homepage Builder"),
    load: () => import("../features/homepage/HomepageBuilderScreen"),
  },
  {
    path: "/admin/workout-library",
    name: "admin-workout-library",
    flags: admin("Workout Library"),
    load: () => import("../features/library/LibraryScreen"),
  },
  {
    path: "/admin/workout-library/create",
    flags: admin("Create Workout"),
    load: () => import("../features/library/WorkoutEditorScreen"),
  },
  {
    path: "/admin/workout-library/:id",
    flags: admin("Edit Workout"),
    load: () => import("../features/library/WorkoutEditorScreen"),
  },
  {
    path: "/admin/workout-library/:id/variant/:variantId",
    flags: admin("Edit Variant"),
    load: () => import("../features/library/VariantEditorScreen"),
  },
  {
    path: "/admin/price-groups",
    name: "admin-price-groups",
    flags: admin("Price Groups"),
    load: () => import("../features/price-groups/PriceGroupsScreen"),
  },
  {
    path: "/admin/featured-groups",
    name: "admin-featured-groups",
    flags: admin("Featured Groups"),
    load: () => import("../features/featured-groups/FeaturedGroupsScreen"),
  },
];

/** Where any unmatched path goes (SPEC §2). */
export const NOT_FOUND_PATH = "/404";
