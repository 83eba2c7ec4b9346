import { useId, useState, type Ref } from "react";
import { Input, Select } from "../../components/ui/Field";
import { useAppUser } from "../../auth/useAppUser";
import { useT } from "../../lib/i18n";
import { useCustomer, useCustomers } from "./api";

/**
 * Picks one of the partner's customers, however many there are: a search box
 * asks the server for matching names (first 20 by name), the select (named by
 * the surrounding Field's label) holds the choice. The chosen customer stays
 * in the list even when the search no longer matches it. `onChange` hands on
 * the chosen customer's name too.
 */
export function CustomerPicker({
  value,
  onChange,
  name,
  ref,
}: {
  value: string;
  onChange: (id: string, name: string) => void;
  name?: string;
  /** The select, for a form to focus when the choice is missing. */
  ref?: Ref<HTMLSelectElement>;
}) {
  const t = useT();
  const searchId = useId();
  const { account } = useAppUser();
  const [q, setQ] = useState("");
  const list = useCustomers(account?.id, { search: q.trim() || undefined, sort: "name", order: "asc", limit: 20 });
  const chosen = useCustomer(account?.id, value || undefined);
  const items = list.data?.items ?? [];
  const chosenMissing = Boolean(value) && !items.some((c) => c.id === value);
  const chosenName = chosen.data ? chosen.data.account.name : value;
  return (
    <div className="grid gap-2">
      <Input
        id={searchId}
        type="search"
        // The choice is what a surrounding Field's error is about, not the search.
        aria-invalid={false}
        aria-label={t("customers.search")}
        placeholder={t("customers.search")}
        value={q}
        onChange={(e) => setQ(e.target.value)}
      />
      <Select
        ref={ref}
        name={name}
        value={value}
        onChange={(e) => {
          const picked = items.find((c) => c.id === e.target.value);
          onChange(e.target.value, picked ? picked.name : e.target.value === value ? chosenName : "");
        }}
        placeholder={list.isPending ? t("common.loading") : t("common.select")}
        aria-busy={list.isFetching || undefined}
      >
        {chosenMissing ? <option value={value}>{chosenName}</option> : null}
        {items.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </Select>
    </div>
  );
}
