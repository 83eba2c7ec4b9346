import { useSyncExternalStore } from "react";
import type { AppUserState } from "./types";

/**
 * The app-user state lives outside React so that route guards (loaders) can
 * read and poll it; components subscribe through useAppUser().
 */
const notReady = async () => {
  throw new Error("identity not started");
};

let state: AppUserState = {
  authenticating: true,
  signedIn: false,
  user: null,
  account: null,
  role: null,
  setActiveAccount: notReady,
  signOut: notReady,
  getToken: async () => null,
};
const listeners = new Set<() => void>();

export const authStore = {
  get: (): AppUserState => state,
  set(patch: Partial<AppUserState>): void {
    state = { ...state, ...patch };
    listeners.forEach((l) => l());
  },
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Route guard step 2: resolves once authentication has finished, checking every 50 ms. */
export function whenAuthenticated(pollMs = 50): Promise<AppUserState> {
  return new Promise((resolve) => {
    const check = () => (state.authenticating ? setTimeout(check, pollMs) : resolve(state));
    check();
  });
}

export function useAppUserState(): AppUserState {
  return useSyncExternalStore(authStore.subscribe, authStore.get, authStore.get);
}
