import { createContext, useContext, useEffect, useSyncExternalStore } from "react";

/**
 * Which forms on screen hold unsaved edits. Every form registers through
 * `useUnsavedChanges(dirty)` (or `<LeaveGuard when={dirty} />`); one prompt
 * (the first guard mounted: React Router supports one navigation blocker at a
 * time) holds navigation while any of them is dirty. A form inside a dialog
 * also registers with that dialog (`DialogScope`), which then asks before
 * closing.
 */
const mounted: symbol[] = [];
const dirty = new Set<symbol>();
const listeners = new Set<() => void>();

const emit = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The unsaved forms of one dialog. */
export type DirtyForms = Set<symbol>;
export const DialogScope = createContext<DirtyForms | null>(null);

/** Registers a mounted guard (in mounting order); returns the function that removes it. */
export function mountGuard(id: symbol): () => void {
  mounted.push(id);
  emit();
  return () => {
    mounted.splice(mounted.indexOf(id), 1);
    emit();
  };
}

/** Marks a form as holding unsaved edits while `when` is true (in its dialog too, when it is in one). */
export function useUnsavedChanges(when: boolean): void {
  const scope = useContext(DialogScope);
  useEffect(() => {
    if (!when) return;
    const id = Symbol("dirty");
    dirty.add(id);
    scope?.add(id);
    emit();
    return () => {
      dirty.delete(id);
      scope?.delete(id);
      emit();
    };
  }, [when, scope]);
}

/** True while any form on screen holds unsaved edits. */
export function useAnyUnsaved(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => dirty.size > 0,
    () => false,
  );
}

/** True for the one guard that shows the prompt (the first mounted). */
export function useIsPromptHolder(id: symbol): boolean {
  return useSyncExternalStore(
    subscribe,
    () => mounted[0] === id,
    () => false,
  );
}
