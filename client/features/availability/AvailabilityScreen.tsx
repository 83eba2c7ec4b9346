import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useMemo, useState } from "react";
import { Controller, useFieldArray, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { SaveAvailability, type AvailabilityDto } from "../../../contract/availability";
import { LeaveGuard } from "../../app/shell/LeaveGuard";
import { Plus, Trash2 } from "../../components/icons";
import { Page } from "../../components/layout/Page";
import { Button } from "../../components/ui/Button";
import { DatePicker } from "../../components/ui/DatePicker";
import { Checkbox, Field, Input, Select } from "../../components/ui/Field";
import { QueryState } from "../../components/ui/QueryState";
import { toast } from "../../components/ui/toast-store";
import { LANGUAGE_TAG } from "../../i18n/tags";
import { ApiError } from "../../lib/api";
import { usePartnerTimeZone, useToday } from "../../lib/dates";
import { errorAt, setFieldErrors, toastInvalidForm } from "../../lib/forms";
import { useLanguage, useT } from "../../lib/i18n";
import { translateApiMessage } from "../../lib/api-messages";
import { useDeliveredName, useDeliveredWorkouts } from "../bookings/api";
import { TimeZoneOptions } from "../../components/ui/TimeZonePicker";
import { useAvailability, useAvailabilityChanges } from "./api";
import { RangesEditor, type AvailabilityValues } from "./RangesEditor";

/** Monday first, as the week is shown. */
const WEEK = [1, 2, 3, 4, 5, 6, 0];

/** The form's values of a schedule: every weekday present (no ranges: unavailable); a new schedule is weekdays 09:00–17:00 in the organisation's zone (else the reader's). */
function valuesOf(schedule: AvailabilityDto | null, workoutId: string, zone: string): AvailabilityValues {
  return {
    workoutId: workoutId || null,
    timeZone: schedule?.timeZone ?? zone,
    weekly: WEEK.map((day) => ({
      day,
      ranges: schedule ? (schedule.weekly.find((w) => w.day === day)?.ranges ?? []) : day >= 1 && day <= 5 ? [{ start: "09:00", end: "17:00" }] : [],
    })),
    overrides: schedule?.overrides ?? [],
    minNoticeMinutes: schedule?.minNoticeMinutes ?? 120,
    bufferMinutes: schedule?.bufferMinutes ?? 15,
  };
}

/** /admin/availability: a delivery partner's weekly hours (for all its workouts, or one workout's own), date overrides, notice and buffer, in one time zone. */
export default function AvailabilityScreen() {
  const t = useT();
  const workouts = useDeliveredWorkouts();
  const deliveredName = useDeliveredName();
  const [workoutId, setWorkoutId] = useState("");
  const schedule = useAvailability(workoutId);
  return (
    <Page title={t("availability.title")}>
      <div className="grid max-w-3xl gap-6">
        <p className="text-sm text-muted-foreground">{t("availability.intro")}</p>
        <Field label={t("availability.scope")} hint={t("availability.scopeHint")}>
          <Select value={workoutId} onChange={(e) => setWorkoutId(e.target.value)} data-testid="availability-scope">
            <option value="">{t("availability.allWorkouts")}</option>
            {(workouts.data ?? []).map((w) => (
              <option key={w.id} value={w.id}>
                {deliveredName(w)}
              </option>
            ))}
          </Select>
        </Field>
        <QueryState query={schedule} error={t("availability.loadFailed")}>
          {(data) => <AvailabilityForm key={`${workoutId}:${data?.id ?? "new"}:${String(data?.inherited)}`} schedule={data} workoutId={workoutId} />}
        </QueryState>
      </div>
    </Page>
  );
}

function AvailabilityForm({ schedule, workoutId }: { schedule: AvailabilityDto | null; workoutId: string }) {
  const t = useT();
  const [language] = useLanguage();
  const { save, remove } = useAvailabilityChanges();
  const zone = usePartnerTimeZone();
  const today = useToday(zone);
  const defaults = useMemo(() => valuesOf(schedule, workoutId, zone), [schedule, workoutId, zone]);
  const form = useForm<AvailabilityValues, unknown, z.output<typeof SaveAvailability>>({ resolver: zodResolver(SaveAvailability), defaultValues: defaults });
  const { errors, isDirty } = form.formState;
  const weekly = useWatch({ control: form.control, name: "weekly" });
  const overrides = useFieldArray({ control: form.control, name: "overrides" });
  const overrideValues = useWatch({ control: form.control, name: "overrides" });
  const chosenZone = useWatch({ control: form.control, name: "timeZone" });
  const dayName = useMemo(() => {
    const f = new Intl.DateTimeFormat(LANGUAGE_TAG[language], { weekday: "long", timeZone: "UTC" });
    return (day: number) => f.format(new Date(Date.UTC(2024, 0, 7 + day)));
  }, [language]);
  const message = (path: string) => {
    const m = errorAt(errors, path);
    return m ? translateApiMessage(m) : null;
  };
  useEffect(() => form.reset(defaults), [defaults, form]);

  const submit = form.handleSubmit(
    async (body) => {
      try {
        await save.mutateAsync(body);
        form.reset(form.getValues());
        toast({ title: t("availability.saved"), variant: "success" });
      } catch (err) {
        if (err instanceof ApiError && setFieldErrors(form.setError, err.fields)) toastInvalidForm(err.fields);
        else toast({ title: t("availability.saveFailed"), variant: "error" });
      }
    },
    (errs) => toastInvalidForm(errs),
  );

  return (
    <form className="grid gap-6" noValidate onSubmit={(e) => void submit(e)} aria-label={t("availability.title")}>
      <LeaveGuard when={isDirty && !save.isPending} />
      {schedule?.inherited ? <p className="rounded-md bg-muted p-3 text-sm">{t("availability.inherited")}</p> : null}
      <Field label={t("availability.timeZone")} hint={t("availability.timeZoneHint")} required error={message("timeZone")}>
        <Select {...form.register("timeZone")}>
          <TimeZoneOptions value={chosenZone} />
        </Select>
      </Field>

      <fieldset className="grid gap-4">
        <legend className="mb-2 text-base font-semibold">{t("availability.weekly")}</legend>
        {WEEK.map((day, i) => {
          const on = (weekly[i]?.ranges.length ?? 0) > 0;
          return (
            <div key={day} className="grid gap-2 rounded-lg border border-border p-3" data-testid={`weekday-${day}`}>
              <Checkbox
                label={t("availability.availableOn", { day: dayName(day) })}
                checked={on}
                onCheckedChange={(v) =>
                  form.setValue(`weekly.${i}.ranges`, v === true ? [{ start: "09:00", end: "17:00" }] : [], {
                    shouldDirty: true,
                    shouldValidate: form.formState.isSubmitted,
                  })
                }
              />
              {on ? <RangesEditor control={form.control} register={form.register} errors={errors} name={`weekly.${i}.ranges`} dayLabel={dayName(day)} /> : null}
            </div>
          );
        })}
      </fieldset>

      <fieldset className="grid gap-4">
        <legend className="mb-2 text-base font-semibold">{t("availability.overrides")}</legend>
        <p className="text-sm text-muted-foreground">{t("availability.overridesHint")}</p>
        {overrides.fields.map((f, i) => {
          const closed = (overrideValues[i]?.ranges.length ?? 0) === 0;
          const label = overrideValues[i]?.date || t("availability.overrideN", { n: i + 1 });
          return (
            <div key={f.id} className="grid gap-3 rounded-lg border border-border p-3" data-testid="override">
              <div className="flex flex-wrap items-end gap-3">
                <Field label={t("availability.date")} required error={message(`overrides.${i}.date`)}>
                  <Controller
                    control={form.control}
                    name={`overrides.${i}.date`}
                    render={({ field }) => <DatePicker ref={field.ref} value={field.value || null} min={today} onChange={(v) => field.onChange(v ?? "")} />}
                  />
                </Field>
                <Checkbox
                  label={t("availability.closed")}
                  checked={closed}
                  onCheckedChange={(v) => form.setValue(`overrides.${i}.ranges`, v === true ? [] : [{ start: "09:00", end: "17:00" }], { shouldDirty: true })}
                />
                <Button variant="ghost" size="sm" onClick={() => overrides.remove(i)} aria-label={t("availability.removeOverride", { date: label })}>
                  <Trash2 aria-hidden="true" />
                  {t("common.remove")}
                </Button>
              </div>
              {!closed ? (
                <RangesEditor control={form.control} register={form.register} errors={errors} name={`overrides.${i}.ranges`} dayLabel={label} />
              ) : null}
            </div>
          );
        })}
        <div>
          <Button variant="outline" onClick={() => overrides.append({ date: "", ranges: [] })}>
            <Plus aria-hidden="true" />
            {t("availability.addOverride")}
          </Button>
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("availability.minNotice")} hint={t("availability.minNoticeHint")} required error={message("minNoticeMinutes")}>
          <Input type="number" min={0} step={15} inputMode="numeric" {...form.register("minNoticeMinutes", { valueAsNumber: true })} />
        </Field>
        <Field label={t("availability.buffer")} hint={t("availability.bufferHint")} required error={message("bufferMinutes")}>
          <Input type="number" min={0} step={5} inputMode="numeric" {...form.register("bufferMinutes", { valueAsNumber: true })} />
        </Field>
      </div>

      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={save.isPending}>
          {t("availability.save")}
        </Button>
        {workoutId && schedule && !schedule.inherited ? (
          <Button
            variant="outline"
            loading={remove.isPending}
            onClick={() =>
              void remove.mutateAsync(workoutId).then(
                () => toast({ title: t("availability.removed"), variant: "success" }),
                () => toast({ title: t("availability.saveFailed"), variant: "error" }),
              )
            }
          >
            {t("availability.useGeneral")}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
