import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from "react-hook-form";
import type { z } from "zod";
import type { SaveAvailability } from "../../../contract/availability";
import { Plus, X } from "../../components/icons";
import { Button } from "../../components/ui/Button";
import { Field, Input } from "../../components/ui/Field";
import { errorAt } from "../../lib/forms";
import { useT } from "../../lib/i18n";
import { translateApiMessage } from "../../lib/api-messages";

export type AvailabilityValues = z.input<typeof SaveAvailability>;
type RangesPath = `weekly.${number}.ranges` | `overrides.${number}.ranges`;

/** The ranges of hours of one day (a weekday or a date), each with its start and end, added and removed by button. */
export function RangesEditor({
  control,
  register,
  errors,
  name,
  dayLabel,
}: {
  control: Control<AvailabilityValues>;
  register: UseFormRegister<AvailabilityValues>;
  errors: FieldErrors<AvailabilityValues>;
  name: RangesPath;
  dayLabel: string;
}) {
  const t = useT();
  const ranges = useFieldArray({ control, name });
  const message = (path: string) => {
    const m = errorAt(errors, path);
    return m ? translateApiMessage(m) : null;
  };
  return (
    <div className="grid gap-2">
      {ranges.fields.map((f, k) => (
        <div key={f.id} className="flex flex-wrap items-end gap-2" data-testid="range">
          <Field label={t("availability.from", { day: dayLabel })} error={message(`${name}.${k}.start`)} className="w-32">
            <Input type="time" step={300} {...register(`${name}.${k}.start`)} />
          </Field>
          <Field label={t("availability.until", { day: dayLabel })} error={message(`${name}.${k}.end`)} className="w-32">
            <Input type="time" step={300} {...register(`${name}.${k}.end`)} />
          </Field>
          <Button variant="ghost" size="icon" aria-label={t("availability.removeRange", { day: dayLabel, n: k + 1 })} onClick={() => ranges.remove(k)}>
            <X aria-hidden="true" />
          </Button>
        </div>
      ))}
      <div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => ranges.append({ start: "13:00", end: "17:00" })}
          aria-label={t("availability.addRangeTo", { day: dayLabel })}
        >
          <Plus aria-hidden="true" />
          {t("availability.addRange")}
        </Button>
      </div>
    </div>
  );
}
