import { afterEach, describe, expect, it, vi } from "vitest";
import { handleError, installGlobalErrorHandler, installPreloadRecovery, PRELOAD_RELOAD_KEY, routeLoaded, toError } from "../../client/lib/errors";
import { clearTelemetryUser, configureTelemetry, setTelemetryUser, trackPageView } from "../../client/lib/telemetry";
import type { TelemetryEvent } from "../../contract/telemetry";
import { nth } from "../present";

const sent: TelemetryEvent[] = [];
configureTelemetry({ enabled: true, send: (e) => sent.push(e) });

afterEach(() => {
  sent.length = 0;
  configureTelemetry({ enabled: true });
  clearTelemetryUser();
});

describe("the global error handler", () => {
  it("turns any thrown value into an Error", () => {
    const e = new TypeError("boom");
    expect(toError(e)).toBe(e);
    expect(toError("plain text").message).toBe("plain text");
    expect(toError({ message: "shaped", name: "AbortError" })).toMatchObject({ message: "shaped", name: "AbortError" });
    expect(toError(42).message).toBe("Non-Error thrown: 42");
    expect(toError(undefined)).toBeInstanceOf(Error);
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(toError(circular)).toBeInstanceOf(Error);
  });

  it("logs and reports to telemetry", () => {
    const log = vi.fn();
    const error = handleError("went wrong", log);
    expect(log).toHaveBeenCalledWith(error);
    expect(sent).toMatchObject([{ type: "exception", name: "Error", message: "went wrong" }]);
  });

  it("runs on window errors and unhandled rejections, then calls the previous handlers", () => {
    const order: string[] = [];
    const log = vi.fn((..._args: unknown[]) => void order.push("ours"));
    const previousError = vi.fn(() => {
      order.push("previous");
      return true;
    });
    const previousRejection = vi.fn();
    const target = { onerror: previousError as OnErrorEventHandler, onunhandledrejection: previousRejection as never };
    const uninstall = installGlobalErrorHandler(target, log);

    const returned = (target.onerror as (...a: unknown[]) => unknown)("msg", "src.js", 1, 2, { not: "an error" });
    expect(order).toEqual(["ours", "previous"]);
    expect(returned).toBe(true);
    expect(log.mock.calls[0]?.[0]).toBeInstanceOf(Error);
    expect(previousError).toHaveBeenCalledWith("msg", "src.js", 1, 2, { not: "an error" });

    (target.onunhandledrejection as unknown as (e: unknown) => void)({ reason: "rejected" });
    expect((nth(log.mock.calls, 1)[0] as Error).message).toBe("rejected");
    expect(previousRejection).toHaveBeenCalled();
    expect(sent.map((e) => e.type)).toEqual(["exception", "exception"]);

    uninstall();
    expect(target.onerror).toBe(previousError);
  });
});

describe("recovery from a failed lazy route load", () => {
  function setup() {
    const listeners: ((e: Event) => void)[] = [];
    const target = {
      addEventListener: (_: string, l: (e: Event) => void) => listeners.push(l),
      removeEventListener: () => undefined,
    } as unknown as EventTarget;
    const store = new Map<string, string>();
    const session = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
    const reload = vi.fn();
    installPreloadRecovery(target, session, reload);
    const fire = () => {
      const event = {
        defaultPrevented: false,
        preventDefault() {
          this.defaultPrevented = true;
        },
      };
      listeners.forEach((l) => l(event as unknown as Event));
      return event.defaultPrevented;
    };
    return { fire, reload, store, session };
  }

  it("reloads exactly once, then lets the error show", () => {
    const { fire, reload, store } = setup();
    expect(fire()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(store.has(PRELOAD_RELOAD_KEY)).toBe(true);
    expect(fire()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("forgets the reload once a route has loaded", () => {
    const { fire, reload, store, session } = setup();
    fire();
    routeLoaded(session);
    expect(store.has(PRELOAD_RELOAD_KEY)).toBe(false);
    expect(fire()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

describe("page views", () => {
  it("are sent under the route's telemetry name with the authenticated flag and the user", () => {
    setTelemetryUser("user-1", "account-1");
    expect(trackPageView({ name: "Partner Bookings", authenticated: true, path: "/jobs?tab=1#x" })).toBe(true);
    expect(sent).toEqual([
      { type: "pageView", name: "Partner Bookings", authenticated: true, path: "/jobs", userId: "user-1", accountId: "account-1", language: "enUS" },
    ]);
  });

  it("carry no user after clearTelemetryUser", () => {
    setTelemetryUser("user-1", "account-1");
    clearTelemetryUser();
    trackPageView({ name: "Help", authenticated: false, path: "/help" });
    expect(sent[0]).toMatchObject({ userId: null, accountId: null, authenticated: false });
  });

  it("are not sent for a route without a telemetry name, nor when telemetry is off", () => {
    expect(trackPageView({ name: null, authenticated: false, path: "/design-system" })).toBe(false);
    configureTelemetry({ enabled: false });
    expect(trackPageView({ name: "Home", authenticated: true, path: "/" })).toBe(false);
    expect(handleError("x", () => undefined)).toBeInstanceOf(Error);
    expect(sent).toEqual([]);
  });
});
