import type { Styling } from "./styling";

/**
 * What the server inlines into every page for the client to start with
 * (read from <script id="boot" type="application/json">).
 */
export type BootData = {
  /** Start-up domain mode, as the server resolved it. */
  mode: "main" | "satellite";
  host: string;
  /** Origin of the main product (where satellites send sign-in and sign-up). */
  mainOrigin: string;
  partner: { id: string; name: string } | null;
  styling: Styling;
  env: "development" | "production";
  /** Which identity provider the client talks to. */
  auth: { provider: "embedded" } | { provider: "clerk"; publishableKey: string };
  telemetry: boolean;
};

export const BOOT_ELEMENT_ID = "boot";
