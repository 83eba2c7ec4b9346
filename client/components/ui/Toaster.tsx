import { useEffect, useState, useSyncExternalStore, type ComponentType } from "react";
import { loadCatalogues } from "../../lib/i18n";
import { useHydrated } from "../../lib/useHydrated";
import { getToasts, subscribeToasts } from "./toast-store";

/**
 * The toast queue's place in the tree (mount once, in Root). The Radix
 * viewport (./ToastViewport: announcements, timers, swipe, F8) is a chunk of
 * its own, fetched when the first toast is raised or when the signed-in shell
 * loads (`preloadToasts`), so the first screens (sign-in above all) do not
 * download it. Toasts raised before it arrives wait in the store and show as
 * soon as it is there.
 */
export function Toaster() {
  const wanted = useSyncExternalStore(subscribeToasts, hasToasts, noToasts);
  const [Viewport, setViewport] = useState<ComponentType | null>(() => loaded);
  useEffect(() => {
    if (Viewport || !wanted) return;
    let live = true;
    preloadToasts()
      .then((component) => {
        if (live) setViewport(() => component);
      })
      // Offline or a stale deploy: the next toast tries again.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [wanted, Viewport]);
  // The server never renders the viewport; a page it rendered hydrates without it even when the code is here already.
  const hydrated = useHydrated();
  return Viewport && hydrated ? <Viewport /> : null;
}

let loaded: ComponentType | null = null;
let loading: Promise<ComponentType> | null = null;

/** Fetches the toast viewport's code and the texts it labels itself with (once); resolves to its component. */
export function preloadToasts(): Promise<ComponentType> {
  loading ??= Promise.all([import("./ToastViewport"), loadCatalogues()]).then(
    ([m]) => (loaded = m.ToastViewport),
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

const hasToasts = () => getToasts().length > 0;
const noToasts = () => false;
