import { useState, type Ref } from "react";
import { SearchPicker } from "../../components/ui/SearchPicker";
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
  const { account } = useAppUser();
  const [q, setQ] = useState("");
  const list = useCustomers(account?.id, { search: q.trim() || undefined, sort: "name", order: "asc", limit: 20 });
  const chosen = useCustomer(account?.id, value || undefined);
  return (
    <SearchPicker
      search={{ label: t("customers.search"), text: q, onChange: setQ }}
      items={(list.data?.items ?? []).map((c) => ({ id: c.id, label: c.name }))}
      value={value}
      chosenLabel={chosen.data ? chosen.data.account.name : value}
      onChange={onChange}
      pending={list.isPending}
      fetching={list.isFetching}
      name={name}
      ref={ref}
    />
  );
}
