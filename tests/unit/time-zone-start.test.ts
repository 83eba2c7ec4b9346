import { afterEach, describe, expect, it, vi } from "vitest";
import { authStore } from "../../client/auth/store";
import { syncTimeZoneWhenMissing } from "../../client/auth/time-zone-start";
import type { AppUserState } from "../../client/auth/types";

/** The zone sync's code, as a spy: how often it was loaded and started, and stopped. */
function zoneSync() {
  const stopped = vi.fn();
  const startTimeZoneSync = vi.fn(() => stopped);
  const load = vi.fn(async () => ({ startTimeZoneSync }));
  return { load, startTimeZoneSync, stopped };
}

const user = (timeZone: string | null) => ({ id: "u1", timeZone }) as unknown as AppUserState["user"];
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const signedOut = authStore.get();

afterEach(() => authStore.set(signedOut));

describe("saving the browser's zone", () => {
  it("loads nothing for a signed-out visitor (sign-in's first load) nor for a user whose zone is stored", async () => {
    const sync = zoneSync();
    const stop = syncTimeZoneWhenMissing(sync.load);
    authStore.set({ authenticating: false });
    authStore.set({ signedIn: true, user: user("Europe/London") });
    await settle();
    expect(sync.load).not.toHaveBeenCalled();
    stop();
  });

  it("loads and starts once when a signed-in user without a zone is seen, and stops with the page", async () => {
    const sync = zoneSync();
    const stop = syncTimeZoneWhenMissing(sync.load);
    authStore.set({ signedIn: true, user: user(null) });
    authStore.set({ account: null });
    await settle();
    expect(sync.load).toHaveBeenCalledTimes(1);
    expect(sync.startTimeZoneSync).toHaveBeenCalledTimes(1);
    stop();
    expect(sync.stopped).toHaveBeenCalledTimes(1);
  });

  it("does not start when the page left before the code arrived", async () => {
    const sync = zoneSync();
    const stop = syncTimeZoneWhenMissing(sync.load);
    authStore.set({ signedIn: true, user: user(null) });
    stop();
    await settle();
    expect(sync.startTimeZoneSync).not.toHaveBeenCalled();
  });
});
