import type { ComponentProps } from "react";
import { enumLabel, type EnumName, type EnumValue } from "../../lib/enums";
import { useT } from "../../lib/i18n";
import { Select } from "./FieldBase";

/**
 * A select of one enumeration's values, each labelled from the catalogue
 * (`enum.<Name>.<value>`), or by `label` where a screen words them its own
 * way. Takes `register()` like any control.
 */
export function EnumSelect<N extends EnumName>({
  enumName,
  values,
  label,
  ...props
}: Omit<ComponentProps<typeof Select>, "children"> & { enumName: N; values: readonly EnumValue<N>[]; label?: (value: EnumValue<N>) => string }) {
  const t = useT();
  return (
    <Select {...props}>
      {values.map((v) => (
        <option key={v} value={v}>
          {label ? label(v) : enumLabel(t, enumName, v)}
        </option>
      ))}
    </Select>
  );
}
