import { redirect, type LoaderFunctionArgs } from "react-router";
import { whenAuthenticated } from "../auth/store";
import { satelliteSendsToSignIn, satelliteSignInUrl } from "../auth/satellite";
import { readBootData } from "./boot";
import { NOT_FOUND_PATH, type RouteFlags } from "./routes";
import { signInPathFor } from "./guarded";

const ANON_PATHS = new Set(["/login", "/signup", "/post-auth"]);
const ONBOARDING = "/onboarding";
const POST_AUTH = "/post-auth";

/** The path the user is coming from (updated after each navigation by the shell). */
let previousPath: string | null = null;
export function notePath(path: string): void {
  previousPath = path;
}

/**
 * Route guard, in its order, as a loader that runs before a route
 * renders (the full-screen loader shows meanwhile).
 */
export function guard(flags: RouteFlags) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    // 1. viaClerk=true on login, signup or post-auth: strip it and proceed.
    if (ANON_PATHS.has(url.pathname) && url.searchParams.get("viaClerk") === "true") {
      url.searchParams.delete("viaClerk");
      throw redirect(`${url.pathname}${url.searchParams.size ? `?${url.searchParams}` : ""}`);
    }
    // 2. Auth-gated or anonymous-only routes wait (polling every 50 ms) until authentication has finished.
    if (!flags.requiresAuth && !flags.requiresAnonymous) return null;
    const state = await whenAuthenticated(50);
    // On a partner's domain, sign-in lives on the main domain: a signed-out
    // visitor of a screen that needs it (or of /login) leaves for it,
    // by the same rule as the Worker's redirect; public screens stay.
    if (!state.signedIn) {
      const boot = readBootData();
      if (boot.mode === "satellite" && satelliteSendsToSignIn(url.pathname, boot.auth.provider)) {
        location.replace(satelliteSignInUrl(boot, url));
        return new Promise<never>(() => {}); // the full-screen loader stays while the browser leaves
      }
    }
    // 3. Auth required and not signed in: to login with the same params (an invite link of old, to onboarding, opens sign-up).
    if (flags.requiresAuth && !state.signedIn) throw redirect(`${signInPathFor(url)}${url.search}`);
    // 4. Anonymous-only and signed in: home — or, when a partner domain sent
    //    them here (redirectUrl) or an invite link did, through post-auth, which hands them back or joins.
    if (flags.requiresAnonymous && state.signedIn) {
      throw redirect(url.searchParams.get("redirectUrl") || url.searchParams.get("invite") ? `${POST_AUTH}${url.search}` : "/");
    }
    if (state.signedIn && state.user) {
      const accounts = state.user.accounts.length;
      // 5. No account and not coming from onboarding: onboarding.
      if (accounts === 0 && url.pathname !== ONBOARDING && previousPath !== ONBOARDING) throw redirect(ONBOARDING);
      // 6. Heading to onboarding from anywhere except post-auth (with an account already): home.
      if (url.pathname === ONBOARDING && accounts > 0 && previousPath !== POST_AUTH) throw redirect("/");
    }
    // 7. Partner-only routes for a non-partner account: not found.
    if (flags.requiresPartner && state.account?.type !== "partner") throw redirect(NOT_FOUND_PATH);
    return null;
  };
}
