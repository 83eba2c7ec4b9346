import { requiresSignIn } from "../app/guarded";

/** Where a satellite (a partner's domain) sends its visitors' sign-ins. */
export const POST_AUTH_PATH = "/post-auth";

/** The sign-in screen a satellite's address leads to: /signup for /signup, else /login. */
const signInPath = (pathname: string) => (pathname === "/signup" ? "/signup" : "/login");

/** The query a satellite's sign-in keeps: everything but a return address or a hand-off token. */
function keptQuery(search: string): URLSearchParams {
  const kept = new URLSearchParams(search);
  kept.delete("redirectUrl");
  kept.delete("ott");
  return kept;
}

/**
 * A signed-out visitor of a satellite goes to the main domain's /login (or
 * /signup), keeping the query, with redirectUrl pointing back at the
 * satellite's /post-auth. With the embedded provider the return address
 * carries the challenge of the verifier the satellite's server gave this
 * browser (the hand-off is redeemable only there); Clerk's satellites have
 * none. Used by the Worker (which passes the satellite's registered origin as
 * `here`'s origin) and, for Clerk, by the client.
 */
export function satelliteSignInTarget(mainOrigin: string, here: { origin: string; pathname: string; search: string }, challenge?: string): string {
  const url = new URL(signInPath(here.pathname), mainOrigin);
  keptQuery(here.search).forEach((v, k) => url.searchParams.set(k, v));
  url.searchParams.set("redirectUrl", `${here.origin}${POST_AUTH_PATH}${challenge ? `?challenge=${challenge}` : ""}`);
  return url.toString();
}

/**
 * Where the client sends a signed-out visitor of a satellite: with the
 * embedded provider, the satellite's own /login (or /signup) with the query,
 * whose server keeps the browser's hand-off verifier and redirects to the
 * main domain's sign-in; with Clerk, the main domain's sign-in directly.
 */
export function satelliteSignInUrl(
  boot: { mainOrigin: string; auth: { provider: string } },
  here: { origin: string; pathname: string; search: string },
): string {
  if (boot.auth.provider === "clerk") return satelliteSignInTarget(boot.mainOrigin, here);
  const query = keptQuery(here.search);
  return `${here.origin}${signInPath(here.pathname)}${query.size ? `?${query}` : ""}`;
}

/**
 * Whether a signed-out visitor of a satellite at `pathname` goes to the main
 * domain's sign-in: on every screen that needs sign-in, and on /login (which
 * lives on the main domain). With the embedded provider, sign-up, like the
 * mailed links' screens (confirming, forgot and reset password), happens on
 * the partner's domain itself, so its mail is the partner's; with Clerk,
 * /signup goes to the main domain too. Public screens (help, not found, the
 * mailed links, post-auth) stay. One rule for the Worker's 302 and the
 * client's identity machine.
 */
export function satelliteSendsToSignIn(pathname: string, provider: string): boolean {
  return requiresSignIn(pathname) || /^\/login\/?$/i.test(pathname) || (provider === "clerk" && /^\/signup\/?$/i.test(pathname));
}

/**
 * The main domain's screens that belong on the partner's domain a return
 * address names, with the embedded provider: sign-up and "forgot password"
 * reached from the partner's branded sign-in, so the request (and its mail)
 * comes to the partner's host.
 */
export const SATELLITE_OWN_PATHS = /^\/(signup|forgot-password)\/?$/i;

/** The same screen on the partner's domain `origin`, with the query but its return address or hand-off token. */
export function onSatellite(origin: string, here: { pathname: string; search: string }): string {
  const query = keptQuery(here.search);
  return `${origin}${here.pathname.replace(/\/$/, "").toLowerCase()}${query.size ? `?${query}` : ""}`;
}
