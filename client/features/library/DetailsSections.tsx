import { Plus, Trash2 } from "../../components/icons";
import { Controller, useFieldArray, useFormContext } from "react-hook-form";
import { Category, Difficulty, PartnerVisibility, WorkoutTag, WorkoutType, WorkoutFormat, FeaturedMediaType } from "../../../contract/enums";
import { WORKOUT_DEFAULTS } from "../../../contract/workouts";
import { Button } from "../../components/ui/Button";
import { Checkbox, Field, Input, Textarea } from "../../components/ui/Field";
import { useT } from "../../lib/i18n";
import { Section, useFieldError } from "./parts";
import type { WorkoutForm } from "./workout-form";
import { enumLabel } from "../../lib/enums";
import { EnumSelect } from "../../components/ui/EnumSelect";
import { DefaultLocationFields } from "./DefaultLocationFields";

/** The workout editor's first sections: Initial Details, Metadata and Content. */
export function InitialDetails() {
  const t = useT();
  const { register } = useFormContext<WorkoutForm>();
  const error = useFieldError<WorkoutForm>();
  return (
    <Section id="initial-details" title={t("editor.section.initialDetails")}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("editor.name")} required error={error("name")}>
          <Input {...register("name")} />
        </Field>
        <Field label={t("editor.sku")} required error={error("sku")}>
          <Input {...register("sku")} />
        </Field>
        <Field label={t("editor.type")} required error={error("type")}>
          <EnumSelect enumName="WorkoutType" values={WorkoutType} {...register("type")} placeholder={t("common.select")} />
        </Field>
        <Field label={t("editor.category")} required error={error("category")}>
          <EnumSelect enumName="Category" values={Category} {...register("category")} placeholder={t("common.select")} />
        </Field>
        <Field label={t("editor.priority")} hint={t("editor.priorityHint")} error={error("priority")}>
          <Input inputMode="numeric" placeholder={String(WORKOUT_DEFAULTS.priority)} {...register("priority")} />
        </Field>
        <Field label={t("editor.partnerVisibility")} error={error("partnerVisibility")}>
          <EnumSelect enumName="PartnerVisibility" values={PartnerVisibility} {...register("partnerVisibility")} />
        </Field>
      </div>
    </Section>
  );
}

export function Metadata() {
  const t = useT();
  const { register, control } = useFormContext<WorkoutForm>();
  const error = useFieldError<WorkoutForm>();
  return (
    <Section id="metadata" title={t("editor.section.metadata")}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("editor.totalMinutes")} error={error("totalMinutes")}>
          <Input inputMode="numeric" placeholder={String(WORKOUT_DEFAULTS.totalMinutes)} {...register("totalMinutes")} />
        </Field>
        <Field label={t("editor.maxAttendees")} error={error("maxAttendees")}>
          <Input inputMode="numeric" placeholder={String(WORKOUT_DEFAULTS.maxAttendees)} {...register("maxAttendees")} />
        </Field>
        <DefaultLocationFields />
        <Field label={t("editor.difficulty")} required error={error("difficulty")}>
          <EnumSelect enumName="Difficulty" values={Difficulty} {...register("difficulty")} placeholder={t("common.select")} />
        </Field>
        <Field label={t("editor.format")}>
          <EnumSelect enumName="WorkoutFormat" values={WorkoutFormat} {...register("format")} />
        </Field>
        <Controller
          control={control}
          name="allowPartnerVariants"
          render={({ field }) => (
            <Checkbox label={t("editor.allowPartnerVariants")} checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} />
          )}
        />
      </div>
      <fieldset className="mt-4">
        <legend className="text-sm font-medium">{t("editor.greatFor")}</legend>
        <Controller
          control={control}
          name="greatFor"
          render={({ field }) => (
            <div className="mt-2 grid gap-2 sm:grid-cols-3">
              {WorkoutTag.map((tag) => (
                <Checkbox
                  key={tag}
                  label={enumLabel(t, "WorkoutTag", tag)}
                  checked={field.value.includes(tag)}
                  onCheckedChange={(on) => field.onChange(on === true ? [...field.value, tag] : field.value.filter((x) => x !== tag))}
                />
              ))}
            </div>
          )}
        />
      </fieldset>
    </Section>
  );
}

export function Content() {
  const t = useT();
  const { register, control } = useFormContext<WorkoutForm>();
  const media = useFieldArray({ control, name: "featuredMedia" });
  const error = useFieldError<WorkoutForm>();
  return (
    <Section id="content" title={t("editor.section.content")}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("editor.title")} required error={error("title")}>
          <Input {...register("title")} />
        </Field>
        <Field label={t("editor.subtitle")} optional error={error("subtitle")}>
          <Input {...register("subtitle")} />
        </Field>
        <Field label={t("editor.description")} optional error={error("description")} className="sm:col-span-2">
          <Textarea rows={5} {...register("description")} />
        </Field>
        <Field label={t("editor.icon")} optional hint={t("editor.iconHint")} error={error("icon")}>
          <Input {...register("icon")} />
        </Field>
      </div>
      <fieldset className="mt-4 grid gap-3">
        <legend className="text-sm font-medium">{t("editor.featuredMedia")}</legend>
        {media.fields.map((f, i) => (
          <div key={f.id} className="grid gap-3 sm:grid-cols-[10rem_1fr_1fr_auto]">
            <Field label={t("editor.mediaType")}>
              <EnumSelect enumName="FeaturedMediaType" values={FeaturedMediaType} {...register(`featuredMedia.${i}.type`)} />
            </Field>
            <Field label={t("editor.mediaUrl")} required error={error(`featuredMedia.${i}.url`)}>
              <Input type="url" {...register(`featuredMedia.${i}.url`)} />
            </Field>
            <Field label={t("editor.mediaAlt")} optional>
              <Input {...register(`featuredMedia.${i}.alt`)} />
            </Field>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="self-end"
              aria-label={t("editor.removeMedia", { n: i + 1 })}
              onClick={() => media.remove(i)}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        ))}
        <div>
          <Button type="button" variant="outline" onClick={() => media.append({ type: "image", url: "", alt: "" })}>
            <Plus aria-hidden="true" />
            {t("editor.addMedia")}
          </Button>
        </div>
      </fieldset>
    </Section>
  );
}
