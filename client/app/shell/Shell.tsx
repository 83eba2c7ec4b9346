import { TooltipProvider } from "../../components/ui/Tooltip";
import { ShellContext } from "../../components/layout/shell-context";
import { focusRing } from "../../components/ui/focus-ring";
import { cn } from "../../lib/cn";
import { useT } from "../../lib/i18n";
import { useHydrated } from "../../lib/useHydrated";
import { Outlet } from "react-router";
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
  const { open, isMobile } = useSidebar();
  // The server rendered this shell with the screen's skeleton: hydration shows the same, then the screen.
  const hydrated = useHydrated();
  const skeleton = Boolean(useBoot().skeleton) && !hydrated;
  const offset = isMobile ? "0px" : open ? "var(--sidebar-expanded-width)" : "var(--sidebar-width)";
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
      <div className="pt-[var(--sidebar-top-offset)] transition-[padding] duration-200 motion-reduce:transition-none" style={{ paddingLeft: offset }}>
        <main id="main" tabIndex={-1} className="mx-auto w-full min-w-0 max-w-6xl px-4 py-6 outline-none sm:px-8">
          <Breadcrumbs crumbs={handle.crumbs ?? []} />
          <ShellContext.Provider value={true}>{skeleton ? <ScreenSkeleton /> : <Outlet />}</ShellContext.Provider>
        </main>
      </div>
    </div>
  );
}
