import { ExternalLink, LogOut, UserCog } from "../../components/icons";
import { Link, useNavigate } from "react-router";
import { useAppUser } from "../../auth/useAppUser";
import { Avatar } from "../../components/ui/Avatar";
import { focusRing } from "../../components/ui/focus-ring";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../components/ui/DropdownMenu";
import { cn } from "../../lib/cn";
import { useT } from "../../lib/i18n";
import { MANAGE_ACCOUNT_PATH, normaliseOpenPath, USER_MENU, type UserMenuItem } from "./user-menu";

/** The signed-in user's avatar and menu: Help, then sign out. */
export function UserButton({ items = USER_MENU }: { items?: UserMenuItem[] }) {
  const t = useT();
  const navigate = useNavigate();
  const { user, signOut } = useAppUser();
  if (!user) return null;
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email;

  const render = (item: UserMenuItem, i: number) => {
    if ("builtIn" in item) {
      if (item.builtIn === "signOut") {
        return [
          i > 0 ? <DropdownMenuSeparator key={`sep-${i}`} /> : null,
          <DropdownMenuItem
            key="signOut"
            onSelect={() => {
              void signOut().then(() => navigate("/login"));
            }}
          >
            <LogOut aria-hidden="true" />
            {t("userMenu.signOut")}
          </DropdownMenuItem>,
        ];
      }
      return (
        <DropdownMenuItem key="manageAccount" asChild>
          <Link to={MANAGE_ACCOUNT_PATH}>
            <UserCog aria-hidden="true" />
            {t("userMenu.manageAccount")}
          </Link>
        </DropdownMenuItem>
      );
    }
    const Icon = item.icon;
    if ("open" in item) {
      return (
        <DropdownMenuItem key={item.label} asChild>
          <Link to={normaliseOpenPath(item.open)}>
            <Icon aria-hidden="true" />
            {t(item.label)}
          </Link>
        </DropdownMenuItem>
      );
    }
    if ("href" in item) {
      return (
        <DropdownMenuItem key={item.label} asChild>
          <a href={item.href} target="_blank" rel="noopener noreferrer">
            <Icon aria-hidden="true" />
            {t(item.label)}
            <ExternalLink aria-hidden="true" className="ml-auto" />
            <span className="sr-only"> {t("common.opensInNewTab")}</span>
          </a>
        </DropdownMenuItem>
      );
    }
    return (
      <DropdownMenuItem key={item.label} onSelect={item.onClick}>
        <Icon aria-hidden="true" />
        {t(item.label)}
      </DropdownMenuItem>
    );
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger aria-label={t("userMenu.open", { name })} className={cn("ml-1 rounded-full", focusRing)} data-testid="user-button">
        <Avatar src={user.imageUrl} name={name} alt="" size="sm" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="font-normal">
          <span className="block text-xs text-muted-foreground">{t("userMenu.signedInAs")}</span>
          <span className="block truncate text-sm font-medium text-foreground">{name}</span>
          {name !== user.email ? <span className="block truncate text-xs text-muted-foreground">{user.email}</span> : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {items.map(render)}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
