/**
 * Sidebar constants. The rail is 48 px wide on every screen and each
 * item is a 3rem square icon cell, 3rem tall; the sidebar sits below the 48 px
 * top bar. Open, it also shows each item's label beside its icon
 * (SIDEBAR_EXPANDED_WIDTH, our choice, see docs/decisions.md); collapsed, it is
 * the bare icon rail. Up to 768 px wide it is a slide-in sheet instead.
 */
export const SIDEBAR_COOKIE_NAME = "sidebar:state";
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7; // 7 days = 604800 s
export const SIDEBAR_WIDTH = "48px";
export const SIDEBAR_WIDTH_MOBILE = "48px";
export const SIDEBAR_WIDTH_ICON = "3rem";
export const SIDEBAR_ITEM_HEIGHT = "3rem";
export const SIDEBAR_TOP_OFFSET = "48px";
export const SIDEBAR_MOBILE_BREAKPOINT = 768;
export const SIDEBAR_KEYBOARD_SHORTCUT = "b";
/** Width of the open sidebar (rail plus labels) and of the mobile sheet. */
export const SIDEBAR_EXPANDED_WIDTH = "15rem";
export const SIDEBAR_SHEET_WIDTH = "17rem";

/** The media query under which the sidebar is a sheet (widths up to 768 px). */
export const MOBILE_QUERY = `(max-width: ${SIDEBAR_MOBILE_BREAKPOINT}px)`;
