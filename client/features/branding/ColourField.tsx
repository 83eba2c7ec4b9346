import { useWatch, type Control, type UseFormRegister, type UseFormSetValue } from "react-hook-form";
import { normaliseHexColour } from "../../../contract/colour";
import type { StylingDataInput } from "../../../contract/styling";
import { TriangleAlert } from "../../components/icons";
import { Field, Input } from "../../components/ui/Field";
import { useT } from "../../lib/i18n";
import type { ColourKey } from "./branding-form";

/**
 * A colour: the native picker paired with a hex text field (3, 4, 6 or 8 hex
 * digits), and a warning when text in that colour would be hard to read.
 */
export function ColourField({
  name,
  label,
  error,
  warning,
  register,
  setValue,
  control,
}: {
  name: ColourKey;
  label: string;
  error: string | null;
  /** Why the colour reads badly where it is used (contrast below WCAG AA), or null. */
  warning?: string | null;
  register: UseFormRegister<StylingDataInput>;
  setValue: UseFormSetValue<StylingDataInput>;
  control: Control<StylingDataInput>;
}) {
  const t = useT();
  const value = String(useWatch({ control, name }) ?? "");
  const picker = (normaliseHexColour(value) ?? "#000000").slice(0, 7);
  return (
    <Field
      label={label}
      required
      error={error}
      hint={
        warning ? (
          <span className="flex items-start gap-1.5 rounded-md bg-status-warning px-2 py-1 text-status-warning-foreground" data-testid={`contrast-${name}`}>
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
            {warning}
          </span>
        ) : undefined
      }
    >
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={t("branding.colourPicker", { name: label })}
          value={picker}
          onChange={(e) => setValue(name, e.target.value, { shouldDirty: true, shouldValidate: true })}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-md border border-input bg-card p-1"
        />
        <Input className="font-mono" spellCheck={false} autoComplete="off" placeholder="#0f766e" data-testid={`hex-${name}`} {...register(name)} />
      </div>
    </Field>
  );
}
