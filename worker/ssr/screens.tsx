import { hydrate, QueryClient, type DehydratedState } from "@tanstack/react-query";
import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider, type RouteObject } from "react-router";
import { Root } from "../../client/app/Root";
import { ROUTES, type AppRoute, type RouteFlags } from "../../client/app/routes";
import { AppLayout, provideShell } from "../../client/app/shell/AppLayout";
import * as ShellModule from "../../client/app/shell/Shell";
import { initStyling } from "../../client/app/styling";
import { knownState } from "../../client/auth/machine";
import { authStore } from "../../client/auth/store";
import { serverCookieReads, setServerCookies } from "../../client/lib/cookies";
import LoginScreen from "../../client/features/auth/LoginScreen";
import PostAuthScreen from "../../client/features/auth/PostAuthScreen";
import SignupScreen from "../../client/features/auth/SignupScreen";
import NotFoundScreen from "../../client/features/errors/NotFoundScreen";
import HelpScreen from "../../client/features/help/HelpScreen";
import HomeScreen from "../../client/features/home/HomeScreen";
import { FIRST_SCREENS } from "../../client/app/router";
import { routeTitle } from "../../client/app/route-titles";
import { translate, type Translate } from "../../client/lib/i18n";
import { partsLoading } from "../../client/lib/lazy-part";
import { captureScreenTitle } from "../../client/lib/title";
import type { BootData } from "../../contract/boot";
import { renderOnce } from "./page-cache";
import { SCREEN_FLAGS } from "./screen-flags";

/**
 * The public screens the server renders itself (flags in ./screen-flags.ts).
 * Imported statically: the Worker carries only these screens, not the app.
 * The first of them (FIRST_SCREENS) hydrate with the first page's texts; the
 * others (sign-up, help) with the full catalogues, which the client loads
 * with their code before hydrating.
 */
export const SERVER_SCREENS: Record<string, { flags: RouteFlags; Component: ComponentType }> = {
  "/login": { flags: SCREEN_FLAGS["/login"], Component: LoginScreen },
  "/signup": { flags: SCREEN_FLAGS["/signup"], Component: SignupScreen },
  "/help": { flags: SCREEN_FLAGS["/help"], Component: HelpScreen },
  "/404": { flags: SCREEN_FLAGS["/404"], Component: NotFoundScreen },
  "/post-auth": { flags: SCREEN_FLAGS["/post-auth"], Component: PostAuthScreen },
};

/**
 * The signed-in screens the server renders whole from their first reads
 * (./loaders.ts), instead of their skeleton: the page arrives as the screen,
 * and the client hydrates it without laying it out again. Imported
 * statically, like SERVER_SCREENS.
 */
export const SIGNED_IN_SCREENS: Record<string, ComponentType> = {
  "/": HomeScreen,
};

// The Worker renders the shell itself: no lazy load on the server.
provideShell(ShellModule);

/** The route a path matches in the route table (its flags, crumbs and name), as the client's router matches. */
function routeFor(path: string): AppRoute | null {
  const match = matchRoutes(
    ROUTES.map((r) => ({ path: r.path, id: r.path })),
    path,
  )?.[0];
  return match ? (ROUTES.find((r) => r.path === match.route.id) ?? null) : null;
}

/** Whether the client's router has a screen for this path; any other path is not found (its "*" route sends it to /404). */
export function hasRoute(path: string): boolean {
  return routeFor(path) !== null;
}

/**
 * The signed-in screen whose shell and skeleton the server renders for this
 * page, or null (the loader then): a route with navigation that needs
 * sign-in, when the visitor is known to be signed in and the client's guard
 * would let them in as they are (an account to act for, and a partner
 * account on partner screens; else the guard sends them on).
 */
export function signedInScreen(url: URL, boot: BootData): AppRoute | null {
  const route = routeFor(url.pathname);
  const identity = boot.identity;
  if (!route || !identity || !route.flags.requiresAuth || !route.flags.showNavigation) return null;
  if (identity.me.accounts.length === 0) return null;
  if (route.flags.requiresPartner && identity.account?.type !== "partner") return null;
  return route;
}

/** What every screen but the first ones loads with its code (see routeObjects in client/app/router.tsx): the table its code is named in, the full catalogues and the query client. */
const SCREEN_MODULES = ["client/app/screen-code.ts", "client/i18n/index.ts", "client/app/queryClient.ts"];
/** What a page whose shell the server rendered loads before hydrating, besides its screen (see preloadShell in client/app/shell/AppLayout.tsx). */
const SHELL_MODULES = ["client/app/shell/Shell.tsx", ...SCREEN_MODULES, "client/components/ui/ToastViewport.tsx"];

/**
 * The client modules a server-rendered page loads lazily before it hydrates:
 * its screen, and for a signed-in screen the shell with what comes with it.
 * The page names their scripts (modulepreload), so the browser fetches them
 * alongside the first script instead of after it has run.
 */
export function pageModules(screen: string | null, signedIn: AppRoute | null): string[] {
  if (signedIn) return [signedIn.module, ...SHELL_MODULES];
  const route = screen ? routeFor(screen) : null;
  if (!route) return [];
  if (route.flags.showNavigation) return [route.module, ...SHELL_MODULES];
  return FIRST_SCREENS.includes(route.path) ? [route.module] : [route.module, ...SCREEN_MODULES];
}

/**
 * The route the server renders for this page, or null (the loader then): a
 * public screen, when the client's guard would render it as it is: an
 * anonymous-only screen only for a visitor without a session, and never when
 * the provider is not known on the server (Clerk) or a viaClerk marker is to
 * be stripped first.
 */
export function serverScreen(url: URL, boot: BootData): string | null {
  const path = url.pathname;
  const screen = SERVER_SCREENS[path];
  if (!screen || boot.identity === undefined) return null;
  if (screen.flags.requiresAnonymous && boot.identity) return null;
  if (url.searchParams.has("viaClerk")) return null;
  return path;
}

/** A server-rendered route: its HTML, and the screen's name as the client's screen will put it in the page's title (null: none). */
export type RenderedRoute = { html: string; title: string | null };

/** The server renders in en-US (the language lives in the browser; the client switches after hydrating). */
const enUS: Translate = (key, values) => translate(key, values, "enUS");

/** Nobody signed in: the store's state between renders. */
const SIGNED_OUT = { authenticating: false, signedIn: false, user: null, account: null, role: null } as const;

/**
 * Renders the app's root with the static router on one route (`Component`
 * at `path`, with the route table's handle), exactly as the client's first
 * render will be: same providers, en-US until hydration, the boot styling,
 * the visitor's identity as the client adopts it before hydrating, and the
 * cookies the shell reads (the sidebar's state).
 */
async function renderRoute(
  url: URL,
  path: string,
  handle: object,
  Component: ComponentType,
  boot: BootData,
  cookies: string,
  queryClient = new QueryClient(),
): Promise<(RenderedRoute & { cookiesRead: string[] }) | null> {
  const routes: RouteObject[] = [{ id: "root", element: <AppLayout />, children: [{ path, id: path, handle, Component }] }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  // The client's stores are module state; the render below is synchronous, so no other request sees these values.
  initStyling(boot.styling);
  authStore.set(boot.identity ? { authenticating: false, ...knownState(boot.identity) } : SIGNED_OUT);
  setServerCookies(cookies);
  try {
    const { result, names } = serverCookieReads(() =>
      captureScreenTitle(
        <Root boot={boot} queryClient={queryClient} routes={<StaticRouterProvider router={router} context={context} hydrate={false} />} navigate={() => {}} />,
        renderToString,
      ),
    );
    return { html: result.result, title: result.title, cookiesRead: names };
  } finally {
    setServerCookies("");
    authStore.set(SIGNED_OUT);
  }
}

/** A suspense boundary the server could not finish (renderToString's mark): the client would render it afresh, and report it. */
const UNFINISHED_BOUNDARY = "<!--$!-->";

/** Renders a public screen of SERVER_SCREENS itself (with the visitor's shell when it has navigation, as help does); its title is the one the screen gives itself. */
export async function renderScreen(url: URL, path: string, boot: BootData, cookies = ""): Promise<RenderedRoute | null> {
  const screen = SERVER_SCREENS[path];
  if (!screen) return null;
  const route = routeFor(path);
  const render = () => renderRoute(url, path, { flags: screen.flags, name: route?.name, crumbs: route?.crumbs }, screen.Component, boot, cookies);
  // A signed-out visitor's page is the same for everyone with the same address, partner look and cookies read: rendered once (./page-cache.ts).
  if (boot.identity !== null) return render();
  return renderOnce(`${url.href}\n${JSON.stringify(boot)}`, cookies, async () => {
    const rendered = await render();
    // A part the server could not finish is rendered again next time (its code may have come by then).
    return rendered && { ...rendered, cacheable: !rendered.html.includes(UNFINISHED_BOUNDARY) };
  });
}

/**
 * Renders a signed-in route with the shell and the visitor's identity: the
 * screen itself when it is one of SIGNED_IN_SCREENS and its first reads are
 * here (`skeleton` false), else its skeleton (`skeleton` true), also when a
 * part of the screen still waits after a second render (a lazy part whose
 * code did not come): the client would render such a part afresh and report it. Its title is the
 * route's (client/app/route-titles.ts).
 */
export async function renderSignedIn(
  url: URL,
  route: AppRoute,
  boot: BootData,
  cookies: string,
  queries: DehydratedState | null,
): Promise<(RenderedRoute & { skeleton: boolean }) | null> {
  if (!boot.identity) return null;
  const handle = { flags: route.flags, name: route.name, crumbs: route.crumbs };
  const title = routeTitle(route, enUS, { url, firstName: knownState(boot.identity).user.firstName });
  const Screen = SIGNED_IN_SCREENS[route.path];
  if (Screen && queries) {
    const client = new QueryClient();
    hydrate(client, queries);
    const render = () => renderRoute(url, route.path, handle, Screen, { ...boot, skeleton: false }, cookies, client);
    let whole = await render();
    // A lazy part (Home's TAN prompt) asks for its code in the first render; once it is here, the screen renders whole.
    if (whole?.html.includes(UNFINISHED_BOUNDARY)) {
      await partsLoading();
      whole = await render();
    }
    if (whole && !whole.html.includes(UNFINISHED_BOUNDARY)) return { html: whole.html, title, skeleton: false };
  }
  const rendered = await renderRoute(url, route.path, handle, () => null, { ...boot, skeleton: true }, cookies);
  return rendered && { html: rendered.html, title, skeleton: true };
}
