import { CategoryFilter } from "../../contract/enums";
import { oneOf } from "../lib/enums";
import { useT } from "../lib/i18n";
import { EnumSelect } from "./ui/EnumSelect";
import { Field } from "./ui/Field";

/** The score category a view shows ("All categories" or one), under its "Category" label: Activity's and a customer's score history. */
export function CategorySelect({ value, onChange }: { value: CategoryFilter; onChange: (category: CategoryFilter) => void }) {
  const t = useT();
  return (
    <Field label={t("activity.category")} className="w-64">
      <EnumSelect enumName="CategoryFilter" values={CategoryFilter} value={value} onChange={(e) => onChange(oneOf(CategoryFilter, e.target.value) ?? "all")} />
    </Field>
  );
}
