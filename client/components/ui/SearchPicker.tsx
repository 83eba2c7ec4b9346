import { useId, type Ref } from "react";
import { useT } from "../../lib/i18n";
import { Input, Select } from "./Field";

/** An item a SearchPicker offers: its id (the value) and what it is called. */
export type PickerItem = { id: string; label: string };

/**
 * Picks one of a list too large to load whole: a search box (`search`, its
 * text and change) asks the server for matches (`items`), the select (named
 * by the surrounding Field's label) holds the choice. The chosen item stays
 * in the list, named `chosenLabel`, even when the search no longer matches
 * it. `onChange` hands on the chosen item's label too.
 */
export function SearchPicker({
  search,
  items,
  value,
  chosenLabel,
  onChange,
  pending,
  fetching,
  name,
  ref,
}: {
  search: { label: string; text: string; onChange: (text: string) => void };
  items: PickerItem[];
  value: string;
  chosenLabel: string;
  onChange: (id: string, label: string) => void;
  /** Nothing found yet (the first search under way). */
  pending: boolean;
  /** A search under way. */
  fetching: boolean;
  name?: string;
  ref?: Ref<HTMLSelectElement>;
}) {
  const t = useT();
  const searchId = useId();
  const chosenMissing = Boolean(value) && !items.some((item) => item.id === value);
  return (
    <div className="grid gap-2">
      <Input
        id={searchId}
        type="search"
        // The choice is what a surrounding Field's error is about, not the search.
        aria-invalid={false}
        aria-label={search.label}
        placeholder={search.label}
        value={search.text}
        onChange={(e) => search.onChange(e.target.value)}
      />
      <Select
        ref={ref}
        name={name}
        value={value}
        onChange={(e) => {
          const picked = items.find((item) => item.id === e.target.value);
          onChange(e.target.value, picked ? picked.label : e.target.value === value ? chosenLabel : "");
        }}
        placeholder={pending ? t("common.loading") : t("common.select")}
        aria-busy={fetching || undefined}
      >
        {chosenMissing ? <option value={value}>{chosenLabel}</option> : null}
        {items.map((item) => (
          <option key={item.id} value={item.id}>
            {item.label}
          </option>
        ))}
      </Select>
    </div>
  );
}
