import { createContext, useContext, useSyncExternalStore } from "react";
import type { Styling } from "../../contract/styling";
import { setPlatformTitle } from "../lib/title";

/**
 * The styling the page wears now. It starts as the server's (boot data) and
 * changes when the app learns of another partner (redirectUrl on the main
 * domain) or when a partner edits its branding. Applying it
 * (`applyStyling`, ./apply-styling.ts, loaded only where a look changes)
 * sets the CSS variables and the page title at once.
 */
let current: Styling | null = null;
/** The server's styling (boot data): what the first, hydrating render wears, whatever changed since. */
let initial: Styling | null = null;
const listeners = new Set<() => void>();

export function initStyling(styling: Styling): void {
  current = styling;
  initial = styling;
  setPlatformTitle(styling.platformName);
}

/** The styling the page wears from now on, its CSS variables and font already set: for `applyStyling` (./apply-styling.ts) alone. */
export function stylingApplied(styling: Styling): void {
  current = styling;
  setPlatformTitle(styling.platformName);
  listeners.forEach((l) => l());
}

export function currentStyling(): Styling {
  if (!current) throw new Error("styling not initialised");
  return current;
}

/**
 * A part of the page that wears another partner's styling than the page's
 * (the Homepage Builder's preview wears the partner's own): what useStyling
 * answers inside it.
 */
export const StylingScope = createContext<Styling | null>(null);

export function useStyling(): Styling {
  const scoped = useContext(StylingScope);
  const page = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    currentStyling,
    () => initial ?? currentStyling(),
  );
  return scoped ?? page;
}
