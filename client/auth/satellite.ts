import { requiresSignIn } from "../app/guarded";

/** Where a satellite (a partner's domain) sends its visitors' sign-ins. */
export const POST_AUTH_PATH = "/post-auth";

/**
 * A signed-out visitor of a satellite goes to the main domain's /login (or
 * /signup), keeping the query, with redirectUrl pointing back at the
 * satellite's /post-auth. Used by the client's identity machine and by the
 * Worker (which passes the satellite's registered origin as `here`'s origin).
 */
export function satelliteSignInTarget(mainOrigin: string, here: { origin: string; pathname: string; search: string }): string {
  const target = here.pathname === "/signup" ? "/signup" : "/login";
  const url = new URL(target, mainOrigin);
  new URLSearchParams(here.search).forEach((v, k) => {
    if (k !== "redirectUrl" && k !== "ott") url.searchParams.set(k, v);
  });
  url.searchParams.set("redirectUrl", `${here.origin}${POST_AUTH_PATH}`);
  return url.toString();
}

/**
 * Whether a signed-out visitor of a satellite at `pathname` goes to the main
 * domain's sign-in: on every screen that needs sign-in, and on /login and
 * /signup (which live on the main domain). Public screens (help, not found,
 * the mailed links, post-auth) stay. One rule for the Worker's 302 and the
 * client's identity machine.
 */
export function satelliteSendsToSignIn(pathname: string): boolean {
  return requiresSignIn(pathname) || /^\/(login|signup)\/?$/i.test(pathname);
}
