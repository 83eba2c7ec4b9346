import { describe, expect, it } from "vitest";
import { requiresSignIn, SIGN_IN_PATHS } from "../../client/app/guarded";
import { ROUTES } from "../../client/app/routes";
import { satelliteSendsToSignIn } from "../../client/auth/satellite";
import { SCREEN_FLAGS } from "../../worker/ssr/screen-flags";

describe("the paths the Worker guards before the client boots", () => {
  it("are exactly the routes that need sign-in", () => {
    expect([...SIGN_IN_PATHS].sort()).toEqual(
      ROUTES.filter((r) => r.flags.requiresAuth)
        .map((r) => r.path)
        .sort(),
    );
  });

  it("match as the router does: parameters, a trailing slash and any case", () => {
    expect(requiresSignIn("/")).toBe(true);
    expect(requiresSignIn("/workout/abc")).toBe(true);
    expect(requiresSignIn("/workout/abc/book")).toBe(true);
    expect(requiresSignIn("/Admin/Profile/")).toBe(true);
    expect(requiresSignIn("/admin/workout-library/w1/variant/v1")).toBe(true);
  });

  it("leave public routes and unknown paths alone", () => {
    for (const path of [
      "/login",
      "/signup",
      "/help",
      "/404",
      "/post-auth",
      "/assessment/x",
      "/verify-email",
      "/reset-password",
      "/forgot-password",
      "/design-system",
      "/nope",
      "/workout",
      "/workout/a/b/c",
    ]) {
      expect(requiresSignIn(path), path).toBe(false);
    }
  });
});

describe("where a signed-out visitor of a partner's domain is sent to the main sign-in", () => {
  it("is every screen that needs sign-in, and the sign-in screen itself", () => {
    for (const provider of ["embedded", "clerk"]) {
      for (const path of ["/", "/bookings", "/admin/profile", "/login", "/Login/"]) expect(satelliteSendsToSignIn(path, provider), path).toBe(true);
    }
  });

  it("is sign-up only with Clerk: with the embedded provider the partner's domain signs its visitors up itself", () => {
    for (const path of ["/signup", "/SignUp/"]) {
      expect(satelliteSendsToSignIn(path, "embedded"), path).toBe(false);
      expect(satelliteSendsToSignIn(path, "clerk"), path).toBe(true);
    }
  });

  it("is never a public screen: help, not found, post-auth and the mailed links stay on the partner's domain", () => {
    for (const provider of ["embedded", "clerk"]) {
      for (const path of ["/help", "/404", "/post-auth", "/assessment/x", "/verify-email", "/reset-password", "/forgot-password"]) {
        expect(satelliteSendsToSignIn(path, provider), path).toBe(false);
      }
    }
  });
});

describe("the screens the Worker renders itself", () => {
  it("carry the route table's flags and are all public", () => {
    for (const [path, flags] of Object.entries(SCREEN_FLAGS)) {
      const route = ROUTES.find((r) => r.path === path);
      expect(route?.flags, path).toEqual(flags);
      expect(flags.requiresAuth, path).toBe(false);
    }
  });
});
