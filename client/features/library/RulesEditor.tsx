/** The workout editor's Prerequisites and Visibility sections: who may take a workout, and which customers see it. */
import { ringRoom } from "../../components/ui/focus-ring";
import { cn } from "../../lib/cn";
import { Plus, Trash2 } from "../../components/icons";
import { Controller, useFieldArray, useFormContext, useWatch } from "react-hook-form";
import {
  Category,
  ConditionOperator,
  Industry,
  AccountLocation,
  OrgSize,
  PrerequisiteType,
  VisibilityComparator,
  VisibilityField,
} from "../../../contract/enums";
import { WorkoutPicker } from "./WorkoutPicker";
import { Button } from "../../components/ui/Button";
import { Checkbox, Field, Input } from "../../components/ui/Field";
import { useT } from "../../lib/i18n";
import { translateApiMessage } from "../../lib/api-messages";
import { usePriceGroups } from "../price-groups/api";
import { DateField, Section, useFieldError } from "./parts";
import type { WorkoutForm } from "./workout-form";
import { enumLabel } from "../../lib/enums";
import { EnumSelect } from "../../components/ui/EnumSelect";

export function Prerequisites({ workoutId }: { workoutId: string | null }) {
  const t = useT();
  const { register, control } = useFormContext<WorkoutForm>();
  const { fields, append, remove } = useFieldArray({ control, name: "prerequisites" });
  const rows = useWatch({ control, name: "prerequisites" }) ?? [];
  const error = useFieldError<WorkoutForm>();
  return (
    <Section id="prerequisites" title={t("editor.section.prerequisites")}>
      <div className="grid gap-3">
        {fields.map((f, i) => (
          <fieldset key={f.id} className="grid gap-3 rounded-lg border border-border p-4 sm:grid-cols-3">
            <legend className="px-1 text-sm font-medium">{t("editor.prerequisiteN", { n: i + 1 })}</legend>
            <Field label={t("editor.prerequisiteType")}>
              <EnumSelect enumName="PrerequisiteType" values={PrerequisiteType} {...register(`prerequisites.${i}.type`)} />
            </Field>
            <Field label={t("editor.prerequisiteName")} required error={error(`prerequisites.${i}.name`)}>
              <Input {...register(`prerequisites.${i}.name`)} />
            </Field>
            {rows[i]?.type === "score" ? (
              <>
                <Field label={t("editor.category")} required error={error(`prerequisites.${i}.category`)}>
                  <EnumSelect enumName="Category" values={Category} {...register(`prerequisites.${i}.category`)} placeholder={t("common.select")} />
                </Field>
                <Field label={t("editor.minimumScore")} required error={error(`prerequisites.${i}.minimumScore`)}>
                  <Input inputMode="decimal" {...register(`prerequisites.${i}.minimumScore`)} />
                </Field>
              </>
            ) : rows[i]?.type === "workout" ? (
              <Field label={t("editor.requiredWorkout")} required hint={t("editor.requiredWorkoutHint")} error={error(`prerequisites.${i}.requiredWorkoutId`)}>
                <Controller
                  control={control}
                  name={`prerequisites.${i}.requiredWorkoutId`}
                  render={({ field }) => (
                    <WorkoutPicker value={field.value ?? ""} onChange={(id) => field.onChange(id)} exclude={workoutId ? [workoutId] : []} />
                  )}
                />
              </Field>
            ) : null}
            <DateField<WorkoutForm> name={`prerequisites.${i}.startDate`} label={t("editor.startDate")} />
            <DateField<WorkoutForm> name={`prerequisites.${i}.endDate`} label={t("editor.endDate")} />
            <Button type="button" variant="ghost" size="sm" className="self-end" onClick={() => remove(i)}>
              <Trash2 aria-hidden="true" />
              {t("editor.removePrerequisite", { n: i + 1 })}
            </Button>
          </fieldset>
        ))}
        <div>
          <Button
            type="button"
            variant="outline"
            onClick={() => append({ type: "license", name: "", category: "", requiredWorkoutId: "", minimumScore: "", startDate: null, endDate: null })}
          >
            <Plus aria-hidden="true" />
            {t("editor.addPrerequisite")}
          </Button>
        </div>
      </div>
    </Section>
  );
}

const FIELD_VALUES: Record<string, readonly string[]> = { industry: Industry, size: OrgSize, location: AccountLocation };

/** The visibility expression: conditions on price group, industry, size and location joined by and/or. */
export function VisibilityBuilder() {
  const t = useT();
  const { register, control, setValue } = useFormContext<WorkoutForm>();
  const { fields, append, remove } = useFieldArray({ control, name: "visibility.conditions" });
  const rows = useWatch({ control, name: "visibility.conditions" }) ?? [];
  const groups = usePriceGroups();
  const options = (field: string): { value: string; label: string }[] => {
    if (field === "priceGroup") return (groups.data ?? []).map((g) => ({ value: g.id, label: g.name }));
    if (field === "industry") return Industry.map((v) => ({ value: v, label: enumLabel(t, "Industry", v) }));
    if (field === "location") return AccountLocation.map((v) => ({ value: v, label: enumLabel(t, "AccountLocation", v) }));
    return (FIELD_VALUES[field] ?? []).map((v) => ({ value: v, label: v }));
  };
  return (
    <Section id="visibility" title={t("editor.section.visibility")} description={t("editor.visibilityHint")}>
      <div className="grid gap-3">
        <Field label={t("editor.joinWith")} className="max-w-48">
          <EnumSelect enumName="ConditionOperator" values={ConditionOperator} {...register("visibility.operator")} />
        </Field>
        {fields.map((f, i) => (
          <fieldset key={f.id} className="grid gap-3 rounded-lg border border-border p-4 sm:grid-cols-[12rem_10rem_1fr_auto]">
            <legend className="px-1 text-sm font-medium">{t("editor.conditionN", { n: i + 1 })}</legend>
            <Field label={t("editor.conditionField")}>
              <EnumSelect
                enumName="VisibilityField"
                values={VisibilityField}
                {...register(`visibility.conditions.${i}.field`, { onChange: () => setValue(`visibility.conditions.${i}.values`, []) })}
              />
            </Field>
            <Field label={t("editor.comparator")}>
              <EnumSelect enumName="VisibilityComparator" values={VisibilityComparator} {...register(`visibility.conditions.${i}.comparator`)} />
            </Field>
            <Controller
              control={control}
              name={`visibility.conditions.${i}.values`}
              render={({ field, fieldState }) => (
                <fieldset>
                  <legend className="text-sm font-medium">{t("editor.conditionValues")}</legend>
                  <div className={cn("mt-1 grid max-h-40 gap-1 overflow-y-auto sm:grid-cols-2", ringRoom)}>
                    {options(rows[i]?.field ?? "industry").map((o) => (
                      <Checkbox
                        key={o.value}
                        label={o.label}
                        checked={field.value.includes(o.value)}
                        onCheckedChange={(on) => field.onChange(on === true ? [...field.value, o.value] : field.value.filter((x) => x !== o.value))}
                      />
                    ))}
                  </div>
                  {fieldState.error?.message ? <p className="text-sm text-danger">{translateApiMessage(fieldState.error.message)}</p> : null}
                </fieldset>
              )}
            />
            <Button type="button" variant="ghost" size="icon" aria-label={t("editor.removeCondition", { n: i + 1 })} onClick={() => remove(i)}>
              <Trash2 aria-hidden="true" />
            </Button>
          </fieldset>
        ))}
        <div>
          <Button type="button" variant="outline" onClick={() => append({ field: "industry", comparator: "in", values: [] })}>
            <Plus aria-hidden="true" />
            {t("editor.addCondition")}
          </Button>
        </div>
      </div>
    </Section>
  );
}
