import { useEffect } from "react";

/**
 * The page title: the screen's name and the platform's, e.g.
 * "Your Bookings · Northwind Learn", so that tabs, history and screen readers
 * tell screens apart. The platform name follows the branding in force
 * (setPlatformTitle); the screen name follows the screen shown (useScreenTitle).
 */
let platform = "";
let screen: string | null = null;

function write() {
  if (typeof document === "undefined") return;
  document.title = screen && platform ? `${screen} · ${platform}` : screen || platform;
}

export function setPlatformTitle(name: string): void {
  platform = name;
  write();
}

/** Names the page after the screen while it is shown. */
export function useScreenTitle(name: string | null | undefined): void {
  useEffect(() => {
    if (!name) return;
    screen = name;
    write();
    return () => {
      if (screen === name) screen = null;
      write();
    };
  }, [name]);
}

/** For tests: the title as composed now. */
export function composedTitle(): string {
  return screen && platform ? `${screen} · ${platform}` : screen || platform;
}
