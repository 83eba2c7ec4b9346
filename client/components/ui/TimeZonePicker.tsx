import { useId, useMemo, useState } from "react";
import { timeZoneLabel, timeZones } from "../../lib/dates";
import { useLanguage, useT } from "../../lib/i18n";
import { Field, Input, Select } from "./Field";

/** The zones whose name or offset holds every word of `search` (spaces and underscores alike). */
export function matchingZones(zones: { zone: string; label: string }[], search: string): { zone: string; label: string }[] {
  const words = search.toLowerCase().replace(/_/g, " ").split(/\s+/).filter(Boolean);
  if (!words.length) return zones;
  return zones.filter(({ label }) => words.every((w) => label.toLowerCase().includes(w)));
}

/** Every zone the runtime knows (UTC included), each labelled with its offset now in the current language. */
function useZoneList(): { zone: string; label: string }[] {
  const [language] = useLanguage();
  return useMemo(() => {
    const now = new Date();
    return timeZones().map((zone) => ({ zone, label: timeZoneLabel(zone, language, now) }));
  }, [language]);
}

/**
 * The options of a plain zone `<select>` (a form's zone field): every zone
 * the runtime knows, UTC included, labelled with its offset, and `value`
 * listed whatever it is, so the select always shows the zone it holds
 * (Chromium's own list leaves UTC out, and a browser in UTC saw an empty field).
 */
export function TimeZoneOptions({ value }: { value: string | null | undefined }) {
  const all = useZoneList();
  const options = value && !all.some((z) => z.zone === value) ? [{ zone: value, label: value }, ...all] : all;
  return (
    <>
      {options.map((z) => (
        <option key={z.zone} value={z.zone}>
          {z.label}
        </option>
      ))}
    </>
  );
}

/**
 * A searchable time zone picker: a search field narrows the list, a native
 * select (each zone with its offset now, e.g. "America/New York (GMT-05:00)")
 * chooses. Both are labelled controls, usable with the keyboard and read
 * by screen readers as what they are. The chosen zone stays listed whatever
 * the search.
 */
export function TimeZonePicker({
  value,
  onChange,
  label,
  hint,
  disabled,
}: {
  value: string | null;
  onChange: (zone: string) => void;
  label: string;
  hint?: string;
  disabled?: boolean;
}) {
  const t = useT();
  const [search, setSearch] = useState("");
  const searchId = useId();
  const all = useZoneList();
  const shown = matchingZones(all, search);
  const options = value && !shown.some((z) => z.zone === value) ? [...all.filter((z) => z.zone === value), ...shown] : shown;
  return (
    <div className="grid gap-2">
      <div className="grid gap-1.5">
        <label htmlFor={searchId} className="text-sm font-medium">
          {t("timeZone.search")}
        </label>
        <Input id={searchId} type="search" value={search} autoComplete="off" disabled={disabled} onChange={(e) => setSearch(e.target.value)} />
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {t("timeZone.matches", { count: shown.length })}
        </p>
      </div>
      <Field label={label} hint={hint}>
        <Select
          value={value ?? ""}
          disabled={disabled}
          placeholder={value ? undefined : t("timeZone.choose")}
          onChange={(e) => e.target.value && onChange(e.target.value)}
          data-testid="time-zone-select"
        >
          {options.map((z) => (
            <option key={z.zone} value={z.zone}>
              {z.label}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}
