import { Category } from "../../contract/enums";
import { cn } from "../lib/cn";
import { useT } from "../lib/i18n";
import { focusRing } from "./ui/focus-ring";
import { enumLabel } from "../lib/enums";

/** A row of toggle buttons, "All categories" first, then each category; the pressed one is the filter. */
export function CategoryChips({
  value,
  onChange,
  label,
  className,
}: {
  value: Category | undefined;
  onChange: (category: Category | undefined) => void;
  label: string;
  className?: string;
}) {
  const t = useT();
  return (
    <div role="group" aria-label={label} className={cn("flex flex-wrap gap-2", className)}>
      {[undefined, ...Category].map((c) => (
        <button
          key={c ?? "all"}
          type="button"
          aria-pressed={value === c}
          onClick={() => onChange(c)}
          className={cn(
            "rounded-full border px-3 py-1 text-sm transition-colors",
            focusRing,
            value === c ? "border-brand bg-brand text-brand-foreground" : "border-border bg-card hover:bg-muted",
          )}
        >
          {c ? enumLabel(t, "Category", c) : t("enum.CategoryFilter.all")}
        </button>
      ))}
    </div>
  );
}
