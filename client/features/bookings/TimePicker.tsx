import { useId, useMemo, useState } from "react";
import { DayPicker } from "react-day-picker";
import { dayPickerClassNames, LOCALES } from "../../components/ui/DatePicker";
import { LANGUAGE_TAG } from "../../i18n/tags";
import { ringRoom, withinFocusRing } from "../../components/ui/focus-ring";
import { cn } from "../../lib/cn";
import { TZDateMini } from "@date-fns/tz";
import { calendarDateIn, parseCalendarDate, toCalendarDate, useTimeZone } from "../../lib/dates";
import { useLanguage, useT } from "../../lib/i18n";
import { translateApiMessage } from "../../lib/api-messages";
import { useOpenTimes, type OpenTimesSource } from "./open-times";

/** Without published hours, any time of a day may be proposed: these, every half hour. */
const ANY_TIME_FROM = 7 * 60;
const ANY_TIME_TO = 20 * 60 + 30;

function anyTimesOn(day: Date, now: number, zone: string): string[] {
  const out: string[] = [];
  for (let m = ANY_TIME_FROM; m <= ANY_TIME_TO; m += 30) {
    const at = new TZDateMini(day.getFullYear(), day.getMonth(), day.getDate(), Math.floor(m / 60), m % 60, zone);
    if (at.getTime() > now + 60 * 60_000) out.push(new Date(at.getTime()).toISOString());
  }
  return out;
}

/** The calendar day (`YYYY-MM-DD`) an instant falls on in `zone`. */
export function dayInZone(iso: string, zone: string): string {
  return calendarDateIn(iso, zone);
}

/** A calendar picker's props: whose open times it offers, its value (ISO instants) and their change, its label, an error said below it. */
export type PickerProps<Value> = {
  source: OpenTimesSource;
  value: Value;
  onChange: (value: Value) => void;
  label: string;
  error?: string | null;
  testId?: string;
};

/**
 * Picking a start time: a month calendar with the days that have open times
 * marked (the others disabled), then that day's open times in the reader's
 * zone (their profile's, named), with the session's length. When the partner publishes no
 * hours, every future day and any half hour may be proposed. The value is an
 * ISO instant ("" for none). The times are a radio group: Tab reaches it,
 * the arrow keys move within it.
 */
export function TimePicker({ source, value, onChange, label, error, testId }: PickerProps<string>) {
  const t = useT();
  const [language] = useLanguage();
  const id = useId();
  const [now] = useState(() => Date.now());
  const chosen = value ? new Date(value) : null;
  const [month, setMonth] = useState(() =>
    chosen ? new Date(chosen.getFullYear(), chosen.getMonth(), 1) : new Date(new Date(now).getFullYear(), new Date(now).getMonth(), 1),
  );
  const [day, setDay] = useState<Date | undefined>(chosen ?? undefined);
  const open = useOpenTimes(source, month);
  const zone = useTimeZone();
  const restricted = open.data?.hasAvailability ?? false;
  const byDay = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const time of open.data?.times ?? []) {
      const key = dayInZone(time, zone);
      map.set(key, [...(map.get(key) ?? []), time]);
    }
    return map;
  }, [open.data, zone]);
  // Today is the reader's (their zone's), which may not be the browser's.
  const today = parseCalendarDate(calendarDateIn(now, zone))!;
  const times = day ? (restricted ? (byDay.get(toCalendarDate(day)) ?? []) : anyTimesOn(day, now, zone)) : [];
  const timeFormat = new Intl.DateTimeFormat(LANGUAGE_TAG[language], { hour: "numeric", minute: "2-digit", timeZone: zone });
  const dayFormat = new Intl.DateTimeFormat(LANGUAGE_TAG[language], { weekday: "long", day: "numeric", month: "long" });

  return (
    <fieldset className="grid gap-3" data-testid={testId} aria-describedby={`${id}-zone`}>
      <legend className="mb-1 font-medium">{label}</legend>
      <p id={`${id}-zone`} className="text-sm text-muted-foreground">
        {t("picker.zone", { zone })}
        {open.data ? ` · ${t("picker.length", { minutes: open.data.lengthMinutes })}` : null}
      </p>
      <div className="flex flex-wrap gap-4">
        <DayPicker
          mode="single"
          locale={LOCALES[language]}
          month={month}
          onMonthChange={setMonth}
          startMonth={today}
          selected={day}
          onSelect={(d) => setDay(d)}
          disabled={[{ before: today }, ...(restricted ? [(d: Date) => !byDay.has(toCalendarDate(d))] : [])]}
          modifiers={{ open: (d: Date) => byDay.has(toCalendarDate(d)) }}
          modifiersClassNames={{ open: "[&>button]:font-semibold [&>button]:ring-1 [&>button]:ring-brand/60" }}
          labels={{
            labelDayButton: (date, modifiers) =>
              `${dayFormat.format(date)}${modifiers.open ? `, ${t("picker.hasTimes")}` : ""}${modifiers.selected ? `, ${t("picker.selected")}` : ""}`,
          }}
          classNames={dayPickerClassNames}
        />
        <div className="grid min-w-48 flex-1 content-start gap-2">
          {open.isPending ? <p className="text-sm text-muted-foreground">{t("picker.loading")}</p> : null}
          {!open.isPending && !restricted ? <p className="text-sm text-muted-foreground">{t("picker.noHours")}</p> : null}
          {!open.isPending && restricted && byDay.size === 0 ? <p className="text-sm text-muted-foreground">{t("picker.noneThisMonth")}</p> : null}
          {day ? (
            // Times in even columns; the padding keeps a chosen time's focus ring inside the scrolling box, which clips what passes its edge.
            <div
              role="radiogroup"
              aria-label={t("picker.timesOn", { day: dayFormat.format(day) })}
              className={cn("grid max-h-64 grid-cols-[repeat(auto-fill,minmax(6rem,1fr))] gap-2 overflow-y-auto", ringRoom)}
            >
              {times.map((time) => (
                <label
                  key={time}
                  className={cn(
                    "cursor-pointer rounded-md border border-input px-3 py-1.5 text-center text-sm whitespace-nowrap has-[:checked]:border-brand has-[:checked]:bg-brand has-[:checked]:text-brand-foreground",
                    withinFocusRing,
                  )}
                >
                  <input type="radio" className="sr-only" name={`${id}-time`} value={time} checked={value === time} onChange={() => onChange(time)} />
                  {timeFormat.format(new Date(time))}
                </label>
              ))}
              {!times.length ? <p className="col-span-full text-sm text-muted-foreground">{t("picker.noneThisDay")}</p> : null}
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">{t("picker.chooseDay")}</p>
          )}
        </div>
      </div>
      {error ? (
        <p className="text-sm font-medium text-danger" data-testid="field-error">
          {translateApiMessage(error)}
        </p>
      ) : null}
    </fieldset>
  );
}
