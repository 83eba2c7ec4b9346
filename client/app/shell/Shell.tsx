import { TooltipProvider } from "../../components/ui/Tooltip";
import { ShellContext } from "../../components/layout/shell-context";
import { focusRing } from "../../components/ui/focus-ring";
import { cn } from "../../lib/cn";
import { useT } from "../../lib/i18n";
import { useHydrated } from "../../lib/useHydrated";
import { Outlet } from "react-router";
import { startTransition, useEffect, useState, type CSSProperties } from "react";
import { useBoot } from "../boot";
import { ScreenSkeleton } from "./ScreenSkeleton";
import { Breadcrumbs } from "./Breadcrumbs";
import type { RouteHandle } from "./route-handle";
import { Sidebar, sidebarVariables } from "./Sidebar";
import { SidebarProvider, useSidebar } from "./sidebar-state";
import { TopBar } from "./TopBar";

/** The shell of screens with navigation: skip link, top bar, sidebar, breadcrumbs and the main area. */
export default function ShellFrame({ handle }: { handle: RouteHandle }) {
  return (
    <TooltipProvider>
      <SidebarProvider>
        <Shell handle={handle} />
      </SidebarProvider>
    </TooltipProvider>
  );
}

function Shell({ handle }: { handle: RouteHandle }) {
  const t = useT();
  const { open } = useSidebar();
  // The server rendered this shell with the screen's skeleton: hydration shows the same, then the screen.
  const hydrated = useHydrated();
  const skeleton = !useScreenRevealed(Boolean(useBoot().skeleton));
  // On a phone the content has no rail beside it: CSS decides (phone/wide), so the server's first paint is already right there.
  const offset = open ? "var(--sidebar-expanded-width)" : "var(--sidebar-width)";
  return (
    <div style={sidebarVariables} className="min-h-dvh bg-background" data-testid="app-shell">
      <a
        href="#main"
        className={cn("fixed top-2 left-2 z-[60] -translate-y-20 rounded-md bg-card px-3 py-2 text-sm font-medium shadow focus:translate-y-0", focusRing)}
      >
        {t("shell.skipToContent")}
      </a>
      {/* Rendered by the server, the bar's and the rail's buttons wait for the script (disabled until hydrated): a click before would do nothing. */}
      <fieldset disabled={!hydrated} className="contents">
        <TopBar variant={handle.flags.topBar} />
        <Sidebar category={handle.flags.sidebar} />
      </fieldset>
      <div
        className="pt-[var(--sidebar-top-offset)] transition-[padding] duration-200 motion-reduce:transition-none wide:pl-[var(--shell-offset)]"
        style={{ "--shell-offset": offset } as CSSProperties}
      >
        <main id="main" tabIndex={-1} className="mx-auto w-full min-w-0 max-w-6xl px-4 py-6 outline-none sm:px-8">
          <Breadcrumbs crumbs={handle.crumbs ?? []} />
          <ShellContext.Provider value={true}>{skeleton ? <ScreenSkeleton /> : <Outlet />}</ShellContext.Provider>
        </main>
      </div>
    </div>
  );
}

/** Set once the server-rendered skeleton has given way to the screen: a shell mounted later shows its screen at once. */
let revealedOnce = false;

/**
 * Whether the shell shows its screen rather than the skeleton the server
 * rendered: false through hydration, then true in a transition, so that the
 * screen (Home's cards and rows) renders in slices that leave the main thread
 * free for input instead of in one long task.
 */
function useScreenRevealed(skeleton: boolean): boolean {
  const [revealed, setRevealed] = useState(() => !skeleton || revealedOnce);
  useEffect(() => {
    if (revealed) return;
    revealedOnce = true;
    startTransition(() => setRevealed(true));
  }, [revealed]);
  return revealed;
}
