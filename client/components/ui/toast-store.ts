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

/**
 * The notice that changes are paused, while it stands in for any other error
 * toast: the screen's own "not saved" toast for the refused request comes
 * when the request's promise rejects, which may be after the screen has
 * refetched its data (a mutation awaits its onSettled), however long that
 * takes. So the hold is not a time: it lasts while the notice is open, until
 * the next write is sent (`releasePausedNotice`, called by the API client).
 */
let pausedNotice: string | null = null;

/** Shows a toast, replacing the one on screen. Returns its id. */
export function toast(input: ToastInput): string {
  // A write refused because the organisation's data is moving: the screen's own failure toast would only say "try again".
  if (input.variant === "error" && pausedNotice !== null && toasts[0]?.id === pausedNotice && toasts[0].open) return pausedNotice;
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

/**
 * The notice that changes are paused while the organisation's data moves to
 * another data centre (the API's 503 `unavailable`, with Retry-After): shown
 * by the API client for every such refusal, in the current language. While
 * it is open, the failure toast the screen raises for the same request gives
 * way to it, until the next write is sent
 * (docs/decisions/2026-11-27-paused-writes-say-so.md).
 */
export function toastPaused(): string {
  pausedNotice = null;
  pausedNotice = toastMessage("toast.paused", { variant: "error", duration: 10_000 });
  return pausedNotice;
}

/** A new write is on its way: a failure of it, or of anything after it, shows as itself. */
export function releasePausedNotice(): void {
  pausedNotice = null;
}

/** For tests: empties the queue. */
export function resetToasts(): void {
  for (const timer of removals.values()) clearTimeout(timer);
  removals.clear();
  toasts = [];
  pausedNotice = null;
  emit();
}
