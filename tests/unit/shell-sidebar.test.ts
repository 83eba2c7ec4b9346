import { describe, expect, it } from "vitest";
import * as C from "../../client/app/shell/constants";
import { isSidebarShortcut, readSidebarOpen } from "../../client/app/shell/sidebar-state";
import { pathOf, selectedItem, sidebarItems, visibleItems, type SidebarContext } from "../../client/app/shell/sidebar-items";
import { MANAGE_ACCOUNT_PATH, normaliseOpenPath, USER_MENU } from "../../client/app/shell/user-menu";
import { cookieString } from "../../client/lib/cookies";
import { first, nth } from "../present";

const anonymous: SidebarContext = { signedIn: false, isPartner: false, canAdminister: false };
const customer: SidebarContext = { signedIn: true, isPartner: false, canAdminister: true };
const partnerAdmin: SidebarContext = { signedIn: true, isPartner: true, canAdminister: true };
const partnerMember: SidebarContext = { signedIn: true, isPartner: true, canAdminister: false };

const ids = (ctx: SidebarContext) => visibleItems(sidebarItems(ctx)).map((i) => i.id);
const item = (ctx: SidebarContext, id: string) => visibleItems(sidebarItems(ctx)).find((i) => i.id === id)!;
type Action = ReturnType<typeof item>["action"];
/** The action as a menu, failing the test when it is another kind. */
function menuOf(action: Action): Extract<Action, { type: "menu" }> {
  expect(action.type).toBe("menu");
  return action as Extract<Action, { type: "menu" }>;
}

describe("the sidebar's items", () => {
  it("shows home always, and booking, activity, my-list and admin only when signed in", () => {
    expect(ids(anonymous)).toEqual(["home"]);
    expect(ids(customer)).toEqual(["home", "booking", "activity", "my-list", "admin"]);
  });

  it("labels booking 'Jobs' for partners and leads to their route", () => {
    expect(item(customer, "booking")).toMatchObject({ label: "nav.bookings", action: { type: "route", to: "/bookings" } });
    expect(item(partnerAdmin, "booking")).toMatchObject({ label: "nav.jobs", action: { type: "route", to: "/jobs" } });
  });

  it("sends a non-partner's admin item straight to admin-profile", () => {
    expect(item(customer, "admin").action).toEqual({ type: "route", to: "/admin/profile" });
  });

  it("gives a partner admin the Admin submenu with its three groups; Program Library is never shown", () => {
    const action = menuOf(item(partnerAdmin, "admin").action);
    expect(action.title).toBe("nav.adminMenu");
    // Actions, in order (other screens may add their own entries to a group).
    const specIds = new Set([
      "admin-customers",
      "admin-orphaned-scores",
      "admin-profile",
      "admin-homepage",
      "admin-workout-library",
      "admin-price-groups",
      "admin-featured-groups",
    ]);
    expect(action.groups.map((g) => [g.label, g.actions.filter((a) => specIds.has(a.id)).map((a) => [a.label, a.to])])).toEqual([
      [
        "nav.group.customers",
        [
          ["nav.yourCustomers", "/admin/customers"],
          ["nav.submittedScores", "/admin/submitted-scores"],
        ],
      ],
      [
        "nav.group.organization",
        [
          ["nav.yourProfile", "/admin/profile"],
          ["nav.homepageBuilder", "/admin/homepage"],
        ],
      ],
      [
        "nav.group.setup",
        [
          ["nav.workoutLibrary", "/admin/workout-library"],
          ["nav.priceGroups", "/admin/price-groups"],
          ["nav.featuredGroups", "/admin/featured-groups"],
        ],
      ],
    ]);
    const all = menuOf(sidebarItems(partnerAdmin).find((i) => i.id === "admin")!.action);
    expect(nth(all.groups, 2).actions.find((a) => a.id === "program-library")?.visible).toBe(false);
    // The partner's plan catalogue is set up beside its price groups.
    expect(nth(action.groups, 2).actions.find((a) => a.id === "admin-plans")).toMatchObject({ label: "nav.plans", to: "/admin/plans", visible: true });
  });

  it("shows groups and actions only when visible: a partner member sees only Your Profile", () => {
    const action = menuOf(item(partnerMember, "admin").action);
    expect(action.groups.map((g) => g.id)).toEqual(["organization"]);
    expect(first(action.groups).actions.map((a) => a.id)).toEqual(["admin-profile"]);
  });

  it("highlights the route's category, the open menu while it is open, and restores it on close", () => {
    expect(selectedItem("home", null)).toBe("home");
    expect(selectedItem("home", "admin")).toBe("admin");
    expect(selectedItem("home", null)).toBe("home");
    expect(selectedItem(null, null)).toBeNull();
  });

  it("finds named routes", () => {
    expect(pathOf("admin-orphaned-scores")).toBe("/admin/submitted-scores");
    expect(pathOf("program-library")).toBeNull();
  });
});

describe("sidebar constants", () => {
  it("are as specified", () => {
    expect(C.SIDEBAR_COOKIE_NAME).toBe("sidebar:state");
    expect(C.SIDEBAR_COOKIE_MAX_AGE).toBe(604800);
    expect(C.SIDEBAR_WIDTH).toBe("48px");
    expect(C.SIDEBAR_WIDTH_MOBILE).toBe("48px");
    expect(C.SIDEBAR_WIDTH_ICON).toBe("3rem");
    expect(C.SIDEBAR_ITEM_HEIGHT).toBe("3rem");
    expect(C.SIDEBAR_TOP_OFFSET).toBe("48px");
    expect(C.SIDEBAR_MOBILE_BREAKPOINT).toBe(768);
    expect(C.MOBILE_QUERY).toBe("(max-width: 768px)");
  });

  it("keeps the choice in a 7-day cookie, open unless it says false", () => {
    expect(cookieString(C.SIDEBAR_COOKIE_NAME, "false", C.SIDEBAR_COOKIE_MAX_AGE)).toBe("sidebar:state=false; path=/; max-age=604800; SameSite=Lax");
    expect(readSidebarOpen("")).toBe(true);
    expect(readSidebarOpen("theme=dark; sidebar:state=false")).toBe(false);
    expect(readSidebarOpen("sidebar:state=true; language=enGB")).toBe(true);
  });

  it("toggles with Ctrl+B or Cmd+B only", () => {
    const key = (k: string, mods: Partial<KeyboardEvent> = {}) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods });
    expect(isSidebarShortcut(key("b", { ctrlKey: true }))).toBe(true);
    expect(isSidebarShortcut(key("b", { metaKey: true }))).toBe(true);
    expect(isSidebarShortcut(key("B", { ctrlKey: true }))).toBe(true);
    expect(isSidebarShortcut(key("b"))).toBe(false);
    expect(isSidebarShortcut(key("b", { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSidebarShortcut(key("n", { ctrlKey: true }))).toBe(false);
  });
});

describe("the user button's menu", () => {
  it("has the custom Help action opening the help page, then sign out", () => {
    expect(USER_MENU[0]).toMatchObject({ label: "userMenu.help", open: "help" });
    expect(USER_MENU[1]).toEqual({ builtIn: "signOut" });
    expect(MANAGE_ACCOUNT_PATH).toBe("/admin/profile");
  });

  it("gives an open path without a leading slash one", () => {
    expect(normaliseOpenPath("help")).toBe("/help");
    expect(normaliseOpenPath("/help")).toBe("/help");
  });
});
