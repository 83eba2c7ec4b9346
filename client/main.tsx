import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Root } from "./app/Root";
import { readBootData } from "./app/boot";
import { createQueryClient, seedQueries } from "./app/queryClient";
import { createAppRouter, hydratingRoutes, routeObjects } from "./app/router";
import { preloadShell } from "./app/shell/AppLayout";
import { initStyling } from "./app/styling";
import { startIdentity } from "./auth/start";
import "./styles.css";

const boot = readBootData();
initStyling(boot.styling);
const queryClient = createQueryClient();
// The screen's first reads came with the page: in the cache before identity starts (its saved-list prefetch finds them).
seedQueries(queryClient, boot.queries);
startIdentity(boot, queryClient);
const container = document.getElementById("root");
if (!container) throw new Error("#root missing");

async function hydrate(root: HTMLElement) {
  const routes = routeObjects();
  // The server rendered this route: its code is loaded first, so the first render matches.
  // A signed-in screen's shell was rendered too: its code is loaded alongside.
  const [hydrationData] = await Promise.all([boot.ssr ? hydratingRoutes(routes, window.location) : undefined, boot.skeleton ? preloadShell() : null]);
  const router = createAppRouter(routes, hydrationData);
  hydrateRoot(
    root,
    <StrictMode>
      <Root
        boot={boot}
        queryClient={queryClient}
        routes={<RouterProvider router={router} />}
        navigate={(to, replace) => void router.navigate(to, { replace })}
      />
    </StrictMode>,
  );
}

void hydrate(container);
