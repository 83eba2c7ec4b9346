import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { renderToString } from "react-dom/server";
import { BOOT_CSS, BootScreen } from "../../client/app/BootScreen";
import { CATALOGUES } from "../../client/i18n";
import { addCatalogues } from "../../client/lib/i18n";
import { BOOT_ELEMENT_ID, type BootData, type LoginFailure } from "../../contract/boot";
import type { AppEnv } from "../env";
import { identityProvider, type ClerkEnv } from "../identity/context";
import { hostOf, resolveTenant, type Tenant } from "../tenant/resolve";
import { requiresSignIn, signInPathFor } from "../../client/app/guarded";
import { onSatellite, SATELLITE_OWN_PATHS, satelliteSendsToSignIn, satelliteSignInTarget } from "../../client/auth/satellite";
import { mainOrigin, registeredOrigin } from "../tenant/origins";
import { clientAssets } from "./assets";
import { serverIdentity } from "./identity";
import { handoffStart, handoffTarget } from "../identity/handoff";
import { loadRouteData } from "./loaders";
import { composeTitle } from "../../client/lib/title";
import { hasRoute, pageModules, renderScreen, renderSignedIn, serverScreen, signedInScreen, type RenderedRoute } from "./screens";
import { NOT_FOUND_PATH } from "../../client/app/routes";
import { EARLY_TAPS_SCRIPT } from "../../client/app/early-taps";
import { escapeHtml, jsonForScript } from "./escape";
import { startScripts } from "./start-scripts";
import { brandHead } from "./brand-head";

// The server renders with every text; the first screens use only the first page's (client/i18n/en-US.first.ts).
addCatalogues(CATALOGUES);

const LANG: Record<string, string> = { enUS: "en-US", enGB: "en-GB", enAU: "en-AU" };

/**
 * Runs before first paint: the stored theme (else the system's) and language
 * go on <html>, so there is no flash of the wrong theme.
 */
const THEME_SCRIPT =
  "(function(){try{var d=document.documentElement,t=localStorage.getItem('theme');" +
  "if(t!=='dark'&&t!=='light'){t=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'}" +
  "d.classList.toggle('dark',t==='dark');d.style.colorScheme=t;" +
  "var l=localStorage.getItem('language'),m={enUS:'en-US',enGB:'en-GB',enAU:'en-AU'};if(m[l])d.lang=m[l]}catch(e){}})()";

/** The tenant whose look a page wears: on the main host, the partner behind redirectUrl. */
async function pageTenant(c: Context<AppEnv>): Promise<Tenant> {
  const tenant = c.get("tenant");
  if (tenant.mode !== "main") return tenant;
  const redirectUrl = c.req.query("redirectUrl");
  if (!redirectUrl) return tenant;
  const host = hostOf(redirectUrl);
  if (!host || !/^https?:\/\//i.test(redirectUrl)) return tenant;
  const target = await resolveTenant(c.get("directory"), host, c.env.MAIN_HOST);
  return target.partner ? { ...tenant, partner: target.partner, styling: target.styling } : tenant;
}

function cookie(header: string | undefined, name: string): string | undefined {
  const value = header?.match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`))?.[1];
  return value === undefined ? undefined : decodeURIComponent(value);
}

/** Server-renders the branded shell for any page path; the client hydrates it. */
export function renderPage(c: Context<AppEnv>): Promise<Response> {
  return renderPageWith(c, {});
}

/**
 * The page for this request's path, with what the server knows beyond the
 * request itself: a refused sign-in form posted without the script
 * (./login-post.ts), answered with its status.
 */
export async function renderPageWith(c: Context<AppEnv>, extra: { status?: ContentfulStatusCode; loginFailure?: LoginFailure }): Promise<Response> {
  const tenant = await pageTenant(c);
  const dev = import.meta.env.DEV;
  const asked = new URL(c.req.url);
  // A path no screen has is not found: answered 404 (a monitor or a crawler reads the status, not the screen) with the
  // /404 screen itself, the address turned to /404 before the client starts, as its router would turn it.
  const unmatched = !hasRoute(asked.pathname);
  const url = unmatched ? new URL(NOT_FOUND_PATH, asked) : asked;
  const status = extra.status ?? (url.pathname.replace(/(.)\/$/, "$1") === NOT_FOUND_PATH ? 404 : 200);
  const { identity, setCookies, memberships } = await serverIdentity(c);
  // A signed-out visitor who opens a screen that needs sign-in goes straight to
  // sign-in, where the client's guard would send them after booting: the same
  // target, without the round trips. On a partner's domain that is the main
  // domain's /login (also for /login, which lives there), the
  // browser keeping the hand-off's verifier here; on the main domain its own
  // /login, with the same query.
  let signIn: string | null = null;
  const provider = identityProvider(c.env);
  if (identity === null && tenant.mode === "satellite" && tenant.partner && satelliteSendsToSignIn(url.pathname, provider)) {
    const origin = registeredOrigin(c.env, tenant.host);
    const start = await handoffStart(c.req.header("Cookie"), origin);
    setCookies.push(start.setCookie);
    signIn = satelliteSignInTarget(
      mainOrigin(c.env),
      { origin, pathname: url.pathname.replace(/\/$/, "").toLowerCase() || "/", search: url.search },
      start.challenge,
    );
  } else if (identity === null && tenant.mode === "main" && requiresSignIn(url.pathname)) {
    signIn = `${signInPathFor(url)}${url.search}`;
  } else if (identity === null && tenant.mode === "main" && provider === "embedded" && SATELLITE_OWN_PATHS.test(url.pathname)) {
    // Sign-up and "forgot password" reached from a partner's branded sign-in happen on the partner's
    // domain: there the request, and so the mail, is the partner's (the return address names a connected one).
    const redirectUrl = url.searchParams.get("redirectUrl");
    const target = redirectUrl ? await handoffTarget(c.get("directory"), c.env, redirectUrl) : null;
    if (target) signIn = onSatellite(target.satellite.origin, url);
  }
  if (signIn) {
    const res = c.redirect(signIn, 302);
    res.headers.set("Cache-Control", "no-store");
    setCookies.forEach((value) => res.headers.append("Set-Cookie", value));
    return res;
  }
  const assets = await clientAssets(dev, c.env.ASSETS, url.origin);
  const nonce = crypto.randomUUID().replace(/-/g, "");
  const boot: BootData = {
    mode: tenant.mode,
    host: tenant.host,
    mainOrigin: c.env.MAIN_ORIGIN,
    partner: tenant.partner ? { id: tenant.partner.id, name: tenant.partner.name } : null,
    styling: tenant.styling,
    env: dev ? "development" : "production",
    auth: provider === "clerk" ? { provider: "clerk", publishableKey: (c.env as ClerkEnv).CLERK_PUBLISHABLE_KEY! } : { provider: "embedded" },
    telemetry: c.env.TELEMETRY !== "off",
    identity,
    ...(extra.loginFailure ? { loginFailure: extra.loginFailure } : {}),
  };
  const cookies = c.req.header("Cookie");
  const theme = cookie(cookies, "theme") === "dark" ? "dark" : "light";
  const lang = LANG[cookie(cookies, "language") ?? ""] ?? "en-US";
  // Public screens are rendered as they are (the form is on the page before any script); a signed-in
  // screen as its shell with the screen (Home) or its skeleton, its first reads inlined; the others show the loader.
  const screen = serverScreen(url, boot);
  const signedIn = screen ? null : signedInScreen(url, boot);
  let rendered: RenderedRoute | null = null;
  if (screen) {
    rendered = await renderScreen(url, screen, { ...boot, ssr: true }, cookies ?? "");
    if (rendered) Object.assign(boot, { ssr: true, route: screen });
  } else if (signedIn && boot.identity) {
    const queries = await loadRouteData(c, signedIn.path, boot.identity, memberships);
    const page = await renderSignedIn(url, signedIn, { ...boot, ssr: true }, cookies ?? "", queries);
    if (page) Object.assign(boot, { ssr: true, route: signedIn.path }, page.skeleton ? { skeleton: true } : {}, queries ? { queries } : {});
    rendered = page;
  }
  // The screen's name, as the client will set it: the client starts from it (boot data), so the tab keeps it.
  if (rendered?.title) boot.title = rendered.title;
  const body = rendered?.html ?? renderToString(<BootScreen styling={tenant.styling} />);
  const lazyScripts = rendered ? assets.lazyScripts(pageModules(screen, signedIn)) : [];
  const title = escapeHtml(composeTitle(rendered?.title, tenant.styling.platformName));
  const html = [
    "<!doctype html>",
    `<html lang="${lang}" class="${theme}" style="color-scheme:${theme}">`,
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title}</title>`,
    // The first paint waits until the page is parsed up to the boot data, right after the root: the whole screen, not its top half.
    `<link rel="expect" href="#${BOOT_ELEMENT_ID}" blocking="render">`,
    // The partner's font served by the product, its icons and its colours (./brand-head.ts).
    brandHead(tenant.styling, Boolean(tenant.partner)),
    `<style>${BOOT_CSS}</style>`,
    // The theme before first paint; a tap on a button before the app's script starts is kept for it (client/app/early-taps.ts).
    `<script nonce="${nonce}">${THEME_SCRIPT};${EARLY_TAPS_SCRIPT}</script>`,
    ...(unmatched ? [`<script nonce="${nonce}">history.replaceState(history.state,"","${NOT_FOUND_PATH}")</script>`] : []),
    ...assets.inlineStyles.map((css) => `<style>${css}</style>`),
    ...assets.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...(dev ? ['<link rel="stylesheet" href="/client/styles.css">'] : []),
    "</head>",
    "<body>",
    `<div id="root">${body}</div>`,
    `<script id="${BOOT_ELEMENT_ID}" type="application/json">${jsonForScript(boot)}</script>`,
    ...assets.inline.map((code) => `<script type="module" nonce="${nonce}">${code}</script>`),
    // In development the scripts are tags: Vite's refresh preamble above must run before the entry, which a started script would not wait for.
    ...(dev
      ? assets.scripts.map((src) => `<script type="module" nonce="${nonce}" src="${escapeHtml(src)}"></script>`)
      : [`<script nonce="${nonce}">${startScripts([...assets.preloads, ...lazyScripts], assets.scripts)}</script>`]),
    "</body>",
    "</html>",
  ].join("");
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
  const res = c.html(html, status, {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    // A page that carries the visitor's identity and token, or an address they typed, is never stored; a signed-out page revalidates.
    "Cache-Control": identity || extra.loginFailure ? "private, no-store" : "no-cache",
  });
  setCookies.forEach((value) => res.headers.append("Set-Cookie", value));
  return res;
}
