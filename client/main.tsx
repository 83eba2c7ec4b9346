import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Root } from "./app/Root";
import { readBootData } from "./app/boot";
import { stopKeepingEarlyTaps } from "./app/early-taps";
import { currentQueryClient, loadQueryClient, seedPageQueries } from "./app/queries";
import { createAppRouter, hydratingRoutes, renderedRoutes, routeObjects, showsNavigation } from "./app/router";
import { preloadShell } from "./app/shell/AppLayout";
import { startShellServices } from "./app/shell/services";
import { initStyling } from "./app/styling";
import { startIdentity } from "./auth/start";
import { handleError, isReloadingForUpdate } from "./lib/errors";
import { initScreenTitle } from "./lib/title";
import "./styles.css";

const boot = readBootData();
// The title the server wrote names the screen; the platform's name set with the styling must not drop it.
initScreenTitle(boot.title);
initStyling(boot.styling);
// The screen's first reads came with the page: they go into the query client as it is created, before identity starts (its saved-list prefetch finds them).
seedPageQueries(boot.queries);
startIdentity(boot, { current: currentQueryClient, load: loadQueryClient });
// The one-reload recovery must be listening before the server-rendered route's code is fetched for hydration.
startShellServices(boot);
const container = document.getElementById("root");
if (!container) throw new Error("#root missing");

function app(router: ReturnType<typeof createAppRouter>, data = boot) {
  return (
    <StrictMode>
      <Root boot={data} routes={<RouterProvider router={router} />} navigate={(to, replace) => void router.navigate(to, { replace })} />
    </StrictMode>
  );
}

async function hydrate(root: HTMLElement) {
  const routes = routeObjects();
  // The server rendered this route: its code is loaded first, so the first render matches.
  // A signed-in screen's shell was rendered too (or a public one's with navigation, such as help): its code is loaded alongside.
  const matched = boot.ssr ? renderedRoutes(routes, boot.route, window.location) : [];
  const shell = boot.skeleton || (boot.ssr && showsNavigation(matched));
  let hydrationData: Awaited<ReturnType<typeof hydratingRoutes>> | undefined;
  try {
    [hydrationData] = await Promise.all([boot.ssr ? hydratingRoutes(matched) : undefined, shell ? preloadShell() : null]);
  } catch (error) {
    // The route's code could not be fetched. The recovery is reloading once for a new build; if it already has,
    // the page starts afresh instead of staying a server-rendered page that never comes alive: the router tries
    // the code again and shows its error screen, with a button to reload, when it still fails.
    if (isReloadingForUpdate()) return;
    handleError(error);
    stopKeepingEarlyTaps();
    createRoot(root).render(app(createAppRouter(routeObjects()), { ...boot, ssr: false, skeleton: false }));
    return;
  }
  const router = createAppRouter(routes, hydrationData);
  // Hydration as a transition: React hydrates in slices and yields between them, so a tap during hydration is not kept waiting.
  // From here React answers a tap itself; one on a button before it is given again once the page is the app's (Root).
  stopKeepingEarlyTaps();
  startTransition(() => {
    hydrateRoot(root, app(router));
  });
}

void hydrate(container);
