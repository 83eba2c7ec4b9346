import { describe, expect, it } from "vitest";
import { FIRST_SCREENS } from "../../client/app/router";
import { NOT_FOUND_PATH, ROUTES } from "../../client/app/routes";
import { SCREEN_CODE } from "../../client/app/screen-code";

const byPath = Object.fromEntries(ROUTES.map((r) => [r.path, r]));

describe("the route table", () => {
  it("has every route of the specification, and only the product's documented additions", () => {
    const SPEC_ROUTES = [
      "/",
      "/404",
      "/login",
      "/signup",
      "/post-auth",
      "/onboarding",
      "/bookings",
      "/jobs",
      "/activity",
      "/workout/:id",
      "/workout/:id/:book",
      "/my-list",
      "/admin/customers",
      "/admin/customers/:id/details",
      "/admin/submitted-scores",
      "/admin/profile",
      "/admin/homepage",
      "/admin/workout-library",
      "/admin/workout-library/create",
      "/admin/workout-library/:id",
      "/admin/workout-library/:id/variant/:variantId",
      "/admin/price-groups",
      "/admin/featured-groups",
    ];
    // Screens the product needs without a route of their own: the catalogue, branding,
    // custom domains, the partner's plans, the help page, the design-system gallery, the assessment
    // an assessment link opens, and the screens the identity mails link to (docs/decisions.md).
    const ADDITIONS = [
      "/workouts",
      "/admin/branding",
      "/admin/custom-domains",
      "/admin/plans",
      "/admin/availability",
      "/help",
      "/design-system",
      "/assessment/:token",
      "/verify-email",
      "/forgot-password",
      "/reset-password",
    ];
    expect(ROUTES.map((r) => r.path).sort()).toEqual([...SPEC_ROUTES, ...ADDITIONS].sort());
    expect(NOT_FOUND_PATH).toBe("/404");
  });

  it("sets the access flags each screen and role needs", () => {
    for (const p of ["/login", "/signup"]) {
      expect(byPath[p]?.flags).toMatchObject({ requiresAnonymous: true, requiresAuth: false, showNavigation: false });
    }
    expect(byPath["/forgot-password"]?.flags).toMatchObject({ requiresAnonymous: true, requiresAuth: false, showNavigation: false });
    for (const p of ["/404", "/post-auth", "/verify-email", "/reset-password"]) {
      expect(byPath[p]?.flags).toMatchObject({ requiresAuth: false, requiresAnonymous: false, showNavigation: false });
    }
    expect(byPath["/onboarding"]?.flags).toMatchObject({ requiresAuth: true, showNavigation: false });
    expect(byPath["/jobs"]?.flags).toMatchObject({ requiresAuth: true, requiresPartner: true, telemetryName: "Partner Bookings", sidebar: "booking" });
    expect(byPath["/bookings"]?.flags).toMatchObject({ requiresPartner: false, sidebar: "booking" });
    expect(byPath["/activity"]?.flags.topBar).toBe("primary");
    expect(byPath["/workout/:id"]?.flags.requiresPartner).toBe(false);
    expect(byPath["/admin/profile"]?.flags).toMatchObject({ requiresAuth: true, requiresPartner: false, topBar: "secondary" });
    const partnerAdmin = ROUTES.filter((r) => r.path.startsWith("/admin/") && r.path !== "/admin/profile");
    expect(partnerAdmin.length).toBe(14);
    for (const r of partnerAdmin) {
      expect(r.flags, r.path).toMatchObject({ requiresAuth: true, requiresPartner: true, topBar: "secondary", sidebar: "admin" });
    }
  });

  it("names the routes the sidebar uses", () => {
    const names = ROUTES.flatMap((r) => (r.name ? [r.name] : [])).sort();
    expect(names).toEqual(
      [
        "home",
        "jobs",
        "bookings",
        "activity",
        "my-list",
        "admin-profile",
        "admin-customers",
        "admin-orphaned-scores",
        "admin-homepage",
        "admin-price-groups",
        "admin-featured-groups",
        "admin-workout-library",
        "admin-branding",
        "admin-custom-domains",
        "admin-plans",
        "admin-availability",
      ].sort(),
    );
  });

  it("gives every screen with navigation a telemetry name and a sidebar category", () => {
    for (const r of ROUTES.filter((r) => r.flags.showNavigation && r.path !== "/help")) {
      expect(r.flags.telemetryName, r.path).toBeTruthy();
      expect(r.flags.sidebar, r.path).toBeTruthy();
    }
    // The help page is public, has the shell, and highlights no sidebar item.
    expect(byPath["/help"]?.flags).toMatchObject({ requiresAuth: false, showNavigation: true, sidebar: null, telemetryName: "Help" });
  });

  // Imports every screen's module once: more than a single test's default time on a busy machine.
  it("loads each route lazily to a module whose default export is a component", async () => {
    for (const r of ROUTES) {
      const mod = await r.load();
      expect(typeof mod.default, r.path).toBe("function");
    }
  });

  it("names, for each route, the file its lazy load imports (the server preloads its script)", () => {
    for (const r of ROUTES) {
      // Vitest shows a dynamic import with the resolved path from the root: import("/client/features/…/XScreen.tsx").
      expect(String(SCREEN_CODE[r.path] ?? r.load), r.path).toContain(`"/${r.module}"`);
    }
  });

  it("loads a first screen's code directly and every other screen's through the table of screens' code", async () => {
    const first = ROUTES.filter((r) => FIRST_SCREENS.includes(r.path));
    expect(first.map((r) => r.path).sort()).toEqual([...FIRST_SCREENS].sort());
    for (const r of first) expect(String(r.load), r.path).toContain(`"/${r.module}"`);
    // The table names every other route, and nothing else.
    expect(Object.keys(SCREEN_CODE).sort()).toEqual(
      ROUTES.filter((r) => !FIRST_SCREENS.includes(r.path))
        .map((r) => r.path)
        .sort(),
    );
    // A route's load reaches its screen through the table: the table's import of the screen runs.
    const help = ROUTES.find((r) => r.path === "/help")!;
    expect(String(help.load)).not.toContain(help.module);
    expect((await help.load()).default).toBe((await SCREEN_CODE["/help"]!()).default);
  });
});
