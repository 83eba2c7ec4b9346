import { useId, useState, type Ref } from "react";
import { Input, Select } from "../../components/ui/Field";
import { useT } from "../../lib/i18n";
import { useLibrary, useWorkout } from "./api";

/**
 * Picks a workout of the partner's library, however large it is: a search box
 * asks the server for matching workouts (by name, a page of 50), the select
 * (named by the surrounding Field's label) holds the choice. The chosen
 * workout stays in the list even when the search no longer matches it;
 * `exclude` leaves out workouts that may not be chosen (the workout itself,
 * those already on a list). `onChange` hands on the chosen workout's title too.
 */
export function WorkoutPicker({
  value,
  onChange,
  exclude = [],
  name,
  ref,
}: {
  value: string;
  onChange: (id: string, title: string) => void;
  exclude?: readonly string[];
  name?: string;
  /** The select, for a form to focus when the choice is missing. */
  ref?: Ref<HTMLSelectElement>;
}) {
  const t = useT();
  const searchId = useId();
  const [q, setQ] = useState("");
  const list = useLibrary({ q: q.trim() || undefined, sort: "name" });
  const chosen = useWorkout(value || undefined);
  const items = (list.data?.pages.flatMap((p) => p.items) ?? []).filter((w) => !exclude.includes(w.id));
  const chosenMissing = Boolean(value) && !items.some((w) => w.id === value);
  const chosenTitle = chosen.data ? chosen.data.title || chosen.data.name : value;
  return (
    <div className="grid gap-2">
      <Input
        id={searchId}
        type="search"
        // The choice is what a surrounding Field's error is about, not the search.
        aria-invalid={false}
        aria-label={t("editor.searchLibrary")}
        placeholder={t("editor.searchLibrary")}
        value={q}
        onChange={(e) => setQ(e.target.value)}
      />
      <Select
        ref={ref}
        name={name}
        value={value}
        onChange={(e) => {
          const picked = items.find((w) => w.id === e.target.value);
          onChange(e.target.value, picked ? picked.title || picked.name : e.target.value === value ? chosenTitle : "");
        }}
        placeholder={list.isPending ? t("common.loading") : t("common.select")}
        aria-busy={list.isFetching || undefined}
      >
        {chosenMissing ? <option value={value}>{chosenTitle}</option> : null}
        {items.map((w) => (
          <option key={w.id} value={w.id}>
            {w.title || w.name}
          </option>
        ))}
      </Select>
    </div>
  );
}
