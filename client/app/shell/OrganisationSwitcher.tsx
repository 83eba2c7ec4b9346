import { ChevronsUpDown } from "../../components/icons";
import { Fragment, useId, useState } from "react";
import { useAppUser } from "../../auth/useAppUser";
import { focusRing } from "../../components/ui/focus-ring";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../components/ui/DropdownMenu";
import { Spinner } from "../../components/ui/Spinner";
import { Tooltip } from "../../components/ui/Tooltip";
import { cn } from "../../lib/cn";
import { handleError } from "../../lib/errors";
import { useT } from "../../lib/i18n";
import { enumLabel } from "../../lib/enums";
import { useBoot } from "../boot";
import { useStyling } from "../styling";
import { logoPlate, logoPlateAlways } from "../../components/ui/logo-plate";
import { BrandMark } from "./BrandMark";
import { groupByProvider, type OrganisationGroup } from "./organisation-groups";

/**
 * The organisation switcher of the top bar: the active account and
 * the user's other accounts; picking one switches the active account (which
 * loads its account user, account and saved list). Organisation
 * management and the preview avatar are not offered. On the brand-coloured
 * (primary) top bar (`onBrand`) a wide logo sits on its light plate in either
 * theme, as the bar's own logo does. On the main domain the menu groups the
 * organisations by provider (organisation-groups.ts), each group named by its
 * label; on a partner's domain, where only that partner's are listed, the list
 * is flat.
 */
export function OrganisationSwitcher({ className, onBrand = false }: { className?: string; onBrand?: boolean }) {
  const t = useT();
  const { user, account, setActiveAccount } = useAppUser();
  const boot = useBoot();
  const styling = useStyling();
  const [switching, setSwitching] = useState(false);
  const groupId = useId();
  if (!user || user.accounts.length === 0) return null;
  const active = user.accounts.find((a) => a.id === (account?.id ?? user.activeAccountId));
  const activeName = account?.name ?? active?.name ?? t("topBar.noOrganization");
  const mark = account && boot.partner?.id === account.id ? styling.mark?.uri : null;
  const logo = account?.logo?.uri;

  const choose = async (id: string) => {
    if (id === active?.id) return;
    setSwitching(true);
    try {
      await setActiveAccount(id);
    } catch (err) {
      handleError(err);
    } finally {
      setSwitching(false);
    }
  };

  const item = (a: (typeof user.accounts)[number]) => (
    <DropdownMenuRadioItem key={a.id} value={a.id}>
      <span className="min-w-0 break-words" data-testid="organisation-name">
        {a.name}
      </span>
      <span className="ml-auto shrink-0 text-xs text-muted-foreground">{enumLabel(t, "AccountType", a.type)}</span>
    </DropdownMenuRadioItem>
  );
  const groupName = (g: OrganisationGroup<(typeof user.accounts)[number]>) =>
    g.kind === "partners" ? t("topBar.partnerAccounts") : (g.provider ?? t("topBar.noProvider"));
  const radios = { value: active?.id ?? "", onValueChange: (id: string) => void choose(id) };

  return (
    <DropdownMenu>
      {/* The whole name on hover and on keyboard focus, wherever the button has to cut it short. */}
      <Tooltip content={activeName} side="bottom">
        <DropdownMenuTrigger
          className={cn(
            // On a phone the name takes two lines, small, in the room the bar has left (the bar shrinks the partner's logo first).
            "flex min-h-9 max-w-[14rem] min-w-0 items-center lg:max-w-[22rem] gap-2 rounded-md px-2 py-0.5 text-left text-sm font-medium phone:gap-1 phone:px-1",
            // On the brand-coloured bar hovering darkens in both themes: a light veil would take the white name under 4.5:1.
            onBrand ? "hover:bg-black/10" : "hover:bg-black/5 dark:hover:bg-white/10",
            focusRing,
            className,
          )}
          aria-label={`${t("topBar.switchOrganization")}: ${activeName}`}
          aria-busy={switching || undefined}
          data-testid="organisation-switcher"
        >
          {/* A 24 px square: the partner's mark when this is the partner whose brand the page wears, else the
              organisation's logo contained at its own shape, else its initials (not on a phone, where their room goes to the name). */}
          <BrandMark
            mark={mark}
            logo={logo}
            name={activeName}
            size={24}
            testId="organisation-logo"
            plate={onBrand ? logoPlateAlways : logoPlate}
            className={mark || logo ? undefined : "phone:hidden"}
          />
          <span className="line-clamp-2 min-w-0 break-words phone:text-xs phone:leading-tight" data-testid="organisation-switcher-name">
            {activeName}
          </span>
          {switching ? <Spinner size="sm" decorative /> : <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 opacity-70" />}
        </DropdownMenuTrigger>
      </Tooltip>
      <DropdownMenuContent align="end" className="w-72 max-w-[calc(100vw-1rem)]">
        <DropdownMenuLabel>{t("topBar.organizations")}</DropdownMenuLabel>
        {boot.mode === "main" ? (
          // One radio group per provider, named by its visible label: the same choice (value) spans them all.
          groupByProvider(user.accounts).map((g, i) => (
            <Fragment key={`${g.kind}:${g.providerId ?? ""}`}>
              {i > 0 && <DropdownMenuSeparator />}
              <DropdownMenuRadioGroup {...radios} aria-labelledby={`${groupId}-${i}`} data-testid="organisation-group">
                <DropdownMenuLabel id={`${groupId}-${i}`} className="break-words text-foreground" data-testid="organisation-group-label">
                  {groupName(g)}
                </DropdownMenuLabel>
                {g.accounts.map(item)}
              </DropdownMenuRadioGroup>
            </Fragment>
          ))
        ) : (
          <DropdownMenuRadioGroup {...radios}>{user.accounts.map(item)}</DropdownMenuRadioGroup>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
