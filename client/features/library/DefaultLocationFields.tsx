import { useFormContext, useWatch } from "react-hook-form";
import { Field, Input, Select } from "../../components/ui/Field";
import { useT } from "../../lib/i18n";
import { useFieldError } from "./parts";
import type { WorkoutForm } from "./workout-form";

/** Where the workout's sessions happen by default: none, online (an https link) or in person (an address). Shown to a job's parties only. */
export function DefaultLocationFields() {
  const t = useT();
  const { register, control } = useFormContext<WorkoutForm>();
  const error = useFieldError<WorkoutForm>();
  const kind = useWatch({ control, name: "defaultLocation.kind" });
  return (
    <>
      <Field label={t("location.kind")} hint={t("location.defaultHint")}>
        <Select {...register("defaultLocation.kind")}>
          <option value="">{t("location.none")}</option>
          <option value="online">{t("location.online")}</option>
          <option value="inPerson">{t("location.inPerson")}</option>
        </Select>
      </Field>
      {kind === "online" ? (
        <Field label={t("location.url")} required error={error("defaultLocation.url")}>
          <Input type="url" inputMode="url" placeholder="https://" {...register("defaultLocation.url")} />
        </Field>
      ) : kind === "inPerson" ? (
        <Field label={t("location.address")} required error={error("defaultLocation.address")}>
          <Input autoComplete="street-address" {...register("defaultLocation.address")} />
        </Field>
      ) : null}
    </>
  );
}
