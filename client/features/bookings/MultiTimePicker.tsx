import { Button } from "../../components/ui/Button";
import { useFormatDate } from "../../lib/dates";
import { useT } from "../../lib/i18n";
import { TimePicker, type PickerProps } from "./TimePicker";

/** A request or a counter-proposal offers at most this many times per session (the contract's own limit). */
export const MAX_TIMES = 3;

/**
 * Up to three start times for one session, picked from the open times: each
 * time picked in the calendar below is added to the list (earliest first),
 * each listed time can be removed; once three are chosen the calendar gives
 * way to a note. The value is the list of ISO instants.
 */
export function MultiTimePicker({ source, value, onChange, label, error, testId }: PickerProps<string[]>) {
  const t = useT();
  const format = useFormatDate();
  const chosen = value.filter(Boolean);
  const add = (iso: string) => {
    if (!iso || chosen.includes(iso) || chosen.length >= MAX_TIMES) return;
    onChange([...chosen, iso].sort());
  };
  return (
    <div className="grid gap-2" data-testid={testId}>
      {chosen.length ? (
        <div className="grid gap-1">
          <p className="text-sm font-medium">{t("picker.chosenTimes", { count: chosen.length, max: MAX_TIMES })}</p>
          <ul className="grid gap-1" aria-label={t("picker.chosenTimesOf", { label })}>
            {chosen.map((time) => (
              <li key={time} className="flex items-center gap-2 text-sm">
                <span>{format(time, "long")}</span>
                <Button
                  size="sm"
                  variant="outline"
                  type="button"
                  aria-label={t("picker.removeTime", { time: format(time, "long") })}
                  onClick={() => onChange(chosen.filter((x) => x !== time))}
                >
                  {t("picker.remove")}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {chosen.length < MAX_TIMES ? (
        <TimePicker
          source={source}
          label={chosen.length ? t("picker.addAnother", { label }) : label}
          value=""
          onChange={add}
          error={error}
          testId="time-picker"
        />
      ) : (
        <p className="text-sm text-muted-foreground">{t("picker.maxChosen", { max: MAX_TIMES })}</p>
      )}
    </div>
  );
}
