import type { ComponentType } from "react";

/**
 * The code of every screen but the first ones (FIRST_SCREENS in router.tsx),
 * by route path. The table is a script of its own, loaded the first time one
 * of these screens is entered (or named by the page the server rendered), so
 * sign-in's first load carries neither these imports nor the list of scripts
 * each one preloads. A route of client/app/routes.ts without a `load` of its
 * own loads through it.
 */
export const SCREEN_CODE: Record<string, () => Promise<{ default: ComponentType }>> = {
  "/": () => import("../features/home/HomeScreen"),
  "/signup": () => import("../features/auth/SignupScreen"),
  "/assessment/:token": () => import("../features/assessment/AssessmentScreen"),
  "/verify-email": () => import("../features/auth/VerifyEmailScreen"),
  "/forgot-password": () => import("../features/auth/ForgotPasswordScreen"),
  "/reset-password": () => import("../features/auth/ResetPasswordScreen"),
  "/onboarding": () => import("../features/onboarding/OnboardingScreen"),
  "/bookings": () => import("../features/bookings/BookingsScreen"),
  "/jobs": () => import("../features/bookings/JobsScreen"),
  "/activity": () => import("../features/activity/ActivityScreen"),
  "/workouts": () => import("../features/catalogue/CatalogueScreen"),
  "/workout/:id": () => import("../features/workouts/WorkoutScreen"),
  "/workout/:id/:book": () => import("../features/workouts/WorkoutScreen"),
  "/my-list": () => import("../features/my-list/MyListScreen"),
  "/admin/customers": () => import("../features/customers/CustomersScreen"),
  "/admin/customers/:id/details": () => import("../features/customers/CustomerDetailsScreen"),
  "/admin/submitted-scores": () => import("../features/scores/SubmittedScoresScreen"),
  "/admin/profile": () => import("../features/profile/ProfileScreen"),
  "/admin/homepage": () => import("../features/homepage/HomepageBuilderScreen"),
  "/admin/branding": () => import("../features/branding/BrandingScreen"),
  "/admin/custom-domains": () => import("../features/custom-domains/CustomDomainsScreen"),
  "/admin/workout-library": () => import("../features/library/LibraryScreen"),
  "/admin/workout-library/create": () => import("../features/library/WorkoutEditorScreen"),
  "/admin/workout-library/:id": () => import("../features/library/WorkoutEditorScreen"),
  "/admin/workout-library/:id/variant/:variantId": () => import("../features/library/VariantEditorScreen"),
  "/admin/price-groups": () => import("../features/price-groups/PriceGroupsScreen"),
  "/admin/plans": () => import("../features/plans/PlansScreen"),
  "/admin/featured-groups": () => import("../features/featured-groups/FeaturedGroupsScreen"),
  "/admin/availability": () => import("../features/availability/AvailabilityScreen"),
  "/help": () => import("../features/help/HelpScreen"),
  "/design-system": () => import("../components/gallery/DesignSystemScreen"),
};
