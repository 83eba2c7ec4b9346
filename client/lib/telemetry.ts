import type { ExceptionEvent, PageViewEvent, TelemetryEvent } from "../../contract/telemetry";
import { getLanguage } from "./i18n";

/**
 * The client side of telemetry: page views after each
 * navigation and exceptions from the global error handler, posted to
 * `POST /v1/telemetry`. Nothing is tracked automatically; the shell calls
 * `trackPageView` and the error handler calls `trackException`.
 *
 * The auth state machine (client/auth) calls `setTelemetryUser` once the app
 * user and active account are known and `clearTelemetryUser` on sign-out,
 * so events carry who and which account.
 */
export const TELEMETRY_PATH = "/v1/telemetry";

type State = {
  enabled: boolean;
  user: { userId: string | null; accountId: string | null } | null;
  send: (event: TelemetryEvent) => void;
};

function post(event: TelemetryEvent) {
  // keepalive lets a page view sent just before unload still arrive.
  void fetch(TELEMETRY_PATH, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(event),
    keepalive: true,
    credentials: "same-origin",
  }).catch(() => {
    /* telemetry never disturbs the user */
  });
}

const state: State = { enabled: false, user: null, send: post };

/** Turns telemetry on or off (boot data `telemetry`); `send` replaces the transport in tests. */
export function configureTelemetry(options: { enabled: boolean; send?: (event: TelemetryEvent) => void }): void {
  state.enabled = options.enabled;
  if (options.send) state.send = options.send;
}

export function setTelemetryUser(userId: string | null, accountId: string | null): void {
  state.user = { userId, accountId };
}

export function clearTelemetryUser(): void {
  state.user = null;
}

export function telemetryUser() {
  return state.user;
}

const clip = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s);

function context(path: string) {
  return {
    path: clip(path.split(/[?#]/)[0] || "/", 512),
    userId: state.user?.userId ?? null,
    accountId: state.user?.accountId ?? null,
    language: getLanguage(),
  };
}

/**
 * A page view under the route's telemetry name; `name` null (the route opts
 * out) or telemetry off sends nothing. Returns whether one was sent.
 */
export function trackPageView(page: { name: string | null; authenticated: boolean; path: string }): boolean {
  if (!state.enabled || !page.name) return false;
  const event: PageViewEvent = { type: "pageView", name: page.name, authenticated: page.authenticated, ...context(page.path) };
  state.send(event);
  return true;
}

export function trackException(error: Error, path: string = typeof location === "undefined" ? "/" : location.pathname): boolean {
  if (!state.enabled) return false;
  const event: ExceptionEvent = {
    type: "exception",
    name: clip(error.name || "Error", 100),
    message: clip(error.message, 1000),
    ...(error.stack ? { stack: clip(error.stack, 4000) } : {}),
    ...context(path),
  };
  state.send(event);
  return true;
}
