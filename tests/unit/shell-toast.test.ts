import { afterEach, describe, expect, it, vi } from "vitest";
import {
  dismissToast,
  getToasts,
  resetToasts,
  toast,
  toastMessage,
  TOAST_DURATION,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
  TOAST_SWIPE_DIRECTION,
  TOAST_SWIPE_THRESHOLD,
} from "../../client/components/ui/toast-store";

afterEach(() => {
  resetToasts();
  vi.useRealTimers();
});

describe("the toast queue", () => {
  it("has the product's constants", () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
    expect(TOAST_DURATION).toBe(5000);
    expect(TOAST_SWIPE_DIRECTION).toBe("right");
    expect(TOAST_SWIPE_THRESHOLD).toBe(50);
  });

  it("holds one toast at a time: a new one replaces the current one", () => {
    toast({ title: "First" });
    toast({ title: "Second" });
    expect(getToasts().map((t) => t.title)).toEqual(["Second"]);
  });

  it("keeps a dismissed toast closed until the removal delay has passed", () => {
    vi.useFakeTimers();
    const id = toast({ title: "Saved" });
    dismissToast(id);
    expect(getToasts()).toMatchObject([{ id, open: false }]);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toEqual([]);
  });

  it("raises the error catalogue's toasts by catalogue name, in the current language", () => {
    toastMessage("toast.missingFields");
    expect(getToasts()[0]).toMatchObject({
      title: "Missing Fields",
      description: "Please complete the required fields.",
      variant: "error",
      open: true,
    });
    toastMessage("toast.domainConnectFailed", { values: { error: "DNS record not found" } });
    expect(getToasts()[0]).toMatchObject({ title: "Connection failed", description: "DNS record not found" });
  });
});
