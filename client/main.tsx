import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { Root } from "./app/Root";
import { readBootData } from "./app/boot";
import { createQueryClient } from "./app/queryClient";
import { initStyling } from "./app/styling";
import { startIdentity } from "./auth/start";
import "./styles.css";

const boot = readBootData();
initStyling(boot.styling);
const queryClient = createQueryClient();
startIdentity(boot, queryClient);
const container = document.getElementById("root");
if (!container) throw new Error("#root missing");

hydrateRoot(
  container,
  <StrictMode>
    <Root boot={boot} queryClient={queryClient} />
  </StrictMode>,
);
