/** The workout editor's Sessions section: ordered sessions with their action items and attachments (files in R2). */
import { Paperclip, Plus, Trash2 } from "../../components/icons";
import { MoveButtons } from "../../components/MoveButtons";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, useFieldArray, useForm, useFormContext, useWatch } from "react-hook-form";
import type { z } from "zod";
import { ActionItemAssignee, ActionItemStage, SessionArtifactCategory, SessionArtifactType } from "../../../contract/enums";
import { AttachmentData, SESSION_TOTAL_MISMATCH, SHORT_SUMMARY_MAX, WORKOUT_DEFAULTS, type SessionDto, type WorkoutDto } from "../../../contract/workouts";
import { Button } from "../../components/ui/Button";
import { Field, Input, Textarea } from "../../components/ui/Field";
import { DatePicker } from "../../components/ui/DatePicker";
import { FileUpload } from "../../components/ui/FileUpload";
import { toast } from "../../components/ui/toast-store";
import { ApiError } from "../../lib/api";
import { enumLabel } from "../../lib/enums";
import { setFieldErrors, toastInvalidForm } from "../../lib/forms";
import { useT } from "../../lib/i18n";
import { translateApiMessage } from "../../lib/api-messages";
import { useDeleteAttachment, useUploadAttachment } from "./api";
import { DateField, Section, useFieldError } from "./parts";
import type { WorkoutForm } from "./workout-form";
import { EnumSelect } from "../../components/ui/EnumSelect";
import { LeaveGuard } from "../../app/shell/LeaveGuard";

export function Sessions({ workout }: { workout: WorkoutDto | null }) {
  const t = useT();
  const { control } = useFormContext<WorkoutForm>();
  const { fields, append, remove, move } = useFieldArray({ control, name: "sessions" });
  const sessions = useWatch({ control, name: "sessions" }) ?? [];
  const total = useWatch({ control, name: "totalMinutes" });
  const error = useFieldError<WorkoutForm>();
  const sum = sessions.reduce((n, s) => n + (Number(s.lengthMinutes) || 0), 0);
  const target = Number(total?.trim() ? total : WORKOUT_DEFAULTS.totalMinutes);
  const mismatch = sessions.length > 0 && sum !== target;
  const serverError = error("sessions");
  return (
    <Section id="sessions" title={t("editor.section.sessions")} description={t("editor.sessionsTotal", { sum, total: target })}>
      {mismatch || serverError ? (
        <p role="alert" className="mb-3 text-sm font-medium text-danger">
          {mismatch ? translateApiMessage(SESSION_TOTAL_MISMATCH) : serverError}
        </p>
      ) : null}
      <ol className="grid gap-4">
        {fields.map((f, i) => (
          <li key={f.id}>
            <SessionEditor
              index={i}
              count={fields.length}
              saved={workout?.sessions.find((s) => s.id === sessions[i]?.id) ?? null}
              workoutId={workout?.id ?? null}
              onMove={(to) => move(i, to)}
              onRemove={() => remove(i)}
            />
          </li>
        ))}
      </ol>
      <div className="mt-4">
        <Button
          type="button"
          variant="outline"
          onClick={() => append({ name: "", shortSummary: "", description: "", icon: "", lengthMinutes: "", startDate: null, endDate: null, actionItems: [] })}
        >
          <Plus aria-hidden="true" />
          {t("editor.addSession")}
        </Button>
      </div>
    </Section>
  );
}

function SessionEditor({
  index: i,
  count,
  saved,
  workoutId,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  saved: SessionDto | null;
  workoutId: string | null;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const { register, control } = useFormContext<WorkoutForm>();
  const error = useFieldError<WorkoutForm>();
  const summary = useWatch({ control, name: `sessions.${i}.shortSummary` }) ?? "";
  const items = useFieldArray({ control, name: `sessions.${i}.actionItems` });
  const remaining = SHORT_SUMMARY_MAX - summary.length;
  return (
    <fieldset className="grid gap-3 rounded-lg border border-border p-4 sm:grid-cols-2">
      <legend className="px-1 text-sm font-medium">{t("editor.sessionN", { n: i + 1 })}</legend>
      <div className="flex justify-end gap-1 sm:col-span-2">
        <MoveButtons index={i} count={count} upLabel={t("editor.moveUp", { n: i + 1 })} downLabel={t("editor.moveDown", { n: i + 1 })} onMove={onMove} />
        <Button type="button" variant="ghost" size="icon-sm" aria-label={t("editor.removeSession", { n: i + 1 })} onClick={onRemove}>
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      <Field label={t("editor.sessionName")} required error={error(`sessions.${i}.name`)}>
        <Input {...register(`sessions.${i}.name`)} />
      </Field>
      <Field label={t("editor.lengthMinutes")} required error={error(`sessions.${i}.lengthMinutes`)}>
        <Input inputMode="numeric" {...register(`sessions.${i}.lengthMinutes`)} />
      </Field>
      <Field
        label={t("editor.shortSummary")}
        optional
        hint={<span aria-live="polite">{t("form.charactersRemaining", { count: Math.max(0, remaining) })}</span>}
        error={error(`sessions.${i}.shortSummary`)}
        className="sm:col-span-2"
      >
        <Input maxLength={SHORT_SUMMARY_MAX} {...register(`sessions.${i}.shortSummary`)} />
      </Field>
      <Field label={t("editor.description")} optional className="sm:col-span-2">
        <Textarea rows={3} {...register(`sessions.${i}.description`)} />
      </Field>
      <Field label={t("editor.icon")} optional>
        <Input {...register(`sessions.${i}.icon`)} />
      </Field>
      <div />
      <DateField<WorkoutForm> name={`sessions.${i}.startDate`} label={t("editor.startDate")} />
      <DateField<WorkoutForm> name={`sessions.${i}.endDate`} label={t("editor.endDate")} />
      <fieldset className="grid gap-3 sm:col-span-2">
        <legend className="text-sm font-medium">{t("editor.actionItems")}</legend>
        {items.fields.map((f, j) => (
          <div key={f.id} className="grid gap-3 rounded-md bg-muted/50 p-3 sm:grid-cols-3">
            <Field label={t("editor.actionName")} required error={error(`sessions.${i}.actionItems.${j}.name`)}>
              <Input {...register(`sessions.${i}.actionItems.${j}.name`)} />
            </Field>
            <Field label={t("editor.assignee")}>
              <EnumSelect enumName="ActionItemAssignee" values={ActionItemAssignee} {...register(`sessions.${i}.actionItems.${j}.assigneeType`)} />
            </Field>
            <Field label={t("editor.stage")}>
              <EnumSelect enumName="ActionItemStage" values={ActionItemStage} {...register(`sessions.${i}.actionItems.${j}.stage`)} />
            </Field>
            <Field label={t("editor.actionLink")} optional error={error(`sessions.${i}.actionItems.${j}.link`)}>
              <Input type="url" {...register(`sessions.${i}.actionItems.${j}.link`)} />
            </Field>
            <Field label={t("editor.dueOffset")} optional hint={t("editor.dueOffsetHint")} error={error(`sessions.${i}.actionItems.${j}.dueOffsetDays`)}>
              <Input inputMode="numeric" {...register(`sessions.${i}.actionItems.${j}.dueOffsetDays`)} />
            </Field>
            <DateField<WorkoutForm> name={`sessions.${i}.actionItems.${j}.startDate`} label={t("editor.startDate")} />
            <DateField<WorkoutForm> name={`sessions.${i}.actionItems.${j}.endDate`} label={t("editor.endDate")} />
            <Button type="button" variant="ghost" size="sm" className="self-end" onClick={() => items.remove(j)}>
              <Trash2 aria-hidden="true" />
              {t("editor.removeActionItem", { n: j + 1 })}
            </Button>
          </div>
        ))}
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() =>
              items.append({ assigneeType: "customer", stage: "beforeSession", name: "", link: "", dueOffsetDays: "", startDate: null, endDate: null })
            }
          >
            <Plus aria-hidden="true" />
            {t("editor.addActionItem")}
          </Button>
        </div>
      </fieldset>
      <div className="sm:col-span-2">
        <Attachments session={saved} workoutId={workoutId} index={i} />
      </div>
    </fieldset>
  );
}

/** Attachments of a saved session: uploaded files (stored privately) or links. */
function Attachments({ session, workoutId, index }: { session: SessionDto | null; workoutId: string | null; index: number }) {
  const t = useT();
  const upload = useUploadAttachment(workoutId ?? "");
  const del = useDeleteAttachment(workoutId ?? "");
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const empty = { type: "document", category: "resource", description: "", value: "", startDate: null, endDate: null } as const;
  // Its own form inside the workout editor's, checked as the contract's attachment data (the file beside it): "Add attachment" sends it alone.
  const form = useForm<z.input<typeof AttachmentData>, unknown, z.output<typeof AttachmentData>>({
    resolver: zodResolver(AttachmentData),
    defaultValues: empty,
  });
  const type = useWatch({ control: form.control, name: "type" });
  const link = useWatch({ control: form.control, name: "value" });
  const err = (m?: string) => (m ? translateApiMessage(m) : null);
  if (!session || !workoutId) {
    return (
      <div>
        <h3 className="text-sm font-medium">{t("editor.attachments")}</h3>
        <p className="text-sm text-muted-foreground">{t("editor.attachmentsAfterSave")}</p>
      </div>
    );
  }
  const submit = form.handleSubmit(
    async (data) => {
      setFileError(null);
      try {
        await upload.mutateAsync({
          sessionId: session.id,
          data: { ...data, value: data.type === "link" ? data.value : null },
          file: data.type === "link" ? null : file,
        });
        setFile(null);
        form.reset({ ...empty, type: data.type, category: data.category });
        setInputKey((k) => k + 1);
        toast({ title: t("editor.attachmentAdded"), variant: "success" });
      } catch (e) {
        if (e instanceof ApiError && setFieldErrors(form.setError, e.fields)) {
          if (e.fields.file) setFileError(translateApiMessage(e.fields.file));
          return;
        }
        // A failure that names no field is said where the file or the link is.
        const message = e instanceof ApiError ? translateApiMessage(e.message) : t("message.generic");
        if (data.type === "link") form.setError("value", { message });
        else setFileError(message);
      }
    },
    (errors) => toastInvalidForm(errors),
  );
  return (
    <fieldset className="grid gap-3">
      <LeaveGuard when={(form.formState.isDirty || file !== null) && !upload.isPending} />
      <legend className="text-sm font-medium">{t("editor.attachments")}</legend>
      {session.attachments.length ? (
        <ul className="grid gap-1">
          {session.attachments.map((a) => (
            <li key={a.id} className="flex items-center justify-between gap-2 text-sm">
              <span className="flex items-center gap-2">
                <Paperclip aria-hidden="true" className="size-4" />
                {a.description ?? a.value ?? enumLabel(t, "SessionArtifactType", a.type)} · {enumLabel(t, "SessionArtifactCategory", a.category)}
              </span>
              <Button type="button" variant="ghost" size="sm" onClick={() => del.mutate(a.id)}>
                {t("common.remove")}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t("editor.attachmentType")} error={err(form.formState.errors.type?.message)}>
          <EnumSelect enumName="SessionArtifactType" values={SessionArtifactType} {...form.register("type")} />
        </Field>
        <Field label={t("editor.attachmentCategory")} error={err(form.formState.errors.category?.message)}>
          <EnumSelect enumName="SessionArtifactCategory" values={SessionArtifactCategory} {...form.register("category")} />
        </Field>
        <Field label={t("editor.attachmentDescription")} optional error={err(form.formState.errors.description?.message)}>
          <Input {...form.register("description")} />
        </Field>
        {type === "link" ? (
          <Field label={t("editor.attachmentLink")} required error={err(form.formState.errors.value?.message)}>
            <Input type="url" {...form.register("value")} />
          </Field>
        ) : (
          <Field label={t("editor.attachmentFile", { n: index + 1 })} required hint={t("form.uploadHint")} error={fileError}>
            <FileUpload image={false} resetKey={inputKey} onFile={setFile} />
          </Field>
        )}
        {(["startDate", "endDate"] as const).map((name) => (
          <Field key={name} label={t(name === "startDate" ? "editor.startDate" : "editor.endDate")} optional error={err(form.formState.errors[name]?.message)}>
            <Controller
              control={form.control}
              name={name}
              render={({ field }) => <DatePicker ref={field.ref} value={field.value ?? null} onChange={field.onChange} clearable />}
            />
          </Field>
        ))}
      </div>
      <div>
        <Button type="button" variant="outline" size="sm" loading={upload.isPending} disabled={type === "link" ? !link : !file} onClick={(e) => void submit(e)}>
          <Paperclip aria-hidden="true" />
          {t("editor.addAttachment")}
        </Button>
      </div>
    </fieldset>
  );
}
