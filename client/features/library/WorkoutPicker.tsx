import { useId, useState } from "react";
import { Input, Select } from "../../components/ui/Field";
import { useT } from "../../lib/i18n";
import { useLibrary, useWorkout } from "./api";

/**
 * Picks a workout of the partner's library (a prerequisite's required
 * workout): a search box narrows the list, the select (named by the
 * surrounding Field's label) holds the choice. The chosen workout stays in
 * the list even when the search no longer matches it.
 */
export function WorkoutPicker({ value, onChange, excludeId }: { value: string; onChange: (id: string) => void; excludeId?: string | null }) {
  const t = useT();
  const searchId = useId();
  const [q, setQ] = useState("");
  const list = useLibrary({ q: q.trim() || undefined, sort: "name" });
  const chosen = useWorkout(value || undefined);
  const items = (list.data?.pages.flatMap((p) => p.items) ?? []).filter((w) => w.id !== excludeId);
  const chosenMissing = Boolean(value) && !items.some((w) => w.id === value);
  return (
    <div className="grid gap-2">
      <Input
        id={searchId}
        type="search"
        aria-label={t("editor.searchLibrary")}
        placeholder={t("editor.searchLibrary")}
        value={q}
        onChange={(e) => setQ(e.target.value)}
      />
      <Select
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={list.isPending ? t("common.loading") : t("common.select")}
        aria-busy={list.isFetching || undefined}
      >
        {chosenMissing ? <option value={value}>{chosen.data ? chosen.data.title || chosen.data.name : value}</option> : null}
        {items.map((w) => (
          <option key={w.id} value={w.id}>
            {w.title || w.name}
          </option>
        ))}
      </Select>
    </div>
  );
}
