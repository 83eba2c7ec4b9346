import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Root } from "./app/Root";
import { readBootData } from "./app/boot";
import { currentQueryClient, loadQueryClient } from "./app/queries";
import { createAppRouter, hydratingRoutes, routeObjects } from "./app/router";
import { initStyling } from "./app/styling";
import { startIdentity } from "./auth/start";
import "./styles.css";

const boot = readBootData();
initStyling(boot.styling);
startIdentity(boot, { current: currentQueryClient, load: loadQueryClient });
const container = document.getElementById("root");
if (!container) throw new Error("#root missing");

async function hydrate(root: HTMLElement) {
  const routes = routeObjects();
  // The server rendered this route: its code is loaded first, so the first render matches.
  const router = createAppRouter(routes, boot.ssr ? await hydratingRoutes(routes, window.location) : undefined);
  hydrateRoot(
    root,
    <StrictMode>
      <Root
        boot={boot}
        routes={<RouterProvider router={router} />}
        navigate={(to, replace) => void router.navigate(to, { replace })}
      />
    </StrictMode>,
  );
}

void hydrate(container);
