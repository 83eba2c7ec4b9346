import { useState, type Ref } from "react";
import { SearchPicker } from "../../components/ui/SearchPicker";
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
  const [q, setQ] = useState("");
  const list = useLibrary({ q: q.trim() || undefined, sort: "name" });
  const chosen = useWorkout(value || undefined);
  const items = (list.data?.pages.flatMap((p) => p.items) ?? []).filter((w) => !exclude.includes(w.id));
  return (
    <SearchPicker
      search={{ label: t("editor.searchLibrary"), text: q, onChange: setQ }}
      items={items.map((w) => ({ id: w.id, label: w.title || w.name }))}
      value={value}
      chosenLabel={chosen.data ? chosen.data.title || chosen.data.name : value}
      onChange={onChange}
      pending={list.isPending}
      fetching={list.isFetching}
      name={name}
      ref={ref}
    />
  );
}
