import { useCallback, useSyncExternalStore } from "react";

/**
 * What a user is editing on a job (an open picker and its choices, a typed
 * place, the marks of attendance), kept by key outside React: a refetch of
 * the job that re-mounts its panel keeps the picker open and the choices
 * made. Saving or cancelling clears it; the job's own values show again.
 */
const drafts = new Map<string, unknown>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

function put(key: string, value: unknown) {
  if (value === undefined) drafts.delete(key);
  else drafts.set(key, value);
  listeners.forEach((l) => l());
}

/** The draft under `key` (undefined when none), a setter, and a clear. */
export function useDraft<T>(key: string): [T | undefined, (value: T) => void, () => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => drafts.get(key) as T | undefined,
    () => undefined,
  );
  const set = useCallback((next: T) => put(key, next), [key]);
  const clear = useCallback(() => put(key, undefined), [key]);
  return [value, set, clear];
}
