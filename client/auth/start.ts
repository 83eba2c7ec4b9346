import { useSyncExternalStore, type ComponentType, type ReactNode } from "react";
import type { BootData } from "../../contract/boot";
import { embeddedAdapter } from "./embedded";
import { createIdentity, setIdentity, type Queries } from "./machine";

export type IdentityProvider = ComponentType<{ children: ReactNode; navigate: (to: string, replace: boolean) => void }>;

/** For Clerk, the provider component the app must render around the router (null: none needed, or not loaded yet). */
let wrapper: IdentityProvider | null = null;
let needsWrapper = false;
const listeners = new Set<() => void>();

export function useIdentityWrapper(): { needed: boolean; Wrapper: IdentityProvider | null } {
  const Wrapper = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => wrapper,
    () => null,
  );
  return { needed: needsWrapper, Wrapper };
}

/** Picks the adapter the server named, then runs the state machine once. */
export function startIdentity(boot: BootData, queries: Queries): void {
  if (boot.auth.provider === "clerk") {
    needsWrapper = true;
    void import("./clerk").then(({ createClerkIdentity }) => {
      const { adapter, Provider } = createClerkIdentity(boot);
      wrapper = Provider;
      listeners.forEach((l) => l());
      const identity = createIdentity({ adapter, boot, queries });
      setIdentity(identity);
      return identity.start();
    });
    return;
  }
  const identity = createIdentity({ adapter: embeddedAdapter(), boot, queries });
  setIdentity(identity);
  void identity.start();
}
