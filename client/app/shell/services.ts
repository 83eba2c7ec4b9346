import type { BootData } from "../../../contract/boot";
import { installGlobalErrorHandler, installPreloadRecovery } from "../../lib/errors";
import { configureTelemetry } from "../../lib/telemetry";

let started = false;

/**
 * Starts what the shell needs before the router loads the first route:
 * telemetry (on unless the server says off), the global error handler
 * and the one-reload recovery from a failed lazy route load.
 * Safe to call more than once.
 */
export function startShellServices(boot: BootData): void {
  if (started || typeof window === "undefined") return;
  started = true;
  configureTelemetry({ enabled: boot.telemetry });
  installGlobalErrorHandler();
  installPreloadRecovery();
}
