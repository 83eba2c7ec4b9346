import { useCallback, useState } from "react";
import { Menu } from "../../components/icons";
import { Link } from "react-router";
import { useAppUser } from "../../auth/useAppUser";
import { Button } from "../../components/ui/Button";
import { focusRing } from "../../components/ui/focus-ring";
import { Spinner } from "../../components/ui/Spinner";
import { cn } from "../../lib/cn";
import { useT } from "../../lib/i18n";
import type { TopBarStyle } from "../routes";
import { useStyling } from "../styling";
import { BrandMark } from "./BrandMark";
import { logoPlate, logoPlateAlways } from "../../components/ui/logo-plate";
import { LanguageMenu } from "./LanguageMenu";
import { OrganisationSwitcher } from "./OrganisationSwitcher";
import { useSidebar } from "./sidebar-state";
import { ThemeToggle } from "./ThemeToggle";
import { UserButton } from "./UserButton";

/**
 * The top bar, 48 px tall above the sidebar: the partner's logo and
 * platform name, then Sign in and Sign up when signed out, a spinner while
 * authenticating, or the organisation switcher and user button when signed in.
 * `primary` wears the brand colour; `secondary` (admin screens) is the plain surface.
 */
/** The top bar logo's height in pixels (`h-7`), and the least width a wide one keeps on a phone (`min-w-16`). */
const LOGO_HEIGHT = 28;
const LOGO_MIN_WIDTH = 64;

/**
 * Whether the logo is wide: drawn at the bar's height, wider than the least a
 * wide logo keeps on a phone. Read from the image once it has loaded (before
 * that, and for a logo without a natural size, it counts as wide).
 */
function useWideLogo() {
  const [wide, setWide] = useState(true);
  const measure = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete && img.naturalHeight > 0) setWide((img.naturalWidth / img.naturalHeight) * LOGO_HEIGHT >= LOGO_MIN_WIDTH);
  }, []);
  return [wide, measure] as const;
}

export function TopBar({ variant }: { variant: TopBarStyle }) {
  const t = useT();
  const styling = useStyling();
  const [wideLogo, measureLogo] = useWideLogo();
  const { authenticating, signedIn } = useAppUser();
  const { openMobile, setOpenMobile } = useSidebar();
  const primary = variant === "primary";
  // Controls on the brand colour take its readable foreground; on the surface, the usual colours.
  const onBar = primary ? "text-brand-foreground hover:bg-black/10 hover:text-brand-foreground" : "";

  return (
    <header
      data-testid="top-bar"
      data-variant={variant}
      className={cn(
        "fixed inset-x-0 top-0 z-40 flex h-[var(--sidebar-top-offset)] items-center gap-1 border-b px-2 sm:px-3",
        primary ? "border-transparent bg-brand text-brand-foreground" : "border-border bg-card text-foreground",
      )}
    >
      {/* Shown by CSS on a phone only, so the server's first paint already has it there. */}
      <Button
        variant="ghost"
        size="icon"
        className={cn(onBar, "wide:hidden")}
        aria-label={t("shell.openNavigation")}
        aria-expanded={openMobile}
        aria-keyshortcuts="Control+B Meta+B"
        onClick={() => setOpenMobile(!openMobile)}
        data-testid="sidebar-trigger"
      >
        <Menu aria-hidden="true" />
      </Button>
      <Link
        to="/"
        // Gives up its room before the organisation switcher does (shrink 3 to 1): a wide logo narrows, the switcher's name keeps its words.
        // On a phone never narrower than what it shows there (a wide logo's least width, a square logo or mark whole), so
        // nothing of it runs under the switcher however narrow the screen.
        className={cn(
          "flex min-w-0 shrink-[3] items-center gap-2 rounded-md px-1.5 py-1",
          styling.mark || (styling.logo && !wideLogo) ? "phone:shrink-0" : styling.logo && "phone:min-w-21",
          focusRing,
          primary && "focus-visible:outline-brand-foreground",
        )}
        aria-label={t("shell.homeLink", { platform: styling.platformName })}
      >
        {styling.logo ? (
          // Shrinks (keeping its shape, object-contain) before it would run under the organisation switcher on a phone,
          // where the square mark takes its place when there is one; a wide logo down to 64 px, a narrower one not at all
          // (its plate as wide as the logo, never a white box with the logo at one end).
          <img
            ref={measureLogo}
            onLoad={(e) => measureLogo(e.currentTarget)}
            src={styling.logo.uri}
            alt=""
            data-testid="brand-logo"
            className={cn(
              "h-7 w-auto max-w-36 min-w-0 object-contain object-left",
              wideLogo && "phone:min-w-16",
              primary ? logoPlateAlways : logoPlate,
              styling.mark && "phone:hidden",
            )}
          />
        ) : null}
        {styling.mark ? <BrandMark mark={styling.mark.uri} logo={null} name={styling.platformName} size={28} className="wide:hidden" /> : null}
        {/* A wordmark already says the name: beside a logo the name shows only where there is room. */}
        <span className={cn("truncate font-semibold tracking-tight", (signedIn || styling.logo || styling.mark) && "phone:sr-only")}>
          {styling.platformName}
        </span>
      </Link>
      {/* May shrink, so the organisation switcher's name keeps the room the bar has. */}
      <div className="ml-auto flex min-w-0 items-center gap-0.5">
        {authenticating ? (
          <span className="px-2">
            <Spinner size="sm" label={t("shell.authenticating")} />
          </span>
        ) : signedIn ? (
          <OrganisationSwitcher onBrand={primary} className={primary ? "hover:bg-black/10" : ""} />
        ) : (
          <>
            <Button asChild variant="ghost" size="sm" className={onBar}>
              <Link to="/login">{t("topBar.signIn")}</Link>
            </Button>
            <Button asChild size="sm" variant={primary ? "outline" : "primary"} className={primary ? "border-transparent" : ""}>
              <Link to="/signup">{t("topBar.signUp")}</Link>
            </Button>
          </>
        )}
        <LanguageMenu className={onBar} />
        <ThemeToggle className={onBar} />
        {!authenticating && signedIn ? <UserButton /> : null}
      </div>
    </header>
  );
}
