import { createContext, useContext, useSyncExternalStore, type ReactNode } from "react";
import { Theme } from "../../contract/preferences";
import { ONE_YEAR, storage, writeCookie } from "./cookies";

/**
 * Theme light or dark, kept in local storage under `theme` and
 * mirrored into a `theme` cookie so the server renders the right class. The
 * server's inline script has already put the class on `<html>` before first
 * paint (worker/ssr/render.tsx), so the class is where the current theme is read.
 */
export const THEME_STORAGE_KEY = "theme";

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (Theme as readonly string[]).includes(value);
}

function readTheme(): Theme {
  if (typeof document === "undefined") return "light";
  return document.documentElement.classList.contains("dark") ? "dark" : "light";
}

let current: Theme = readTheme();
const listeners = new Set<() => void>();

export function getTheme(): Theme {
  return current;
}

/** Applies `theme` to the page at once and remembers it. */
export function setTheme(theme: Theme): void {
  if (!isTheme(theme)) return;
  current = theme;
  storage.set(THEME_STORAGE_KEY, theme);
  writeCookie(THEME_STORAGE_KEY, theme, ONE_YEAR);
  const root = document.documentElement;
  root.classList.toggle("dark", theme === "dark");
  root.classList.toggle("light", theme === "light");
  root.style.colorScheme = theme;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const ThemeContext = createContext<Theme | null>(null);
/** The theme the server renders with (the stored one is applied before first paint). */
const serverTheme = (): Theme => "light";

export function ThemeProvider({ children }: { children: ReactNode }) {
  const theme = useSyncExternalStore(subscribe, getTheme, serverTheme);
  return <ThemeContext.Provider value={theme}>{children}</ThemeContext.Provider>;
}

/** The current theme and the function that changes it. */
export function useTheme(): [Theme, (theme: Theme) => void] {
  const fromContext = useContext(ThemeContext);
  const live = useSyncExternalStore(subscribe, getTheme, serverTheme);
  return [fromContext ?? live, setTheme];
}
