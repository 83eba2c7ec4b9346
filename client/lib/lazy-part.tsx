import { lazy, type ComponentType } from "react";

/** The lazy parts whose code is on its way, so that the server can wait for them (partsLoading). */
const loading = new Set<Promise<unknown>>();

/**
 * A part of a screen whose code loads when it is first shown (React.lazy,
 * under the screen's Suspense boundary), and renders directly once its code
 * is here: a later render, on the server above all, does not suspend again.
 * The server renders a screen, waits for the parts that render asked for
 * (partsLoading), and renders it once more, whole; the browser hydrates that
 * part when its code has arrived.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let Loaded: ComponentType<P> | null = null;
  const Lazy = lazy(() => {
    const promise = load().then((component) => {
      Loaded = component;
      return { default: component };
    });
    loading.add(promise);
    void promise.finally(() => loading.delete(promise)).catch(() => {});
    return promise;
  });
  function Part(props: P) {
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Part;
}

/** Resolves when the lazy parts whose code is on its way have it (or failed to get it). */
export function partsLoading(): Promise<unknown> {
  return Promise.allSettled([...loading]);
}
