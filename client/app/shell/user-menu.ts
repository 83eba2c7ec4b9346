import { LifeBuoy, type LucideIcon } from "../../components/icons";
import type { MessageKey } from "../../i18n";

/**
 * The user button's menu items: a built-in item by name (manage
 * account, sign out), or a custom item with a label, an icon and either a
 * click handler or a path to open in the app; a link item has href, label and
 * icon. An open path without a leading slash gets one.
 */
export type UserMenuItem =
  | { builtIn: "manageAccount" | "signOut" }
  | { label: MessageKey; icon: LucideIcon; onClick: () => void }
  | { label: MessageKey; icon: LucideIcon; open: string }
  | { label: MessageKey; icon: LucideIcon; href: string };

export function normaliseOpenPath(path: string): string {
  return path.startsWith("/") ? path : `/${path}`;
}

/** Where the built-in "manage account" goes: the account's profile (admin-profile). */
export const MANAGE_ACCOUNT_PATH = "/admin/profile";

/** The custom 'Help' action opening the help page, then sign out. */
export const USER_MENU: UserMenuItem[] = [{ label: "userMenu.help", icon: LifeBuoy, open: "help" }, { builtIn: "signOut" }];
