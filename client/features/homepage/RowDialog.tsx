import { Plus, Upload, X } from "../../components/icons";
import { OrderedWorkouts } from "../../components/OrderedWorkouts";
import { useId, useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useFieldArray, useForm, type Control, type UseFormRegister, type UseFormSetValue, type UseFormWatch } from "react-hook-form";
import type { z } from "zod";
import { Category, MediaDisplayType } from "../../../contract/enums";
import { fileUri } from "../../../contract/files";
import { ROW_CAPACITY, slotTypesFor } from "../../../contract/homepage";
import { Button } from "../../components/ui/Button";
import { DatePicker } from "../../components/ui/DatePicker";
import { Dialog, DialogContent, FormDialogFooter } from "../../components/ui/Dialog";
import { Field, Input, Select } from "../../components/ui/Field";
import { FileUpload } from "../../components/ui/FileUpload";
import { toastMessage } from "../../components/ui/toast-store";
import { ApiError } from "../../lib/api";
import { errorAt, setFieldErrors, toastInvalidForm } from "../../lib/forms";
import { useToday } from "../../lib/dates";
import { startsNotBeforeToday } from "../../../contract/start-dates";
import { useT } from "../../lib/i18n";
import { translateApiMessage } from "../../lib/api-messages";
import { useFeaturedGroups } from "../featured-groups/api";
import { useLibrary } from "../library/api";
import { useUploadHomepageMedia } from "./api";
import { emptySlot, RowForm, type RowValues, type SlotValues } from "./layout";
import { EnumSelect } from "../../components/ui/EnumSelect";
import { enumLabel } from "../../lib/enums";
import { LeaveGuard } from "../../app/shell/LeaveGuard";

type Names = Record<string, string>;

type RowControl = Control<RowValues, unknown, z.output<typeof RowForm>>;

/**
 * Edits one row: its title and subtitle and each of its slots (up to its
 * type's capacity). "Done" checks the row by the contract's rules and hands
 * it back; nothing is saved until the builder's Save.
 */
export function RowDialog({
  row,
  names,
  onDone,
  onClose,
}: {
  row: RowValues;
  names: Names;
  onDone: (row: RowValues, names: Names) => void;
  onClose: () => void;
}) {
  const t = useT();
  // Windows run on UTC days, as the catalogue counts them (docs/decisions/2026-11-27-plans-run-on-utc-days.md).
  const today = useToday("UTC");
  const form = useForm<RowValues, unknown, z.output<typeof RowForm>>({ resolver: zodResolver(RowForm), defaultValues: row });
  const slots = useFieldArray({ control: form.control, name: "slots" });
  const [known, setKnown] = useState<Names>(names);
  const type = row.type!;
  const capacity = ROW_CAPACITY[type];
  const { errors } = form.formState;
  const err = (path: string) => {
    const message = errorAt(errors, path);
    return message ? translateApiMessage(message) : null;
  };

  // The builder keeps the row as the form holds it; the contract's rules only decide whether it may go back.
  const done = form.handleSubmit(
    () => {
      // The server's rule, said before the round trip: a new or changed start is not before today (a start the row already had is kept).
      const past: Record<string, string> = {};
      const kept = new Set(row.slots.flatMap((s) => (s.startDate ? [s.startDate] : [])));
      startsNotBeforeToday(form.getValues().slots, kept, "slots", today, past);
      if (setFieldErrors(form.setError, past)) toastInvalidForm(past);
      else onDone(form.getValues(), known);
    },
    () => toastMessage("toast.missingFields"),
  );

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent title={t("homepage.builder.editRowTitle", { type: enumLabel(t, "HomepageRowType", type) })} size="lg">
        <LeaveGuard when={form.formState.isDirty} />
        <form noValidate className="grid gap-5" onSubmit={(e) => void done(e)}>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t("homepage.builder.rowTitle")} required error={err("title")}>
              <Input {...form.register("title")} />
            </Field>
            <Field label={t("homepage.builder.rowSubtitle")} required error={err("subtitle")}>
              <Input {...form.register("subtitle")} />
            </Field>
          </div>
          {err("slots") ? (
            <p role="alert" className="text-sm text-danger">
              {err("slots")}
            </p>
          ) : null}
          {slots.fields.map((f, i) => (
            <fieldset key={f.id} className="grid gap-4 rounded-lg border border-border p-4">
              <legend className="px-1 text-sm font-semibold">{t("homepage.builder.slotN", { n: i + 1 })}</legend>
              <SlotEditor
                index={i}
                rowType={type}
                control={form.control}
                register={form.register}
                watch={form.watch}
                setValue={form.setValue}
                err={(p) => err(`slots.${i}.${p}`)}
                names={known}
                onName={(id, name) => setKnown((k) => ({ ...k, [id]: name }))}
              />
              {slots.fields.length > 1 ? (
                <div>
                  <Button type="button" variant="ghost" size="sm" onClick={() => slots.remove(i)}>
                    <X aria-hidden="true" />
                    {t("homepage.builder.removeSlot", { n: i + 1 })}
                  </Button>
                </div>
              ) : null}
            </fieldset>
          ))}
          {slots.fields.length < capacity ? (
            <div>
              <Button type="button" variant="outline" onClick={() => slots.append(emptySlot(slotTypesFor(type)[0]))}>
                <Plus aria-hidden="true" />
                {t("homepage.builder.addSlot")}
              </Button>
            </div>
          ) : null}
          <FormDialogFooter submit={t("common.done")} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

function SlotEditor({
  index,
  rowType,
  control,
  register,
  watch,
  setValue,
  err,
  names,
  onName,
}: {
  index: number;
  rowType: NonNullable<RowValues["type"]>;
  control: RowControl;
  register: UseFormRegister<RowValues>;
  watch: UseFormWatch<RowValues>;
  setValue: UseFormSetValue<RowValues>;
  err: (path: string) => string | null;
  names: Names;
  onName: (id: string, name: string) => void;
}) {
  const t = useT();
  const p = `slots.${index}` as const;
  const itemType = watch(`${p}.itemType`);
  const groups = useFeaturedGroups();
  const types = slotTypesFor(rowType);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {types.length > 1 ? (
        <Field label={t("homepage.builder.itemType")} required error={err("itemType")}>
          <EnumSelect
            enumName="SlotItemType"
            values={types}
            value={itemType}
            onChange={(e) => {
              const next = emptySlot(e.target.value as SlotValues["itemType"]);
              const current = watch(p);
              setValue(
                p,
                { ...next, title: current.title, subtitle: current.subtitle, startDate: current.startDate, endDate: current.endDate },
                { shouldDirty: true },
              );
            }}
          />
        </Field>
      ) : null}
      {itemType === "category" ? (
        <Field label={t("homepage.builder.category")} required error={err("category")}>
          <EnumSelect
            enumName="Category"
            values={Category}
            {...register(`${p}.category`, { setValueAs: (v: string) => v || null })}
            placeholder={t("common.select")}
          />
        </Field>
      ) : null}
      {itemType === "featuredGroup" ? (
        <Field label={t("homepage.builder.featuredGroup")} required error={err("featuredGroupId")}>
          <Select
            {...register(`${p}.featuredGroupId`, { setValueAs: (v: string) => v || null })}
            placeholder={groups.isPending ? t("common.loading") : t("common.select")}
          >
            {(groups.data ?? []).map((g) => (
              <option key={g.id} value={g.id}>
                {g.title}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
      {itemType === "recommended" ? <p className="text-sm text-muted-foreground sm:col-span-2">{t("homepage.builder.recommendedHint")}</p> : null}
      {itemType === "workout" || itemType === "program" ? (
        <div className="sm:col-span-2">
          <Controller
            control={control}
            name={`${p}.workoutIds`}
            render={({ field }) => <WorkoutsPicker value={field.value} onChange={field.onChange} names={names} onName={onName} error={err("workoutIds")} />}
          />
        </div>
      ) : null}
      {itemType === "media" ? <MediaFields p={p} register={register} watch={watch} setValue={setValue} err={err} /> : null}
      <Field label={t("homepage.builder.slotTitle")} optional error={err("title")}>
        <Input {...register(`${p}.title`)} />
      </Field>
      <Field label={t("homepage.builder.slotSubtitle")} optional error={err("subtitle")}>
        <Input {...register(`${p}.subtitle`)} />
      </Field>
      <Field label={t("editor.startDate")} hint={t("editor.utcDays")} optional error={err("startDate")}>
        <Controller control={control} name={`${p}.startDate`} render={({ field }) => <DatePicker value={field.value} onChange={field.onChange} clearable />} />
      </Field>
      <Field label={t("editor.endDate")} optional error={err("endDate")}>
        <Controller control={control} name={`${p}.endDate`} render={({ field }) => <DatePicker value={field.value} onChange={field.onChange} clearable />} />
      </Field>
    </div>
  );
}

function MediaFields({
  p,
  register,
  watch,
  setValue,
  err,
}: {
  p: `slots.${number}`;
  register: UseFormRegister<RowValues>;
  watch: UseFormWatch<RowValues>;
  setValue: UseFormSetValue<RowValues>;
  err: (path: string) => string | null;
}) {
  const t = useT();
  const upload = useUploadHomepageMedia();
  const [uploadError, setUploadError] = useState<string | null>(null);
  const mediaKey = watch(`${p}.mediaKey`);
  return (
    <>
      <Field label={t("homepage.builder.mediaImage")} optional hint={t("homepage.builder.mediaImageHint")} error={uploadError ?? err("mediaKey")}>
        <div className="flex flex-wrap items-center gap-3">
          <FileUpload
            accept="image/png,image/jpeg,image/gif,image/webp"
            currentUrl={mediaKey ? fileUri(mediaKey) : null}
            removeLabel={t("homepage.builder.removeMedia")}
            onRemove={() => setValue(`${p}.mediaKey`, null, { shouldDirty: true })}
            onFile={(file) =>
              void (async () => {
                if (!file) return;
                setUploadError(null);
                try {
                  const stored = await upload.mutateAsync(file);
                  setValue(`${p}.mediaKey`, stored.key, { shouldDirty: true });
                  setValue(`${p}.mediaUrl`, "", { shouldDirty: true });
                } catch (x) {
                  setUploadError(x instanceof ApiError ? translateApiMessage(x.fields.file ?? x.message) : t("message.generic"));
                }
              })()
            }
          />
          {upload.isPending ? (
            <span role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <Upload aria-hidden="true" className="size-4 animate-pulse" />
              {t("homepage.builder.mediaUploading")}
            </span>
          ) : mediaKey ? (
            <span role="status" className="text-sm text-muted-foreground">
              {t("homepage.builder.mediaUploaded")}
            </span>
          ) : null}
        </div>
      </Field>
      <Field label={t("homepage.builder.mediaUrl")} optional={Boolean(mediaKey)} required={!mediaKey} error={err("mediaUrl")}>
        <Input type="url" placeholder="https://" {...register(`${p}.mediaUrl`)} disabled={Boolean(mediaKey)} />
      </Field>
      <Field label={t("homepage.builder.displayType")} required error={err("mediaDisplayType")}>
        <EnumSelect enumName="MediaDisplayType" values={MediaDisplayType} {...register(`${p}.mediaDisplayType`, { setValueAs: (v: string) => v || null })} />
      </Field>
    </>
  );
}

/** Workouts of the partner's library, found by search and kept in order. */
function WorkoutsPicker({
  value,
  onChange,
  names,
  onName,
  error,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  names: Names;
  onName: (id: string, name: string) => void;
  error: string | null;
}) {
  const t = useT();
  const [q, setQ] = useState("");
  const searchId = useId();
  const resultsId = useId();
  const library = useLibrary({ q: q.trim() || undefined, sort: "name" });
  const results = (library.data?.pages.flatMap((pg) => pg.items) ?? []).filter((w) => !value.includes(w.id)).slice(0, 8);
  return (
    <div className="grid gap-3">
      <p className="text-sm font-medium">
        {t("homepage.builder.workouts")} <span className="text-danger">*</span>
      </p>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      {value.length ? (
        <OrderedWorkouts ids={value} names={names} pending={t("common.loading")} onChange={onChange} aria-label={t("homepage.builder.chosenWorkouts")} />
      ) : null}
      <Field label={t("homepage.builder.searchWorkouts")} id={searchId}>
        <Input type="search" value={q} onChange={(e) => setQ(e.target.value)} aria-controls={resultsId} />
      </Field>
      <ul id={resultsId} className="grid gap-1" aria-label={t("homepage.builder.searchResults")} aria-busy={library.isFetching || undefined}>
        {results.map((w) => (
          <li key={w.id} className="flex items-center justify-between gap-2 rounded-md px-3 py-1.5 text-sm hover:bg-muted">
            <span>{w.title || w.name}</span>
            <Button
              type="button"
              variant="outline"
              size="sm"
              aria-label={t("homepage.builder.addWorkout", { name: w.title || w.name })}
              onClick={() => {
                onName(w.id, w.title || w.name);
                onChange([...value, w.id]);
              }}
            >
              <Plus aria-hidden="true" />
              {t("common.add")}
            </Button>
          </li>
        ))}
        {library.isSuccess && results.length === 0 ? <li className="px-3 text-sm text-muted-foreground">{t("common.noResults")}</li> : null}
      </ul>
    </div>
  );
}
