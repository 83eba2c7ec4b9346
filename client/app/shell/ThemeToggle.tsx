import { Moon, Sun } from "../../components/icons";
import { Button } from "../../components/ui/Button";
import { Tooltip } from "../../components/ui/Tooltip";
import { cn } from "../../lib/cn";
import { useT } from "../../lib/i18n";
import { useTheme } from "../../lib/theme";

/** Switches between the light and dark themes (kept under `theme`). */
export function ThemeToggle({ className }: { className?: string }) {
  const t = useT();
  const [theme, setTheme] = useTheme();
  const next = theme === "dark" ? "light" : "dark";
  const label = next === "dark" ? t("theme.switchToDark") : t("theme.switchToLight");
  return (
    <Tooltip content={label} side="bottom">
      <Button variant="ghost" size="icon" className={cn(className)} aria-label={label} onClick={() => setTheme(next)} data-testid="theme-toggle">
        {theme === "dark" ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
      </Button>
    </Tooltip>
  );
}
