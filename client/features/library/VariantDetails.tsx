import { Plus } from "../../components/icons";
import { useFormContext } from "react-hook-form";
import { Link } from "react-router";
import { Language } from "../../../contract/enums";
import type { WorkoutDto } from "../../../contract/workouts";
import { Button } from "../../components/ui/Button";
import { Field, Input } from "../../components/ui/Field";
import { useToday } from "../../lib/dates";
import { useT } from "../../lib/i18n";
import { DateField, Section, useFieldError } from "./parts";
import type { WorkoutForm } from "./workout-form";
import { enumLabel } from "../../lib/enums";
import { EnumSelect } from "../../components/ui/EnumSelect";

/** Variant Details: the first variant when creating; the list of variants when editing. */
export function VariantDetails({ workout }: { workout: WorkoutDto | null }) {
  const t = useT();
  // Windows run on UTC days, as the catalogue counts them (docs/decisions/2026-11-27-plans-run-on-utc-days.md).
  const today = useToday("UTC");
  const { register } = useFormContext<WorkoutForm>();
  const error = useFieldError<WorkoutForm>();
  const canAdd = workout && (workout.own || workout.allowPartnerVariants);
  return (
    <Section
      id="variant-details"
      title={t("editor.section.variantDetails")}
      actions={
        canAdd ? (
          <Button variant="outline" size="sm" asChild>
            <Link to={`/admin/workout-library/${workout.id}/variant/new`}>
              <Plus aria-hidden="true" />
              {t("editor.addVariant")}
            </Link>
          </Button>
        ) : null
      }
    >
      {workout ? (
        <ul className="grid gap-2">
          {workout.variants.map((v) => (
            <li key={v.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3">
              <div>
                <Link to={`/admin/workout-library/${workout.id}/variant/${v.id}`} className="font-medium text-brand-text underline-offset-4 hover:underline">
                  {v.name}
                </Link>
                <p className="text-sm text-muted-foreground">
                  {enumLabel(t, "Language", v.locale)} · {v.availableFrom ?? "—"} – {v.availableTo ?? "—"}
                  {v.customPricing ? ` · ${t("editor.customPricingOn")}` : ""}
                </p>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t("editor.variantName")} required error={error("variant.name")}>
            <Input {...register("variant.name")} />
          </Field>
          <Field label={t("editor.locale")}>
            <EnumSelect enumName="Language" values={Language} {...register("variant.locale")} />
          </Field>
          <DateField<WorkoutForm> name="variant.availableFrom" label={t("editor.availableFrom")} min={today} hint={t("editor.utcDays")} />
          <DateField<WorkoutForm> name="variant.availableTo" label={t("editor.availableTo")} />
        </div>
      )}
    </Section>
  );
}
