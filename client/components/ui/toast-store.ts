import type { MessageKey } from "../../i18n";
import { translate, type Values } from "../../lib/i18n";

/**
 * The toast queue: one toast visible at a time (a new one
 * replaces the current one), shown for 5 s unless told otherwise, swiped right
 * to dismiss past 50 px. A dismissed toast stays in the store, closed, for
 * TOAST_REMOVE_DELAY so its exit can play; then it is removed.
 *
 * Raise toasts from anywhere, including outside React:
 *   toast({ title, description, variant: "error" })
 *   toastMessage("toast.cancelBookingFailed", { variant: "error" })
 */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION = 5000;
export const TOAST_SWIPE_DIRECTION = "right" as const;
export const TOAST_SWIPE_THRESHOLD = 50;

export type ToastVariant = "default" | "success" | "error";

export type ToastInput = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds; defaults to TOAST_DURATION. */
  duration?: number;
  action?: { label: string; onClick: () => void };
};

export type ToastItem = ToastInput & { id: string; open: boolean };

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removals = new Map<string, ReturnType<typeof setTimeout>>();

function emit() {
  for (const l of listeners) l();
}

export function subscribeToasts(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): ToastItem[] {
  return toasts;
}

function scheduleRemoval(id: string) {
  if (removals.has(id)) return;
  removals.set(
    id,
    setTimeout(() => {
      removals.delete(id);
      toasts = toasts.filter((t) => t.id !== id);
      emit();
    }, TOAST_REMOVE_DELAY),
  );
}

/** Shows a toast, replacing the one on screen. Returns its id. */
export function toast(input: ToastInput): string {
  const id = String(++counter);
  toasts = [{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return id;
}

/** Closes one toast, or all of them. */
export function dismissToast(id?: string): void {
  toasts = toasts.map((t) => {
    if (id !== undefined && t.id !== id) return t;
    scheduleRemoval(t.id);
    return { ...t, open: false };
  });
  emit();
}

type ToastMessageKey = MessageKey extends infer K ? (K extends `${infer Base}.title` ? (Base extends `toast.${string}` ? Base : never) : never) : never;

/**
 * A toast by its catalogue name (`toast.<name>` with `.title` and
 * `.description`), in the current language.
 */
export function toastMessage(key: ToastMessageKey, options: { variant?: ToastVariant; values?: Values; duration?: number } = {}): string {
  return toast({
    title: translate(`${key}.title` as MessageKey, options.values),
    description: translate(`${key}.description` as MessageKey, options.values),
    variant: options.variant ?? "error",
    duration: options.duration,
  });
}

/** For tests: empties the queue. */
export function resetToasts(): void {
  for (const timer of removals.values()) clearTimeout(timer);
  removals.clear();
  toasts = [];
  emit();
}
