import { CalendarDays, X } from "../icons";
import { useId, useState, type Ref } from "react";
import { DayPicker, type Matcher } from "react-day-picker";
import { enAU } from "react-day-picker/locale/en-AU";
import { enGB } from "react-day-picker/locale/en-GB";
import { enUS } from "react-day-picker/locale/en-US";
import type { Language } from "../../../contract/enums";
import { cn } from "../../lib/cn";
import { formatDate, parseCalendarDate, toCalendarDate } from "../../lib/dates";
import { useLanguage, useT } from "../../lib/i18n";
import { Button, buttonClasses } from "./Button";
import { focusRing } from "./focus-ring";
import { useFieldControl } from "./Field";
import { Popover, PopoverContent, PopoverTrigger } from "./Popover";

export const LOCALES = { enUS, enGB, enAU } satisfies Record<Language, unknown>;

/** The calendar's look in the design system (every calendar of the product: date fields, the time picker). */
export const dayPickerClassNames = {
  root: "relative",
  months: "flex flex-col",
  month: "grid gap-2",
  month_caption: "flex h-9 items-center justify-center",
  caption_label: "text-sm font-semibold",
  nav: "absolute inset-x-0 top-0 flex h-9 items-center justify-between",
  button_previous: buttonClasses("ghost", "icon-sm"),
  button_next: buttonClasses("ghost", "icon-sm"),
  chevron: "size-4 fill-current",
  month_grid: "border-collapse",
  weekdays: "flex",
  weekday: "w-9 text-center text-xs font-medium text-muted-foreground",
  week: "mt-1 flex",
  day: "size-9 p-0 text-center text-sm",
  day_button: cn("size-9 rounded-md hover:bg-muted disabled:pointer-events-none disabled:text-muted-foreground disabled:line-through", focusRing),
  selected: "[&>button]:bg-brand [&>button]:text-brand-foreground [&>button]:hover:bg-brand",
  today: "[&>button]:font-bold [&>button]:underline [&>button]:underline-offset-4",
  outside: "[&>button]:text-muted-foreground",
  disabled: "opacity-60",
  hidden: "invisible",
};

/**
 * A date field: a button showing the chosen date in the product's short format
 * that opens a calendar (react-day-picker: a grid navigable with the arrow
 * keys, Page Up/Down for months, Home/End for the week). The value is a
 * calendar date `YYYY-MM-DD` or null. Put it inside a Field for its label;
 * `min`/`max` bound the choice (e.g. a start date not before today).
 * `ref` reaches the button, so a form can focus the field when it is invalid.
 */
export function DatePicker({
  value,
  onChange,
  min,
  max,
  disabled,
  clearable,
  id,
  className,
  ref,
  ...aria
}: {
  value: string | null;
  onChange: (value: string | null) => void;
  min?: string;
  max?: string;
  disabled?: boolean;
  clearable?: boolean;
  id?: string;
  className?: string;
  ref?: Ref<HTMLButtonElement>;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean;
  required?: boolean;
}) {
  const t = useT();
  const [language] = useLanguage();
  const [open, setOpen] = useState(false);
  const control = useFieldControl({ id, ...aria });
  const selected = value ? (parseCalendarDate(value) ?? undefined) : undefined;
  const bounds: Matcher[] = [];
  const minDate = min ? parseCalendarDate(min) : null;
  const maxDate = max ? parseCalendarDate(max) : null;
  if (minDate) bounds.push({ before: minDate });
  if (maxDate) bounds.push({ after: maxDate });
  const label = selected ? formatDate(selected, "short", language) : t("form.chooseDate");
  const auto = useId();
  const valueId = `${control.id ?? auto}-value`;

  return (
    <div className={cn("flex items-center gap-1", className)}>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger
          ref={ref}
          id={control.id}
          disabled={disabled}
          // Named by the field's label and the date shown, so the choice is heard too.
          aria-labelledby={control.labelId ? `${control.labelId} ${valueId}` : undefined}
          aria-describedby={control["aria-describedby"]}
          // No aria-required: a button may not carry it (axe aria-allowed-attr); the label marks the field required.
          aria-invalid={control["aria-invalid"]}
          className={cn(
            "flex h-10 w-full min-w-44 items-center gap-2 rounded-md border border-input bg-card px-3 text-left text-sm aria-[invalid=true]:border-danger disabled:opacity-50",
            selected ? "text-foreground" : "text-muted-foreground",
            focusRing,
          )}
        >
          <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <span id={valueId} className="truncate">
            {label}
            {control.required ? <span className="sr-only"> {t("form.requiredMark")}</span> : null}
          </span>
        </PopoverTrigger>
        <PopoverContent className="p-2">
          <DayPicker
            mode="single"
            autoFocus
            selected={selected}
            defaultMonth={selected ?? minDate ?? undefined}
            startMonth={minDate ?? undefined}
            endMonth={maxDate ?? undefined}
            disabled={bounds}
            locale={LOCALES[language]}
            onSelect={(day) => {
              onChange(day ? toCalendarDate(day) : null);
              setOpen(false);
            }}
            classNames={dayPickerClassNames}
          />
        </PopoverContent>
      </Popover>
      {clearable && selected && !disabled ? (
        <Button variant="ghost" size="icon" aria-label={t("form.clearDate")} onClick={() => onChange(null)}>
          <X aria-hidden="true" />
        </Button>
      ) : null}
    </div>
  );
}
