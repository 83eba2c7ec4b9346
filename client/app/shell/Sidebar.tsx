import { PanelLeftClose, PanelLeftOpen } from "../../components/icons";
import { useId, useState, type CSSProperties, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { useAppUser } from "../../auth/useAppUser";
import { focusRing } from "../../components/ui/focus-ring";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../components/ui/DropdownMenu";
import { Sheet, SheetContent } from "../../components/ui/Sheet";
import { SIDEBAR_TOOLTIP_DELAY, Tooltip, TooltipProvider } from "../../components/ui/Tooltip";
import { cn } from "../../lib/cn";
import { logoPlate } from "../../components/ui/logo-plate";
import { useT } from "../../lib/i18n";
import type { SidebarCategory } from "../routes";
import { useStyling } from "../styling";
import {
  SIDEBAR_EXPANDED_WIDTH,
  SIDEBAR_ITEM_HEIGHT,
  SIDEBAR_SHEET_WIDTH,
  SIDEBAR_TOP_OFFSET,
  SIDEBAR_WIDTH,
  SIDEBAR_WIDTH_ICON,
  SIDEBAR_WIDTH_MOBILE,
} from "./constants";
import { useSidebar } from "./sidebar-state";
import { selectedItem, sidebarItems, visibleItems, type SidebarItem } from "./sidebar-items";

/** The CSS variables of the product's sizes, set once on the shell. */
export const sidebarVariables = {
  "--sidebar-width": SIDEBAR_WIDTH,
  "--sidebar-width-mobile": SIDEBAR_WIDTH_MOBILE,
  "--sidebar-width-icon": SIDEBAR_WIDTH_ICON,
  "--sidebar-item-height": SIDEBAR_ITEM_HEIGHT,
  "--sidebar-top-offset": SIDEBAR_TOP_OFFSET,
  "--sidebar-expanded-width": SIDEBAR_EXPANDED_WIDTH,
  "--sidebar-sheet-width": SIDEBAR_SHEET_WIDTH,
} as CSSProperties;

/**
 * The sidebar: the icon rail of home, booking, activity, my-list and
 * admin; a partner's admin item opens the Admin submenu. On wide screens it is
 * fixed below the top bar, open (icons and labels) or collapsed to the rail,
 * with tooltips naming the icons at once (delay 0). Up to 768 px it is a sheet
 * that closes after a pick.
 */
export function Sidebar({ category }: { category: SidebarCategory | null }) {
  const t = useT();
  const { open, setOpen, openMobile, setOpenMobile, isMobile } = useSidebar();
  const { signedIn, account, role } = useAppUser();
  const items = visibleItems(
    sidebarItems({
      signedIn,
      isPartner: account?.type === "partner",
      canAdminister: role === "owner" || role === "admin",
    }),
  );

  if (isMobile) {
    return (
      <Sheet open={openMobile} onOpenChange={setOpenMobile}>
        <SheetContent
          title={t("shell.navigation")}
          hideTitle
          style={sidebarVariables}
          className="w-[var(--sidebar-sheet-width)] max-w-[85vw] pt-2"
          data-testid="sidebar-sheet"
        >
          <SheetBrand />
          <SidebarNav items={items} category={category} expanded onPick={() => setOpenMobile(false)} />
        </SheetContent>
      </Sheet>
    );
  }

  return (
    <div
      data-testid="sidebar"
      data-state={open ? "expanded" : "collapsed"}
      className="fixed top-[var(--sidebar-top-offset)] bottom-0 left-0 z-30 flex flex-col border-r phone:hidden border-border bg-card transition-[width] duration-200 motion-reduce:transition-none"
      style={{ width: open ? "var(--sidebar-expanded-width)" : "var(--sidebar-width)" }}
    >
      <TooltipProvider delayDuration={SIDEBAR_TOOLTIP_DELAY}>
        <SidebarNav items={items} category={category} expanded={open} />
        <div className="mt-auto border-t border-border">
          <RailButton
            label={open ? t("shell.collapseSidebar") : t("shell.expandSidebar")}
            hint={t("shell.sidebarShortcut")}
            expanded={open}
            icon={open ? <PanelLeftClose aria-hidden="true" /> : <PanelLeftOpen aria-hidden="true" />}
            onClick={() => setOpen(!open)}
            ariaExpanded={open}
          />
        </div>
      </TooltipProvider>
    </div>
  );
}

/** The partner's mark at the head of the mobile sheet: its logo at its own shape, and the platform name. */
function SheetBrand() {
  const styling = useStyling();
  return (
    <div className="flex min-w-0 items-center gap-2 border-b border-border px-3 pb-2" data-testid="sheet-brand">
      {styling.logo ? (
        <img src={styling.logo.uri} alt="" data-testid="brand-logo" className={cn("h-8 w-auto max-w-40 shrink-0 object-contain object-left", logoPlate)} />
      ) : null}
      <span className="truncate font-semibold tracking-tight">{styling.platformName}</span>
    </div>
  );
}

function SidebarNav({ items, category, expanded, onPick }: { items: SidebarItem[]; category: SidebarCategory | null; expanded: boolean; onPick?: () => void }) {
  const t = useT();
  const [openMenu, setOpenMenu] = useState<SidebarCategory | null>(null);
  const selected = selectedItem(category, openMenu);
  return (
    <nav aria-label={t("shell.mainNavigation")} className="py-1">
      <ul className="flex flex-col">
        {items.map((item) => (
          <li key={item.id}>
            <SidebarEntry
              item={item}
              active={selected === item.id}
              expanded={expanded}
              onPick={onPick}
              onMenuOpenChange={(isOpen) => setOpenMenu(isOpen ? item.id : null)}
            />
          </li>
        ))}
      </ul>
    </nav>
  );
}

const entryClass = (active: boolean) =>
  cn(
    "relative flex h-[var(--sidebar-item-height)] w-full items-center text-sm font-medium transition-colors",
    "before:absolute before:inset-y-2 before:left-0 before:w-[3px] before:rounded-r before:bg-transparent",
    // Brand-coloured text is readable on the card, not on the muted fill: the active item keeps the
    // foreground colour for its label and wears the brand on its icon and indicator bar.
    active
      ? "bg-muted font-semibold text-foreground before:bg-brand-text [&_svg]:text-brand-text"
      : "text-muted-foreground hover:bg-muted hover:text-foreground",
    focusRing,
    "focus-visible:-outline-offset-2",
  );

function EntryContent({ item, expanded }: { item: SidebarItem; expanded: boolean }) {
  const t = useT();
  const Icon = item.icon;
  return (
    <>
      <span className="flex h-full w-[var(--sidebar-width-icon)] shrink-0 items-center justify-center">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span className={expanded ? "truncate pr-3" : "sr-only"}>{t(item.label)}</span>
    </>
  );
}

function SidebarEntry({
  item,
  active,
  expanded,
  onPick,
  onMenuOpenChange,
}: {
  item: SidebarItem;
  active: boolean;
  expanded: boolean;
  onPick?: () => void;
  onMenuOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  const { pathname } = useLocation();
  const label = t(item.label);
  const common = {
    className: entryClass(active),
    "data-active": active || undefined,
    "data-sidebar-item": item.id,
  };
  const withTooltip = (node: ReactNode) => (
    <Tooltip content={label} side="right" disabled={expanded}>
      {node}
    </Tooltip>
  );
  const { action } = item;
  switch (action.type) {
    case "route": {
      const current = active ? (pathname === action.to ? "page" : "true") : undefined;
      return withTooltip(
        <Link to={action.to} aria-current={current} onClick={onPick} {...common}>
          <EntryContent item={item} expanded={expanded} />
        </Link>,
      );
    }
    case "external":
      return withTooltip(
        <a href={action.href} target="_blank" rel="noopener noreferrer" onClick={onPick} {...common}>
          <EntryContent item={item} expanded={expanded} />
          <span className="sr-only"> {t("common.opensInNewTab")}</span>
        </a>,
      );
    case "function":
      return withTooltip(
        <button
          type="button"
          onClick={() => {
            action.run();
            onPick?.();
          }}
          {...common}
        >
          <EntryContent item={item} expanded={expanded} />
        </button>,
      );
    case "menu":
      return <SidebarMenu item={item} title={t(action.title)} expanded={expanded} onPick={onPick} onOpenChange={onMenuOpenChange} common={common} />;
  }
}

function SidebarMenu({
  item,
  title,
  expanded,
  onPick,
  onOpenChange,
  common,
}: {
  item: SidebarItem;
  title: string;
  expanded: boolean;
  onPick?: () => void;
  onOpenChange: (open: boolean) => void;
  common: { className: string; "data-active"?: boolean; "data-sidebar-item": string };
}) {
  const t = useT();
  const baseId = useId();
  const { pathname } = useLocation();
  if (item.action.type !== "menu") return null;
  const { groups } = item.action;
  return (
    <DropdownMenu onOpenChange={onOpenChange}>
      <Tooltip content={t(item.label)} side="right" disabled={expanded}>
        <DropdownMenuTrigger {...common}>
          <EntryContent item={item} expanded={expanded} />
        </DropdownMenuTrigger>
      </Tooltip>
      <DropdownMenuContent side="right" align="start" sideOffset={4} className="w-60" data-testid="sidebar-submenu">
        <div className="px-2 pt-1.5 pb-1 text-sm font-semibold text-foreground" aria-hidden="true">
          {title}
        </div>
        {groups.map((group, i) => {
          const labelId = `${baseId}-${group.id}`;
          return (
            <div key={group.id}>
              {i > 0 ? <DropdownMenuSeparator /> : null}
              <DropdownMenuGroup aria-labelledby={labelId}>
                <DropdownMenuLabel id={labelId}>{t(group.label)}</DropdownMenuLabel>
                {group.actions.map((a) => (
                  <DropdownMenuItem key={a.id} asChild onSelect={() => onPick?.()}>
                    <Link
                      to={a.to}
                      data-sidebar-action={a.id}
                      aria-current={pathname === a.to ? "page" : undefined}
                      className="aria-[current=page]:font-semibold aria-[current=page]:before:absolute aria-[current=page]:before:inset-y-1.5 aria-[current=page]:before:left-0 aria-[current=page]:before:w-[3px] aria-[current=page]:before:rounded-r aria-[current=page]:before:bg-brand-text"
                    >
                      {t(a.label)}
                    </Link>
                  </DropdownMenuItem>
                ))}
              </DropdownMenuGroup>
            </div>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function RailButton({
  label,
  hint,
  icon,
  expanded,
  onClick,
  ariaExpanded,
}: {
  label: string;
  hint: string;
  icon: ReactNode;
  expanded: boolean;
  onClick: () => void;
  ariaExpanded: boolean;
}) {
  return (
    <Tooltip content={`${label} (${hint})`} side="right" disabled={expanded}>
      <button
        type="button"
        onClick={onClick}
        aria-expanded={ariaExpanded}
        aria-keyshortcuts="Control+B Meta+B"
        className={entryClass(false)}
        data-testid="sidebar-toggle"
      >
        <span className="flex h-full w-[var(--sidebar-width-icon)] shrink-0 items-center justify-center [&_svg]:size-5">{icon}</span>
        <span className={expanded ? "truncate pr-3" : "sr-only"}>{label}</span>
      </button>
    </Tooltip>
  );
}
