import { Languages } from "../../components/icons";
import { Language } from "../../../contract/enums";
import { Button } from "../../components/ui/Button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from "../../components/ui/DropdownMenu";
import { LANGUAGE_TAG } from "../../i18n/tags";
import { cn } from "../../lib/cn";
import { isLanguage, useLanguage, useT } from "../../lib/i18n";

/** Chooses enUS, enGB or enAU (kept under `language`). Each name is written in its own variant. */
export function LanguageMenu({ className }: { className?: string }) {
  const t = useT();
  const [language, setLanguage] = useLanguage();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className={cn(className)}
          aria-label={t("language.change", { language: t(`language.${language}`) })}
          data-testid="language-menu"
        >
          <Languages aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t("language.label")}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={language} onValueChange={(v) => isLanguage(v) && setLanguage(v)}>
          {Language.map((l) => (
            <DropdownMenuRadioItem key={l} value={l} lang={LANGUAGE_TAG[l]}>
              {t(`language.${l}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
