import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { readCookie, writeCookie } from "../../lib/cookies";
import { useMediaQuery } from "../../lib/useMediaQuery";
import { MOBILE_QUERY, SIDEBAR_COOKIE_MAX_AGE, SIDEBAR_COOKIE_NAME, SIDEBAR_KEYBOARD_SHORTCUT } from "./constants";

/**
 * Whether the sidebar is open: open by default, kept in the cookie
 * `sidebar:state` for 7 days, toggled with Ctrl/Cmd+B. At widths up to 768 px
 * the sidebar is a sheet with its own open state, closed by default, and the
 * shortcut opens and closes that instead.
 */
export type SidebarState = {
  open: boolean;
  setOpen: (open: boolean) => void;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  toggle: () => void;
};

const SidebarContext = createContext<SidebarState | null>(null);

/** The stored choice: open unless the cookie says "false". */
export function readSidebarOpen(cookies?: string): boolean {
  return readCookie(SIDEBAR_COOKIE_NAME, cookies) !== "false";
}

/** True for the shortcut: Ctrl+B, or Cmd+B on a Mac, without Alt or Shift. */
export function isSidebarShortcut(e: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey" | "shiftKey">): boolean {
  return e.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey;
}

export function SidebarProvider({ children }: { children: ReactNode }) {
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [open, setOpenState] = useState(() => readSidebarOpen());
  const [sheetOpen, setOpenMobile] = useState(false);
  // The sheet exists only in the narrow layout.
  const openMobile = isMobile && sheetOpen;

  const setOpen = useCallback((value: boolean) => {
    setOpenState(value);
    writeCookie(SIDEBAR_COOKIE_NAME, String(value), SIDEBAR_COOKIE_MAX_AGE);
  }, []);

  const toggle = useCallback(() => {
    if (isMobile) setOpenMobile((v) => !v);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (!isSidebarShortcut(e)) return;
      e.preventDefault();
      toggle();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toggle]);

  const value = useMemo(() => ({ open, setOpen, openMobile, setOpenMobile, isMobile, toggle }), [open, setOpen, openMobile, isMobile, toggle]);
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

export function useSidebar(): SidebarState {
  const value = useContext(SidebarContext);
  if (!value) throw new Error("useSidebar outside SidebarProvider");
  return value;
}
