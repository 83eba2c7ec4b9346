import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { Root } from "./app/Root";
import { readBootData } from "./app/boot";
import "./styles.css";

const boot = readBootData();
const container = document.getElementById("root");
if (!container) throw new Error("#root missing");

hydrateRoot(
  container,
  <StrictMode>
    <Root boot={boot} />
  </StrictMode>,
);
