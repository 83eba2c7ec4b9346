import { trackException } from "./telemetry";

/**
 * The global error handler: a thrown value that is not an Error
 * becomes one, is logged, is reported to telemetry, and then the handler that
 * was installed before ours runs. Route errors caught by the router's error
 * screen go through `handleError` too.
 */
export function toError(value: unknown): Error {
  if (value instanceof Error) return value;
  if (typeof value === "string") return new Error(value);
  if (value && typeof value === "object" && typeof (value as { message?: unknown }).message === "string") {
    const error = new Error((value as { message: string }).message);
    const name = (value as { name?: unknown }).name;
    if (typeof name === "string" && name) error.name = name;
    return error;
  }
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return new Error(`Non-Error thrown: ${text}`);
}

type Logger = (...args: unknown[]) => void;

/** Converts, logs and reports one failure; returns the Error. */
export function handleError(value: unknown, log: Logger = console.error): Error {
  const error = toError(value);
  log(error);
  try {
    trackException(error);
  } catch {
    /* reporting must never fail the handler */
  }
  return error;
}

type ErrorTarget = {
  onerror: OnErrorEventHandler;
  onunhandledrejection: ((this: WindowEventHandlers, ev: PromiseRejectionEvent) => any) | null;
};

/**
 * Installs the handler on `window.onerror` and `window.onunhandledrejection`,
 * chaining to whatever was there before. Returns a function that restores them.
 */
export function installGlobalErrorHandler(target: ErrorTarget = window, log: Logger = console.error): () => void {
  const previousError = target.onerror;
  const previousRejection = target.onunhandledrejection;
  target.onerror = function (this: unknown, message, source, line, column, error) {
    handleError(error ?? message, log);
    if (typeof previousError !== "function") return false;
    const handled: unknown = previousError.call(this, message, source, line, column, error);
    return handled;
  };
  target.onunhandledrejection = function (this: WindowEventHandlers, event: PromiseRejectionEvent) {
    handleError(event.reason, log);
    if (typeof previousRejection !== "function") return undefined;
    const handled: unknown = previousRejection.call(this, event);
    return handled;
  };
  return () => {
    target.onerror = previousError;
    target.onunhandledrejection = previousRejection;
  };
}

/**
 * A lazily loaded route whose code cannot be fetched (typically after a new
 * deployment replaced the old chunks) makes Vite fire `vite:preloadError`.
 * The app then reloads once to pick up the new build instead of leaving a
 * blank screen; sessionStorage remembers the reload so a chunk that still
 * fails afterwards shows the error screen rather than reloading for ever.
 * `routeLoaded()` (called after a route has rendered) forgets it again.
 */
export const PRELOAD_RELOAD_KEY = "techfit:preload-reload";

let reloading = false;

export function isReloadingForUpdate(): boolean {
  return reloading;
}

type SessionLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;

function safeSession(): SessionLike | null {
  try {
    return sessionStorage;
  } catch {
    return null;
  }
}

export function installPreloadRecovery(
  target: Pick<EventTarget, "addEventListener" | "removeEventListener"> = window,
  session: SessionLike | null = safeSession(),
  reload: () => void = () => location.reload(),
): () => void {
  const onPreloadError = (event: Event) => {
    if (!session || session.getItem(PRELOAD_RELOAD_KEY)) return; // reloaded once already: let it fail visibly
    session.setItem(PRELOAD_RELOAD_KEY, String(Date.now()));
    event.preventDefault();
    reloading = true;
    reload();
  };
  target.addEventListener("vite:preloadError", onPreloadError);
  return () => target.removeEventListener("vite:preloadError", onPreloadError);
}

export function routeLoaded(session: SessionLike | null = safeSession()): void {
  session?.removeItem(PRELOAD_RELOAD_KEY);
}
