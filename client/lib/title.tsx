import { createContext, useContext, useEffect, type ReactNode } from "react";

/**
 * The page title: the screen's name and the platform's, e.g.
 * "Your Bookings · Northwind Learn", so that tabs, history and screen readers
 * tell screens apart. The platform name follows the branding in force
 * (setPlatformTitle); the screen name follows the screen shown (useScreenTitle).
 * The server writes the same title into the page it renders (composeTitle,
 * with the screen's name captured from its render or the route's title), and
 * the client starts from that name (initScreenTitle), so the tab does not
 * change when the script runs.
 */
let platform = "";
let screen: string | null = null;

/** "<screen> · <platform>", or whichever of the two there is. */
export function composeTitle(screenName: string | null | undefined, platformName: string): string {
  return screenName && platformName ? `${screenName} · ${platformName}` : screenName || platformName;
}

function write() {
  if (typeof document === "undefined") return;
  document.title = composeTitle(screen, platform);
}

export function setPlatformTitle(name: string): void {
  platform = name;
  write();
}

/** The screen's name the server put in the page's title (boot data): kept until a screen names itself. */
export function initScreenTitle(name: string | null | undefined): void {
  screen = name || null;
}

/** While the server renders a screen: told each name a screen gives itself (see captureScreenTitle). */
const TitleCapture = createContext<((name: string) => void) | null>(null);

/** Names the page after the screen while it is shown. */
export function useScreenTitle(name: string | null | undefined): void {
  // Only the server's render is told (effects do not run there); the client's has no capture.
  const capture = useContext(TitleCapture);
  if (capture && name) capture(name);
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

/**
 * Runs a synchronous server render of `tree` and answers the name its screen
 * gave itself (the first useScreenTitle of the render), which the client's
 * screen sets once it runs.
 */
export function captureScreenTitle<T>(tree: ReactNode, render: (tree: ReactNode) => T): { result: T; title: string | null } {
  let title: string | null = null;
  const result = render(<TitleCapture value={(name) => (title ??= name)}>{tree}</TitleCapture>);
  return { result, title };
}

/** For tests: the title as composed now. */
export function composedTitle(): string {
  return composeTitle(screen, platform);
}
