import { BookOpen, CalendarCheck, House, Settings, Star, type LucideIcon } from "../../components/icons";
import type { MessageKey } from "../../i18n";
import { ROUTES, type SidebarCategory } from "../routes";

/**
 * The sidebar's model, kept apart from its rendering so
 * the rules are tested as plain functions (tests/unit/shell-sidebar.test.ts).
 *
 * Action types: a route of the app, an external link (opened in a new tab), a
 * function, or a menu of groups of actions. Items, groups and actions carry
 * `visible`; only visible ones are shown, and a group with no visible action
 * is dropped.
 */
export type MenuAction = { id: string; label: MessageKey; to: string; visible: boolean };
export type MenuGroup = { id: string; label: MessageKey; visible: boolean; actions: MenuAction[] };

export type SidebarAction =
  | { type: "route"; to: string }
  | { type: "external"; href: string }
  | { type: "function"; run: () => void }
  | { type: "menu"; title: MessageKey; groups: MenuGroup[] };

export type SidebarItem = {
  id: SidebarCategory;
  label: MessageKey;
  icon: LucideIcon;
  action: SidebarAction;
  visible: boolean;
};

export type SidebarContext = {
  signedIn: boolean;
  /** The active account is a partner. */
  isPartner: boolean;
  /** The user is an owner or admin of the active account's organisation. */
  canAdminister: boolean;
};

/** The path of a named route ("named routes seen through the sidebar"). */
export function pathOf(name: string): string | null {
  return ROUTES.find((r) => r.name === name)?.path ?? null;
}

const route = (name: string): SidebarAction => ({ type: "route", to: pathOf(name) ?? "/" });

function action(id: string, label: MessageKey, name: string, visible: boolean): MenuAction {
  const to = pathOf(name);
  // A named route the app does not have (program-library) is never shown.
  return { id, label, to: to ?? "", visible: visible && to !== null };
}

/** The partner's Admin submenu and its three groups. */
export function adminGroups(ctx: SidebarContext): MenuGroup[] {
  const admin = ctx.isPartner && ctx.canAdminister;
  return [
    {
      id: "customers",
      label: "nav.group.customers",
      visible: admin,
      actions: [
        action("admin-customers", "nav.yourCustomers", "admin-customers", true),
        action("admin-orphaned-scores", "nav.submittedScores", "admin-orphaned-scores", true),
      ],
    },
    {
      id: "organization",
      label: "nav.group.organization",
      visible: true,
      actions: [
        action("admin-profile", "nav.yourProfile", "admin-profile", true),
        action("admin-homepage", "nav.homepageBuilder", "admin-homepage", admin),
        action("admin-branding", "nav.branding", "admin-branding", admin),
        action("admin-custom-domains", "nav.customDomains", "admin-custom-domains", admin),
      ],
    },
    {
      id: "setup",
      label: "nav.group.setup",
      visible: admin,
      actions: [
        action("admin-workout-library", "nav.workoutLibrary", "admin-workout-library", true),
        action("program-library", "nav.programLibrary", "program-library", false),
        action("admin-price-groups", "nav.priceGroups", "admin-price-groups", true),
        action("admin-featured-groups", "nav.featuredGroups", "admin-featured-groups", true),
        action("admin-plans", "nav.plans", "admin-plans", true),
        action("admin-availability", "nav.availability", "admin-availability", true),
      ],
    },
  ];
}

/** Every item of the icon rail with its visibility (use `visibleItems` to render). */
export function sidebarItems(ctx: SidebarContext): SidebarItem[] {
  return [
    { id: "home", label: "nav.home", icon: House, action: route("home"), visible: true },
    {
      id: "booking",
      label: ctx.isPartner ? "nav.jobs" : "nav.bookings",
      icon: CalendarCheck,
      action: route(ctx.isPartner ? "jobs" : "bookings"),
      visible: ctx.signedIn,
    },
    { id: "activity", label: "nav.activity", icon: BookOpen, action: route("activity"), visible: ctx.signedIn },
    { id: "my-list", label: "nav.myList", icon: Star, action: route("my-list"), visible: ctx.signedIn },
    {
      id: "admin",
      label: "nav.admin",
      icon: Settings,
      // A partner opens the Admin submenu; any other account goes straight to its profile.
      action: ctx.isPartner ? { type: "menu", title: "nav.adminMenu", groups: adminGroups(ctx) } : route("admin-profile"),
      visible: ctx.signedIn,
    },
  ];
}

/** Drops what is not visible: items, then groups and actions inside menus (and empty groups). */
export function visibleItems(items: SidebarItem[]): SidebarItem[] {
  return items
    .filter((item) => item.visible)
    .map((item) =>
      item.action.type === "menu"
        ? {
            ...item,
            action: {
              ...item.action,
              groups: item.action.groups
                .filter((g) => g.visible)
                .map((g) => ({ ...g, actions: g.actions.filter((a) => a.visible) }))
                .filter((g) => g.actions.length > 0),
            },
          }
        : item,
    );
}

/**
 * The highlighted item: the open menu's item while a menu is open, else the
 * current route's sidebar category. Closing the menu therefore restores the
 * previous selection.
 */
export function selectedItem(routeCategory: SidebarCategory | null, openMenu: SidebarCategory | null): SidebarCategory | null {
  return openMenu ?? routeCategory;
}
