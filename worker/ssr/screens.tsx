import { QueryClient } from "@tanstack/react-query";
import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from "react-router";
import { Root } from "../../client/app/Root";
import type { RouteFlags } from "../../client/app/routes";
import { AppLayout } from "../../client/app/shell/AppLayout";
import { initStyling } from "../../client/app/styling";
import { authStore } from "../../client/auth/store";
import LoginScreen from "../../client/features/auth/LoginScreen";
import PostAuthScreen from "../../client/features/auth/PostAuthScreen";
import NotFoundScreen from "../../client/features/errors/NotFoundScreen";
import type { BootData } from "../../contract/boot";
import { SCREEN_FLAGS } from "./screen-flags";

/** The public screens the server renders itself (flags in ./screen-flags.ts). Imported statically: the Worker carries only these screens, not the app. */
export const SERVER_SCREENS: Record<string, { flags: RouteFlags; Component: ComponentType }> = {
  "/login": { flags: SCREEN_FLAGS["/login"], Component: LoginScreen },
  "/404": { flags: SCREEN_FLAGS["/404"], Component: NotFoundScreen },
  "/post-auth": { flags: SCREEN_FLAGS["/post-auth"], Component: PostAuthScreen },
};

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

/**
 * Renders the app's root with the static router on `path`'s screen, exactly
 * as the client's first render will be (same providers, same route tree,
 * en-US until hydration, the boot styling and identity).
 */
export async function renderScreen(url: URL, path: string, boot: BootData): Promise<string | null> {
  const screen = SERVER_SCREENS[path];
  if (!screen) return null;
  const routes: RouteObject[] = [
    { id: "root", element: <AppLayout />, children: [{ path, id: path, handle: { flags: screen.flags }, Component: screen.Component }] },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  // The client's stores are module state; the render below is synchronous, so no other request sees these values.
  initStyling(boot.styling);
  authStore.set({ authenticating: false, signedIn: Boolean(boot.identity), user: null, account: null, role: null });
  return renderToString(
    <Root
      boot={boot}
      queryClient={new QueryClient()}
      routes={<StaticRouterProvider router={router} context={context} hydrate={false} />}
      navigate={() => {}}
    />,
  );
}
